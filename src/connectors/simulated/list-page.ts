import { DEFAULT_LIST_PAGE_SIZE, type ConnectorResult, type ListedResource } from '../handler.js';
import { LIST_COMMAND_PARAMETERS } from '../list-command-parameters.js';
import { ConnectorError } from '../connector-error.js';
import type { SimulatedCommand } from './define-simulated-connector.js';
import { DIRECTORY_ROLES, type DirectoryRole } from './directory-data.js';
import { isPlainObject, optionalInteger, optionalObject, optionalString } from './parameters.js';

/**
 * One page of a list command (sync item 4): cursor pagination, `modifiedSince` and a simple
 * equality `filter`. Pages are keyed on each record's creation sequence, not on offsets, so
 * records written between two page requests neither shift nor repeat the rest of the walk.
 */

/** A record a list command can page through. */
export interface ListableRecord {
  /** Creation order; never reused or changed. */
  readonly seq: number;
  /** ISO timestamp (`toISOString()` form) of the last write. */
  readonly modifiedAt: string;
}

export interface ListQuery<T extends ListableRecord> {
  /** The store's records in ascending `seq` order. */
  records: readonly T[];
  parameters: Record<string, unknown>;
  /** Whether a record belongs to this list, when the store holds several kinds. */
  includes?: (record: T) => boolean;
  toResource: (record: T) => ListedResource;
}

type FilterValue = string | number | boolean | null;

interface ListRequest {
  after?: number;
  /** Carried in the cursor: counted once, on the first page. */
  knownTotal?: number;
  pageSize: number;
  filter?: [key: string, accepted: FilterValue[]][];
  modifiedSince?: string;
}

/** The page of `records` that the list parameters ask for. */
export function listPage<T extends ListableRecord>(query: ListQuery<T>): ConnectorResult {
  const request = readListRequest(query.parameters);
  const { records, toResource } = query;
  const candidate = (record: T): boolean =>
    (query.includes?.(record) ?? true) &&
    (request.modifiedSince === undefined || record.modifiedAt > request.modifiedSince);
  const selected = (record: T): ListedResource | undefined => {
    if (!candidate(record)) return undefined;
    const resource = toResource(record);
    return request.filter === undefined || matchesFilter(resource, request.filter) ? resource : undefined;
  };

  const page: ListedResource[] = [];
  let lastSeq = 0;
  let total = 0;
  let hasMore = false;
  if (request.after === undefined) {
    for (const record of records) {
      if (!candidate(record)) continue;
      // Without a filter, counting needs no resource: only the records on the page get one.
      let resource: ListedResource | undefined;
      if (request.filter !== undefined) {
        resource = toResource(record);
        if (!matchesFilter(resource, request.filter)) continue;
      }
      total += 1;
      if (page.length < request.pageSize) {
        page.push(resource ?? toResource(record));
        lastSeq = record.seq;
      }
    }
    hasMore = total > page.length;
  } else {
    total = request.knownTotal ?? 0;
    for (let index = firstIndexAfter(records, request.after); index < records.length; index += 1) {
      const record = records[index]!;
      const resource = selected(record);
      if (resource === undefined) continue;
      if (page.length === request.pageSize) {
        hasMore = true;
        break;
      }
      page.push(resource);
      lastSeq = record.seq;
    }
  }
  return {
    success: true,
    payload: {
      resources: page,
      ...(hasMore ? { nextCursor: encodeCursor(lastSeq, total) } : {}),
      totalEstimate: total,
    },
  };
}

function readListRequest(parameters: Record<string, unknown>): ListRequest {
  const request: ListRequest = {
    pageSize: optionalInteger(parameters, 'pageSize', 1, 5000) ?? DEFAULT_LIST_PAGE_SIZE,
  };
  const cursor = optionalString(parameters, 'cursor');
  if (cursor !== undefined && cursor !== '') {
    const decoded = decodeCursor(cursor);
    request.after = decoded.after;
    request.knownTotal = decoded.total;
  }
  const modifiedSince = optionalString(parameters, 'modifiedSince');
  if (modifiedSince !== undefined) {
    const ms = Date.parse(modifiedSince);
    if (Number.isNaN(ms))
      throw new ConnectorError('invalid_parameters', `modifiedSince '${modifiedSince}' is not an ISO timestamp`);
    request.modifiedSince = new Date(ms).toISOString();
  }
  const filter = optionalObject(parameters, 'filter');
  if (filter !== undefined && Object.keys(filter).length > 0) request.filter = readFilter(filter);
  return request;
}

function readFilter(filter: Record<string, unknown>): [string, FilterValue[]][] {
  return Object.entries(filter).map(([key, value]) => {
    const accepted = Array.isArray(value) ? value : [value];
    if (!accepted.every(isFilterValue) || isPlainObject(value))
      throw new ConnectorError(
        'invalid_parameters',
        `filter.${key} must be a string, number, boolean or null, or a list of them`,
      );
    return [key, accepted.map(normalizeFilterValue)];
  });
}

function isFilterValue(value: unknown): value is FilterValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function normalizeFilterValue(value: FilterValue): FilterValue {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

/**
 * Every filter key must match: `externalId`, `displayName` and `email` name the resource's own
 * fields, any other key an attribute (case-insensitively, as directories treat attribute names).
 * Strings compare case-insensitively; a list attribute matches when any of its items does.
 */
function matchesFilter(resource: ListedResource, filter: [string, FilterValue[]][]): boolean {
  return filter.every(([key, accepted]) => {
    const actual = resourceValue(resource, key);
    const actualValues = Array.isArray(actual) ? actual : [actual === undefined ? null : actual];
    return actualValues.some((value) => isFilterValue(value) && accepted.includes(normalizeFilterValue(value)));
  });
}

function resourceValue(resource: ListedResource, key: string): unknown {
  if (key === 'externalId' || key === 'displayName' || key === 'email') return resource[key];
  if (Object.hasOwn(resource.attributes, key)) return resource.attributes[key];
  const lowerKey = key.toLowerCase();
  const match = Object.keys(resource.attributes).find((name) => name.toLowerCase() === lowerKey);
  return match === undefined ? undefined : resource.attributes[match];
}

function firstIndexAfter(records: readonly ListableRecord[], seq: number): number {
  let low = 0;
  let high = records.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (records[middle]!.seq <= seq) low = middle + 1;
    else high = middle;
  }
  return low;
}

const CURSOR = /^v1\.([0-9a-z]{1,11})\.([0-9a-z]{1,11})$/;

/** Opaque to callers; the version prefix lets the format change without misreading old cursors. */
function encodeCursor(after: number, total: number): string {
  return `v1.${after.toString(36)}.${total.toString(36)}`;
}

function decodeCursor(cursor: string): { after: number; total: number } {
  const match = CURSOR.exec(cursor);
  if (!match) throw new ConnectorError('invalid_parameters', `cursor '${cursor}' was not issued by this connector`);
  return { after: parseInt(match[1]!, 36), total: parseInt(match[2]!, 36) };
}

/** A list command (sync item 4): idempotent, sync-capable, taking the shared list parameters. */
export function listCommand<T extends ListableRecord>(
  description: string,
  query: (parameters: Record<string, unknown>) => ListQuery<T>,
): SimulatedCommand {
  return {
    description,
    idempotent: true,
    syncCapable: true,
    parameters: LIST_COMMAND_PARAMETERS,
    run: (parameters) => listPage(query(parameters)),
  };
}

/** `listRoles` of the directory connectors: the job roles of the seeded organisation. */
export function listRolesCommand(): SimulatedCommand {
  return listCommand<DirectoryRole>(
    'Pages through the job roles of the directory for synchronisation',
    (parameters) => ({
      records: DIRECTORY_ROLES,
      parameters,
      toResource: (role) => ({
        externalId: role.id,
        displayName: role.title,
        email: null,
        attributes: { title: role.title, department: role.department },
      }),
    }),
  );
}
