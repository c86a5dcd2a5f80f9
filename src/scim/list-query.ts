import { invalidValue } from './scim-errors.js';

export const MAX_RESULTS = 200;
export const DEFAULT_COUNT = 100;

export interface ListWindow {
  /** 1-based, as SCIM counts. */
  startIndex: number;
  count: number;
}

/** `startIndex` (below 1 means 1) and `count` (negative means 0, above the maximum is capped), RFC 7644 3.4.2.4. */
export function listWindowOf(query: Record<string, string | string[] | undefined>): ListWindow {
  return {
    startIndex: Math.max(1, integer(query.startIndex, 'startIndex') ?? 1),
    count: Math.min(MAX_RESULTS, Math.max(0, integer(query.count, 'count') ?? DEFAULT_COUNT)),
  };
}

function integer(value: string | string[] | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^-?\d+$/.test(text.trim())) throw invalidValue(`${name} must be an integer`);
  return Number(text);
}

export function listResponse(resources: unknown[], totalResults: number, window: ListWindow) {
  return {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
    totalResults,
    startIndex: window.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
