import { afterAll, describe, expect, it } from 'vitest';
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
    expect((await postDelivery('https://127.0.0.1:9/hook', {}, '{}', guarded)).error).toBe('url is a private, loopback or link-local address');
    expect((await postDelivery('https://[::1]:9/hook', {}, '{}', guarded)).error).toBe('url is a private, loopback or link-local address');
    // A name is checked where it is resolved, at connection time (no DNS rebinding window).
    expect((await postDelivery('https://localhost:9/hook', {}, '{}', guarded)).error).toBe('localhost resolves to a private, loopback or link-local address');
    expect(r.received).toHaveLength(0);
    const allowed = await postDelivery(r.url, { 'content-type': 'application/json' }, '{"a":1}', { timeoutMs: 2000, allowPrivate: true });
    expect(allowed).toMatchObject({ statusCode: 200, excerpt: 'ok', error: null });
    expect(r.received.map((x) => x.body)).toEqual(['{"a":1}']);
  });

  it('times out a receiver that never answers', async () => {
    const silent = await startReceiver(() => 0);
    closers.push(silent.close);
    const res = await postDelivery(silent.url, {}, '{}', { timeoutMs: 300, allowPrivate: true });
    expect(res).toMatchObject({ statusCode: null, excerpt: null, error: 'timed out after 300 ms' });
    expect(res.latencyMs).toBeGreaterThanOrEqual(290);
  });
});
