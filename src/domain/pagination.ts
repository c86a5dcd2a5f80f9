import { z } from 'zod';
import { containsIgnoringCase } from './text-match.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The highest page number: keeps every offset a safe integer that the database accepts. */
export const MAX_PAGE = 1_000_000;

// Query strings carry text; the description states the integer the text must spell.
export const positiveInteger = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a positive integer`)
    .transform(Number)
    .refine((value) => value >= 1, `${name} must be at least 1`)
    .refine((value) => value <= max, `${name} must be at most ${max}`)
    .meta({ type: 'integer', minimum: 1, maximum: max, pattern: undefined });

export interface PaginationOptions<S extends string> {
  sortable: readonly [S, ...S[]];
  defaultSortBy: S;
  defaultSortOrder?: 'asc' | 'desc';
  /** Only for routes the spec allows more on (sync matches: 2000). */
  maxPageSize?: number;
}

/**
 * The query schema every list route starts from (spec 2.1): `page`, `pageSize`, `sortBy`
 * (whitelisted per resource) and `sortOrder`. Extend it with the route's own filters.
 */
export function paginationQuery<S extends string>(options: PaginationOptions<S>) {
  const maxPageSize = options.maxPageSize ?? MAX_PAGE_SIZE;
  return z.object({
    page: positiveInteger('page', MAX_PAGE).optional().default(1).describe(`Page number, from 1 to ${MAX_PAGE}`),
    pageSize: positiveInteger('pageSize', maxPageSize)
      .optional()
      .default(DEFAULT_PAGE_SIZE)
      .describe(`Items per page, at most ${maxPageSize}`),
    sortBy: z
      .enum(options.sortable, { error: `sortBy must be one of: ${options.sortable.join(', ')}` })
      .optional()
      .default(options.defaultSortBy as never),
    sortOrder: z
      .enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' })
      .optional()
      .default(options.defaultSortOrder ?? 'desc'),
  });
}

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** A page query with its sort, as list services take it. */
export interface SortedPageQuery<S extends string = string> extends PageQuery {
  sortBy: S;
  sortOrder: 'asc' | 'desc';
}

/** Case-insensitive match on the name, for lists with `search`. */
export const nameContains = (search?: string) => (search ? { name: containsIgnoringCase(search) } : {});

/**
 * The order of a sorted list: its sort field, then the id in the same direction, so rows with
 * equal values keep one order from page to page and a sort is one walk of an index on (field, id).
 */
export function sortedById<S extends string>(query: SortedPageQuery<S>) {
  return [{ [query.sortBy]: query.sortOrder }, { id: query.sortOrder }] as Array<Record<S | 'id', 'asc' | 'desc'>>;
}

export function skipTake(query: PageQuery): { skip: number; take: number } {
  return { skip: (query.page - 1) * query.pageSize, take: query.pageSize };
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export function pageOf<T>(data: T[], total: number, query: PageQuery): Page<T> {
  return { data, total, page: query.page, pageSize: query.pageSize, totalPages: Math.ceil(total / query.pageSize) };
}

/** Runs a list query's page and its count together and wraps them in the envelope. */
export async function fetchPage<T>(
  query: PageQuery,
  rows: (window: { skip: number; take: number }) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Page<T>> {
  const [data, total] = await Promise.all([rows(skipTake(query)), count()]);
  return pageOf(data, total, query);
}

/** The response schema of a list route whose items follow `item`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
  });
}
