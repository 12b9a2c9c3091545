import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type Socket } from 'node:net';
import { startReceiver } from '../../e2e/api/receiver';
import { postDelivery } from './send';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of closers) await c();
});

describe('postDelivery', () => {
  it('refuses plain-http and private targets at send time when they are not allowed', async () => {
    const r = await startReceiver();
    closers.push(r.close);
    const guarded = { timeoutMs: 2000, allowPrivate: false };
    expect((await postDelivery(r.url, {}, '{}', guarded)).error).toBe('url must use https');
    expect((await postDelivery('https://127.0.0.1:9/hook', {}, '{}', guarded)).error).toBe(
      'url is a private, loopback, link-local or reserved address',
    );
    expect((await postDelivery('https://[::1]:9/hook', {}, '{}', guarded)).error).toBe(
      'url is a private, loopback, link-local or reserved address',
    );
    // A name is checked where it is resolved, at connection time (no DNS rebinding window).
    expect((await postDelivery('https://localhost:9/hook', {}, '{}', guarded)).error).toBe(
      'localhost resolves to a private, loopback, link-local or reserved address',
    );
    expect(r.received).toHaveLength(0);
    const allowed = await postDelivery(r.url, { 'content-type': 'application/json' }, '{"a":1}', {
      timeoutMs: 2000,
      allowPrivate: true,
    });
    expect(allowed).toMatchObject({ statusCode: 200, excerpt: 'ok', error: null });
    expect(r.received.map((x) => x.body)).toEqual(['{"a":1}']);
  });

  it('refuses IPv6 and numeric spellings of loopback before connecting', async () => {
    // A bare TCP listener: any connection at all is the failure, whatever would follow it.
    const sockets: Socket[] = [];
    const listener = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    const { port } = listener.address() as { port: number };
    closers.push(() => new Promise<void>((r) => listener.close(() => r())));
    const guarded = { timeoutMs: 2000, allowPrivate: false };
    const hosts = [
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[0:0:0:0:0:ffff:127.0.0.1]',
      '[::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '[::ffff:0:7f00:1]',
      '[2002:7f00:1::1]',
      '2130706433',
      '0x7f.1',
    ];
    for (const host of hosts) {
      const res = await postDelivery(`https://${host}:${port}/hook`, {}, '{}', guarded);
      expect(res, host).toMatchObject({
        statusCode: null,
        excerpt: null,
        error: 'url is a private, loopback, link-local or reserved address',
      });
    }
    expect(sockets).toHaveLength(0);
  });

  it('times out a receiver that never answers', async () => {
    const silent = await startReceiver(() => 0);
    closers.push(silent.close);
    const res = await postDelivery(silent.url, {}, '{}', { timeoutMs: 300, allowPrivate: true });
    expect(res).toMatchObject({ statusCode: null, excerpt: null, error: 'timed out after 300 ms' });
    expect(res.latencyMs).toBeGreaterThanOrEqual(290);
  });
});
