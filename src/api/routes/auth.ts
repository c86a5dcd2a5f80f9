import { z } from 'zod';
import { permissionName } from '../../domain/api-tokens.js';
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
import { redeemSignInLink, signInLinkRefusalOf } from '../../services/sign-in-links.js';
import { completeLogin, extendLocalSession, extendWebSession, logout, startLogin } from '../../services/web-login.js';
import { loadUser } from '../../services/users/user-record.js';
import { principalOf } from '../audit-context.js';
import type { AppContext } from '../context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';
import { renderSignInFailure } from '../sign-in-failure-page.js';
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
    // The spec's name for the field (2.12), which clients of the spec read (docs/authentication.md).
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

/**
 * The caller's web session (spec 2.12): with the web sign-in, and in development mode (sign-in
 * links), whose sessions answer with their local figures. Bearer-token callers have none.
 */
function requireSession(ctx: AppContext, sessionSite: SessionSite | undefined) {
  if (!sessionSite) {
    throw new AppError(
      'not_found',
      'Session monitoring is off: this instance accepts bearer tokens only (OIDC_ISSUER without OIDC_CLIENT_ID), so there are no sessions',
    );
  }
  const { session } = ctx.state;
  if (!session) {
    throw new AppError(
      'not_found',
      `No session: this request authenticated with a bearer token (${principalOf(ctx).via}); only browser sign-ins have sessions`,
    );
  }
  return { session, site: sessionSite };
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
    permissions: z.array(permissionName),
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

  /** Whether the request's cookie names a session that would authenticate it. */
  async function holdsLiveSession(ctx: AppContext): Promise<boolean> {
    const cookieValue = sessionCookieOf(ctx);
    const session = cookieValue ? await findLiveSession(db, cookieValue) : undefined;
    if (!session || !session.user.active || session.user.deletedAt) return false;
    return !session.providerIdleExpiresAt || session.providerIdleExpiresAt > new Date();
  }

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
        const principal = principalOf(ctx);
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
        302: {
          description:
            'Signed in: to the returnTo path, with the svc_sid cookie. Also to / when the callback fails in a ' +
            'browser whose session is still live (Back after signing in)',
        },
        400: { description: 'Malformed callback query' },
        401: {
          description:
            'Sign-in failed: bad, replayed or foreign state; refused code; ID token not accepted. ' +
            'A browser (Accept: text/html before JSON) gets a page with a "Sign in again" link, programs the JSON error',
        },
        404: { description: 'Web sign-in is not configured (development mode)' },
        503: { description: 'The identity provider cannot be reached or did not answer in time' },
      },
      async handler(ctx, { query }) {
        const login = requireWebLogin(webLogin);
        clearLoginCookie(ctx, login);
        let result: Awaited<ReturnType<typeof completeLogin>>;
        try {
          result = await completeLogin(
            { db, client: login.client, oidc: login.oidc, secretKey: login.secretKey, requestId: ctx.state.requestId },
            {
              state: query.state,
              query: ctx.querystring,
              browserState: ctx.cookies.get(LOGIN_COOKIE),
              previousCookie: sessionCookieOf(ctx),
            },
          );
        } catch (error) {
          if (!isAppError(error)) throw error;
          // Back right after signing in, or a second tab, replays a spent callback: the browser's
          // session is fine, so it goes on to the console instead of seeing a sign-in error.
          if (await holdsLiveSession(ctx)) return ctx.redirect('/');
          if (ctx.accepts('json', 'html') === 'html') return renderSignInFailure(ctx, error);
          throw error;
        }
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
        303: {
          description:
            'Not signed in, asked by a browser (Accept: text/html): to the console (/?signInLink=<unknown, used, expired, inactive or throttled>), which says what happened and how to get a new link',
        },
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
        let cookieValue: string;
        try {
          ({ cookieValue } = await redeemSignInLink(db, {
            token: query.token,
            clientAddress: ctx.ip,
            previousCookie: sessionCookieOf(ctx),
            requestId: ctx.state.requestId,
          }));
        } catch (error) {
          // A person who opened the link sees the console say what happened, not an error body.
          const refusal = signInLinkRefusalOf(error);
          if (refusal === undefined || ctx.accepts('json', 'html') !== 'html') throw error;
          ctx.status = 303;
          ctx.redirect(`/?signInLink=${refusal}`);
          return;
        }
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
        404: {
          description: 'The caller used a bearer token, or this instance has no sessions (issuer without client id)',
        },
      },
      handler(ctx) {
        const { session } = requireSession(ctx, sessionSite);
        // Without a provider (development mode) every value is the local TTL's.
        ctx.body = sessionInfo(session, webLogin?.oidc ?? {});
      },
    })
    .add({
      method: 'post',
      path: '/session/extend',
      operationId: 'extendSession',
      summary: 'Resets the local TTL to 24 hours, refreshes the cookie, keeps the provider session alive (if any)',
      access: 'authenticated',
      responses: {
        200: { description: 'The updated session info', schema: sessionInfoSchema },
        401: { description: 'The session has expired, or the provider ended it (revoked refresh token)' },
        403: { description: 'Cross-site request (Origin is not this site)' },
        404: {
          description: 'The caller used a bearer token, or this instance has no sessions (issuer without client id)',
        },
        503: { description: 'The identity provider cannot be reached; the session is unchanged' },
      },
      async handler(ctx) {
        const { session, site } = requireSession(ctx, sessionSite);
        const { requestId } = ctx.state;
        let info: SessionInfo;
        try {
          info = webLogin
            ? await extendWebSession(
                { db, client: webLogin.client, oidc: webLogin.oidc, secretKey: webLogin.secretKey, requestId },
                session.id,
              )
            : await extendLocalSession({ db, requestId }, session.id);
        } catch (error) {
          if (isAppError(error) && error.code === 'unauthenticated') clearSessionCookie(ctx, site);
          throw error;
        }
        ctx.body = info;
        setSessionCookie(ctx, sessionCookieOf(ctx)!, info.flohSessionTtl, site);
      },
    });
}
