import { describe, expect, it } from '@jest/globals';
import { REDACTED, redact } from '../../src/audit/redact.js';

describe('redaction removes credentials from audit metadata, whatever the nesting', () => {
  it('blanks values under sensitive keys at any depth, in arrays too', () => {
    const metadata = {
      name: 'deploy',
      password: 'hunter2',
      connector: {
        config: { apiKey: 'k-123', client_secret: 'cs', nested: [{ accessToken: 'a' }, { refresh_token: 'r' }] },
      },
      headers: { Authorization: 'whatever', Cookie: 'svc_sid=abc', 'Set-Cookie': 'x=y', 'x-trace': 'keep' },
      privateKey: '-----BEGIN KEY-----',
      samlAssertion: '<xml/>',
    };
    expect(redact(metadata)).toEqual({
      name: 'deploy',
      password: REDACTED,
      connector: {
        config: {
          apiKey: REDACTED,
          client_secret: REDACTED,
          nested: [{ accessToken: REDACTED }, { refresh_token: REDACTED }],
        },
      },
      headers: { Authorization: REDACTED, Cookie: REDACTED, 'Set-Cookie': REDACTED, 'x-trace': 'keep' },
      privateKey: REDACTED,
      samlAssertion: REDACTED,
    });
  });

  it('keeps descriptive fields that only name a credential', () => {
    const metadata = {
      via: 'api_token',
      tokenName: 'ci',
      tokenPrefix: 'fgt_0123456789ab',
      tokenId: 'id',
      secretCount: 2,
      changedSecretNames: ['bearerToken'],
    };
    expect(redact(metadata)).toEqual(metadata);
  });

  it('blanks credential-shaped values wherever they appear', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const apiToken = 'fgt_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    expect(
      redact({ note: 'Bearer abc.def', list: [jwt, 'plain'], deep: { value: apiToken, basic: 'Basic dXNlcjpwdw==' } }),
    ).toEqual({
      note: REDACTED,
      list: [REDACTED, 'plain'],
      deep: { value: REDACTED, basic: REDACTED },
    });
  });

  it('survives cycles and keeps non-string scalars', () => {
    const cyclic: Record<string, unknown> = { count: 3, ok: true, nothing: null };
    cyclic.self = cyclic;
    expect(redact(cyclic)).toEqual({ count: 3, ok: true, nothing: null, self: '[Circular]' });
  });
});
