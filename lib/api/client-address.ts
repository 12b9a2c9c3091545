import { randomBytes } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Context } from 'hono';
import proxyaddr from 'proxy-addr';
import { config } from '@/lib/config';
import { addressBucket } from '@/lib/security/address-bucket';

export { addressBucket };
import type { GatewayEnv } from './env';

/** Whether the address at `hop` (0: the socket's peer, 1: the last X-Forwarded-For entry, …) is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY: unset (no proxy is trusted: the socket's peer is the client), a number of proxy
 * hops in front of the server, or a comma-separated list of proxy addresses, CIDR ranges and the
 * names `loopback`, `linklocal`, `uniquelocal` (Express's `trust proxy`, through proxy-addr).
 */
export function compileTrustProxy(setting: string | undefined): TrustProxy {
  const value = setting?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return () => false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    return proxyaddr.compile(list);
  } catch (err) {
    throw new Error(`TRUST_PROXY: ${(err as Error).message}`);
  }
}

// Compiled when the gateway loads, so a wrong setting stops the start instead of every request.
const TRUST = compileTrustProxy(config.trustProxy);

/**
 * The client's address: walking from the socket's peer back through X-Forwarded-For, the first
 * address that is not a trusted proxy (or the leftmost one, when all are trusted).
 */
export function resolveClientAddress(
  peer: string,
  forwardedFor: string | null | undefined,
  trust: TrustProxy = TRUST,
): string {
  const req = { headers: { 'x-forwarded-for': forwardedFor ?? undefined }, socket: { remoteAddress: peer } };
  return plainAddress(proxyaddr(req as unknown as IncomingMessage, trust));
}

/**
 * An IPv4 client as IPv4 (`127.0.0.1`), not as the IPv4-mapped IPv6 address a dual-stack socket
 * reports it as (`::ffff:127.0.0.1`): the Next.js host's sockets gave the one, the standalone
 * host's the other, so one client had two addresses in the audit trail and the sign-in guard.
 */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * The gateway's client address: given by the host that already resolved it (the Next.js route
 * handler, the dashboard calling in process), or read from the socket of @hono/node-server (what
 * `getConnInfo` reads) and X-Forwarded-For.
 */
export function clientAddress(c: Context<GatewayEnv>): string {
  const env = c.env as GatewayEnv['Bindings'] | undefined;
  if (env?.clientAddress) return env.clientAddress;
  const peer = env?.incoming?.socket.remoteAddress;
  if (!peer) return 'unknown';
  return resolveClientAddress(peer, c.req.header('x-forwarded-for'));
}

const g = globalThis as unknown as { __cspPeerHeader?: string; __cspPeerSubscriber?: unknown };

/**
 * Next.js gives a route handler no socket, and its own `x-forwarded-for` is set from the socket
 * only when the request has none: a client can send its own. So, on the Next.js host, every
 * request gets its socket's peer address in a header whose name is random per process (a client
 * cannot send it), set from Node's `http.server.request.start` diagnostics channel before Next.js
 * sees the request. Called from instrumentation.ts.
 */
export function stampPeerAddresses(): void {
  if (g.__cspPeerHeader) return;
  const name = `x-csp-peer-${randomBytes(8).toString('hex')}`;
  const subscriber = (message: unknown) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    if (socket.remoteAddress) request.headers[name] = socket.remoteAddress;
  };
  subscribe('http.server.request.start', subscriber);
  g.__cspPeerSubscriber = subscriber;
  g.__cspPeerHeader = name;
}

/**
 * The client address of a request to the Next.js host (a route handler's `req.headers.get`, or
 * next-auth's header record): the stamped peer and X-Forwarded-For under TRUST_PROXY.
 */
export function clientAddressFromHeaders(header: (name: string) => string | null | undefined): string {
  const forwardedFor = header('x-forwarded-for') ?? undefined;
  const peer = g.__cspPeerHeader ? header(g.__cspPeerHeader) : undefined;
  if (peer) return resolveClientAddress(peer, forwardedFor);
  // Not stamped (a request that arrived before instrumentation ran): Next.js's x-forwarded-for,
  // whose last entry is the socket's peer unless the client sent the header itself.
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const last = hops.pop();
  return last ? resolveClientAddress(last, hops.join(', ')) : 'unknown';
}
