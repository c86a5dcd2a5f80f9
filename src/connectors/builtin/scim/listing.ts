import { z } from 'zod';
import { ConnectorError } from '../../connector-error.js';
import type { ConnectorResult, ListedResource } from '../../handler.js';
import { listCommandParameters } from '../../list-command-parameters.js';
import { defineListCommand as defineBuiltinListCommand } from '../list-command.js';
import type { ScimCommand, ScimSession } from './command.js';
import { listResponse } from './representations.js';
import { expectShape, scimTypeOf, statusFailure } from './scim-client.js';

/** The contract's list parameters, with the filter narrowed to a SCIM filter expression. */
export const listParameters = listCommandParameters.extend({
  filter: z
    .object({ scim: z.string().min(1).max(2000).optional().describe('A SCIM filter, e.g. userName sw "a"') })
    .strict()
    .optional(),
});
export type ListParameters = z.output<typeof listParameters>;

/**
 * Where the next page starts, opaque to callers: a `startIndex` (RFC 7644 §3.4.2.4) or the
 * server's own cursor (RFC 9865), and `local` when the server refused the `meta.lastModified`
 * filter, so every page of the pass asks the same query as its first.
 */
const position = z
  .object({
    startIndex: z.number().int().min(1).optional(),
    cursor: z.string().min(1).max(5000).optional(),
    local: z.literal(true).optional(),
  })
  .strict()
  .refine((value) => value.startIndex === undefined || value.cursor === undefined);
type Position = z.output<typeof position>;

function encodePosition(value: Position): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodePosition(cursor: string | undefined): Position | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed = position.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to the failure below.
  }
  throw new ConnectorError('invalid_parameters', 'cursor is not one this connector returned');
}

/** A list command: the contract's parameters, synchronisation may page through it. */
export function defineListCommand(
  description: string,
  run: (session: ScimSession, parameters: ListParameters) => Promise<ConnectorResult>,
): ScimCommand {
  return defineBuiltinListCommand(description, listParameters, run);
}

/**
 * One page of `/Users` or `/Groups`: by the server's cursor where it announces cursor paging
 * (RFC 9865: `cursor=` empty for the first page, then its `nextCursor`), else by `startIndex` and
 * `count`. `modifiedSince` becomes a `meta.lastModified gt` filter where the target filters; a
 * target that refuses that filter (many filter by equality only) gets the query without it, and
 * the pages are compared here, as for targets without filters.
 */
export async function listingPage<T extends z.ZodType<{ meta?: { lastModified?: string } }>>(
  session: ScimSession,
  path: '/Users' | '/Groups',
  item: T,
  parameters: ListParameters,
  query: Record<string, string> = {},
): Promise<ConnectorResult & { items: z.output<T>[] }> {
  const capabilities = await session.capabilities();
  const at = decodePosition(parameters.cursor);
  const byCursor = at ? at.cursor !== undefined : capabilities.cursor;
  const startIndex = at?.startIndex ?? 1;
  const count = Math.min(parameters.pageSize, capabilities.maxResults ?? parameters.pageSize);
  if (parameters.filter?.scim && !capabilities.filter)
    throw new ConnectorError(
      'not_supported',
      'The target does not support filters (its ServiceProviderConfig says so)',
    );
  let local = at?.local === true || (parameters.modifiedSince !== undefined && !capabilities.filter);
  let serverCursor = at?.cursor ?? '';
  const request = (withSince: boolean) => {
    const clauses = [parameters.filter?.scim].filter((clause): clause is string => clause !== undefined);
    if (withSince) clauses.push(`meta.lastModified gt ${JSON.stringify(parameters.modifiedSince)}`);
    const filter = clauses.map((clause) => (clauses.length > 1 ? `(${clause})` : clause)).join(' and ');
    const paging = byCursor ? { cursor: serverCursor } : { startIndex };
    return session.call('GET', path, { query: { ...query, ...paging, count, ...(filter ? { filter } : {}) } });
  };
  const askSince = parameters.modifiedSince !== undefined && !local;
  let response = await request(askSince);
  if (askSince && response.status === 400 && scimTypeOf(response) === 'invalidFilter') {
    local = true;
    response = await request(false);
  }
  // An expired cursor (RFC 9865 3: the pass waited longer than the server keeps them, or resumes
  // after a failure) starts the list again: a pass then reads some accounts twice but misses none.
  if (serverCursor !== '' && response.status === 400 && scimTypeOf(response) === 'expiredCursor') {
    serverCursor = '';
    response = await request(parameters.modifiedSince !== undefined && !local);
  }
  if (response.status < 200 || response.status >= 300) throw statusFailure(response);
  const page = expectShape(listResponse, response);
  const items = expectShape(z.array(item), { ...response, body: page.Resources ?? [] });
  const since = local && parameters.modifiedSince ? Date.parse(parameters.modifiedSince) : undefined;
  const kept = items.filter((found) => {
    const modified = found.meta?.lastModified;
    return since === undefined || modified === undefined || Date.parse(modified) > since;
  });
  const payload: ConnectorResult['payload'] = {
    resources: [],
    ...(page.totalResults === undefined ? {} : { totalEstimate: page.totalResults }),
  };
  const flag = local && parameters.modifiedSince !== undefined && capabilities.filter ? { local: true as const } : {};
  if (byCursor) {
    if (page.nextCursor) payload.nextCursor = encodePosition({ cursor: page.nextCursor, ...flag });
  } else {
    const next = startIndex + items.length;
    // A server that leaves totalResults out (RFC 7644 requires it) has more while pages are full.
    const more = page.totalResults === undefined ? items.length >= count : next <= page.totalResults;
    if (items.length > 0 && more) payload.nextCursor = encodePosition({ startIndex: next, ...flag });
  }
  return { success: true, payload, items: kept };
}

/** The page's answer with its resources. */
export function listPage(page: ConnectorResult, resources: ListedResource[]): ConnectorResult {
  return { success: true, payload: { ...page.payload!, resources } };
}
