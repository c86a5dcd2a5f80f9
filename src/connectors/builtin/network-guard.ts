import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import { ConnectorError } from '../connector-error.js';

/**
 * The SSRF guard for built-in handlers that call URLs taken from connector settings or workflow
 * parameters: only http(s), and never an address of the host itself, of the service's own network
 * or of any other special-purpose range unless an operator allow-listed it. Every address a
 * hostname resolves to is checked, not just the first, and connections go to the checked ones.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface CheckedDestination {
  url: URL;
  /** The addresses that passed the check; connections must go to these (see `pinnedLookup`). */
  addresses: ResolvedAddress[];
}

/** A parsed allow-list: CIDR ranges and single addresses, plus exact hostnames. */
export interface AllowedNetworks {
  readonly ranges: BlockList;
  readonly hostnames: ReadonlySet<string>;
  /** Where a refusal's detail goes (the operator's debug log): its message never names resolved addresses. */
  readonly reportRefusal?: RefusalReporter;
}

/** Receives what a refusal leaves out of its message: the host, the address it resolved to and why. */
export type RefusalReporter = (detail: { host: string; address: string; reason: string }) => void;

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/i;

/** Parses allow-list entries (`127.0.0.1/32`, `fd00::/8`, `10.0.0.5`, `localhost`); throws on a malformed one. */
export function parseAllowedNetworks(
  entries: readonly string[] = [],
  reportRefusal?: RefusalReporter,
): AllowedNetworks {
  const ranges = new BlockList();
  const hostnames = new Set<string>();
  for (const raw of entries) {
    const entry = raw.trim();
    const slash = entry.indexOf('/');
    if (slash >= 0) {
      const address = entry.slice(0, slash);
      const prefixText = entry.slice(slash + 1);
      const family = isIP(address);
      const prefix = Number(prefixText);
      if (family === 0 || !/^\d{1,3}$/.test(prefixText) || prefix > (family === 4 ? 32 : 128))
        throw new TypeError(`Allowed network "${raw}" is not a CIDR range`);
      ranges.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
    } else if (isIP(entry) !== 0) {
      ranges.addAddress(entry, isIP(entry) === 4 ? 'ipv4' : 'ipv6');
    } else if (HOSTNAME.test(entry)) {
      hostnames.add(entry.toLowerCase());
    } else {
      throw new TypeError(`Allowed network "${raw}" is neither a CIDR range, an address nor a hostname`);
    }
  }
  return { ranges, hostnames, reportRefusal };
}

// The IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and later), plus multicast
// and reserved space, each with the reason given when an address falls inside it. Globally
// reachable special-purpose ranges (anycast and AS112 services) are refused too: nothing a
// connector needs lives there.
const REFUSED_IPV4: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignment'],
  ['192.0.2.0', 24, 'documentation (TEST-NET-1)'],
  ['192.31.196.0', 24, 'AS112 service'],
  ['192.52.193.0', 24, 'AMT relay'],
  ['192.88.99.0', 24, '6to4 relay anycast (deprecated)'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'AS112 direct delegation'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation (TEST-NET-2)'],
  ['203.0.113.0', 24, 'documentation (TEST-NET-3)'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'limited broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];
const REFUSED_IPV6: [string, number, string][] = [
  ['::1', 128, 'loopback'],
  ['::', 128, 'unspecified'],
  ['::', 96, 'IPv4-compatible (deprecated)'],
  ['64:ff9b:1::', 48, 'local-use IPv4/IPv6 translation'],
  ['100::', 64, 'discard-only'],
  ['100:0:0:1::', 64, 'dummy prefix'],
  ['2001::', 23, 'IETF protocol assignment (Teredo, benchmarking, ORCHID, ...)'],
  ['2001:db8::', 32, 'documentation'],
  ['2620:4f:8000::', 48, 'AS112 direct delegation'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'SRv6 segment identifiers'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

function blockListOf(ranges: [string, number, string][], type: 'ipv4' | 'ipv6'): [BlockList, string][] {
  return ranges.map(([network, prefix, reason]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, type);
    return [list, reason];
  });
}
const REFUSED_V4_LISTS = blockListOf(REFUSED_IPV4, 'ipv4');
const REFUSED_V6_LISTS = blockListOf(REFUSED_IPV6, 'ipv6');
// Outside it, IPv6 space is unallocated or special (reserved by the IETF), never global unicast.
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');

/**
 * The IPv4 address an IPv6 address stands for, when it is IPv4-mapped (`::ffff:a.b.c.d`), in the
 * NAT64 well-known prefix (`64:ff9b::a.b.c.d`) or 6to4 (`2002:aabb:ccdd::/48`); otherwise undefined.
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (groups[0] === 0x2002) return dottedIpv4(groups[1]!, groups[2]!);
  if (!mapped && !nat64) return undefined;
  return dottedIpv4(groups[6]!, groups[7]!);
}

function dottedIpv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (with or without a trailing dotted IPv4 part). */
function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const octets = dotted[1]!.split('.').map(Number);
    const tail = `${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
    text = text.slice(0, dotted.index) + tail;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return undefined;
  return [...left, ...new Array<number>(missing).fill(0), ...right];
}

/**
 * Why an address is not public, or undefined when it is: special-purpose space, or an address of
 * this host itself (so the service cannot call its own API or whatever else listens on it).
 */
export function nonPublicReason(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const ipv4 = family === 6 ? embeddedIpv4(address) : undefined;
  if (ipv4 !== undefined) {
    const reason = nonPublicReason(ipv4);
    return reason && `${reason} (IPv4 inside IPv6)`;
  }
  const special = specialPurposeReason(address, family === 4 ? 'ipv4' : 'ipv6');
  if (!isOwnAddress(address, family)) return special;
  return special === undefined ? "this host's own" : `${special} and this host's own`;
}

function specialPurposeReason(address: string, type: 'ipv4' | 'ipv6'): string | undefined {
  if (type === 'ipv4') return REFUSED_V4_LISTS.find(([list]) => list.check(address, type))?.[1];
  const special = REFUSED_V6_LISTS.find(([list]) => list.check(address, type))?.[1];
  if (special !== undefined) return special;
  return GLOBAL_UNICAST_V6.check(address, type) ? undefined : 'reserved (outside global unicast 2000::/3)';
}

/** Whether one of this host's network interfaces has the address; read on each check, as they change. */
function isOwnAddress(address: string, family: number): boolean {
  const own = new BlockList();
  for (const entries of Object.values(networkInterfaces()))
    for (const entry of entries ?? []) own.addAddress(entry.address, entry.family === 'IPv4' ? 'ipv4' : 'ipv6');
  return own.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether the operator allow-listed this destination itself (its hostname, or every address it
 * resolved to), not merely found it public: the bar for settings that weaken checks on it.
 */
export function isAllowListed(host: string, addresses: readonly ResolvedAddress[], allowed: AllowedNetworks): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) === 0 && allowed.hostnames.has(bare.toLowerCase())) return true;
  return addresses.length > 0 && addresses.every(({ address }) => isAllowedAddress(address, allowed));
}

function isAllowedAddress(address: string, allowed: AllowedNetworks): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (allowed.ranges.check(address, family === 4 ? 'ipv4' : 'ipv6')) return true;
  const ipv4 = family === 6 ? embeddedIpv4(address) : undefined;
  return ipv4 !== undefined && allowed.ranges.check(ipv4, 'ipv4');
}

/**
 * Checks that `url` is http(s) (or one of `schemes`) and that its host (a literal address, or every
 * address its name resolves to) is public or allow-listed; throws a `ConnectorError`
 * (`destination_refused`, `network_error`) otherwise. Returns the checked addresses so the caller
 * can connect to exactly those (no second, rebindable lookup).
 */
export async function assertPublicDestination(
  url: string | URL,
  allowedNetworks: readonly string[] | AllowedNetworks = [],
  schemes: readonly string[] = ['http:', 'https:'],
): Promise<CheckedDestination> {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch (error) {
    throw new ConnectorError('destination_refused', 'Destination is not a valid URL', { cause: error });
  }
  if (!schemes.includes(parsed.protocol))
    throw new ConnectorError(
      'destination_refused',
      `Scheme ${parsed.protocol} is not allowed; use ${schemes.map((scheme) => scheme.slice(0, -1)).join(' or ')}`,
    );
  const allowed = isParsedAllowList(allowedNetworks) ? allowedNetworks : parseAllowedNetworks(allowedNetworks);

  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const literalFamily = isIP(host);
  let addresses: ResolvedAddress[];
  if (literalFamily !== 0) {
    addresses = [{ address: host, family: literalFamily === 4 ? 4 : 6 }];
  } else {
    try {
      const found = await lookup(host, { all: true });
      addresses = found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
    } catch (error) {
      throw new ConnectorError('network_error', `Could not resolve host ${host}`, { cause: error });
    }
    if (addresses.length === 0) throw new ConnectorError('network_error', `Host ${host} has no addresses`);
  }

  const hostAllowed = literalFamily === 0 && allowed.hostnames.has(host.toLowerCase());
  if (!hostAllowed) {
    for (const { address } of addresses) {
      const reason = nonPublicReason(address);
      if (reason !== undefined && !isAllowedAddress(address, allowed)) {
        // What a name resolves to inside the network is not for whoever wrote the URL to learn
        // (a map of internal DNS); the operator finds it in the debug log.
        allowed.reportRefusal?.({ host, address, reason });
        throw new ConnectorError(
          'destination_refused',
          literalFamily === 0
            ? `Destination ${host} is not allowed: its address is not public and not in the allowed networks`
            : `Destination ${host} is not allowed: ${reason} address not in the allowed networks`,
        );
      }
    }
  }
  return { url: parsed, addresses };
}

function isParsedAllowList(value: readonly string[] | AllowedNetworks): value is AllowedNetworks {
  return !Array.isArray(value);
}

/**
 * A `lookup` for node:http(s) that answers with the already checked addresses instead of asking
 * DNS again, so the connection goes where the guard looked (TLS still verifies the hostname).
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted =
      options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const candidates = addresses.filter((entry) => wanted === 0 || entry.family === wanted);
    const first = candidates[0];
    if (!first) {
      const error: NodeJS.ErrnoException = new Error('No checked address of the requested family');
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
    } else if (options.all) {
      callback(null, candidates);
    } else {
      callback(null, first.address, first.family);
    }
  };
}
