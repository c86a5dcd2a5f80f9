import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ScimError } from './scim-errors.js';

/**
 * The cursors of RFC 9865 that this server hands out: the position of the last resource of a page
 * in the list's order (creation time, then id), so the next page starts right after it however
 * many resources were added or removed meanwhile, and a cursor never expires. It names the filter
 * it was issued for, so it is not taken for another list. Base64url: only the unreserved
 * characters RFC 9865 2 allows.
 */

export interface ListPosition {
  createdAt: Date;
  id: string;
}

const MAX_CURSOR_LENGTH = 1000;
const content = z
  .object({
    c: z.iso.datetime(),
    i: z.uuid(),
    f: z.string(),
  })
  .strict();

/** A short digest of the filter, as it was sent. */
function filterKey(filter: string | undefined): string {
  return createHash('sha256')
    .update(filter ?? '')
    .digest('base64url')
    .slice(0, 16);
}

export function encodeListCursor(position: ListPosition, filter: string | undefined): string {
  const json = JSON.stringify({ c: position.createdAt.toISOString(), i: position.id, f: filterKey(filter) });
  return Buffer.from(json).toString('base64url');
}

/** The position a cursor holds; 400 `invalidCursor` (RFC 9865 3) for one this server did not issue for `filter`. */
export function decodeListCursor(cursor: string, filter: string | undefined): ListPosition {
  const refuse = (detail: string) => new ScimError(400, detail, 'invalidCursor');
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor))
    throw refuse('cursor is not one this server issued: send it as nextCursor gave it, or empty for the first page');
  let parsed: z.ZodSafeParseResult<z.output<typeof content>>;
  try {
    parsed = content.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw refuse('cursor is not one this server issued: send it as nextCursor gave it, or empty for the first page');
  }
  if (!parsed.success)
    throw refuse('cursor is not one this server issued: send it as nextCursor gave it, or empty for the first page');
  if (parsed.data.f !== filterKey(filter))
    throw refuse('cursor belongs to a list with another filter: send the filter it was issued with');
  return { createdAt: new Date(parsed.data.c), id: parsed.data.i };
}
