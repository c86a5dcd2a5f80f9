import { describe, expect, it } from '@jest/globals';
import {
  assertPublicDestination,
  nonPublicReason,
  parseAllowedNetworks,
} from '../../../src/connectors/builtin/network-guard.js';

const refusal = (url: string, allowed: string[] = []) =>
  assertPublicDestination(url, allowed).then(
    () => undefined,
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );

describe('destinations inside the service network are refused', () => {
  it.each([
    ['loopback address', 'http://127.0.0.1:8080/admin', 'loopback'],
    ['cloud metadata address', 'http://169.254.169.254/latest/meta-data', 'link-local'],
    ['IPv6 loopback', 'http://[::1]/', 'loopback'],
    ['private address', 'http://10.1.2.3/', 'private'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/', 'loopback'],
    ['unspecified address', 'http://0.0.0.0/', 'unspecified'],
    ['carrier-grade NAT', 'https://100.64.1.1/', 'carrier-grade NAT'],
    ['unique local IPv6', 'http://[fd12::1]/', 'private'],
    ['IPv4 in shorthand that the URL parser normalises', 'http://0x7f.1/', 'loopback'],
  ])('%s', async (_case, url, reason) => {
    const outcome = await refusal(url);
    expect(outcome?.code).toBe('destination_refused');
    expect(outcome?.message).toContain(reason);
  });

  it('a hostname that resolves to a private address (localhost)', async () => {
    const outcome = await refusal('http://localhost:3000/');
    expect(outcome).toEqual({ code: 'destination_refused', message: expect.stringContaining('resolves to 127.0.0.1') });
  });

  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'gopher://127.0.0.1/'])('scheme of %s', async (url) => {
    const outcome = await refusal(url);
    expect(outcome?.code).toBe('destination_refused');
    expect(outcome?.message).toMatch(/Scheme .* is not allowed/);
  });

  it('an unresolvable hostname is a network error, not a refusal', async () => {
    const outcome = await refusal('http://does-not-exist.invalid/');
    expect(outcome?.code).toBe('network_error');
  });
});

describe('the allow-list admits chosen networks', () => {
  it('a CIDR range admits literal addresses inside it', async () => {
    const checked = await assertPublicDestination('http://127.0.0.1:8080/', ['127.0.0.1/32']);
    expect(checked.addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect((await refusal('http://127.0.0.2/', ['127.0.0.1/32']))?.code).toBe('destination_refused');
  });

  it('a CIDR range admits hostnames resolving inside it', async () => {
    await expect(assertPublicDestination('http://localhost/', ['127.0.0.0/8'])).resolves.toEqual(
      expect.objectContaining({ addresses: [{ address: '127.0.0.1', family: 4 }] }),
    );
  });

  it('a hostname entry admits exactly that hostname', async () => {
    await expect(assertPublicDestination('http://localhost:9/', ['localhost'])).resolves.toBeDefined();
    expect((await refusal('http://127.0.0.1/', ['localhost']))?.code).toBe('destination_refused');
  });

  it('an IPv4 range also admits the IPv4-mapped IPv6 form', async () => {
    await expect(assertPublicDestination('http://[::ffff:127.0.0.1]/', ['127.0.0.1/32'])).resolves.toBeDefined();
  });

  it('a malformed entry is refused when the list is parsed', () => {
    expect(() => parseAllowedNetworks(['10.0.0.0/33'])).toThrow(/CIDR/);
    expect(() => parseAllowedNetworks(['not a host!'])).toThrow(/neither/);
  });
});

describe('public addresses pass', () => {
  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1', '192.169.0.1'])('%s', (address) => {
    expect(nonPublicReason(address)).toBeUndefined();
  });

  it('a literal public address needs no DNS', async () => {
    await expect(assertPublicDestination('https://8.8.8.8/dns-query')).resolves.toEqual(
      expect.objectContaining({ addresses: [{ address: '8.8.8.8', family: 4 }] }),
    );
  });

  it.each([
    ['NAT64 form of a private address', '64:ff9b::a00:1', 'private'],
    ['link-local IPv6', 'fe80::1', 'link-local'],
  ])('but not the %s', (_case, address, reason) => {
    expect(nonPublicReason(address)).toContain(reason);
  });
});
