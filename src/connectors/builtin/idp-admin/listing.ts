import { z } from 'zod';
import { ConnectorError } from '../../connector-error.js';
import type { ConnectorResult, ListedResource } from '../../handler.js';
import { LIST_COMMAND_PARAMETERS, listCommandParameters } from '../../list-command-parameters.js';
import { defineCommand, type IdpAdminCommand } from './command.js';
import { expectShape, type KeycloakRealm } from './keycloak-client.js';

/** The contract's list parameters, with the filter narrowed to the one Keycloak offers. */
export const listParameters = listCommandParameters.extend({
  filter: z
    .object({ search: z.string().min(1).optional() })
    .strict()
    .optional(),
});
export type ListParameters = z.output<typeof listParameters>;

const cursorSchema = z.object({ first: z.number().int().min(0) }).strict();

/** A list command: the contract's parameters, synchronisation may page through it. */
export function defineListCommand(
  description: string,
  run: (realm: KeycloakRealm, parameters: ListParameters) => Promise<ConnectorResult>,
): IdpAdminCommand {
  return defineCommand({
    description,
    idempotent: true,
    syncCapable: true,
    parameters: listParameters,
    publishedParameters: LIST_COMMAND_PARAMETERS,
    run,
  });
}

/** One page of an admin listing (`first`/`max` paging, `search` filter), items parsed with `item`. */
export async function listingPage<T extends z.ZodType>(
  realm: KeycloakRealm,
  path: string,
  item: T,
  parameters: ListParameters,
): Promise<{ first: number; items: z.output<T>[] }> {
  const first = decodeCursor(parameters.cursor);
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
  if (fetched >= parameters.pageSize) payload.nextCursor = encodeCursor(first + fetched);
  return { success: true, payload };
}

function encodeCursor(first: number): string {
  return Buffer.from(JSON.stringify({ first })).toString('base64url');
}

function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data.first;
  } catch {
    // Falls through to the failure below.
  }
  throw new ConnectorError('invalid_parameters', 'cursor is not one this connector returned');
}
