import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { config } from '@/lib/config';
import { ValidationError } from '@/lib/errors';

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((a, o) => (a << 8) + Number(o), 0) >>> 0;
}

const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** Private, loopback, link-local, metadata, multicast and reserved addresses. */
export function isBlockedAddress(ip: string): boolean {
  if (isIP(ip) === 4) {
    const n = ipv4ToInt(ip);
    return V4_BLOCKED.some(([base, bits]) => (n >>> (32 - bits)) === (ipv4ToInt(base) >>> (32 - bits)));
  }
  const v6 = ip.toLowerCase();
  if (v6 === '::' || v6 === '::1') return true;
  if (v6.startsWith('::ffff:')) return isBlockedAddress(v6.slice(7));
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(v6);
}

/**
 * Refuses webhook targets that would let a subscriber reach inside the network: the URL must be
 * https and resolve only to public addresses, unless WEBHOOK_ALLOW_PRIVATE=true.
 */
export async function assertSafeTarget(url: string, allowPrivate = config.webhookAllowPrivate): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError('url must be an absolute http(s) URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ValidationError('url must use https');
  if (parsed.username || parsed.password) throw new ValidationError('url must not carry credentials');
  if (allowPrivate) return;
  if (parsed.protocol !== 'https:') throw new ValidationError('url must use https');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new ValidationError(`url: the host ${host} does not resolve`);
  }
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) {
    throw new ValidationError('url resolves to a private, loopback or link-local address');
  }
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
    if (blocked) return callback(Object.assign(new Error(`${hostname} resolves to a private, loopback or link-local address`), { code: 'EBLOCKED' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Why a delivery must not go to `url` now (the checks that need no DNS), or null. */
export function sendTargetError(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must use https';
  if (allowPrivate) return null;
  if (url.protocol !== 'https:') return 'url must use https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isBlockedAddress(host)) return 'url is a private, loopback or link-local address';
  return null;
}
