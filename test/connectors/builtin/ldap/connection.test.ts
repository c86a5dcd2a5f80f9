import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../../../../scripts/local/free-port.js';
import type { RunningSlapd } from '../../../../scripts/local/slapd.js';
import type { LdapHandler } from '../../../../src/connectors/builtin/ldap/index.js';
import { isAllowListed, parseAllowedNetworks } from '../../../../src/connectors/builtin/network-guard.js';
import { callLdap, ldapHandler, startDirectory } from '../../../support/ldap-connector.js';

let slapd: RunningSlapd;
let connection: Record<string, unknown>;
let handler: LdapHandler;

beforeAll(async () => {
  ({ slapd, connection } = await startDirectory());
  handler = ldapHandler();
});

afterAll(async () => {
  await handler.close();
  await slapd.stop();
});

const test = (settings: Record<string, unknown> = {}, on = handler) =>
  callLdap(on, { ...connection, ...settings }, 'test');

describe('test binds and reads the root DSE', () => {
  it('answers the naming contexts and what the server supports', async () => {
    const result = await test();
    expect(result).toEqual({
      success: true,
      data: expect.objectContaining({
        bound: true,
        bindDn: slapd.adminDn,
        flavour: 'openldap',
        namingContexts: [slapd.baseDn],
        pagedResults: true,
        passwordModify: true,
        warnings: [],
      }),
    });
  });

  it('reports a wrong password as invalid_credentials, not retryable, without the password', async () => {
    const result = await test({ bindPassword: 'wrong-password-123' });
    expect(result).toMatchObject({ success: false, code: 'invalid_credentials' });
    expect(result.retryable).toBeUndefined();
    expect(JSON.stringify(result)).not.toContain('wrong-password-123');
  });

  it('refuses settings that do not parse, naming the setting', async () => {
    const result = await test({ url: 'http://127.0.0.1' });
    expect(result).toMatchObject({ success: false, code: 'invalid_configuration' });
    expect(result.error).toContain('url');
  });
});

describe('TLS: ldaps:// and StartTLS check the certificate against the connector’s CA', () => {
  it('connects over ldaps:// with the CA', async () => {
    expect(await test({ url: slapd.ldapsUrl, caCertificate: slapd.caCertificate })).toMatchObject({ success: true });
  });

  it('upgrades ldap:// with StartTLS', async () => {
    expect(await test({ startTls: true, caCertificate: slapd.caCertificate })).toMatchObject({ success: true });
  });

  it('refuses a certificate it cannot check instead of switching the check off', async () => {
    const result = await test({ url: slapd.ldapsUrl });
    expect(result).toMatchObject({ success: false, code: 'network_error' });
    expect(result.error).toContain('certificate');
    expect(await test({ startTls: true })).toMatchObject({ success: false });
  });

  it('accepts tlsInsecure for an allow-listed host, and says so as a warning', async () => {
    const result = await test({ url: slapd.ldapsUrl, tlsInsecure: true });
    expect(result).toMatchObject({ success: true });
    expect(result.data!.warnings).toEqual([expect.stringContaining('tlsInsecure')]);
  });

  it('allows tlsInsecure only for a host the operator listed, not for any public one', () => {
    const allowed = parseAllowedNetworks(['10.0.0.0/8', 'dc.corp.example']);
    const publicAddress = [{ address: '203.0.114.7', family: 4 as const }];
    expect(isAllowListed('ldap.example.com', publicAddress, allowed)).toBe(false);
    expect(isAllowListed('dc.corp.example', publicAddress, allowed)).toBe(true);
    expect(isAllowListed('10.1.2.3', [{ address: '10.1.2.3', family: 4 }], allowed)).toBe(true);
  });

  it('refuses ldaps:// with startTls', async () => {
    expect(await test({ url: slapd.ldapsUrl, startTls: true, caCertificate: slapd.caCertificate })).toMatchObject({
      success: false,
      code: 'invalid_configuration',
    });
  });
});

describe('the host passes the SSRF guard', () => {
  it('refuses a loopback server the operator did not allow', async () => {
    const closed = ldapHandler({ allowedNetworks: [] });
    try {
      expect(await test({}, closed)).toMatchObject({ success: false, code: 'destination_refused' });
    } finally {
      await closed.close();
    }
  });
});

describe('several servers: the next one is tried when one cannot be reached', () => {
  it('fails over to the second server', async () => {
    const nobody = `ldap://127.0.0.1:${await freePort()}`;
    expect(await test({ url: [nobody, slapd.url] })).toMatchObject({ success: true });
  });

  it('reports no reachable server as unavailable and retryable', async () => {
    const nobody = `ldap://127.0.0.1:${await freePort()}`;
    expect(await test({ url: [nobody] })).toMatchObject({ success: false, code: 'unavailable', retryable: true });
  });
});

describe('pooled connections', () => {
  it('replaces a pooled connection the server closed', async () => {
    const pooled = ldapHandler();
    try {
      expect(await test({}, pooled)).toMatchObject({ success: true });
      // Restarting drops every connection, as a server's idle timeout does.
      await slapd.restart();
      expect(await test({}, pooled)).toMatchObject({ success: true });
    } finally {
      await pooled.close();
    }
  });

  it('fails with unavailable (retryable) while the server is down, and works once it is back', async () => {
    const pooled = ldapHandler();
    try {
      expect(await test({}, pooled)).toMatchObject({ success: true });
      slapd.kill();
      expect(await test({}, pooled)).toMatchObject({ success: false, code: 'unavailable', retryable: true });
      await slapd.restart();
      expect(await test({}, pooled)).toMatchObject({ success: true });
    } finally {
      await pooled.close();
    }
  });
});
