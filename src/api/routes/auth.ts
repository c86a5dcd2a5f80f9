import { z } from 'zod';
import { createOidcLoginClient, type OidcLoginClient } from '../../auth/oidc-login.js';
import type { Config, OidcConfig } from '../../config/index.js';
import { parseSecretKey } from '../../connectors/secret-box.js';
import type { Database } from '../../db/client.js';
import { AppError, isAppError } from '../../errors/index.js';
import {
  findLiveSession,
  LOGIN_ATTEMPT_LIFETIME_SECONDS,
  secondsBetween,
  SESSION_LIFETIME_SECONDS,
  sessionInfo,
  type SessionInfo,
} from '../../services/sessions.js';
import { redeemSignInLink } from '../../services/sign-in-links.js';
import { completeLogin, extendWebSession, logout, startLogin } from '../../services/web-login.js';
import { loadUser } from '../../services/users/user-record.js';
import { callerOf } from '../audit-context.js';
import type { AppContext } from '../context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';
import {
  clearLoginCookie,
  clearSessionCookie,
  isCrossSiteWrite,
  LOGIN_COOKIE,
  sessionCookieOf,
  setLoginCookie,
  setSessionCookie,
} from '../session-cookie.js';

const authConfigSchema = z
  .object({
    oidcEnabled: z.boolean().describe('False in development mode: API tokens only'),
    issuer: z.string().nullable(),
    clientId: z.string().nullable(),
    scope: z.string().nullable(),
    loginEnabled: z.boolean().describe('True when OIDC_CLIENT_ID is set: GET /api/auth/login signs people in'),
  })
  .meta({ id: 'AuthConfig' });

const sessionInfoSchema = z
  .object({
    maxSessionLifetime: z.number().int().describe('Absolute session ceiling, seconds'),
    maxIdleSessionLifetime: z.number().int().describe('Idle ceiling, seconds'),
    remainingSessionLifetime: z.number().int(),
    remainingIdleLifetime: z.number().int(),
    flohSessionTtl: z.number().int().describe('Remaining time of the service-side session, seconds'),
  })
  .meta({ id: 'SessionInfo' });

const logoutSchema = z
  .object({
    endSessionUrl: z
      .string()
      .nullable()
      .describe("The provider's RP-initiated logout URL to send the browser to, when it offers one"),
  })
  .meta({ id: 'Logout' });

/** Where session cookies live: the site of PUBLIC_URL. */
export interface SessionSite {
  publicUrl: string;
  publicOrigin: string;
  /** `Secure` cookies when PUBLIC_URL is https. */
  secure: boolean;
}

/** The web sign-in's wiring: present when OIDC_ISSUER and OIDC_CLIENT_ID are set. */
export interface WebLogin extends SessionSite {
  client: OidcLoginClient;
  oidc: OidcConfig;
  /** CONNECTOR_SECRET_KEY; without it refresh tokens are not kept and extend cannot reach the provider. */
  secretKey?: Buffer;
}

function siteOf(config: Readonly<Config>): SessionSite {
  const publicUrl = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  return { publicUrl, publicOrigin: new URL(publicUrl).origin, secure: publicUrl.startsWith('https:') };
}

/** The web sign-in of `config`, or undefined in development mode or without OIDC_CLIENT_ID. */
export function webLoginOf(config: Readonly<Config>, client?: OidcLoginClient): WebLogin | undefined {
  const { oidc } = config;
  if (!oidc?.clientId) return undefined;
  const site = siteOf(config);
  return {
    ...site,
    client: client ?? createOidcLoginClient({ ...oidc, clientId: oidc.clientId }, site.publicUrl),
    oidc,
    secretKey: config.connectors.secretKey ? parseSecretKey(config.connectors.secretKey) : undefined,
  };
}

/**
 * Where browser sessions exist: with the web sign-in, and in development mode (no OIDC at all),
 * whose one-time sign-in links create sessions too. An issuer without a client id accepts
 * provider access tokens only: no sessions there.
 */
export function sessionSiteOf(config: Readonly<Config>, webLogin: WebLogin | undefined): SessionSite | undefined {
  if (webLogin) return webLogin;
  return config.oidc ? undefined : siteOf(config);
}

function requireSessionSite(site: SessionSite | undefined): SessionSite {
  if (!site) {
    throw new AppError(
      'not_found',
      'Web sign-in is not configured: set OIDC_CLIENT_ID (this instance accepts bearer tokens only)',
    );
  }
  return site;
}

function requireWebLogin(webLogin: WebLogin | undefined): WebLogin {
  if (!webLogin) {
    throw new AppError(
      'not_found',
      'Web sign-in is not configured: set OIDC_ISSUER and OIDC_CLIENT_ID (development mode accepts API tokens only)',
    );
  }
  return webLogin;
}

/** The caller's web session (spec 2.12); session monitoring is off in development mode and for bearer tokens. */
function requireSession(ctx: AppContext, webLogin: WebLogin | undefined) {
  if (!webLogin) {
    throw new AppError(
      'not_found',
      'Session monitoring is off: no identity provider is configured (development mode), so there are no sessions',
    );
  }
  const { session } = ctx.state;
  if (!session) {
    throw new AppError(
      'not_found',
      `No session: this request authenticated with a bearer token (${callerOf(ctx).via}); only browser sign-ins have sessions`,
    );
  }
  return { session, webLogin };
}

const signInLinkQuery = z.object({
  token: z.string().min(1).max(200).describe('The one-time token of the link'),
});

const returnToQuery = z.object({
  returnTo: z.string().max(2000).optional().describe('A path on this site to land on after sign-in (default /)'),
});

const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

const meSchema = z
  .object({
    id: z.uuid(),
    email: z.string().nullable(),
    displayName: z.string().nullable(),
    roles: z.array(z.string()),
    permissions: z.array(z.string()),
    via: z.enum(['api_token', 'oidc_token', 'session']),
    apiToken: z.object({ id: z.uuid(), name: z.string(), prefix: z.string() }).optional(),
  })
  .meta({ id: 'Me' });

export function authRoutes(
  deps: ResourceRouterDependencies,
  db: Database,
  config: Readonly<Config>,
  webLogin: WebLogin | undefined,
): ResourceRouter {
  const sessionSite = sessionSiteOf(config, webLogin);
  return new ResourceRouter('/api/auth', 'Authentication', deps)
    .add({
      method: 'get',
      path: '/config',
      operationId: 'getAuthConfig',
      summary: 'Whether OIDC login is enabled, and how',
      access: 'public',
      responses: { 200: { description: 'Login configuration', schema: authConfigSchema } },
      handler(ctx) {
        ctx.body = {
          oidcEnabled: config.oidc !== undefined,
          issuer: config.oidc?.issuer ?? null,
          clientId: config.oidc?.clientId ?? null,
          scope: config.oidc?.scope ?? null,
          loginEnabled: webLogin !== undefined,
        };
      },
    })
    .add({
      method: 'get',
      path: '/me',
      operationId: 'getCurrentUser',
      summary: 'The caller, with effective permissions',
      access: 'authenticated',
      responses: { 200: { description: 'The current user', schema: meSchema } },
      async handler(ctx) {
        const principal = callerOf(ctx);
        const user = await loadUser(db, principal.userId, { includeDeleted: true });
        ctx.body = {
          id: user.id,
          email: user.email,
          displayName: user.displayName,
          roles: user.roles,
          permissions: [...principal.permissions].sort(),
          via: principal.via,
          apiToken: principal.apiToken,
        };
      },
    })
    .add({
      method: 'get',
      path: '/login',
      operationId: 'login',
      summary: 'Sign in: redirects the browser to the identity provider (authorization code with PKCE)',
      access: 'public',
      query: returnToQuery,
      responses: {
        302: { description: "To the provider's authorization endpoint" },
        400: { description: 'returnTo is not a path on this site' },
        404: { description: 'Web sign-in is not configured (development mode)' },
        503: { description: 'The identity provider cannot be reached' },
      },
      async handler(ctx, { query }) {
        const login = requireWebLogin(webLogin);
        const { url, state } = await startLogin({ db, client: login.client }, query.returnTo);
        setLoginCookie(ctx, state, LOGIN_ATTEMPT_LIFETIME_SECONDS, login);
        ctx.redirect(url);
      },
    })
    .add({
      method: 'get',
      path: '/callback',
      operationId: 'authCallback',
      summary: 'Completes sign-in: checks the answer, creates the session, sets the svc_sid cookie',
      description:
        'Checks state (single use, bound to the browser), nonce, PKCE and the ID token (signature, issuer, ' +
        'audience, expiry), then redirects to the returnTo given at login.',
      access: 'public',
      query: callbackQuery,
      responses: {
        302: { description: 'Signed in: to the returnTo path, with the svc_sid cookie' },
        400: { description: 'Malformed callback query' },
        401: { description: 'Sign-in failed: bad, replayed or foreign state; refused code; ID token not accepted' },
        404: { description: 'Web sign-in is not configured (development mode)' },
        503: { description: 'The identity provider cannot be reached or did not answer in time' },
      },
      async handler(ctx, { query }) {
        const login = requireWebLogin(webLogin);
        clearLoginCookie(ctx, login);
        const result = await completeLogin(
          { db, client: login.client, oidc: login.oidc, secretKey: login.secretKey, requestId: ctx.state.requestId },
          {
            state: query.state,
            query: ctx.querystring,
            browserState: ctx.cookies.get(LOGIN_COOKIE),
            previousCookie: sessionCookieOf(ctx),
          },
        );
        setSessionCookie(ctx, result.cookieValue, secondsBetween(new Date(), result.session.expiresAt), login);
        ctx.redirect(result.returnTo);
      },
    })
    .add({
      method: 'post',
      path: '/logout',
      operationId: 'logout',
      summary: "Ends the session and clears the cookie; answers the provider's logout URL when it has one",
      access: 'public',
      responses: {
        200: { description: 'Signed out (also when the session had already ended)', schema: logoutSchema },
        403: { description: 'Cross-site request (Origin is not this site)' },
        404: { description: 'No browser sessions: an issuer without OIDC_CLIENT_ID accepts bearer tokens only' },
      },
      async handler(ctx) {
        const site = requireSessionSite(sessionSite);
        const cookieValue = sessionCookieOf(ctx);
        if (cookieValue && isCrossSiteWrite(ctx, site.publicOrigin)) {
          throw new AppError('forbidden', `Cross-site request refused: sign out from ${site.publicOrigin}`);
        }
        const session = cookieValue ? await findLiveSession(db, cookieValue) : undefined;
        clearSessionCookie(ctx, site);
        ctx.body = await logout(
          { db, client: webLogin?.client, requestId: ctx.state.requestId },
          session,
          `${site.publicUrl}/`,
        );
      },
    })
    .add({
      method: 'get',
      path: '/sign-in-link',
      operationId: 'redeemSignInLink',
      summary: 'Development mode only: signs in with a one-time link printed by npm start or the admin CLI',
      description:
        'The link (single use, 15 minutes) creates a normal session of its user and redirects to the console. ' +
        'Only in development mode, where no identity provider is configured (docs/authentication.md).',
      access: 'public',
      query: signInLinkQuery,
      responses: {
        302: { description: 'Signed in: to the console (/), with the svc_sid cookie' },
        400: { description: 'No token in the link' },
        401: { description: 'The link is unknown, used, expired, or its user is inactive' },
        404: { description: 'An identity provider is configured: sign in through it' },
        429: { description: 'Too many failed attempts from this address; Retry-After says when to try again' },
      },
      async handler(ctx, { query }) {
        if (config.oidc || !sessionSite) {
          throw new AppError(
            'not_found',
            'Sign-in links exist only in development mode; this instance signs people in through its identity provider',
          );
        }
        ctx.set('referrer-policy', 'no-referrer');
        const { cookieValue } = await redeemSignInLink(db, {
          token: query.token,
          clientAddress: ctx.ip,
          previousCookie: sessionCookieOf(ctx),
          requestId: ctx.state.requestId,
        });
        setSessionCookie(ctx, cookieValue, SESSION_LIFETIME_SECONDS, sessionSite);
        ctx.redirect('/');
      },
    })
    .add({
      method: 'get',
      path: '/session',
      operationId: 'getSession',
      summary: "The session's lifetimes (spec 2.12): the provider's where it tells them, else the local TTL",
      access: 'authenticated',
      responses: {
        200: { description: 'Session info, in seconds', schema: sessionInfoSchema },
        401: { description: 'The session has expired or is unknown' },
        404: { description: 'Session monitoring is off (development mode), or the caller used a bearer token' },
      },
      handler(ctx) {
        const { session, webLogin: login } = requireSession(ctx, webLogin);
        ctx.body = sessionInfo(session, login.oidc);
      },
    })
    .add({
      method: 'post',
      path: '/session/extend',
      operationId: 'extendSession',
      summary: 'Resets the local TTL to 24 hours, refreshes the cookie, keeps the provider session alive',
      access: 'authenticated',
      responses: {
        200: { description: 'The updated session info', schema: sessionInfoSchema },
        401: { description: 'The session has expired, or the provider ended it (revoked refresh token)' },
        403: { description: 'Cross-site request (Origin is not this site)' },
        404: { description: 'Session monitoring is off (development mode), or the caller used a bearer token' },
        503: { description: 'The identity provider cannot be reached; the session is unchanged' },
      },
      async handler(ctx) {
        const { session, webLogin: login } = requireSession(ctx, webLogin);
        const context = { db, client: login.client, oidc: login.oidc, secretKey: login.secretKey };
        let info: SessionInfo;
        try {
          info = await extendWebSession({ ...context, requestId: ctx.state.requestId }, session.id);
        } catch (error) {
          if (isAppError(error) && error.code === 'unauthenticated') clearSessionCookie(ctx, login);
          throw error;
        }
        ctx.body = info;
        setSessionCookie(ctx, sessionCookieOf(ctx)!, info.flohSessionTtl, login);
      },
    });
}
