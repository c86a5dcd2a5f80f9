import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../support/fake-identity-provider.js';
import { ID_TOKEN_GROUPS_CLIENT, startTestOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js';

let database: TestDatabase;
let provider: FakeIdentityProvider;
let api: TestApp;
const AUDIENCE = 'https://flowgate.example.test';

const apiEnv = () => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_AUDIENCE: AUDIENCE,
  OIDC_ROLE_ADMIN: 'idp-admins',
  OIDC_ROLE_APPROVER: 'managers, reviewers',
});

beforeAll(async () => {
  database = await createTestDatabase();
  provider = await startFakeIdentityProvider();
  api = await startTestApp({ db: database.db, env: apiEnv() });
});

afterAll(async () => {
  await api.close();
  await provider.close();
  await database.drop();
});

const me = (token: string) => api.request('GET', '/api/auth/me', { token });

describe('valid access tokens authenticate and create the user on first sight', () => {
  it('creates one user, once, with roles mapped from the groups claim', async () => {
    const token = await provider.sign({
      sub: 'alice',
      aud: AUDIENCE,
      email: 'Alice@Example.test',
      email_verified: true,
      groups: ['reviewers', 'idp-admins'],
    });
    const responses = await Promise.all([me(token), me(token), me(token)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect((await me(token)).status).toBe(200);

    const users = await database.db.user.findMany({ where: { sub: 'alice' } });
    expect(users).toHaveLength(1);
    expect(users[0]).toEqual(
      expect.objectContaining({ iss: provider.issuer, email: 'alice@example.test', roles: ['admin', 'approver'] }),
    );
    expect(responses[0]!.body).toEqual(expect.objectContaining({ id: users[0]!.id, via: 'oidc_token' }));
    expect(await database.db.auditLog.count({ where: { action: 'user.created', targetId: users[0]!.id } })).toBe(1);
  });

  it('gives requestor when no group matches', async () => {
    const token = await provider.sign({ sub: 'bob', aud: AUDIENCE, groups: ['everyone'] });
    const response = await me(token);
    expect(response.status).toBe(200);
    expect(response.body.roles).toEqual(['requestor']);
    expect(response.body.permissions).toContain('workflow:start');
    expect(response.body.permissions).not.toContain('audit:read');
  });
});

describe('claims holding text PostgreSQL cannot store', () => {
  it('sign the user in with that text replaced by U+FFFD, as the same user each time', async () => {
    const token = await provider.sign({
      sub: 'dan\u0000x',
      aud: AUDIENCE,
      email: 'dan@example.test',
      email_verified: true,
      name: 'Dan \ud800',
      groups: ['idp-admins\u0000', 'managers'],
    });
    expect((await me(token)).status).toBe(200);
    const again = await me(token);
    expect(again.status).toBe(200);
    const users = await database.db.user.findMany({ where: { email: 'dan@example.test' } });
    expect(users).toEqual([
      expect.objectContaining({ id: again.body.id, sub: 'dan\ufffdx', displayName: 'Dan \ufffd', roles: ['approver'] }),
    ]);
  });
});

describe('first sight confirms an account created unconfirmed for the same email', () => {
  it('gives a SCIM- or admin-created user the real (iss, sub), keeping its roles', async () => {
    const { db } = database;
    const pending = await db.user.create({
      data: { email: 'Carol@example.test', activeEmail: 'carol@example.test', roles: ['approver'], confirmed: false },
    });
    const token = await provider.sign({
      sub: 'carol',
      aud: AUDIENCE,
      email: 'carol@example.test',
      email_verified: true,
      groups: ['idp-admins'],
    });
    const response = await me(token);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(pending.id);
    expect(response.body.roles).toEqual(['approver']);
    expect(await db.user.findUniqueOrThrow({ where: { id: pending.id } })).toEqual(
      expect.objectContaining({ iss: provider.issuer, sub: 'carol', confirmed: true }),
    );
    expect(await db.auditLog.count({ where: { action: 'user.confirmed', targetId: pending.id } })).toBe(1);
  });

  it('links no account through an email the provider has not verified, unless OIDC_TRUST_UNVERIFIED_EMAIL', async () => {
    const { db } = database;
    const pending = await db.user.create({
      data: { email: 'erin@example.test', activeEmail: 'erin@example.test', roles: ['admin'], confirmed: false },
    });
    for (const verified of [false, 'false', undefined]) {
      const token = await provider.sign({
        sub: 'impostor',
        aud: AUDIENCE,
        email: 'erin@example.test',
        ...(verified === undefined ? {} : { email_verified: verified }),
      });
      const response = await me(token);
      expect([response.status, response.body.message]).toEqual([401, expect.stringContaining('not verified')]);
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: pending.id } })).toEqual(
      expect.objectContaining({ iss: null, sub: null, confirmed: false }),
    );

    // A new user is created, but joins no organization by an unverified email's domain.
    const organization = await db.organization.create({
      data: { name: 'Unverified Corp', domain: 'unverified.example' },
    });
    const memberships = async (sub: string, emailVerified: boolean) => {
      const token = await provider.sign({
        sub,
        aud: AUDIENCE,
        email: `${sub}@unverified.example`,
        email_verified: emailVerified,
      });
      const response = await me(token);
      expect(response.status).toBe(200);
      return db.organizationMembership.count({ where: { userId: response.body.id, organizationId: organization.id } });
    };
    expect(await memberships('frank', false)).toBe(0);
    expect(await memberships('grace', true)).toBe(1);

    const trusting = await startTestApp({ db, env: { ...apiEnv(), OIDC_TRUST_UNVERIFIED_EMAIL: 'true' } });
    try {
      const token = await provider.sign({ sub: 'erin', aud: AUDIENCE, email: 'erin@example.test' });
      const response = await trusting.request('GET', '/api/auth/me', { token });
      expect([response.status, response.body.id]).toEqual([200, pending.id]);
    } finally {
      await trusting.close();
    }
  });

  it('refuses an identity whose email belongs to a confirmed account of another identity', async () => {
    const first = await provider.sign({
      sub: 'dave-1',
      aud: AUDIENCE,
      email: 'dave@example.test',
      email_verified: true,
    });
    expect((await me(first)).status).toBe(200);
    const second = await provider.sign({ sub: 'dave-2', aud: AUDIENCE, email: 'dave@example.test' });
    const response = await me(second);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('An account with this email belongs to another identity');
  });
});

describe('invalid access tokens are refused with 401', () => {
  it('wrong issuer', async () => {
    const token = await provider.sign({ sub: 'mallory', aud: AUDIENCE, iss: 'https://evil.example.test' });
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Access token iss claim is not accepted');
  });

  it('wrong audience', async () => {
    const token = await provider.sign({ sub: 'mallory', aud: 'https://other-service.example.test' });
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Access token aud claim is not accepted');
  });

  it('expired', async () => {
    const token = await provider.sign(
      { sub: 'mallory', aud: AUDIENCE },
      { expiresIn: Math.floor(Date.now() / 1000) - 60 },
    );
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Access token has expired');
  });

  it('bad signature (signed by a key the provider does not publish, claiming its key id)', async () => {
    const token = await provider.sign({ sub: 'mallory', aud: AUDIENCE }, { key: provider.foreignKey });
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Access token signature is invalid');
  });

  it('unknown key id', async () => {
    const token = await provider.sign(
      { sub: 'mallory', aud: AUDIENCE },
      { key: provider.foreignKey, kid: 'key-unknown' },
    );
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Access token is signed with an unknown key');
  });

  it('not a JWT at all', async () => {
    const response = await me('definitely-not-a-jwt');
    expect(response.status).toBe(401);
  });

  it('creates no user for any refused token', async () => {
    expect(await database.db.user.count({ where: { sub: 'mallory' } })).toBe(0);
  });
});

describe('an access-token caller manages its own API tokens with its role permissions (token:manage)', () => {
  it('lets a requestor create, list and revoke a token; the token has no parent and no imposed expiry', async () => {
    const accessToken = await provider.sign({ sub: 'dora', aud: AUDIENCE, groups: ['everyone'] });
    const created = await api.request('POST', '/api/auth/tokens', {
      token: accessToken,
      body: { name: 'laptop', permissions: ['workflow:read'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(expect.objectContaining({ parentId: null, expiresAt: null }));

    const listed = await api.request('GET', '/api/auth/tokens', { token: accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((entry: { id: string }) => entry.id)).toEqual([created.body.id]);

    const revoked = await api.request('DELETE', `/api/auth/tokens/${created.body.id}`, { token: accessToken });
    expect(revoked.status).toBe(200);
    expect((await api.request('GET', '/api/auth/me', { token: created.body.token })).status).toBe(401);
  });
});

describe('only access tokens are bearer credentials: ID tokens and other JWTs of the provider are refused', () => {
  /** A real provider issuing RFC 9068 access tokens, and two instances of the service trusting it. */
  let realProvider: TestOidcProvider;
  let withoutAudience: TestApp;
  let withAudience: TestApp;
  const SERVICE_AUDIENCE = 'flowgate-api';

  beforeAll(async () => {
    withoutAudience = await startTestApp({
      db: database.db,
      env: async (baseUrl) => {
        realProvider = await startTestOidcProvider([baseUrl], { jwtAccessTokenAudience: SERVICE_AUDIENCE });
        realProvider.accounts.set('ida', {
          email: 'ida@example.test',
          emailVerified: true,
          groups: ['idp-admins'],
        });
        // The shipped configuration before an audience was set: the web client, no OIDC_AUDIENCE.
        return {
          PUBLIC_URL: baseUrl,
          OIDC_ISSUER: realProvider.issuer,
          OIDC_CLIENT_ID: ID_TOKEN_GROUPS_CLIENT.clientId,
          OIDC_CLIENT_SECRET: ID_TOKEN_GROUPS_CLIENT.clientSecret,
          OIDC_ROLE_ADMIN: 'idp-admins',
        };
      },
    });
    withAudience = await startTestApp({
      db: database.db,
      env: { ...apiEnvOf(withoutAudience), OIDC_AUDIENCE: SERVICE_AUDIENCE },
    });
  });

  afterAll(async () => {
    await withoutAudience?.close();
    await withAudience?.close();
    await realProvider?.close();
  });

  function apiEnvOf(app: TestApp): Record<string, string> {
    return {
      PUBLIC_URL: app.baseUrl,
      OIDC_ISSUER: realProvider.issuer,
      OIDC_CLIENT_ID: ID_TOKEN_GROUPS_CLIENT.clientId,
      OIDC_CLIENT_SECRET: ID_TOKEN_GROUPS_CLIENT.clientSecret,
    };
  }

  it("accepts the access token of the provider's token endpoint and refuses the ID token of the same response", async () => {
    const tokens = await realProvider.tokensFor('ida', withoutAudience.baseUrl);
    for (const app of [withoutAudience, withAudience]) {
      const accepted = await app.request('GET', '/api/auth/me', { token: tokens.access_token });
      expect(accepted.status).toBe(200);
      expect(accepted.body.via).toBe('oidc_token');

      const refused = await app.request('GET', '/api/auth/me', { token: tokens.id_token });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toMatch(/ID token|aud claim is not accepted/);
    }
    const refused = await withoutAudience.request('GET', '/api/auth/me', { token: tokens.id_token });
    expect(refused.body.message).toBe('Access token refused: this is an ID token; send the access token');
  });

  it('refuses Keycloak-shaped tokens by their typ claim, and accepts its access tokens (typ Bearer)', async () => {
    const keycloak = (claims: Record<string, unknown>) => provider.sign(claims, { typ: 'JWT' });
    const idToken = await keycloak({ sub: 'kc-user', aud: AUDIENCE, typ: 'ID', azp: 'flowgate-web' });
    const idResponse = await me(idToken);
    expect([idResponse.status, idResponse.body.message]).toEqual([
      401,
      'Access token refused: this is an ID token; send the access token',
    ]);
    const refreshToken = await keycloak({ sub: 'kc-user', aud: AUDIENCE, typ: 'Refresh' });
    expect((await me(refreshToken)).status).toBe(401);
    const logoutToken = await provider.sign({ sub: 'kc-user', aud: AUDIENCE }, { typ: 'logout+jwt' });
    expect((await me(logoutToken)).body.message).toMatch(/type logout\+jwt is not an access token/);
    const accessToken = await keycloak({ sub: 'kc-user', aud: AUDIENCE, typ: 'Bearer', azp: 'flowgate-web' });
    expect((await me(accessToken)).status).toBe(200);
  });

  it('takes a token that declares no kind only when OIDC_AUDIENCE names it and it bears no sign of an ID token', async () => {
    const unmarked = (claims: Record<string, unknown>) => provider.sign(claims, { typ: null });
    // OIDC_AUDIENCE is set for `api`: an Entra-ID-like access token passes.
    expect((await me(await unmarked({ sub: 'entra-user', aud: AUDIENCE }))).status).toBe(200);
    for (const claim of [{ nonce: 'n-1' }, { at_hash: 'x' }, { c_hash: 'y' }]) {
      const response = await me(await unmarked({ sub: 'entra-user', aud: AUDIENCE, ...claim }));
      expect([response.status, response.body.message]).toEqual([401, expect.stringMatching(/this is an ID token/)]);
    }
    // Without OIDC_AUDIENCE, nothing tells such a token from an ID token of any client of the provider.
    const unconfigured = await startTestApp({ db: database.db, env: { OIDC_ISSUER: provider.issuer } });
    try {
      const response = await unconfigured.request('GET', '/api/auth/me', {
        token: await unmarked({ sub: 'entra-user', aud: 'some-client' }),
      });
      expect([response.status, response.body.message]).toEqual([
        401,
        expect.stringMatching(/OIDC_AUDIENCE is not set/),
      ]);
    } finally {
      await unconfigured.close();
    }
  });
});
