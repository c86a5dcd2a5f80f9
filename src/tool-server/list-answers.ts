import { z } from 'zod';
import { MAX_PAGE, MAX_PAGE_SIZE } from '../domain/pagination.js';
import type { QueryValue } from './api-client.js';

/**
 * How list tools answer: summaries of the items (the fields a model needs to pick one), `fields`
 * to ask for more of each, and an opaque `cursor` for the next page with `hasMore`, so that a
 * model never does page arithmetic. The cursor carries the whole query of the first call (filters,
 * page, page size): the next call sends it alone.
 */

const DEFAULT_PAGE_SIZE = 20;
const MAX_FIELDS = 50;

type Query = Record<string, QueryValue>;

const encodeCursor = (query: Query) => Buffer.from(JSON.stringify(query)).toString('base64url');

const cursorQuery = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** The query a cursor carries, or undefined when it is not one a list tool gave. */
function decodeCursor(cursor: string): Query | undefined {
  try {
    const parsed = cursorQuery.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (!parsed.success) return undefined;
    const page = parsed.data.page;
    return typeof page === 'number' && Number.isInteger(page) && page >= 1 && page <= MAX_PAGE
      ? parsed.data
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The arguments every list tool takes besides its filters. The server's instructions
 * (LIST_INSTRUCTIONS) say once what they do, rather than each list tool in the tool list.
 */
export const listArguments = {
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().min(1).max(2_000).optional(),
  fields: z.array(z.string().min(1).max(100)).max(MAX_FIELDS).optional(),
};

export const LIST_INSTRUCTIONS = `List tools (list_*) answer a summary of each item; fields: ["name", ...] adds fields (an answer's otherFields names them; ["*"] all). pageSize is 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}). When hasMore is true, call again with cursor: nextCursor alone (it keeps the filters).`;

export type ListArguments = { pageSize?: number; cursor?: string; fields?: string[] } & Record<string, unknown>;

/** The API query of a list call: the cursor's, or the filters with the first page. Throws on a bad cursor. */
export function listQuery(args: ListArguments): Query {
  const { cursor, fields: _fields, pageSize, ...filters } = args;
  if (cursor === undefined) return { ...(filters as Query), page: 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE };
  const given = Object.entries(filters).filter(([, value]) => value !== undefined);
  if (given.length > 0 || pageSize !== undefined)
    throw new Error(
      `cursor carries the filters and page size of the first call: send it alone (with fields if needed), not with ${[...given.map(([name]) => name), ...(pageSize !== undefined ? ['pageSize'] : [])].join(', ')}`,
    );
  const query = decodeCursor(cursor);
  if (!query) throw new Error('cursor is not one this tool gave: use nextCursor of its previous answer');
  return query;
}

const pageShape = z.object({
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  data: z.array(z.record(z.string(), z.unknown())),
});

export interface ListAnswer {
  total: number;
  items: Array<Record<string, unknown>>;
  hasMore: boolean;
  nextCursor?: string;
  /** Fields the items have beyond those shown, which `fields` can ask for. */
  otherFields: string[];
}

/** The API's page as a list answer: summaries (plus `fields`), hasMore and the next cursor. */
export function listAnswer(
  data: unknown,
  query: Query,
  summaryFields: readonly string[],
  fields: readonly string[] = [],
): ListAnswer | undefined {
  const page = pageShape.safeParse(data);
  if (!page.success) return undefined;
  const all = fields.includes('*');
  const shown = new Set([...summaryFields, ...fields]);
  const keys = new Set(page.data.data.flatMap((item) => Object.keys(item)));
  const hasMore = page.data.page < page.data.totalPages;
  return {
    total: page.data.total,
    items: page.data.data.map((item) =>
      all ? item : Object.fromEntries(Object.entries(item).filter(([key]) => shown.has(key))),
    ),
    hasMore,
    ...(hasMore ? { nextCursor: encodeCursor({ ...query, page: page.data.page + 1 }) } : {}),
    otherFields: all ? [] : [...keys].filter((key) => !shown.has(key)),
  };
}

/** The one-line summary of a list answer. */
export function listSummary(answer: ListAnswer, noun: string): string {
  const more = answer.hasMore ? '; more with cursor (nextCursor)' : '';
  return `${answer.total} ${noun} in total; ${answer.items.length} here${more}.`;
}
