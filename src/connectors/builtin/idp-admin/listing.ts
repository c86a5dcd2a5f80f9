import { z } from 'zod';
import type { ConnectorResult, ListedResource } from '../../handler.js';
import { listCommandParameters } from '../../list-command-parameters.js';
import { defineListCommand as defineBuiltinListCommand, positionCursor } from '../list-command.js';
import type { IdpAdminCommand } from './command.js';
import { expectShape, type KeycloakRealm } from './keycloak-client.js';

/** The contract's list parameters, with the filter narrowed to the one Keycloak offers. */
export const listParameters = listCommandParameters.extend({
  filter: z
    .object({ search: z.string().min(1).optional() })
    .strict()
    .optional(),
});
export type ListParameters = z.output<typeof listParameters>;

const cursor = positionCursor('first', 0);

/** A list command: the contract's parameters, synchronisation may page through it. */
export function defineListCommand(
  description: string,
  run: (realm: KeycloakRealm, parameters: ListParameters) => Promise<ConnectorResult>,
): IdpAdminCommand {
  return defineBuiltinListCommand(description, listParameters, run);
}

/** One page of an admin listing (`first`/`max` paging, `search` filter), items parsed with `item`. */
export async function listingPage<T extends z.ZodType>(
  realm: KeycloakRealm,
  path: string,
  item: T,
  parameters: ListParameters,
): Promise<{ first: number; items: z.output<T>[] }> {
  const first = cursor.decode(parameters.cursor);
  const response = await realm.adminOk('GET', path, {
    query: { first, max: parameters.pageSize, briefRepresentation: false, search: parameters.filter?.search },
  });
  return { first, items: expectShape(z.array(item), response) };
}

/** The page; a full one (as many raw records as asked for) points to the next. */
export function listPage(
  resources: ListedResource[],
  first: number,
  fetched: number,
  parameters: ListParameters,
): ConnectorResult {
  const payload: ConnectorResult['payload'] = { resources };
  if (fetched >= parameters.pageSize) payload.nextCursor = cursor.encode(first + fetched);
  return { success: true, payload };
}
