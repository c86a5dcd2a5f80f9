import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { TestBrowser } from './browser.js';

/** The web client that finds `groups` in the ID token (confidential: client secret). */
export const ID_TOKEN_GROUPS_CLIENT = { clientId: 'flowgate-web', clientSecret: 'flowgate-web-secret' };
/** The web client that finds `groups` only in userinfo (public: PKCE alone). */
export const USERINFO_GROUPS_CLIENT = { clientId: 'flowgate-web-public' };
/** The default idle lifetime of refresh tokens, announced Keycloak-style as `refresh_expires_in`. */
export const REFRESH_IDLE_SECONDS = 120;

export interface TestOidcProviderOptions {
  /** The refresh tokens' idle lifetime (default REFRESH_IDLE_SECONDS). */
  refreshIdleSeconds?: number;
  /**
   * Issue JWT access tokens (RFC 9068, header `typ` `at+jwt`) addressed to this audience, as
   * Keycloak does, instead of opaque ones. Userinfo then refuses them: accounts need their
   * email and groups in the ID token.
   */
  jwtAccessTokenAudience?: string;
}

export interface TestAccount {
  email?: string;
  /** The `email_verified` claim; left out when not set, as some providers do. */
  emailVerified?: boolean;
  /** Send `email_verified` in userinfo only, not in the ID token. */
  emailVerifiedInUserInfoOnly?: boolean;
  name?: string;
  groups?: string[];
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** Accounts the login form accepts, by `sub`. */
  accounts: Map<string, TestAccount>;
  /** Re-signs the next ID token of the token endpoint with these claims changed (a provider gone wrong). */
  tamperNextIdToken(claims: JWTPayload): void;
  /** While set, the provider accepts connections but never answers (a hung provider). */
  setStalled(stalled: boolean): void;
  /** Revokes a refresh token through the provider's revocation endpoint, as an administrator would. */
  revokeRefreshToken(refreshToken: string): Promise<void>;
  /**
   * Signs `login` in at the provider and answers its token endpoint's response (access, ID and
   * refresh token) for the confidential client, as an application of the realm would get it.
   */
  tokensFor(login: string, redirectBaseUrl: string): Promise<TokenResponse>;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (the certified `oidc-provider` package) on localhost with real signing
 * keys: code flow with PKCE, refresh tokens with a short idle lifetime, userinfo, RP-initiated
 * logout. Its login page is a one-field form (`login=<sub>`) that signs in and consents at once.
 * `appUrl` is the Flowgate instance whose callback the two clients register.
 */
export async function startTestOidcProvider(
  appUrls: string[],
  options: TestOidcProviderOptions = {},
): Promise<TestOidcProvider> {
  const refreshIdleSeconds = options.refreshIdleSeconds ?? REFRESH_IDLE_SECONDS;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestAccount>();
  let tamper: JWTPayload | undefined;
  let stalled = false;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const registration = {
    redirect_uris: appUrls.map((url) => `${url}/api/auth/callback`),
    post_logout_redirect_uris: appUrls.map((url) => `${url}/`),
    grant_types: ['authorization_code', 'refresh_token'],
    require_auth_time: true,
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: ID_TOKEN_GROUPS_CLIENT.clientId,
        client_secret: ID_TOKEN_GROUPS_CLIENT.clientSecret,
        ...registration,
      },
      { client_id: USERINFO_GROUPS_CLIENT.clientId, token_endpoint_auth_method: 'none', ...registration },
    ],
    jwks: { keys: [signingKey] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
    // Scope claims go into the ID token too, so one client can get `groups` there.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
      revocation: { enabled: true },
      ...(options.jwtAccessTokenAudience
        ? { resourceIndicators: jwtResourceServer(options.jwtAccessTokenAudience) }
        : {}),
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      RefreshToken: refreshIdleSeconds,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    findAccount: (ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims(use: string) {
          const groupsInIdToken = ctx.oidc.client?.clientId === ID_TOKEN_GROUPS_CLIENT.clientId;
          const withGroups = use === 'userinfo' || groupsInIdToken;
          return {
            sub,
            email: account.email,
            ...(account.emailVerified === undefined || (account.emailVerifiedInUserInfoOnly && use !== 'userinfo')
              ? {}
              : { email_verified: account.emailVerified }),
            name: account.name,
            ...(withGroups && account.groups ? { groups: account.groups } : {}),
          };
        },
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });

  provider.use(async (ctx, next) => {
    if (ctx.path.startsWith('/interaction/')) {
      if (ctx.method === 'GET') {
        ctx.type = 'html';
        ctx.body = `<form method="post"><input name="login"><button>Sign in</button></form>`;
        return;
      }
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      const login = new URLSearchParams(await readBody(ctx.req)).get('login') ?? '';
      if (!accounts.has(login)) {
        ctx.status = 400;
        ctx.body = 'unknown account';
        return;
      }
      const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      const result = { login: { accountId: login }, consent: { grantId } };
      ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }));
      return;
    }
    await next();
    if (ctx.path !== '/token' || ctx.status !== 200) return;
    const body = ctx.body as Record<string, unknown>;
    // Keycloak announces the refresh token's idle lifetime; so does this provider, for spec 2.12.
    if (body.refresh_token) body.refresh_expires_in = refreshIdleSeconds;
    if (tamper && typeof body.id_token === 'string') {
      const claims = { ...decodeJwt(body.id_token), ...tamper };
      tamper = undefined;
      body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(privateKey);
    }
  });

  const callback = provider.callback();
  server.on('request', (request, response) => {
    if (!stalled) callback(request, response);
  });

  return {
    issuer,
    accounts,
    tamperNextIdToken(claims) {
      tamper = claims;
    },
    setStalled(value) {
      stalled = value;
    },
    async revokeRefreshToken(refreshToken) {
      const response = await fetch(`${issuer}/token/revocation`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${ID_TOKEN_GROUPS_CLIENT.clientId}:${ID_TOKEN_GROUPS_CLIENT.clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token' }),
      });
      if (!response.ok) throw new Error(`revocation answered ${response.status}`);
    },
    async tokensFor(login, redirectBaseUrl) {
      const redirectUri = `${redirectBaseUrl}/api/auth/callback`;
      const verifier = randomBytes(32).toString('base64url');
      const authorization = new URL(`${issuer}/auth`);
      authorization.search = new URLSearchParams({
        client_id: ID_TOKEN_GROUPS_CLIENT.clientId,
        response_type: 'code',
        scope: 'openid email profile groups',
        redirect_uri: redirectUri,
        nonce: randomBytes(16).toString('base64url'),
        state: randomBytes(16).toString('base64url'),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }).toString();
      const browser = new TestBrowser();
      const form = await browser.navigate(authorization.href);
      if (form.status !== 200 || !form.url.startsWith(issuer)) {
        throw new Error(
          `the provider showed no login form: ${browser.hops.map((hop) => `${hop.status} ${hop.url}`).join(' -> ')}`,
        );
      }
      let response = await browser.request(form.url, { form: { login } });
      let location = response.headers.get('location');
      while (location && !location.startsWith(redirectUri)) {
        response = await browser.request(new URL(location, response.url).href);
        location = response.headers.get('location');
      }
      const code = location && new URL(location).searchParams.get('code');
      if (!code) throw new Error(`the provider gave no code for ${login} (${response.status} ${response.text})`);
      const tokens = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${ID_TOKEN_GROUPS_CLIENT.clientId}:${ID_TOKEN_GROUPS_CLIENT.clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        }),
      });
      if (!tokens.ok) throw new Error(`the token endpoint answered ${tokens.status}: ${await tokens.text()}`);
      return (await tokens.json()) as TokenResponse;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** One resource server whose access tokens are JWTs (RFC 9068), the default resource of every request. */
function jwtResourceServer(audience: string) {
  return {
    enabled: true,
    // A resource indicator must be an absolute URI; the tokens' `aud` may be any string.
    defaultResource: () => 'urn:flowgate:api',
    useGrantedResource: () => true,
    getResourceServerInfo: () => ({ scope: 'api', audience, accessTokenFormat: 'jwt' as const }),
  };
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}
