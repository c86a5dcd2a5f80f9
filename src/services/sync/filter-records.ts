import type { FilterRules } from '../../domain/sync.js';
import type { ListedResource } from '../../connectors/handler.js';

/**
 * The filter rules of a sync config (spec section 8), applied in memory to each fetched page.
 * Every rule present must hold (AND); `maxRecords` then caps what is kept across the pass.
 */

/**
 * A case-insensitive matcher for a glob: `*` any characters, `?` exactly one, all else literal.
 * Matched by walking the glob and the text, going back only to the last `*` (at most glob length
 * times text length steps): a regular expression of many `*` would backtrack exponentially.
 */
export function globMatcher(pattern: string): (text: string) => boolean {
  const glob = [...pattern.toLowerCase()];
  return (text) => {
    const characters = [...text.toLowerCase()];
    let at = 0;
    let next = 0;
    // Where the last `*` was, and the text position it is to swallow up to.
    let star = -1;
    let swallowed = 0;
    while (at < characters.length) {
      // A `*` first: it is a wildcard even where the text has a `*` too.
      if (next < glob.length && glob[next] === '*') {
        star = next;
        next += 1;
        swallowed = at;
      } else if (next < glob.length && (glob[next] === '?' || glob[next] === characters[at])) {
        next += 1;
        at += 1;
      } else if (star !== -1) {
        next = star + 1;
        swallowed += 1;
        at = swallowed;
      } else {
        return false;
      }
    }
    while (next < glob.length && glob[next] === '*') next += 1;
    return next === glob.length;
  };
}

/** The values of a record's `memberOf` attribute (a string or a list of strings), lower-cased. */
export function membershipsOf(resource: ListedResource): string[] {
  const value = Object.hasOwn(resource.attributes, 'memberOf') ? resource.attributes.memberOf : undefined;
  const values = Array.isArray(value) ? value : [value];
  return values.filter((item): item is string => typeof item === 'string').map((item) => item.toLowerCase());
}

export interface FilterContext {
  /** Lower-cased external ids and distinguished names of the connector's synced group records. */
  syncedGroupKeys?: ReadonlySet<string>;
  /** How many more records `maxRecords` allows in this pass. */
  remaining?: number;
}

export function filterRecords(
  resources: readonly ListedResource[],
  rules: FilterRules | null,
  context: FilterContext = {},
): ListedResource[] {
  if (!rules) return [...resources];
  const nameMatches = rules.groupNamePattern === undefined ? undefined : globMatcher(rules.groupNamePattern);
  const ids = rules.groupIds === undefined ? undefined : new Set(rules.groupIds);
  const domains =
    rules.emailDomains === undefined ? undefined : new Set(rules.emailDomains.map((d) => d.toLowerCase()));
  const kept = resources.filter((resource) => {
    if (nameMatches && !nameMatches(resource.displayName)) return false;
    if (ids && !ids.has(resource.externalId)) return false;
    if (domains) {
      const at = resource.email?.lastIndexOf('@') ?? -1;
      if (at === -1 || !domains.has(resource.email!.slice(at + 1).toLowerCase())) return false;
    }
    if (rules.memberOfSyncedGroups) {
      const groups = context.syncedGroupKeys ?? new Set<string>();
      if (!membershipsOf(resource).some((key) => groups.has(key))) return false;
    }
    return true;
  });
  return context.remaining === undefined ? kept : kept.slice(0, Math.max(0, context.remaining));
}
