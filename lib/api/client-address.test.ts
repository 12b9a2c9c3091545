import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  addressBucket,
  clientAddress,
  clientAddressFromHeaders,
  compileTrustProxy,
  resolveClientAddress,
  stampPeerAddresses,
} from './client-address';
import type { GatewayEnv } from './env';

describe('resolveClientAddress under TRUST_PROXY', () => {
  const cases: Array<[string | undefined, string, string | undefined, string]> = [
    // [TRUST_PROXY, socket peer, X-Forwarded-For, client]
    [undefined, '203.0.113.9', undefined, '203.0.113.9'],
    // Unset: a forwarded header is the client's own claim, ignored.
    [undefined, '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['false', '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['0', '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    // One hop: the proxy's entry (the last) is the client; what the client put before it is not.
    ['1', '10.0.0.2', '1.1.1.1, 198.51.100.1', '198.51.100.1'],
    ['2', '10.0.0.2', '1.1.1.1, 198.51.100.1, 10.0.0.3', '198.51.100.1'],
    // Fewer entries than hops: the leftmost.
    ['3', '10.0.0.2', '198.51.100.1', '198.51.100.1'],
    // By address: trusted peers are walked through, up to the first address that is not one.
    ['loopback', '127.0.0.1', '1.1.1.1, 198.51.100.1', '198.51.100.1'],
    ['loopback', '::ffff:127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['10.0.0.0/8, 127.0.0.1', '127.0.0.1', '1.1.1.1, 198.51.100.1, 10.0.0.3', '198.51.100.1'],
    // A peer that is not trusted names no one else, whatever it sends.
    ['loopback', '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['10.0.0.5', '10.0.0.6', '198.51.100.1', '10.0.0.6'],
    // A trusted peer without the header: the peer itself.
    ['loopback', '127.0.0.1', undefined, '127.0.0.1'],
  ];
  it.each(cases)('TRUST_PROXY=%s, peer %s, X-Forwarded-For %s → %s', (setting, peer, forwarded, client) => {
    expect(resolveClientAddress(peer, forwarded, compileTrustProxy(setting))).toBe(client);
  });

  it('refuses a setting it cannot read', () => {
    expect(() => compileTrustProxy('true')).toThrow(/TRUST_PROXY: invalid IP address: true/);
    expect(() => compileTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });
});

describe('addressBucket', () => {
  it.each([
    ['198.51.100.1', '198.51.100.1'],
    ['::ffff:198.51.100.1', '198.51.100.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['::1', '::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (address, bucket) => {
    expect(addressBucket(address)).toBe(bucket);
  });
});

describe("the gateway's client address", () => {
  const app = new Hono<GatewayEnv>().get('/', (c) => c.text(clientAddress(c)));
  const ask = (env: GatewayEnv['Bindings'] | undefined, headers: Record<string, string> = {}) =>
    Promise.resolve(app.fetch(new Request('http://gateway.internal/', { headers }), env)).then((r) =>
      r.text(),
    );

  it('is the one the calling host resolved, else the socket peer (forwarded headers untrusted by default)', async () => {
    expect(await ask({ clientAddress: '198.51.100.7' }, { 'x-forwarded-for': '1.1.1.1' })).toBe(
      '198.51.100.7',
    );
    const incoming = { socket: { remoteAddress: '203.0.113.9' } } as GatewayEnv['Bindings']['incoming'];
    expect(await ask({ incoming }, { 'x-forwarded-for': '1.1.1.1' })).toBe('203.0.113.9');
    expect(await ask(undefined)).toBe('unknown');
  });

  it('is an IPv4 client as IPv4 on either host, not the mapped IPv6 a dual-stack socket reports', async () => {
    const mapped = { socket: { remoteAddress: '::ffff:127.0.0.1' } } as GatewayEnv['Bindings']['incoming'];
    expect(await ask({ incoming: mapped })).toBe('127.0.0.1');
    expect(resolveClientAddress('::ffff:203.0.113.9', undefined)).toBe('203.0.113.9');
    expect(resolveClientAddress('2001:db8::1', undefined)).toBe('2001:db8::1');
  });
});

describe('the Next.js host: the peer stamped on each request', () => {
  it('is set from the socket, under a name a client cannot send, and preferred to x-forwarded-for', async () => {
    // Without the stamp (before instrumentation runs): Next.js's x-forwarded-for, its last entry.
    expect(clientAddressFromHeaders((n) => ({ 'x-forwarded-for': '1.1.1.1, 127.0.0.1' })[n])).toBe(
      '127.0.0.1',
    );
    expect(clientAddressFromHeaders(() => undefined)).toBe('unknown');

    stampPeerAddresses();
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      // A client sending every header it likes, the stamp's prefix included.
      await fetch(`http://127.0.0.1:${port}/`, {
        headers: { 'x-forwarded-for': '198.51.100.1', 'x-csp-peer': '198.51.100.2' },
      });
    } finally {
      server.close();
    }
    const headers = seen[0]!;
    const stamp = Object.keys(headers).filter((k) => k.startsWith('x-csp-peer-'));
    expect(stamp).toHaveLength(1);
    expect(headers[stamp[0]!]).toBe('127.0.0.1');
    const get = (n: string) => headers[n] as string | undefined;
    expect(clientAddressFromHeaders(get)).toBe('127.0.0.1');
  });
});
