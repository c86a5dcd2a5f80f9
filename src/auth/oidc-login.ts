import * as oidc from 'openid-client';
import type { OidcConfig } from '../config/index.js';
import { AppError } from '../errors/index.js';

/** What the login and the session keep from a token response. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken?: string;
  /** Keycloak's `refresh_expires_in`: seconds until the provider's idle timer ends. */
  refreshExpiresIn?: number;
  /** The ID token's claims, verified (signature, `iss`, `aud`, `exp`, `nonce`). */
  claims?: Record<string, unknown>;
}

export interface LoginChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Fresh `state`, `nonce` and PKCE verifier for one login. */
export function newLoginChecks(): LoginChecks {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

export interface OidcLoginClient {
  readonly redirectUri: string;
  /** The provider's authorization URL for one login (code flow, PKCE S256). */
  authorizationUrl(checks: LoginChecks): Promise<URL>;
  /** Exchanges the callback's code; checks `state`, `nonce`, PKCE and the ID token. */
  completeLogin(
    callbackQuery: string,
    checks: LoginChecks,
  ): Promise<ProviderTokens & { claims: Record<string, unknown> }>;
  /** The userinfo claims of the signed-in subject. */
  userInfo(accessToken: string, subject: string): Promise<Record<string, unknown>>;
  /** A refresh-token grant: resets the provider's idle timer. */
  refresh(refreshToken: string): Promise<ProviderTokens>;
  /**
   * The provider's RP-initiated logout URL, when it offers one. It names the client
   * (`client_id`), never the ID token (`id_token_hint`): the browser keeps the URL in its history
   * and the provider in its access log, where an ID token would stay a credential until it expires.
   */
  endSessionUrl(postLogoutRedirectUri: string): Promise<string | undefined>;
}

/**
 * The web login's OIDC client (openid-client): discovery on first use, retried on the next call
 * when it failed, and a time limit on every provider call. Failures of the provider itself
 * (unreachable, timed out, 5xx) are 503; refusals (bad code, wrong issuer, audience or nonce,
 * revoked refresh token) are 401 with the provider's reason.
 */
export function createOidcLoginClient(
  config: Pick<OidcConfig, 'issuer' | 'clientId' | 'clientSecret' | 'scope' | 'timeoutMs'> & { clientId: string },
  publicUrl: string,
): OidcLoginClient {
  const redirectUri = `${publicUrl.replace(/\/$/, '')}/api/auth/callback`;
  const timeoutSeconds = Math.max(1, Math.ceil(config.timeoutMs / 1000));
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret,
        config.clientSecret ? undefined : oidc.None(),
        {
          // Plain http is only for local providers (development, tests); production issuers are https.
          execute: config.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
          timeout: timeoutSeconds,
        },
      )
      .then((found) => {
        found.timeout = timeoutSeconds;
        return found;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw unavailable('discovery', error);
      });
    return discovered;
  }

  async function call<T>(what: string, operation: (found: oidc.Configuration) => Promise<T>): Promise<T> {
    const found = await configuration();
    try {
      return await operation(found);
    } catch (error) {
      throw providerFailure(error, what);
    }
  }

  return {
    redirectUri,
    async authorizationUrl(checks) {
      const found = await configuration();
      return oidc.buildAuthorizationUrl(found, {
        redirect_uri: redirectUri,
        scope: config.scope,
        response_type: 'code',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    completeLogin(callbackQuery, checks) {
      return call('sign-in', async (found) => {
        const currentUrl = new URL(redirectUri);
        currentUrl.search = callbackQuery;
        const response = await oidc.authorizationCodeGrant(found, currentUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        return { ...tokensOf(response), claims: { ...response.claims()! } };
      });
    },
    userInfo(accessToken, subject) {
      return call('userinfo', async (found) => ({ ...(await oidc.fetchUserInfo(found, accessToken, subject)) }));
    },
    refresh(refreshToken) {
      return call('session refresh', async (found) => tokensOf(await oidc.refreshTokenGrant(found, refreshToken)));
    },
    async endSessionUrl(postLogoutRedirectUri) {
      const found = await configuration();
      if (!found.serverMetadata().end_session_endpoint) return undefined;
      return oidc.buildEndSessionUrl(found, {
        client_id: config.clientId,
        post_logout_redirect_uri: postLogoutRedirectUri,
      }).href;
    },
  };
}

function tokensOf(response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): ProviderTokens {
  const refreshExpiresIn = response.refresh_expires_in;
  const claims = response.claims();
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    refreshExpiresIn: typeof refreshExpiresIn === 'number' && refreshExpiresIn > 0 ? refreshExpiresIn : undefined,
    claims: claims ? { ...claims } : undefined,
  };
}

// The provider did not answer in time, or answered with something that is not the protocol at
// all (an error page, a proxy's HTML): it is down or broken, not refusing.
const PROVIDER_MALFUNCTION = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_ABORT',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
]);

/** Whether the provider refused (401) or could not answer (503), with a message that says which. */
function providerFailure(error: unknown, what: string): AppError {
  // Switch on the error's name, not instanceof: jest runs modules in separate realms.
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'ResponseBodyError') {
    const { status, error: code, error_description: description } = error as oidc.ResponseBodyError;
    if (status >= 500) return unavailable(what, error);
    return refused(what, description ? `${code}: ${description}` : code, error);
  }
  if (name === 'AuthorizationResponseError') {
    const { error: code, error_description: description } = error as oidc.AuthorizationResponseError;
    return refused(what, description ? `${code}: ${description}` : code, error);
  }
  const code = (error as oidc.ClientError).code;
  if (name === 'ClientError' && code !== undefined && !PROVIDER_MALFUNCTION.has(code)) {
    const { message, cause } = error as Error;
    const detail = cause instanceof Error && cause.message !== message ? ` (${cause.message})` : '';
    return new AppError('unauthenticated', `The ${what} response was not accepted: ${message}${detail}`, {
      cause: error,
    });
  }
  return unavailable(what, error);
}

function refused(what: string, reason: string, error: unknown): AppError {
  return new AppError('unauthenticated', `The identity provider refused the ${what} (${reason})`, { cause: error });
}

function unavailable(what: string, error: unknown): AppError {
  return new AppError(
    'service_unavailable',
    `The identity provider cannot be reached or did not answer in time (${what}); try again later`,
    { cause: error },
  );
}
