import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { OidcConfig } from '../config/index.js';
import { AppError } from '../errors/index.js';
import { accessTokenRefusal } from './access-token-kind.js';

const discoveryDocumentSchema = z.object({ issuer: z.string(), jwks_uri: z.url() });

export interface AccessTokenVerifier {
  /** The verified claims, or an `unauthenticated` error saying why the token was refused. */
  verify(token: string): Promise<JWTPayload & { iss: string; sub: string }>;
}

/**
 * Verifies identity-provider access tokens (spec 5, item 2): signature against the key set
 * published in the issuer's discovery document, `iss`, `aud` when configured, `exp`, and that the
 * token is an access token, not an ID token or another JWT of the provider (access-token-kind.ts).
 * Discovery happens on first use and is retried on later calls if it failed.
 */
export function createAccessTokenVerifier(
  oidc: Pick<OidcConfig, 'issuer' | 'audience' | 'clientId'>,
  fetchImpl: typeof fetch = fetch,
): AccessTokenVerifier {
  let keySet: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  async function discoverKeySet(): Promise<ReturnType<typeof createRemoteJWKSet>> {
    const url = `${oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`OIDC discovery at ${url} answered ${response.status}`);
    const document = discoveryDocumentSchema.parse(await response.json());
    if (document.issuer !== oidc.issuer) {
      throw new Error(`OIDC discovery issuer ${document.issuer} does not match OIDC_ISSUER ${oidc.issuer}`);
    }
    return createRemoteJWKSet(new URL(document.jwks_uri));
  }

  return {
    async verify(token) {
      keySet ??= discoverKeySet().catch((error: unknown) => {
        keySet = undefined;
        throw new AppError('service_unavailable', 'The identity provider cannot be reached', { cause: error });
      });
      const jwks = await keySet;
      let verified: Awaited<ReturnType<typeof jwtVerify>>;
      try {
        verified = await jwtVerify(token, jwks, {
          issuer: oidc.issuer,
          audience: oidc.audience,
          requiredClaims: ['sub', 'exp'],
        });
      } catch (error) {
        throw new AppError('unauthenticated', describeRejection(error), { cause: error });
      }
      const refusal = accessTokenRefusal(verified.protectedHeader, verified.payload, oidc);
      if (refusal) throw new AppError('unauthenticated', refusal);
      return verified.payload as JWTPayload & { iss: string; sub: string };
    },
  };
}

function describeRejection(error: unknown): string {
  const { code, claim } = error as { code?: string; claim?: string };
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return 'Access token has expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return `Access token ${claim ?? ''} claim is not accepted`.replace('  ', ' ');
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return 'Access token is signed with an unknown key';
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'Access token signature is invalid';
    default:
      return 'Access token is invalid';
  }
}
