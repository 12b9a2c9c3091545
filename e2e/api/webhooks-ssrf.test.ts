import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, createOrg, dbKind, expectError, targetServer, type TestOrg } from './helpers';
import { createTestDatabase, startServer, type DbKind, type Host } from './server';
import type { LoggedDelivery } from './webhooks-helpers';

// POST /api/v1/csp/webhook, PATCH /api/v1/csp/webhook/{id}, and delivery, with
// WEBHOOK_ALLOW_PRIVATE=false: IPv6 spellings of private IPv4 addresses are refused when saved, and
// a row holding one (saved while private targets were allowed) is never connected to.

const REFUSED = 'url is a private, loopback, link-local or reserved address';
/** IPv6 hosts that all lead to a private IPv4 address; `{port}` is the local listener's. */
const FORMS = [
  '[::ffff:127.0.0.1]', // IPv4-mapped, dotted
  '[::ffff:7f00:1]', // IPv4-mapped, hex (what URL parsing makes of the dotted form)
  '[0:0:0:0:0:ffff:127.0.0.1]', // IPv4-mapped, expanded
  '[::ffff:169.254.169.254]', // the cloud metadata address, mapped
  '[::ffff:10.0.0.1]', // private, mapped
  '[::127.0.0.1]', // IPv4-compatible
  '[64:ff9b::7f00:1]', // NAT64 well-known prefix
  '[::ffff:0:7f00:1]', // IPv4-translated
  '[2002:7f00:1::1]', // 6to4
];

const stops: Array<() => Promise<void>> = [];
let org: TestOrg;
let port: number;
let listener: Server;
const connections: Socket[] = [];
/** Webhooks saved while private targets were allowed, one per form: id → url. */
const saved = new Map<string, string>();
const admin = () => ({ token: org.token, partner: org.partnerId });
const targetOf = (host: string) => `https://${host}:${port}/hook`;

beforeAll(async () => {
  // Any connection at all is the failure; it is reset at once, as a closed service would be.
  listener = createServer((s) => {
    connections.push(s);
    s.destroy();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  port = (listener.address() as { port: number }).port;
  stops.push(() => {
    return new Promise<void>((r) => listener.close(() => r()));
  });

  // One store for two servers in turn: the first allows private targets, the second does not.
  const host = inject('host') as Host;
  const db = dbKind() as DbKind;
  const store: { databaseUrl?: string; dataDir?: string } = {};
  if (db === 'postgres') {
    const created = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    stops.push(created.drop);
    store.databaseUrl = created.url;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'csp-ssrf-'));
    stops.push(async () => rmSync(dir, { recursive: true, force: true }));
    store.dataDir = path.join(dir, 'db');
  }

  const permissive = await startServer({ host, db, ...store, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  try {
    targetServer(permissive);
    org = await createOrg();
    for (const form of FORMS) {
      const res = await api('POST', '/webhook', {
        ...admin(),
        body: { url: targetOf(form), event_types: ['*'] },
      });
      expect(res.status, form).toBe(200);
      saved.set(res.body.data.token, targetOf(form));
    }
  } finally {
    targetServer(undefined);
    await permissive.stop();
  }

  const guarded = await startServer({ host, db, ...store, env: { WEBHOOK_ALLOW_PRIVATE: 'false' } });
  stops.unshift(guarded.stop);
  targetServer(guarded);
}, 180_000);

afterAll(async () => {
  targetServer(undefined);
  for (const stop of stops) await stop();
});

/** The webhook's deliveries once each has at least `attempts` attempts logged. */
async function attempted(hookId: string, attempts: number): Promise<LoggedDelivery[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await api('GET', `/webhook/${hookId}/deliveries?limit=100`, admin());
    expect(res.status).toBe(200);
    const list = res.body.data.deliveries as LoggedDelivery[];
    if (list.length > 0 && list.every((d) => d.attempt_log.length >= attempts)) return list;
    if (Date.now() > deadline) throw new Error(`no attempt ${attempts} within 15 s: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhook targets written as IPv6 forms of private IPv4 addresses (WEBHOOK_ALLOW_PRIVATE=false)', () => {
  it('POST /webhook and PATCH /webhook/{id} answer 400 and store nothing', async () => {
    const before = await api('GET', '/webhook?limit=100', admin());
    expect(before.status).toBe(200);
    for (const form of FORMS) {
      const res = await api('POST', '/webhook', {
        ...admin(),
        body: { url: targetOf(form), event_types: ['*'] },
      });
      expectError(res, 400, 'error.bad_request');
      expect(res.body.message, form).toBe(REFUSED);
    }
    const after = await api('GET', '/webhook?limit=100', admin());
    expect(after.body.data.count).toBe(before.body.data.count);

    // A public address in the same forms is a valid target.
    const hook = await api('POST', '/webhook', {
      ...admin(),
      body: { url: 'https://[::ffff:8.8.8.8]/hook', event_types: ['*'] },
    });
    expect(hook.status).toBe(200);
    const id = hook.body.data.token as string;
    for (const form of FORMS) {
      const res = await api('PATCH', `/webhook/${id}`, { ...admin(), body: { url: targetOf(form) } });
      expectError(res, 400, 'error.bad_request');
      expect(res.body.message, form).toBe(REFUSED);
    }
    expect((await api('GET', `/webhook/${id}`, admin())).body.data.url).toBe('https://[::ffff:8.8.8.8]/hook');
    const moved = await api('PATCH', `/webhook/${id}`, {
      ...admin(),
      body: { url: 'https://[2606:4700::1111]/hook' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.url).toBe('https://[2606:4700::1111]/hook');
    expect((await api('DELETE', `/webhook/${id}`, admin())).status).toBe(200);
  });

  it('a stored target of that kind is never connected to: test delivery, automatic and manual retry', async () => {
    for (const id of saved.keys()) {
      expect((await api('POST', `/webhook/${id}/test`, admin())).status).toBe(200);
    }
    for (const [id, url] of saved) {
      // The first attempt and the automatic retry (WEBHOOK_RETRY_SCHEDULE=1,2,3 in the test server).
      const [d] = await attempted(id, 2);
      expect(d!.event_type, url).toBe('webhook.test');
      for (const a of d!.attempt_log) {
        expect(a, url).toMatchObject({ status_code: null, response_excerpt: null, error: REFUSED });
      }
      const retried = await api('POST', `/webhook/${id}/deliveries/${d!.token}/retry`, admin());
      expect(retried.status).toBe(200);
      const [again] = await attempted(id, 3);
      expect(again!.attempt_log[2], url).toMatchObject({ status_code: null, error: REFUSED });
    }
    expect(connections).toHaveLength(0);
  });
});
