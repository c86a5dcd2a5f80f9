import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export interface FakeIdentityProvider {
  issuer: string;
  /**
   * A signed access token; by default valid for an hour, signed with the published key, with the
   * header `typ` `at+jwt` of RFC 9068 (`typ: null` leaves it out, as some providers do).
   */
  sign(
    claims: JWTPayload,
    options?: { key?: CryptoKey; kid?: string; expiresIn?: string | number; typ?: string | null },
  ): Promise<string>;
  /** A key pair the provider does not publish, for forged signatures. */
  foreignKey: CryptoKey;
  close(): Promise<void>;
}

/**
 * A real OIDC discovery endpoint and key set on localhost, speaking the protocol the service
 * verifies against: /.well-known/openid-configuration and a JWKS document.
 */
export async function startFakeIdentityProvider(): Promise<FakeIdentityProvider> {
  const published = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };

  const server = http.createServer((request, response) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, authorization_endpoint: `${issuer}/auth` }));
    } else if (request.url === '/jwks') {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    foreignKey: foreign.privateKey,
    sign(claims, options = {}) {
      return new SignJWT({ iss: issuer, ...claims })
        .setProtectedHeader({
          alg: 'RS256',
          kid: options.kid ?? 'key-1',
          ...(options.typ === null ? {} : { typ: options.typ ?? 'at+jwt' }),
        })
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(options.key ?? published.privateKey);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
