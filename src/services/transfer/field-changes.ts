import type { FieldChange } from './import-result.js';

/**
 * Stable text of a JSON value, to compare entries whatever their key order: keys sorted, and keys
 * holding null or nothing left out, as a document may leave out what is stored as null.
 */
export function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) =>
      inner && typeof inner === 'object' && !Array.isArray(inner)
        ? Object.fromEntries(
            Object.entries(inner)
              .filter(([, field]) => field !== null && field !== undefined)
              .sort(([a], [b]) => a.localeCompare(b)),
          )
        : inner,
    ) ?? 'null'
  );
}

/** Values shown in a change: plain ones and lists of plain ones (names, emails), not structures. */
const shown = (value: unknown) =>
  value === null ||
  value === undefined ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'));

/**
 * The fields among `fields` whose values differ between what is stored and what the document
 * says, as an import would change them. Callers compare the exported form of the stored entity,
 * which holds no secret, so a change never carries a secret value.
 */
export function fieldChanges<K extends string>(
  stored: { [P in K]?: unknown },
  wanted: { [P in K]?: unknown },
  fields: K[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const from = stored[field] ?? null;
    const to = wanted[field] ?? null;
    if (canonical(from) === canonical(to)) continue;
    changes.push(shown(from) && shown(to) ? { field, from, to } : { field });
  }
  return changes;
}

/** A list the import only adds to (members): the change, if the document names any it lacks. */
export function addedMembers(field: string, stored: string[], wanted: string[]): FieldChange[] {
  const added = wanted.filter((item) => !stored.includes(item));
  if (added.length === 0) return [];
  return [{ field, from: stored, to: [...stored, ...added].sort() }];
}
