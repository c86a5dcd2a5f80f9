import { z } from 'zod';
import { ConnectorError } from '../../../connector-error.js';
import type { ScimSession } from '../command.js';
import { filterLiteral, listResponse, scimUser, type ScimUser } from '../representations.js';
import { expectShape, statusFailure } from '../scim-client.js';
import { PATCH_SCHEMA, type JsonObject } from '../user-mapping.js';
import { resourcePath } from './parameters.js';

// Reading, finding and changing user accounts, shared by the user commands.

// Writes refused with 412 (someone changed the account between our read and write) are re-read
// and tried again this many times.
const CONCURRENT_CHANGE_ATTEMPTS = 3;
const SCAN_PAGE_SIZE = 100;

/** A user account as read, with the version its ETag names; undefined when there is none. */
export async function readUser(
  session: ScimSession,
  id: string,
): Promise<{ user: JsonObject; etag: string | undefined } | undefined> {
  const response = await session.call('GET', resourcePath('/Users', id));
  if (response.status === 404) return undefined;
  if (response.status < 200 || response.status >= 300) throw statusFailure(response);
  const user = expectShape(z.looseObject({ id: z.string() }), response);
  const version = (user.meta as { version?: unknown } | undefined)?.version;
  return { user, etag: response.etag ?? (typeof version === 'string' ? version : undefined) };
}

export interface AccountChange {
  /** The PATCH operations that bring the account where it should be; none: it is there already. */
  operations(current: JsonObject): JsonObject[];
  /** The whole account as it should be, for targets without PATCH (sent with PUT). */
  document(current: JsonObject): JsonObject;
}

/**
 * Reads the account and writes what `change` says differs: a PATCH of only those attributes where
 * the target supports PATCH, else a PUT of the whole account; with `If-Match` where it supports
 * ETags, reading again after a 412. Reports the paths written (none: nothing was sent).
 */
export async function changeAccount(session: ScimSession, id: string, change: AccountChange): Promise<string[]> {
  const capabilities = await session.capabilities();
  for (let attempt = 1; ; attempt += 1) {
    const read = await readUser(session, id);
    if (!read) throw new ConnectorError('not_found', `The application has no user ${id}`);
    const operations = change.operations(read.user);
    if (operations.length === 0) return [];
    const ifMatch = capabilities.etag ? read.etag : undefined;
    const response = capabilities.patch
      ? await session.call('PATCH', resourcePath('/Users', id), {
          body: { schemas: [PATCH_SCHEMA], Operations: operations },
          ifMatch,
        })
      : await session.call('PUT', resourcePath('/Users', id), {
          body: withoutMeta(change.document(read.user)),
          ifMatch,
        });
    if (response.status === 412 && attempt < CONCURRENT_CHANGE_ATTEMPTS) continue;
    if (response.status < 200 || response.status >= 300) throw statusFailure(response);
    return operations.map((operation) => String(operation.path));
  }
}

export function withoutMeta(document: JsonObject): JsonObject {
  const { meta: _meta, ...rest } = document;
  return rest;
}

/**
 * The account with this `externalId`, else this `userName` (compared ignoring case, as SCIM
 * compares userName): by filter where the target filters, else by reading every page.
 */
export async function findUser(
  session: ScimSession,
  keys: { externalId?: string; userName?: string },
): Promise<ScimUser | undefined> {
  const capabilities = await session.capabilities();
  const matches = (user: ScimUser, attribute: 'externalId' | 'userName', value: string) =>
    attribute === 'userName' ? user.userName?.toLowerCase() === value.toLowerCase() : user.externalId === value;
  const wanted = (['externalId', 'userName'] as const)
    .map((attribute) => ({ attribute, value: keys[attribute] }))
    .filter((key): key is { attribute: 'externalId' | 'userName'; value: string } => key.value !== undefined);
  if (capabilities.filter) {
    for (const { attribute, value } of wanted) {
      const response = await session.callOk('GET', '/Users', {
        query: { filter: `${attribute} eq ${filterLiteral(value)}`, startIndex: 1, count: 2 },
      });
      const page = expectShape(listResponse, response);
      const users = expectShape(z.array(scimUser), { ...response, body: page.Resources ?? [] });
      const found = users.find((user) => matches(user, attribute, value));
      if (found) return found;
    }
    return undefined;
  }
  const count = Math.min(SCAN_PAGE_SIZE, capabilities.maxResults ?? SCAN_PAGE_SIZE);
  let byUserName: ScimUser | undefined;
  for (let startIndex = 1; ;) {
    const response = await session.callOk('GET', '/Users', { query: { startIndex, count } });
    const page = expectShape(listResponse, response);
    const users = expectShape(z.array(scimUser), { ...response, body: page.Resources ?? [] });
    for (const user of users) {
      if (keys.externalId !== undefined && matches(user, 'externalId', keys.externalId)) return user;
      if (keys.userName !== undefined && matches(user, 'userName', keys.userName)) byUserName ??= user;
    }
    startIndex += users.length;
    if (users.length === 0 || startIndex > (page.totalResults ?? Infinity)) return byUserName;
  }
}
