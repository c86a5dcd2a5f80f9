import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  DEFAULT_LIST_PAGE_SIZE,
  LIST_COMMAND_PARAMETERS,
  type CommandSpec,
  type ConnectorHandler,
  type ConnectorResult,
  type ListedResource,
} from '../handler.js';
import { jsonSchemaOf, parseParameters } from './command-parameters.js';
import { ConnectorError } from '../connector-error.js';
import { describeIssues, failure, failureFromError } from './handler-results.js';
import { positiveInteger } from './handler-options.js';
import { parseAllowedNetworks, type AllowedNetworks } from './network-guard.js';
import { describeRequest, sendRequest, untilAborted, withTimeout, type OutboundResponse } from './outbound-request.js';

/**
 * The `idp-admin` built-in handler: group membership, user lifecycle and directory listing in a
 * Keycloak realm through the Keycloak Admin REST API, authenticated as a confidential client with
 * the client-credentials grant. See docs/connectors-idp-admin.md for endpoints, required roles and
 * the exact meaning of `changed`.
 */

export interface IdpAdminHandlerOptions {
  /** CIDR ranges, addresses or exact hostnames that may be called although not public. */
  allowedNetworks?: readonly string[];
  /** Per command (token request included), on top of the caller's signal; default 30 s. */
  timeoutMs?: number;
  /** Larger responses fail with `response_too_large`; default 16 MiB (a page of 5000 users fits). */
  maxResponseBytes?: number;
  /** The clock for access-token expiry; injectable for tests. */
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
// Tokens are renewed this long before they expire (at most), so none expires in flight.
const TOKEN_RENEWAL_MARGIN_MS = 30_000;
// Keycloak's own default access-token lifespan, for a token response without expires_in.
const DEFAULT_TOKEN_LIFETIME_S = 300;
const MEMBERSHIP_PAGE_SIZE = 100;

const id = (description: string) => z.string().min(1).describe(description);
const membershipParameters = z.object({ userId: id('Keycloak user id'), groupId: id('Keycloak group id') }).strict();
const userParameters = z.object({ userId: id('Keycloak user id') }).strict();
const removeRolesParameters = z
  .object({
    userId: id('Keycloak user id'),
    roles: z.array(z.string().min(1)).min(1).describe('Names of realm roles to remove'),
  })
  .strict();
const unlinkParameters = z
  .object({ userId: id('Keycloak user id'), provider: id('Alias of the identity provider, e.g. google') })
  .strict();
const testParameters = z.object({}).strict();
/** The zod twin of the contract's LIST_COMMAND_PARAMETERS, narrowed to the filter Keycloak offers. */
const listParameters = z
  .object({
    cursor: z.string().optional(),
    pageSize: z.number().int().min(1).max(5000).default(DEFAULT_LIST_PAGE_SIZE),
    filter: z
      .object({ search: z.string().min(1).optional() })
      .strict()
      .optional(),
    modifiedSince: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
type ListParameters = z.output<typeof listParameters>;

const COMMANDS = {
  test: {
    description: 'Reads the realm (GET /admin/realms/{realm}) to check URL, credentials and roles.',
    idempotent: true,
    parameters: jsonSchemaOf(testParameters),
  },
  addToGroup: {
    description: 'Makes the user a direct member of the group. Idempotent: Keycloak ignores an existing membership.',
    idempotent: true,
    parameters: jsonSchemaOf(membershipParameters),
  },
  removeFromGroup: {
    description: 'Ends the direct membership. Idempotent: Keycloak ignores a missing membership.',
    idempotent: true,
    parameters: jsonSchemaOf(membershipParameters),
  },
  listUsers: {
    description:
      'A page of users (search filter: filter.search). modifiedSince compares createdTimestamp: Keycloak keeps no modification time.',
    idempotent: true,
    syncCapable: true,
    parameters: LIST_COMMAND_PARAMETERS,
  },
  listGroups: {
    description:
      'A page of top-level groups (search filter: filter.search). modifiedSince is ignored: groups have no timestamps.',
    idempotent: true,
    syncCapable: true,
    parameters: LIST_COMMAND_PARAMETERS,
  },
  listRoles: {
    description:
      'A page of realm roles (search filter: filter.search). modifiedSince is ignored: roles have no timestamps.',
    idempotent: true,
    syncCapable: true,
    parameters: LIST_COMMAND_PARAMETERS,
  },
  deleteUser: {
    description: 'Deletes the user. Idempotent: a user that no longer exists counts as deleted (changed: false).',
    idempotent: true,
    parameters: jsonSchemaOf(userParameters),
  },
  removeRoles: {
    description:
      'Removes the named realm roles from the user’s direct role mappings; roles it does not hold are reported in notAssigned. Idempotent.',
    idempotent: true,
    parameters: jsonSchemaOf(removeRolesParameters),
  },
  unlinkExternalIdentity: {
    description:
      'Removes the link between the user and an identity provider. Idempotent: a missing link reports changed: false.',
    idempotent: true,
    parameters: jsonSchemaOf(unlinkParameters),
  },
} as const satisfies Record<string, CommandSpec>;
type Command = keyof typeof COMMANDS;

function isCommand(name: string): name is Command {
  return Object.hasOwn(COMMANDS, name);
}

const connectionSchema = z.object({
  baseUrl: z.string().min(1),
  realm: z.string().min(1),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
type Connection = z.output<typeof connectionSchema>;

// Keycloak representations: only the fields used here are checked; the rest pass through.
const tokenResponse = z.looseObject({ access_token: z.string().min(1), expires_in: z.number().positive().optional() });
const realmRepresentation = z.looseObject({
  id: z.string().optional(),
  realm: z.string(),
  displayName: z.string().optional(),
  enabled: z.boolean().optional(),
});
const userRepresentation = z.looseObject({
  id: z.string(),
  username: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  enabled: z.boolean().optional(),
  emailVerified: z.boolean().optional(),
  createdTimestamp: z.number().optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  federationLink: z.string().optional(),
});
const groupRepresentation = z.looseObject({
  id: z.string(),
  name: z.string(),
  path: z.string().optional(),
  subGroupCount: z.number().optional(),
  subGroups: z.array(z.unknown()).optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});
const roleRepresentation = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  composite: z.boolean().optional(),
  clientRole: z.boolean().optional(),
});
const federatedIdentity = z.looseObject({ identityProvider: z.string() });
const cursorSchema = z.object({ first: z.number().int().min(0) }).strict();

interface CachedToken {
  value: string;
  renewAt: number;
}

/** One command's view of the realm: URLs, the call's signal and the secrets to keep out of messages. */
interface Session {
  connection: Connection;
  baseUrl: string;
  realmPath: string;
  tokenCacheKey: string;
  signal: AbortSignal;
  secrets: string[];
}

interface AdminResponse {
  status: number;
  body: unknown;
  method: string;
  url: URL;
}

export function createIdpAdminHandler(options: IdpAdminHandlerOptions = {}): ConnectorHandler {
  const allowedNetworks: AllowedNetworks = parseAllowedNetworks(options.allowedNetworks);
  const timeoutMs = positiveInteger(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const maxResponseBytes = positiveInteger(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 'maxResponseBytes');
  const now = options.now ?? Date.now;
  const tokens = new Map<string, CachedToken>();
  const tokenRequests = new Map<string, Promise<CachedToken>>();

  async function send(session: Session, method: string, url: URL, headers: Record<string, string>, body?: string) {
    return sendRequest({ method, url, headers, body, signal: session.signal, maxResponseBytes, allowedNetworks });
  }

  async function requestToken(session: Session): Promise<CachedToken> {
    const { connection } = session;
    const url = new URL(
      `${session.baseUrl}/realms/${encodeURIComponent(connection.realm)}/protocol/openid-connect/token`,
    );
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: connection.clientId,
      client_secret: connection.clientSecret,
    });
    const issuedAt = now();
    const response = await send(
      session,
      'POST',
      url,
      { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      form.toString(),
    );
    const body = parseJson(response);
    if (response.status !== 200) {
      const reason = oauthError(body);
      const code =
        response.status === 400 || response.status === 401
          ? 'authentication_failed'
          : response.status === 404
            ? 'not_found'
            : 'http_status';
      throw new ConnectorError(
        code,
        `The token request (${describeRequest('POST', url)}) was refused with HTTP ${response.status}${reason ? ` (${reason})` : ''}`,
      );
    }
    const parsed = tokenResponse.safeParse(body);
    if (!parsed.success)
      throw new ConnectorError('invalid_response', `The token response from ${url.host} has no access_token`);
    const lifetimeMs = (parsed.data.expires_in ?? DEFAULT_TOKEN_LIFETIME_S) * 1000;
    return {
      value: parsed.data.access_token,
      renewAt: issuedAt + lifetimeMs - Math.min(TOKEN_RENEWAL_MARGIN_MS, lifetimeMs / 10),
    };
  }

  /** A valid access token: the cached one unless it is `rejected` or near expiry. Concurrent callers share one request. */
  async function accessToken(session: Session, rejected?: string): Promise<string> {
    const key = session.tokenCacheKey;
    const cached = tokens.get(key);
    if (cached && cached.value !== rejected && now() < cached.renewAt) return cached.value;
    if (cached) tokens.delete(key);
    let pending = tokenRequests.get(key);
    if (!pending) {
      // Its own timeout, not the first caller's signal, so one caller giving up fails no other.
      const tokenSession = { ...session, signal: AbortSignal.timeout(timeoutMs) };
      pending = requestToken(tokenSession)
        .then((token) => {
          tokens.set(key, token);
          return token;
        })
        .finally(() => tokenRequests.delete(key));
      tokenRequests.set(key, pending);
    }
    const token = await untilAborted(pending, session.signal);
    session.secrets.push(token.value);
    return token.value;
  }

  /** One Admin API call; a 401 renews the token and retries once. */
  async function admin(
    session: Session,
    method: string,
    path: string,
    options: { query?: Record<string, string | number | boolean | undefined>; body?: unknown } = {},
  ): Promise<AdminResponse> {
    const url = new URL(`${session.baseUrl}${session.realmPath}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';

    let token = await accessToken(session);
    let response = await send(session, method, url, { ...headers, authorization: `Bearer ${token}` }, body);
    if (response.status === 401) {
      token = await accessToken(session, token);
      response = await send(session, method, url, { ...headers, authorization: `Bearer ${token}` }, body);
    }
    return { status: response.status, body: parseJson(response), method, url };
  }

  async function adminOk(session: Session, method: string, path: string, options?: Parameters<typeof admin>[3]) {
    const response = await admin(session, method, path, options);
    if (response.status < 200 || response.status >= 300) throw statusFailure(response);
    return response;
  }

  /** One page of an admin listing (`first`/`max` paging, `search` filter), items parsed with `item`. */
  async function listingPage<T extends z.ZodType>(
    session: Session,
    path: string,
    item: T,
    parameters: z.output<typeof listParameters>,
  ): Promise<{ first: number; items: z.output<T>[] }> {
    const first = decodeCursor(parameters.cursor);
    const response = await adminOk(session, 'GET', path, {
      query: { first, max: parameters.pageSize, briefRepresentation: false, search: parameters.filter?.search },
    });
    return { first, items: expectShape(z.array(item), response) };
  }

  /** Whether the user is a direct member of the group, paging through the user's groups. */
  async function isDirectMember(session: Session, userId: string, groupId: string): Promise<boolean> {
    for (let first = 0; ; first += MEMBERSHIP_PAGE_SIZE) {
      const response = await adminOk(session, 'GET', `/users/${encodeURIComponent(userId)}/groups`, {
        query: { first, max: MEMBERSHIP_PAGE_SIZE, briefRepresentation: true },
      });
      const groups = expectShape(z.array(z.looseObject({ id: z.string() })), response);
      if (groups.some((group) => group.id === groupId)) return true;
      if (groups.length < MEMBERSHIP_PAGE_SIZE) return false;
    }
  }

  const run: Record<Command, (session: Session, parameters: unknown) => Promise<ConnectorResult>> = {
    async test(session, raw) {
      const parameters = parseParameters(testParameters, raw, session.secrets);
      if (!parameters.ok) return parameters.result;
      const realm = expectShape(realmRepresentation, await adminOk(session, 'GET', ''));
      return {
        success: true,
        data: {
          realm: realm.realm,
          id: realm.id ?? null,
          displayName: realm.displayName ?? null,
          enabled: realm.enabled ?? null,
        },
      };
    },

    async addToGroup(session, raw) {
      const parameters = parseParameters(membershipParameters, raw, session.secrets);
      if (!parameters.ok) return parameters.result;
      const { userId, groupId } = parameters.value;
      const wasMember = await isDirectMember(session, userId, groupId);
      await adminOk(session, 'PUT', `/users/${encodeURIComponent(userId)}/groups/${encodeURIComponent(groupId)}`);
      return { success: true, data: { userId, groupId, changed: !wasMember } };
    },

    async removeFromGroup(session, raw) {
      const parameters = parseParameters(membershipParameters, raw, session.secrets);
      if (!parameters.ok) return parameters.result;
      const { userId, groupId } = parameters.value;
      const wasMember = await isDirectMember(session, userId, groupId);
      // Sent even for a non-member: Keycloak then still answers 404 for an unknown group.
      await adminOk(session, 'DELETE', `/users/${encodeURIComponent(userId)}/groups/${encodeURIComponent(groupId)}`);
      return { success: true, data: { userId, groupId, changed: wasMember } };
    },

    async listUsers(session, raw) {
      const parameters = parseParameters(listParameters, raw, session.secrets);
      if (!parameters.ok) return parameters.result;
      const { first, items: users } = await listingPage(session, '/users', userRepresentation, parameters.value);
      const since =
        parameters.value.modifiedSince === undefined ? undefined : Date.parse(parameters.value.modifiedSince);
      const resources = users
        .filter((user) => since === undefined || user.createdTimestamp === undefined || user.createdTimestamp >= since)
        .map(userResource);
      return listPage(resources, first, users.length, parameters.value);
    },

    async listGroups(session, raw) {
      const parameters = parseParameters(listParameters, raw, session.secrets);
      if (!parameters.ok) return parameters.result;
      const { first, items: groups } = await listingPage(session, '/groups', groupRepresentation, parameters.value);
      return listPage(groups.map(groupResource), first, groups.length, parameters.value);
    },

    async listRoles(session, raw) {
      const parameters = parseParameters(listParameters, raw, session.secrets);
      if (!parameters.ok) return parameters.result;
      const { first, items: roles } = await listingPage(session, '/roles', roleRepresentation, parameters.value);
      return listPage(roles.map(roleResource), first, roles.length, parameters.value);
    },

    async deleteUser(session, raw) {
      const parameters = parseParameters(userParameters, raw, session.secrets);
      if (!parameters.ok) return parameters.result;
      const { userId } = parameters.value;
      const response = await admin(session, 'DELETE', `/users/${encodeURIComponent(userId)}`);
      // Keycloak cannot tell a deleted user from one that never existed; both mean "absent".
      if (response.status === 404) return { success: true, data: { userId, changed: false } };
      if (response.status < 200 || response.status >= 300) throw statusFailure(response);
      return { success: true, data: { userId, changed: true } };
    },

    async removeRoles(session, raw) {
      const parameters = parseParameters(removeRolesParameters, raw, session.secrets);
      if (!parameters.ok) return parameters.result;
      const { userId, roles } = parameters.value;
      const path = `/users/${encodeURIComponent(userId)}/role-mappings/realm`;
      const assigned = expectShape(z.array(roleRepresentation), await adminOk(session, 'GET', path));
      const wanted = new Set(roles);
      const toRemove = assigned.filter((role) => wanted.has(role.name));
      const removed = toRemove.map((role) => role.name);
      const notAssigned = [...wanted].filter((name) => !removed.includes(name));
      if (toRemove.length > 0) await adminOk(session, 'DELETE', path, { body: toRemove });
      return { success: true, data: { userId, removed, notAssigned, changed: removed.length > 0 } };
    },

    async unlinkExternalIdentity(session, raw) {
      const parameters = parseParameters(unlinkParameters, raw, session.secrets);
      if (!parameters.ok) return parameters.result;
      const { userId, provider } = parameters.value;
      const path = `/users/${encodeURIComponent(userId)}/federated-identity`;
      const links = expectShape(z.array(federatedIdentity), await adminOk(session, 'GET', path));
      if (!links.some((link) => link.identityProvider === provider))
        return { success: true, data: { userId, provider, changed: false } };
      const response = await admin(session, 'DELETE', `${path}/${encodeURIComponent(provider)}`);
      // 404 here means the link went away since the read above: the wanted state holds.
      if (response.status === 404) return { success: true, data: { userId, provider, changed: false } };
      if (response.status < 200 || response.status >= 300) throw statusFailure(response);
      return { success: true, data: { userId, provider, changed: true } };
    },
  };

  return {
    name: 'idp-admin',
    version: '1.0.0',
    description: 'Group membership, user lifecycle and directory listing in a Keycloak realm (Admin REST API).',
    defaultCommand: 'test',
    commands: COMMANDS,
    async execute(request, context) {
      const secrets: string[] = [];
      try {
        const parsed = connectionSchema.safeParse(request.config.connection);
        if (!parsed.success)
          return failure('invalid_configuration', `Connection settings: ${describeIssues(parsed.error.issues)}`);
        const connection = parsed.data;
        secrets.push(connection.clientSecret);
        const baseUrl = normalizeBaseUrl(connection.baseUrl);
        if (!baseUrl) return failure('invalid_configuration', 'connection.baseUrl must be an http(s) URL', secrets);

        const command = request.config.command;
        if (!isCommand(command))
          return failure('unknown_command', `The idp-admin connector has no command ${command}`, secrets);
        const session: Session = {
          connection,
          baseUrl,
          realmPath: `/admin/realms/${encodeURIComponent(connection.realm)}`,
          tokenCacheKey: [baseUrl, connection.realm, connection.clientId, sha256(connection.clientSecret)].join('\n'),
          signal: withTimeout(context.signal, timeoutMs),
          secrets,
        };
        return await run[command](session, request.config.parameters);
      } catch (error) {
        return failureFromError(error, secrets);
      }
    },
  };
}

function userResource(user: z.output<typeof userRepresentation>): ListedResource {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return {
    externalId: user.id,
    displayName: user.username || fullName || user.id,
    email: user.email ?? null,
    attributes: {
      username: user.username ?? null,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      enabled: user.enabled ?? null,
      emailVerified: user.emailVerified ?? null,
      createdTimestamp: user.createdTimestamp ?? null,
      attributes: user.attributes ?? {},
      federationLink: user.federationLink ?? null,
    },
  };
}

function groupResource(group: z.output<typeof groupRepresentation>): ListedResource {
  return {
    externalId: group.id,
    displayName: group.name,
    email: null,
    attributes: {
      path: group.path ?? null,
      subGroupCount: group.subGroupCount ?? group.subGroups?.length ?? null,
      attributes: group.attributes ?? {},
    },
  };
}

function roleResource(role: z.output<typeof roleRepresentation>): ListedResource {
  return {
    externalId: role.id,
    displayName: role.name,
    email: null,
    attributes: {
      description: role.description ?? null,
      composite: role.composite ?? false,
      clientRole: role.clientRole ?? false,
    },
  };
}

/** The page; a full one (as many raw records as asked for) points to the next. */
function listPage(
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

function expectShape<T extends z.ZodType>(schema: T, response: AdminResponse): z.output<T> {
  const parsed = schema.safeParse(response.body);
  if (parsed.success) return parsed.data;
  throw new ConnectorError(
    'invalid_response',
    `Unexpected response from ${describeRequest(response.method, response.url)}: ${describeIssues(parsed.error.issues)}`,
  );
}

function statusFailure(response: AdminResponse): ConnectorError {
  const target = describeRequest(response.method, response.url);
  const detail = keycloakMessage(response.body);
  const suffix = detail ? ` (${detail})` : '';
  switch (response.status) {
    case 401:
      return new ConnectorError('authentication_failed', `Keycloak refused the access token for ${target}${suffix}`);
    case 403:
      return new ConnectorError(
        'forbidden',
        `Keycloak answered 403 to ${target}${suffix}: the client's service account lacks a realm-management role`,
      );
    case 404:
      return new ConnectorError('not_found', `Keycloak answered 404 to ${target}${suffix}`);
    case 409:
      return new ConnectorError('conflict', `Keycloak answered 409 to ${target}${suffix}`);
    default:
      return new ConnectorError('http_status', `HTTP ${response.status} from ${target}${suffix}`);
  }
}

const keycloakError = z.looseObject({ error: z.string().optional(), errorMessage: z.string().optional() });

function keycloakMessage(body: unknown): string | undefined {
  const parsed = keycloakError.safeParse(body);
  const text = parsed.success ? (parsed.data.errorMessage ?? parsed.data.error) : undefined;
  return text?.slice(0, 200);
}

const oauthErrorBody = z.looseObject({ error: z.string(), error_description: z.string().optional() });

function oauthError(body: unknown): string | undefined {
  const parsed = oauthErrorBody.safeParse(body);
  if (!parsed.success) return undefined;
  const { error, error_description: description } = parsed.data;
  return (description ? `${error}: ${description}` : error).slice(0, 200);
}

function parseJson(response: OutboundResponse): unknown {
  if (response.body.length === 0) return undefined;
  try {
    return JSON.parse(response.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The base URL without a trailing slash, or undefined when it is not http(s). */
function normalizeBaseUrl(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.search || url.hash || url.username || url.password) return undefined;
    return url.href.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
