import { describe, expect, it } from '@jest/globals';
import { networkInterfaces } from 'node:os';
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

  it('a hostname that resolves to a private address (localhost), without naming the address', async () => {
    const outcome = await refusal('http://localhost:3000/');
    expect(outcome).toEqual({
      code: 'destination_refused',
      message: 'Destination localhost is not allowed: its address is not public and not in the allowed networks',
    });
  });

  it("gives the refusal's detail to the allow-list's reporter, for the operator's debug log", async () => {
    const reported: unknown[] = [];
    const allowed = parseAllowedNetworks([], (detail) => reported.push(detail));
    await expect(assertPublicDestination('http://localhost:3000/', allowed)).rejects.toMatchObject({
      code: 'destination_refused',
    });
    expect(reported).toEqual([
      {
        host: 'localhost',
        address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
        reason: expect.stringContaining('loopback'),
      },
    ]);
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

describe('every IANA special-purpose range is refused', () => {
  it.each([
    ['0.0.0.0/8', '0.1.2.3', 'unspecified'],
    ['10.0.0.0/8', '10.255.0.1', 'private'],
    ['100.64.0.0/10', '100.127.255.254', 'carrier-grade NAT'],
    ['127.0.0.0/8', '127.9.9.9', 'loopback'],
    ['169.254.0.0/16', '169.254.0.1', 'link-local'],
    ['172.16.0.0/12', '172.31.255.1', 'private'],
    ['192.0.0.0/24', '192.0.0.9', 'IETF protocol assignment'],
    ['192.0.2.0/24', '192.0.2.77', 'documentation'],
    ['192.31.196.0/24', '192.31.196.1', 'AS112'],
    ['192.52.193.0/24', '192.52.193.1', 'AMT'],
    ['192.88.99.0/24', '192.88.99.1', '6to4 relay'],
    ['192.168.0.0/16', '192.168.1.1', 'private'],
    ['192.175.48.0/24', '192.175.48.1', 'AS112'],
    ['198.18.0.0/15', '198.19.255.1', 'benchmarking'],
    ['198.51.100.0/24', '198.51.100.7', 'documentation'],
    ['203.0.113.0/24', '203.0.113.200', 'documentation'],
    ['224.0.0.0/4', '239.1.2.3', 'multicast'],
    ['240.0.0.0/4', '240.0.0.1', 'reserved'],
    ['255.255.255.255/32', '255.255.255.255', 'broadcast'],
  ])('IPv4 %s (%s)', async (_range, address, reason) => {
    const outcome = await refusal(`http://${address}/`);
    expect(outcome?.code).toBe('destination_refused');
    expect(outcome?.message).toContain(reason);
  });

  it.each([
    ['::/128', '::', 'unspecified'],
    ['::1/128', '::1', 'loopback'],
    ['::/96 (IPv4-compatible)', '::8.8.8.8', 'IPv4-compatible'],
    ['::ffff:0:0/96 with a private IPv4', '::ffff:192.168.0.1', 'private.*IPv4 inside IPv6'],
    ['::ffff:0:0/96 with a documentation IPv4', '::ffff:203.0.113.9', 'documentation.*IPv4 inside IPv6'],
    ['64:ff9b::/96 with a loopback IPv4', '64:ff9b::7f00:1', 'loopback.*IPv4 inside IPv6'],
    ['64:ff9b:1::/48', '64:ff9b:1::8.8.8.8', 'local-use IPv4/IPv6 translation'],
    ['100::/64', '100::1', 'discard-only'],
    ['100:0:0:1::/64', '100:0:0:1::1', 'dummy prefix'],
    ['2001::/23 (Teredo)', '2001:0:4136:e378::1', 'IETF protocol assignment'],
    ['2001::/23 (benchmarking)', '2001:2::1', 'IETF protocol assignment'],
    ['2001:db8::/32', '2001:db8::1', 'documentation'],
    ['2002::/16 with a loopback IPv4', '2002:7f00:1::1', 'loopback.*IPv4 inside IPv6'],
    ['2002::/16 with a private IPv4', '2002:a00:1::', 'private.*IPv4 inside IPv6'],
    ['2620:4f:8000::/48', '2620:4f:8000::1', 'AS112'],
    ['3fff::/20', '3fff:fff::1', 'documentation'],
    ['5f00::/16', '5f00::1', 'SRv6'],
    ['fc00::/7', 'fc00::1', 'private'],
    ['fe80::/10', 'fe80::1234', 'link-local'],
    ['fec0::/10', 'fec0::1', 'site-local'],
    ['ff00::/8', 'ff02::1', 'multicast'],
    ['outside 2000::/3', '4000::1', 'reserved'],
  ])('IPv6 %s (%s)', async (_range, address, reason) => {
    const outcome = await refusal(`http://[${address}]/`);
    expect(outcome?.code).toBe('destination_refused');
    expect(outcome?.message).toMatch(new RegExp(reason));
  });

  it('the allow-list still wins over a special-purpose range', async () => {
    await expect(assertPublicDestination('http://192.0.2.77/', ['192.0.2.0/24'])).resolves.toBeDefined();
    await expect(assertPublicDestination('http://[2001:db8::1]/', ['2001:db8::/32'])).resolves.toBeDefined();
  });
});

describe("this host's own addresses are refused, so the service cannot call itself", () => {
  const own = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .map((entry) => entry.address);

  it.each(own)('%s', (address) => {
    expect(nonPublicReason(address)).toContain("this host's own");
  });

  it('its API port on an interface address is refused unless allow-listed', async () => {
    const address = own.find((candidate) => !candidate.startsWith('127.') && candidate.includes('.')) ?? '127.0.0.1';
    const outcome = await refusal(`http://${address}:3000/api/health`);
    expect(outcome).toEqual({ code: 'destination_refused', message: expect.stringContaining("this host's own") });
    await expect(assertPublicDestination(`http://${address}:3000/`, [address])).resolves.toBeDefined();
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
  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '172.32.0.1',
    '192.169.0.1',
    '192.0.3.1',
    '198.51.101.1',
    '203.0.114.1',
    '2001:4860:4860::8888',
    '2002:808:808::1',
    '64:ff9b::8.8.8.8',
  ])('%s', (address) => {
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
