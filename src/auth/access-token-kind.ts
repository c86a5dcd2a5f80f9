import type { JWTPayload, ProtectedHeaderParameters } from 'jose';
import type { OidcConfig } from '../config/index.js';

// RFC 9068 section 4: the media type of JWT access tokens, with or without its `application/` prefix.
const ACCESS_TOKEN_HEADER_TYPES = new Set(['at+jwt', 'application/at+jwt']);
// A header `typ` that says no more than "a JWT"; every other one names another kind of token
// (logout+jwt, secevent+jwt, dpop+jwt, ...).
const PLAIN_HEADER_TYPES = new Set(['jwt', 'application/jwt']);
// Claims only ID tokens carry (OpenID Connect Core 2, 3.1.3.6, 3.3.2.11; FAPI's s_hash).
const ID_TOKEN_CLAIMS = ['nonce', 'at_hash', 'c_hash', 's_hash'] as const;

/**
 * Why a verified JWT is not an access token for this service, or undefined when it is one.
 *
 * A token that declares its kind is taken at its word, since the provider signed that word: the
 * header `typ` `at+jwt` (RFC 9068) or Keycloak's claim `typ` `Bearer` make it an access token;
 * any other header `typ` than a plain `JWT`, or any other claim `typ` (Keycloak's `ID`,
 * `Refresh`, `Logout`), make it something else. A token that declares nothing (Microsoft Entra
 * ID, older Auth0) is taken only when OIDC_AUDIENCE names it as addressed to this service, and it
 * neither carries a claim only ID tokens carry nor names the web client OIDC_CLIENT_ID in `aud`,
 * which is where the ID tokens of the web sign-in are addressed.
 */
export function accessTokenRefusal(
  header: ProtectedHeaderParameters,
  claims: JWTPayload,
  oidc: Pick<OidcConfig, 'audience' | 'clientId'>,
): string | undefined {
  const headerType = typeof header.typ === 'string' ? header.typ.toLowerCase() : undefined;
  const claimType = claims.typ;
  if (headerType !== undefined && !ACCESS_TOKEN_HEADER_TYPES.has(headerType) && !PLAIN_HEADER_TYPES.has(headerType)) {
    return `Access token refused: a token of type ${header.typ} is not an access token`;
  }
  if (claimType !== undefined && claimType !== 'Bearer') {
    return claimType === 'ID'
      ? 'Access token refused: this is an ID token; send the access token'
      : `Access token refused: a token of type ${String(claimType)} is not an access token`;
  }
  if ((headerType !== undefined && ACCESS_TOKEN_HEADER_TYPES.has(headerType)) || claimType === 'Bearer') {
    return undefined;
  }
  const idTokenClaim = ID_TOKEN_CLAIMS.find((name) => claims[name] !== undefined);
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? []);
  if (idTokenClaim || (oidc.clientId !== undefined && audiences.includes(oidc.clientId))) {
    return 'Access token refused: this is an ID token; send the access token';
  }
  if (!oidc.audience) {
    return (
      'Access token refused: it does not say it is an access token (no typ at+jwt header, no typ Bearer claim), ' +
      'and OIDC_AUDIENCE is not set to tell it from other tokens of the provider'
    );
  }
  return undefined;
}
