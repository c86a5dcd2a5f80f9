import type { FilterRules } from '../../domain/sync.js';
import type { ListedResource } from '../../connectors/handler.js';

/**
 * The filter rules of a sync config (spec section 8), applied in memory to each fetched page.
 * Every rule present must hold (AND); `maxRecords` then caps what is kept across the pass.
 */

/** A case-insensitive matcher for a glob: `*` any characters, `?` exactly one, all else literal. */
export function globMatcher(pattern: string): (text: string) => boolean {
  const source = [...pattern]
    .map((character) =>
      character === '*' ? '.*' : character === '?' ? '.' : character.replace(/[.+^${}()|[\]\\/-]/g, '\\$&'),
    )
    .join('');
  const expression = new RegExp(`^${source}$`, 'is');
  return (text) => expression.test(text);
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
