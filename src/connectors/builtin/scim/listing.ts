import { z } from 'zod';
import { ConnectorError } from '../../connector-error.js';
import type { ConnectorResult, ListedResource } from '../../handler.js';
import { listCommandParameters } from '../../list-command-parameters.js';
import { defineListCommand as defineBuiltinListCommand, positionCursor } from '../list-command.js';
import type { ScimCommand, ScimSession } from './command.js';
import { listResponse } from './representations.js';
import { expectShape } from './scim-client.js';

/** The contract's list parameters, with the filter narrowed to a SCIM filter expression. */
export const listParameters = listCommandParameters.extend({
  filter: z
    .object({ scim: z.string().min(1).max(2000).optional().describe('A SCIM filter, e.g. userName sw "a"') })
    .strict()
    .optional(),
});
export type ListParameters = z.output<typeof listParameters>;

const cursor = positionCursor('startIndex', 1);

/** A list command: the contract's parameters, synchronisation may page through it. */
export function defineListCommand(
  description: string,
  run: (session: ScimSession, parameters: ListParameters) => Promise<ConnectorResult>,
): ScimCommand {
  return defineBuiltinListCommand(description, listParameters, run);
}

/**
 * One page of `/Users` or `/Groups` by `startIndex`/`count` (RFC 7644 §3.4.2.4). `modifiedSince`
 * becomes a `meta.lastModified gt` filter where the target filters, and is applied here otherwise.
 */
export async function listingPage<T extends z.ZodType<{ meta?: { lastModified?: string } }>>(
  session: ScimSession,
  path: '/Users' | '/Groups',
  item: T,
  parameters: ListParameters,
  query: Record<string, string> = {},
): Promise<ConnectorResult & { items: z.output<T>[] }> {
  const capabilities = await session.capabilities();
  const startIndex = cursor.decode(parameters.cursor);
  const count = Math.min(parameters.pageSize, capabilities.maxResults ?? parameters.pageSize);
  const clauses = [parameters.filter?.scim].filter((clause): clause is string => clause !== undefined);
  if (parameters.filter?.scim && !capabilities.filter)
    throw new ConnectorError(
      'not_supported',
      'The target does not support filters (its ServiceProviderConfig says so)',
    );
  if (parameters.modifiedSince && capabilities.filter)
    clauses.push(`meta.lastModified gt ${JSON.stringify(parameters.modifiedSince)}`);
  const filter = clauses.map((clause) => (clauses.length > 1 ? `(${clause})` : clause)).join(' and ');
  const response = await session.callOk('GET', path, {
    query: { ...query, startIndex, count, ...(filter ? { filter } : {}) },
  });
  const page = expectShape(listResponse, response);
  const items = expectShape(z.array(item), { ...response, body: page.Resources ?? [] });
  const since = parameters.modifiedSince && !capabilities.filter ? Date.parse(parameters.modifiedSince) : undefined;
  const kept = items.filter((found) => {
    const modified = found.meta?.lastModified;
    return since === undefined || modified === undefined || Date.parse(modified) > since;
  });
  const next = startIndex + items.length;
  const payload: ConnectorResult['payload'] = { resources: [], totalEstimate: page.totalResults };
  if (items.length > 0 && next <= page.totalResults) payload.nextCursor = cursor.encode(next);
  return { success: true, payload, items: kept };
}

/** The page's answer with its resources. */
export function listPage(page: ConnectorResult, resources: ListedResource[]): ConnectorResult {
  return { success: true, payload: { ...page.payload!, resources } };
}
