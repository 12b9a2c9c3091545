import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { config } from '@/lib/config';
import { ValidationError } from '@/lib/errors';

// Addresses are decided as bytes (ipaddr.js), never as text: one address has many spellings
// (::ffff:127.0.0.1, ::ffff:7f00:1, 0:0:0:0:0:ffff:7f00:1), and URL parsing rewrites them.

const cidrs4 = (list: string[]) => list.map((c) => ipaddr.IPv4.parseCIDR(c));
const cidrs6 = (list: string[]) => list.map((c) => ipaddr.IPv6.parseCIDR(c));

/** IPv4 ranges that are not public unicast (IANA IPv4 special-purpose registry). */
const V4_BLOCKED = cidrs4([
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, including the cloud metadata address 169.254.169.254
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments (DS-Lite, NAT64 discovery, …)
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.88.99.0/24', // 6to4 relay anycast (deprecated)
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and the broadcast address 255.255.255.255
]);

/**
 * IPv6 forms that carry an IPv4 address in their last 32 bits. The kernel (dual-stack sockets) or
 * a translator on the path turns them into a connection to that IPv4 address, so they are decided
 * by it: ::ffff:127.0.0.1 is loopback, ::ffff:8.8.8.8 is public.
 */
const V6_EMBEDDED_V4_LAST = cidrs6([
  '::ffff:0:0/96', // IPv4-mapped
  '::/96', // IPv4-compatible (deprecated); holds :: (0.0.0.0) and ::1 (0.0.0.1), both blocked
  '::ffff:0:0:0/96', // IPv4-translated (SIIT)
  '64:ff9b::/96', // NAT64 well-known prefix
]);
/** 6to4 carries the IPv4 address of its relay in bits 16–47. */
const V6_6TO4 = ipaddr.IPv6.parseCIDR('2002::/16');
/** Only 2000::/3 is allocated as global unicast; anything outside it is never a public host. */
const V6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/**
 * Inside 2000::/3, the blocks that are not public hosts. Outside it (blocked as a whole) lie,
 * among others: unspecified ::, loopback ::1, discard 100::/64, local-use NAT64 64:ff9b:1::/48,
 * unique local fc00::/7, link-local fe80::/10, site-local fec0::/10, multicast ff00::/8.
 */
const V6_BLOCKED_IN_GLOBAL = cidrs6([
  // IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, AMT 2001:3::/32,
  // AS112 2001:4:112::/48, ORCHID 2001:10::/28, ORCHIDv2 2001:20::/28, DRIP 2001:30::/28.
  '2001::/23',
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation (RFC 9637)
]);

function isBlockedV4(addr: ipaddr.IPv4): boolean {
  return V4_BLOCKED.some((range) => addr.match(range));
}

function v4FromBytes(bytes: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes);
}

function isBlockedV6(addr: ipaddr.IPv6): boolean {
  // A zone only means something for link-local and other scoped addresses.
  if (addr.zoneId) return true;
  const bytes = addr.toByteArray();
  if (V6_EMBEDDED_V4_LAST.some((range) => addr.match(range)))
    return isBlockedV4(v4FromBytes(bytes.slice(12, 16)));
  if (addr.match(V6_6TO4)) return isBlockedV4(v4FromBytes(bytes.slice(2, 6)));
  if (!addr.match(V6_GLOBAL_UNICAST)) return true;
  return V6_BLOCKED_IN_GLOBAL.some((range) => addr.match(range));
}

/**
 * Whether `ip` (an IP address as text, any spelling) is not a public unicast address: private,
 * loopback, link-local, metadata, multicast, documentation, reserved, or an IPv6 form that carries
 * such an IPv4 address. Anything that is not an IP address is blocked too.
 */
export function isBlockedAddress(ip: string): boolean {
  if (!isIP(ip)) return true;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip);
  } catch {
    return true;
  }
  return addr.kind() === 'ipv4' ? isBlockedV4(addr as ipaddr.IPv4) : isBlockedV6(addr as ipaddr.IPv6);
}

const NOT_PUBLIC = 'a private, loopback, link-local or reserved address';

/** The URL's host without IPv6 brackets: WHATWG parsing has already normalised IP literals. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Refuses webhook targets that would let a subscriber reach inside the network: the URL must be
 * https and resolve only to public addresses, unless WEBHOOK_ALLOW_PRIVATE=true.
 */
export async function assertSafeTarget(
  url: string,
  allowPrivate = config.webhookAllowPrivate,
): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError('url must be an absolute http(s) URL', 'url');
  }
  if (parsed.username || parsed.password) throw new ValidationError('url must not carry credentials', 'url');
  const refused = sendTargetError(parsed, allowPrivate);
  if (refused) throw new ValidationError(refused, 'url');
  const host = hostOf(parsed);
  if (allowPrivate || isIP(host)) return;
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new ValidationError(`url: the host ${host} does not resolve`, 'url');
  }
  if (addresses.length === 0 || addresses.some(isBlockedAddress))
    throw new ValidationError(`url resolves to ${NOT_PUBLIC}`, 'url');
}

/**
 * The connection-time check: a DNS lookup for http(s) requests that refuses private addresses, so
 * a name that resolved to a public address when the webhook was saved cannot later be pointed
 * inside the network (DNS rebinding). IP-literal hosts never reach a lookup; see sendTargetError.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const blocked = addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address));
    if (blocked)
      return callback(
        Object.assign(new Error(`${hostname} resolves to ${NOT_PUBLIC}`), { code: 'EBLOCKED' }),
        '',
        0,
      );
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * Why a delivery must not go to `url` (the checks that need no DNS: scheme, and an IP-literal
 * host), or null. Used when a webhook is saved and again before every attempt.
 */
export function sendTargetError(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must use https';
  if (allowPrivate) return null;
  if (url.protocol !== 'https:') return 'url must use https';
  const host = hostOf(url);
  if (isIP(host) && isBlockedAddress(host)) return `url is ${NOT_PUBLIC}`;
  return null;
}
