import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type Socket } from 'node:net';
import http from 'node:http';
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

  /** An HTTP endpoint that counts its connections; `reused` answers a request on a connection used before. */
  async function endpoint(reused: (socket: Socket) => void, keepAliveMs = 5000) {
    const seen = new WeakSet<Socket>();
    let connections = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (seen.has(req.socket)) return reused(req.socket);
        seen.add(req.socket);
        res.end('ok');
      });
    });
    server.keepAliveTimeout = keepAliveMs;
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(
      () =>
        new Promise<void>((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
    );
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}/hook`, connections: () => connections };
  }
  const local = { timeoutMs: 2000, allowPrivate: true };

  it('sends a delivery once more on a new connection when the endpoint closes a kept-alive one as it is written', async () => {
    // The endpoint drops every connection it is sent a second request on, unanswered: what a
    // server closing an idle connection at the moment a delivery arrives looks like to the sender.
    const ep = await endpoint((socket) => socket.destroy());
    expect(await postDelivery(ep.url, {}, '{"n":1}', local)).toMatchObject({ statusCode: 200, error: null });
    expect(await postDelivery(ep.url, {}, '{"n":2}', local)).toMatchObject({ statusCode: 200, error: null });
    expect(ep.connections()).toBe(2);
  });

  it('sends once only when a fresh connection fails, and when an answer had begun', async () => {
    // A reused connection that answered part of a response is not sent again: the endpoint read it.
    const partial = await endpoint((socket) => {
      socket.write('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nok');
      setTimeout(() => socket.destroy(), 20);
    });
    expect(await postDelivery(partial.url, {}, '{}', local)).toMatchObject({ statusCode: 200 });
    const cut = await postDelivery(partial.url, {}, '{}', local);
    expect(cut).toMatchObject({ statusCode: 200, excerpt: 'ok', error: 'aborted' });
    expect(partial.connections()).toBe(1);
    // A new connection that is reset is the endpoint's failure, reported as it is.
    const resets = createServer((s) => s.on('data', () => s.resetAndDestroy()));
    await new Promise<void>((r) => resets.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise<void>((r) => resets.close(() => r())));
    let accepted = 0;
    resets.on('connection', () => accepted++);
    const { port } = resets.address() as { port: number };
    expect(await postDelivery(`http://127.0.0.1:${port}/hook`, {}, '{}', local)).toMatchObject({
      statusCode: null,
      error: 'read ECONNRESET',
    });
    expect(accepted).toBe(1);
  });

  it("closes an idle connection before the endpoint's Keep-Alive timeout says the endpoint will", async () => {
    // `Keep-Alive: timeout=2`: the sender keeps the idle connection for 1 s, the endpoint for 2.5 s.
    const ep = await endpoint(() => {}, 2500);
    expect(await postDelivery(ep.url, {}, '{}', local)).toMatchObject({ statusCode: 200 });
    await new Promise((r) => setTimeout(r, 1600));
    expect(await postDelivery(ep.url, {}, '{}', local)).toMatchObject({ statusCode: 200 });
    expect(ep.connections()).toBe(2);
  });

  it('times out a receiver that never answers', async () => {
    const silent = await startReceiver(() => 0);
    closers.push(silent.close);
    const res = await postDelivery(silent.url, {}, '{}', { timeoutMs: 300, allowPrivate: true });
    expect(res).toMatchObject({ statusCode: null, excerpt: null, error: 'timed out after 300 ms' });
    expect(res.latencyMs).toBeGreaterThanOrEqual(290);
  });
});
