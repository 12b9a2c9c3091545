import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signPayload, verifyWebhookSignature } from '@/lib/webhooks/sign';
import { api, createOrg, expectError, keyAccess, targetServer, type TestOrg } from './helpers';
import { createAndSubmit, createBank, pushBody, waitForStatus } from './payments-helpers';
import { startReceiver } from './receiver';
import { settledDeliveries } from './webhooks-helpers';
import { startServer, type Host } from './server';

const as = (o: TestOrg) => ({ token: o.token, partner: o.partnerId });
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of closers) await c();
});

async function receiver(answer?: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(answer);
  closers.push(r.close);
  return r;
}

/** A bank with a webhook for every event to a receiver of its own (answering as `answer` says). */
async function bankWithHook(answer?: Parameters<typeof startReceiver>[0]) {
  const bank = await createBank();
  const r = await receiver(answer);
  const hook = (await api('POST', '/webhook', { ...as(bank), body: { url: r.url, event_types: ['*'] } })).body
    .data;
  return { bank, r, hook };
}

describe('webhook endpoints', () => {
  it('creates with the secret shown once, lists, updates, rejects unknown types and bad urls', async () => {
    const bank = await createBank();
    const r = await receiver();
    const created = await api('POST', '/webhook', {
      ...as(bank),
      body: { url: r.url, event_types: ['payment.admitted', 'transaction.created'], description: 'core' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      url: r.url,
      event_types: ['payment.admitted', 'transaction.created'],
      enabled: true,
      partner_id: bank.partnerId,
    });
    expect(created.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const got = await api('GET', `/webhook/${created.body.data.token}`, as(bank));
    expect(got.body.data.secret).toBeUndefined();
    expect((await api('GET', '/webhook', as(bank))).body.data.count).toBe(1);
    const patched = await api('PATCH', `/webhook/${created.body.data.token}`, {
      ...as(bank),
      body: { event_types: ['*'] },
    });
    expect(patched.body.data.event_types).toEqual(['*']);
    expectError(
      await api('POST', '/webhook', {
        ...as(bank),
        body: { url: r.url, event_types: ['payment.teleported'] },
      }),
      400,
      'error.bad_request',
    );
    expectError(
      await api('POST', '/webhook', {
        ...as(bank),
        body: { url: 'ftp://example.test/x', event_types: ['*'] },
      }),
      400,
      'error.bad_request',
    );
    expectError(
      await api('POST', '/webhook', { token: bank.token, body: { url: r.url, event_types: ['*'] } }),
      400,
      'error.bad_request',
    );
    const other = await createBank();
    expectError(await api('GET', `/webhook/${created.body.data.token}`, as(other)), 404, 'error.not_found');
  });

  it('delivers the lifecycle events once each, signed; the log matches what the receiver saw', async () => {
    const { bank, r, hook } = await bankWithHook();
    const body = pushBody(bank, 'alice@sandbox-bank.test', '4100');
    await createAndSubmit(bank, body);
    await waitForStatus(bank, body.payment_id, [3]);
    const rotated = await api('POST', '/apikey', {
      ...as(bank),
      body: {
        name: 'r',
        access: keyAccess('customers_read'),
      },
    });
    await api('POST', `/apikey/${rotated.body.data.secret_key}`, as(bank));
    const want = [
      'payment.created',
      'payment.submitted',
      'payment.admitted',
      'transaction.created',
      'api_key.rotated',
    ];
    await r.waitFor((got) => want.every((t) => got.some((x) => x.json.type === t)));
    await new Promise((res) => setTimeout(res, 600));
    const types = r.received.map((x) => x.json.type);
    for (const t of want)
      expect(
        types.filter((x) => x === t),
        t,
      ).toHaveLength(1);
    for (const x of r.received) {
      expect(verifyWebhookSignature({ secret: hook.secret, headers: x.headers as any, body: x.body })).toBe(
        true,
      );
      expect(x.headers['webhook-id']).toBe(x.json.id);
      expect(x.json).toMatchObject({
        partner_id: bank.partnerId,
        org_id: bank.orgId,
        data: expect.any(Object),
      });
    }
    const log = await settledDeliveries(bank, hook.token);
    expect(log.map((d) => d.event_id).sort()).toEqual(r.received.map((x) => x.json.id).sort());
    expect(
      log.every((d) => d.status === 'succeeded' && d.attempts === 1 && d.attempt_log[0]!.status_code === 200),
    ).toBe(true);
  });

  it('retries a failing receiver until it answers 2xx, logging every attempt', async () => {
    const { bank, r, hook } = await bankWithHook((n) => (n <= 2 ? 503 : 200));
    await api('POST', `/webhook/${hook.token}/test`, as(bank));
    await r.waitFor((got) => got.length >= 3, 15_000);
    const d = (await settledDeliveries(bank, hook.token))[0]!;
    expect(d).toMatchObject({
      event_type: 'webhook.test',
      status: 'succeeded',
      attempts: 3,
      last_status_code: 200,
    });
    expect(d.attempt_log.map((a: any) => a.status_code)).toEqual([503, 503, 200]);
    expect(d.attempt_log[0].response_excerpt).toBe('nope');
    // all three attempts carry the same event id
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(1);
  });

  it('sends nothing more to a deleted webhook', async () => {
    const { bank, r, hook } = await bankWithHook();
    await api('POST', `/webhook/${hook.token}/test`, as(bank));
    await r.waitFor((got) => got.length === 1);
    expect((await api('DELETE', `/webhook/${hook.token}`, as(bank))).body).toEqual({ ok: true, data: {} });
    await api('POST', '/payments', { ...bank.key, body: pushBody(bank, 'alice@sandbox-bank.test', '100') });
    await new Promise((res) => setTimeout(res, 1200));
    expect(r.received).toHaveLength(1);
    expectError(await api('GET', `/webhook/${hook.token}`, as(bank)), 404, 'error.not_found');
  });

  it('sends a delivery again on request, with the same webhook-id; 404 for another endpoint or namespace', async () => {
    const { bank, r, hook } = await bankWithHook();
    await api('POST', `/webhook/${hook.token}/test`, as(bank));
    await r.waitFor((got) => got.length === 1);
    const [delivered] = await settledDeliveries(bank, hook.token);
    expect(delivered).toMatchObject({ status: 'succeeded', attempts: 1 });
    const retried = await api(
      'POST',
      `/webhook/${hook.token}/deliveries/${delivered!.token}/retry`,
      as(bank),
    );
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual({ token: delivered!.token, status: 'pending' });
    await r.waitFor((got) => got.length === 2);
    expect(r.received[1]!.headers['webhook-id']).toBe(r.received[0]!.headers['webhook-id']);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);
    const [again] = await settledDeliveries(bank, hook.token);
    expect(again).toMatchObject({ token: delivered!.token, status: 'succeeded', attempts: 2 });

    const other = (await api('POST', '/webhook', { ...as(bank), body: { url: r.url, event_types: ['*'] } }))
      .body.data;
    expectError(
      await api('POST', `/webhook/${other.token}/deliveries/${delivered!.token}/retry`, as(bank)),
      404,
      'error.not_found',
    );
    const stranger = await createBank();
    expectError(
      await api('POST', `/webhook/${hook.token}/deliveries/${delivered!.token}/retry`, as(stranger)),
      404,
      'error.not_found',
    );
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    const { bank, r, hook } = await bankWithHook();
    const rotated = (await api('POST', `/webhook/${hook.token}/rotate-secret`, as(bank))).body.data;
    expect(rotated.secret).not.toBe(hook.secret);
    await api('POST', `/webhook/${hook.token}/test`, as(bank));
    await r.waitFor((got) => got.length === 1);
    const x = r.received[0]!;
    expect(String(x.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyWebhookSignature({ secret: hook.secret, headers: x.headers as any, body: x.body })).toBe(
      true,
    );
    expect(verifyWebhookSignature({ secret: rotated.secret, headers: x.headers as any, body: x.body })).toBe(
      true,
    );
  });
});

describe('the verifier shown in docs/webhooks.md', () => {
  it('accepts a real delivery and refuses a changed body, another secret and a stale timestamp', async () => {
    // The code block as documented, run as is.
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/webhooks.md'), 'utf8');
    const code = /## Verifying \(Node\.js\)\n\n```ts\n([\s\S]*?)```/.exec(doc)![1]!;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'csp-doc-')), 'verify.ts');
    writeFileSync(file, code);
    const { verifyWebhook } = (await import(/* @vite-ignore */ file)) as {
      verifyWebhook: (
        secret: string,
        headers: Record<string, string | undefined>,
        rawBody: string,
      ) => boolean;
    };

    const { bank, r, hook } = await bankWithHook();
    await api('POST', `/webhook/${hook.token}/test`, as(bank));
    await r.waitFor((got) => got.length === 1);
    const x = r.received[0]!;
    const headers = x.headers as Record<string, string>;
    expect(verifyWebhook(hook.secret, headers, x.body)).toBe(true);
    expect(verifyWebhook(hook.secret, headers, x.body.replace('test event', 'test evenT'))).toBe(false);
    expect(verifyWebhook('whsec_' + Buffer.alloc(32, 1).toString('base64'), headers, x.body)).toBe(false);
    expect(verifyWebhook(hook.secret, { ...headers, 'webhook-id': 'evt_other' }, x.body)).toBe(false);
    // 5-minute tolerance: correctly signed, but 302 s old (or ahead) is refused; 298 s is accepted.
    // (Whole seconds in the header, and the clock moves on between the lines: a second of slack.)
    const at = (ts: number) => ({
      ...headers,
      'webhook-timestamp': String(ts),
      'webhook-signature': signPayload(hook.secret, headers['webhook-id']!, ts, x.body),
    });
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(hook.secret, at(now - 298), x.body)).toBe(true);
    expect(verifyWebhook(hook.secret, at(now - 302), x.body)).toBe(false);
    expect(verifyWebhook(hook.secret, at(now + 302), x.body)).toBe(false);
  });
});

/**
 * A server of the test's own, started with `env` and stopped with the file: `api` and `createOrg`
 * call it until `targetServer(undefined)`.
 */
async function ownServer(env: Record<string, string>) {
  const server = await startServer({ host: inject('host') as Host, db: 'pglite', env });
  closers.push(() => server.stop());
  targetServer(server);
}

describe('webhook targets when private addresses are not allowed', () => {
  it('refuses loopback, private and plain-http targets', async () => {
    await ownServer({ WEBHOOK_ALLOW_PRIVATE: 'false' });
    try {
      const org = await createOrg();
      for (const url of [
        'https://127.0.0.1/hook',
        'https://10.0.0.8/hook',
        'https://169.254.169.254/latest',
        'https://[::1]/hook',
        'http://example.test/hook',
        'https://localhost/hook',
      ]) {
        const res = await api('POST', '/webhook', { ...as(org), body: { url, event_types: ['*'] } });
        expect(res.status, url).toBe(400);
        expect(res.body.code).toBe('error.bad_request');
      }
    } finally {
      targetServer(undefined);
    }
  });
});

describe('a receiver that never answers', () => {
  it('is timed out, logged, and retried until it answers', async () => {
    await ownServer({ WEBHOOK_TIMEOUT_MS: '500' });
    try {
      const r = await receiver((n) => (n === 1 ? 0 : 200));
      const org = await createOrg();
      const hook = (await api('POST', '/webhook', { ...as(org), body: { url: r.url, event_types: ['*'] } }))
        .body.data;
      await api('POST', `/webhook/${hook.token}/test`, as(org));
      await r.waitFor((got) => got.length >= 2, 15_000);
      let d: any;
      for (let i = 0; i < 30; i++) {
        d = (await api('GET', `/webhook/${hook.token}/deliveries`, as(org))).body.data.deliveries[0];
        if (d?.status === 'succeeded') break;
        await new Promise((res) => setTimeout(res, 200));
      }
      expect(d).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(d.attempt_log[0]).toMatchObject({ status_code: null, error: 'timed out after 500 ms' });
      expect(d.attempt_log[0].latency_ms).toBeGreaterThanOrEqual(450);
      expect(d.attempt_log[1].status_code).toBe(200);
    } finally {
      targetServer(undefined);
    }
  });
});
