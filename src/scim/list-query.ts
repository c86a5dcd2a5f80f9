import { z } from 'zod';
import { decodeListCursor, encodeListCursor, type ListPosition } from './list-cursor.js';
import { projectionOf, type Projection } from './projection.js';
import { invalidSyntax, invalidValue } from './scim-errors.js';

export const MAX_RESULTS = 200;
export const DEFAULT_COUNT = 100;
/** The largest startIndex: a 32-bit signed integer, far beyond any list this service holds. */
export const MAX_START_INDEX = 2_147_483_647;

/** A page by index (RFC 7644 3.4.2.4) or by cursor (RFC 9865). */
export type ListWindow =
  | {
      kind: 'index';
      /** 1-based, as SCIM counts. */
      startIndex: number;
      count: number;
    }
  | {
      kind: 'cursor';
      /** The last resource of the page before; null for the first page (an empty `cursor`). */
      after: ListPosition | null;
      count: number;
    };

/** A list query, from GET query parameters or a POST /.search body (RFC 7644 3.4.2, 3.4.3). */
export interface ListRequest {
  filter: string | undefined;
  window: ListWindow;
  projection: Projection;
}

function countOf(count: number | undefined): number {
  return Math.min(MAX_RESULTS, Math.max(0, count ?? DEFAULT_COUNT));
}

/**
 * `startIndex` (below 1 means 1) and `count` (negative means 0, above the maximum is capped),
 * RFC 7644 3.4.2.4; a startIndex above {@link MAX_START_INDEX} is an invalidValue. With `cursor`
 * (RFC 9865 2) the page follows the position the cursor holds, which must belong to `filter`.
 */
function windowOf(
  startIndex: number | undefined,
  count: number | undefined,
  cursor: string | undefined,
  filter: string | undefined,
): ListWindow {
  if (cursor !== undefined) {
    if (startIndex !== undefined) throw invalidValue('A list pages by cursor or by startIndex, not both');
    return { kind: 'cursor', after: cursor === '' ? null : decodeListCursor(cursor, filter), count: countOf(count) };
  }
  if (startIndex !== undefined && startIndex > MAX_START_INDEX) {
    throw invalidValue(`startIndex must be at most ${MAX_START_INDEX}`);
  }
  return { kind: 'index', startIndex: Math.max(1, startIndex ?? 1), count: countOf(count) };
}

function integer(value: string | string[] | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^-?\d+$/.test(text.trim())) throw invalidValue(`${name} must be an integer`);
  return Number(text);
}

type Query = Record<string, string | string[] | undefined>;

export function listRequestOfQuery(query: Query): ListRequest {
  const filter = Array.isArray(query.filter) ? query.filter[0] : query.filter;
  const cursor = Array.isArray(query.cursor) ? query.cursor[0] : query.cursor;
  return {
    filter,
    window: windowOf(integer(query.startIndex, 'startIndex'), integer(query.count, 'count'), cursor, filter),
    projection: projectionOf(query),
  };
}

const searchRequestSchema = z.looseObject({
  schemas: z.array(z.string()).optional(),
  filter: z.string().optional(),
  attributes: z.array(z.string()).optional(),
  excludedAttributes: z.array(z.string()).optional(),
  startIndex: z.number().int().optional(),
  count: z.number().int().optional(),
  cursor: z.string().optional(),
});

/** A SearchRequest body; `sortBy` and `sortOrder` are ignored, as sorting is not supported. */
export function listRequestOfSearch(body: unknown): ListRequest {
  const parsed = searchRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw invalidSyntax(
      'A SearchRequest is { schemas: [SearchRequest], filter?, attributes?: [], excludedAttributes?: [], startIndex?, count?, cursor? }',
    );
  }
  const { filter, attributes, excludedAttributes, startIndex, count, cursor } = parsed.data;
  return {
    filter,
    window: windowOf(startIndex, count, cursor, filter),
    projection: projectionOf({ attributes, excludedAttributes }),
  };
}

/**
 * A ListResponse. A page by cursor has no `startIndex`, and `nextCursor` while resources follow
 * (`next`: the position of its last resource); RFC 9865 2.
 */
export function listResponse(
  resources: unknown[],
  totalResults: number,
  window: ListWindow,
  next?: { position: ListPosition; filter: string | undefined },
) {
  return {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
    totalResults,
    ...(window.kind === 'index' ? { startIndex: window.startIndex } : {}),
    itemsPerPage: resources.length,
    ...(window.kind === 'cursor' && next ? { nextCursor: encodeListCursor(next.position, next.filter) } : {}),
    Resources: resources,
  };
}
