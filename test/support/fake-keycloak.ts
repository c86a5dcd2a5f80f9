import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

export interface FakeKeycloakOptions {
  realm?: string;
  clientId?: string;
  clientSecret?: string;
  /** `expires_in` of issued access tokens; default 300. */
  tokenLifetimeSeconds?: number;
}

export interface FakeUserInput {
  username: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  enabled?: boolean;
  emailVerified?: boolean;
  createdTimestamp?: number;
  attributes?: Record<string, string[]>;
  federationLink?: string;
}

export interface AdminRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

export interface FakeKeycloak {
  baseUrl: string;
  realm: string;
  clientId: string;
  clientSecret: string;
  addUser(user: FakeUserInput): string;
  addGroup(name: string, attributes?: Record<string, string[]>): string;
  addRealmRole(name: string): void;
  grantRealmRole(userId: string, role: string): void;
  linkIdentity(userId: string, provider: string, externalUserId: string): void;
  addMember(userId: string, groupId: string): void;
  isMember(userId: string, groupId: string): boolean;
  hasUser(userId: string): boolean;
  realmRolesOf(userId: string): string[];
  identityProvidersOf(userId: string): string[];
  /** How many token requests arrived (successful or not). */
  readonly tokenRequests: number;
  /** Admin API requests, in order. */
  readonly adminRequests: AdminRequest[];
  /** Makes every issued token invalid, as a restart or key rotation would. */
  revokeTokens(): void;
  setTokenLifetime(seconds: number): void;
  close(): Promise<void>;
}

interface User extends FakeUserInput {
  id: string;
  createdTimestamp: number;
  groups: Set<string>;
  realmRoles: Set<string>;
  identities: Map<string, string>;
}

interface Group {
  id: string;
  name: string;
  attributes: Record<string, string[]>;
}

interface Role {
  id: string;
  name: string;
}

/**
 * A Keycloak realm in memory behind a real HTTP server on 127.0.0.1: the client-credentials token
 * endpoint and the Admin REST API endpoints the idp-admin connector uses, with Keycloak's status
 * codes (204 for writes, 404 with `{ error }` for unknown ids, 401 for a bad or missing token).
 */
export async function startFakeKeycloak(options: FakeKeycloakOptions = {}): Promise<FakeKeycloak> {
  const realm = options.realm ?? 'acme';
  const clientId = options.clientId ?? 'flowgate';
  const clientSecret = options.clientSecret ?? `secret-${randomBytes(8).toString('hex')}`;
  let tokenLifetime = options.tokenLifetimeSeconds ?? 300;
  let tokenRequests = 0;
  const adminRequests: AdminRequest[] = [];
  const issued = new Map<string, number>();
  const users = new Map<string, User>();
  const groups = new Map<string, Group>();
  const roles = new Map<string, Role>();

  const json = (response: http.ServerResponse, status: number, body?: unknown) => {
    response.statusCode = status;
    if (body === undefined) return response.end();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(body));
  };

  function userRepresentation(user: User) {
    return {
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      enabled: user.enabled ?? true,
      emailVerified: user.emailVerified ?? false,
      createdTimestamp: user.createdTimestamp,
      attributes: user.attributes,
      federationLink: user.federationLink,
    };
  }
  const groupRepresentation = (group: Group, brief: boolean) =>
    brief
      ? { id: group.id, name: group.name, path: `/${group.name}` }
      : { id: group.id, name: group.name, path: `/${group.name}`, subGroupCount: 0, attributes: group.attributes };

  function page<T>(items: T[], query: URLSearchParams): T[] {
    const first = Number(query.get('first') ?? 0);
    const max = Number(query.get('max') ?? 100);
    return items.slice(first, first + max);
  }

  function matches(search: string | null, ...values: (string | undefined)[]): boolean {
    if (!search) return true;
    const needle = search.toLowerCase();
    return values.some((value) => value?.toLowerCase().includes(needle));
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse, body: string) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    const path = url.pathname;

    if (path === `/realms/${realm}/protocol/openid-connect/token` && method === 'POST') {
      tokenRequests += 1;
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'client_credentials')
        return json(response, 400, { error: 'unsupported_grant_type' });
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return json(response, 401, {
          error: 'unauthorized_client',
          error_description: 'Invalid client or Invalid client credentials',
        });
      const token = randomBytes(24).toString('base64url');
      issued.set(token, Date.now() + tokenLifetime * 1000);
      return json(response, 200, { access_token: token, expires_in: tokenLifetime, token_type: 'Bearer' });
    }

    if (/^\/realms\/[^/]+\/protocol\/openid-connect\/token$/.test(path))
      return json(response, 404, { error: 'Realm does not exist' });

    const admin = /^\/admin\/realms\/([^/]+)(\/.*)?$/.exec(path);
    if (!admin) return json(response, 404, { error: 'Unable to find matching target resource method' });
    adminRequests.push({ method, path, query: Object.fromEntries(url.searchParams) });
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = token === undefined ? undefined : issued.get(token);
    if (expiresAt === undefined || expiresAt < Date.now())
      return json(response, 401, { error: 'HTTP 401 Unauthorized' });
    if (decodeURIComponent(admin[1]!) !== realm) return json(response, 404, { error: 'Realm not found.' });
    const rest = admin[2] ?? '';
    const query = url.searchParams;

    if (rest === '' && method === 'GET')
      return json(response, 200, { id: `${realm}-id`, realm, displayName: 'Acme', enabled: true });

    if (rest === '/users' && method === 'GET') {
      const all = [...users.values()]
        .filter((user) => matches(query.get('search'), user.username, user.email, user.firstName, user.lastName))
        .sort((a, b) => a.username.localeCompare(b.username));
      return json(response, 200, page(all, query).map(userRepresentation));
    }
    if (rest === '/groups' && method === 'GET') {
      const brief = query.get('briefRepresentation') !== 'false';
      const all = [...groups.values()]
        .filter((group) => matches(query.get('search'), group.name))
        .sort((a, b) => a.name.localeCompare(b.name));
      return json(
        response,
        200,
        page(all, query).map((group) => groupRepresentation(group, brief)),
      );
    }

    if (rest === '/roles' && method === 'GET') {
      const all = [...roles.values()]
        .filter((role) => matches(query.get('search'), role.name))
        .sort((a, b) => a.name.localeCompare(b.name));
      return json(
        response,
        200,
        page(all, query).map((role) => ({ ...role, composite: false, clientRole: false })),
      );
    }

    const userPath = /^\/users\/([^/]+)(\/.*)?$/.exec(rest);
    if (!userPath) return json(response, 404, { error: 'Unable to find matching target resource method' });
    const user = users.get(decodeURIComponent(userPath[1]!));
    if (!user) return json(response, 404, { error: 'User not found' });
    const sub = userPath[2] ?? '';

    if (sub === '' && method === 'GET') return json(response, 200, userRepresentation(user));
    if (sub === '' && method === 'DELETE') {
      users.delete(user.id);
      return json(response, 204);
    }
    if (sub === '/groups' && method === 'GET') {
      const direct = [...user.groups].map((id) => groups.get(id)).filter((group) => group !== undefined);
      return json(
        response,
        200,
        page(direct, query).map((group) => groupRepresentation(group, query.get('briefRepresentation') !== 'false')),
      );
    }
    const membership = /^\/groups\/([^/]+)$/.exec(sub);
    if (membership && (method === 'PUT' || method === 'DELETE')) {
      const group = groups.get(decodeURIComponent(membership[1]!));
      if (!group) return json(response, 404, { error: 'Group not found' });
      if (method === 'PUT') user.groups.add(group.id);
      else user.groups.delete(group.id);
      return json(response, 204);
    }
    if (sub === '/role-mappings/realm' && method === 'GET')
      return json(
        response,
        200,
        [...user.realmRoles].map((name) => roles.get(name)),
      );
    if (sub === '/role-mappings/realm' && method === 'DELETE') {
      const requested = z.array(z.object({ id: z.string(), name: z.string() })).parse(JSON.parse(body));
      for (const role of requested)
        if (roles.get(role.name)?.id !== role.id) return json(response, 404, { error: 'Role not found' });
      for (const role of requested) user.realmRoles.delete(role.name);
      return json(response, 204);
    }
    if (sub === '/federated-identity' && method === 'GET')
      return json(
        response,
        200,
        [...user.identities].map(([provider, externalId]) => ({
          identityProvider: provider,
          userId: externalId,
          userName: user.username,
        })),
      );
    const identity = /^\/federated-identity\/([^/]+)$/.exec(sub);
    if (identity && method === 'DELETE') {
      if (!user.identities.delete(decodeURIComponent(identity[1]!)))
        return json(response, 404, { error: 'Link not found' });
      return json(response, 204);
    }
    return json(response, 404, { error: 'Unable to find matching target resource method' });
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handle(request, response, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) =>
        json(response, 500, { error: String(error) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const userOrThrow = (userId: string) => {
    const user = users.get(userId);
    if (!user) throw new Error(`No user ${userId}`);
    return user;
  };

  return {
    baseUrl,
    realm,
    clientId,
    clientSecret,
    addUser(input) {
      const id = randomUUID();
      users.set(id, {
        ...input,
        id,
        createdTimestamp: input.createdTimestamp ?? Date.now(),
        groups: new Set(),
        realmRoles: new Set(),
        identities: new Map(),
      });
      return id;
    },
    addGroup(name, attributes = {}) {
      const id = randomUUID();
      groups.set(id, { id, name, attributes });
      return id;
    },
    addRealmRole(name) {
      roles.set(name, { id: randomUUID(), name });
    },
    grantRealmRole(userId, role) {
      if (!roles.has(role)) throw new Error(`No role ${role}`);
      userOrThrow(userId).realmRoles.add(role);
    },
    linkIdentity(userId, provider, externalUserId) {
      userOrThrow(userId).identities.set(provider, externalUserId);
    },
    addMember(userId, groupId) {
      userOrThrow(userId).groups.add(groupId);
    },
    isMember: (userId, groupId) => users.get(userId)?.groups.has(groupId) ?? false,
    hasUser: (userId) => users.has(userId),
    realmRolesOf: (userId) => [...userOrThrow(userId).realmRoles].sort(),
    identityProvidersOf: (userId) => [...userOrThrow(userId).identities.keys()].sort(),
    get tokenRequests() {
      return tokenRequests;
    },
    adminRequests,
    revokeTokens() {
      issued.clear();
    },
    setTokenLifetime(seconds) {
      tokenLifetime = seconds;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
