import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, targetServer, type TestOrg } from './helpers';
import { createAndSubmit, createBank, pushBody, waitForStatus } from './payments-helpers';
import { startReceiver, type Received } from './receiver';
import { settledDeliveries } from './webhooks-helpers';
import { createTestDatabase, startServer, type DbKind, type Host } from './server';

// These tests kill and share servers, so they start their own: the standalone host (the delivery
// code is the same on both), and both hosts for the graceful stop, which each host does its own way
// (scripts/gateway.ts; `next start` with lib/server/start.ts `stopWithNextJs`).
const dbKind = inject('dbKind') as DbKind;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  targetServer(undefined);
  for (const c of cleanups.reverse()) await c();
});

/** A database that outlives its servers: a PGlite folder, or a scratch PostgreSQL database. */
async function durableDatabase(): Promise<{ dataDir?: string; databaseUrl?: string }> {
  if (dbKind === 'postgres') {
    const created = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    cleanups.push(created.drop);
    return { databaseUrl: created.url };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'csp-kill-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { dataDir: path.join(dir, 'db') };
}

async function server(
  where: { dataDir?: string; databaseUrl?: string },
  env: Record<string, string> = {},
  host: Host = 'standalone',
) {
  const s = await startServer({
    host,
    db: dbKind,
    ...where,
    env: { WEBHOOK_TIMEOUT_MS: '4000', ...env },
  });
  cleanups.push(() => s.stop());
  return s;
}

/** SIGKILL, then wait until the process is gone (its port and PGlite lock are free). */
async function kill(s: Awaited<ReturnType<typeof startServer>>) {
  s.kill('SIGKILL');
  for (;;) {
    try {
      process.kill(s.pid(), 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const as = (o: TestOrg) => ({ token: o.token, partner: o.partnerId });
const countBy = <T>(xs: T[], key: (x: T) => string) =>
  xs.reduce<Record<string, number>>((m, x) => ({ ...m, [key(x)]: (m[key(x)] ?? 0) + 1 }), {});

describe('a server killed with SIGKILL between the change and the delivery', () => {
  it('delivers every event after a restart on the same database: nothing lost', async () => {
    const where = await durableDatabase();
    let paused = true;
    let firstHeld: () => void = () => {};
    const held = new Promise<void>((r) => (firstHeld = r));
    // While paused the receiver never answers; the server is killed with that request in flight.
    const r = await startReceiver(() => {
      if (!paused) return 200;
      firstHeld();
      return 0;
    });
    cleanups.push(r.close);

    // 1. Changes on a server that is killed before it delivers anything (no workers at all).
    const s1 = await server(where, { WORKERS: 'off' });
    targetServer(s1);
    const bank = await createBank();
    const hook = (await api('POST', '/webhook', { ...as(bank), body: { url: r.url, event_types: ['*'] } }))
      .body.data;
    const tests: string[] = [];
    for (let i = 0; i < 5; i++)
      tests.push((await api('POST', `/webhook/${hook.token}/test`, as(bank))).body.data.event_id);
    const payments = [
      pushBody(bank, 'alice@sandbox-bank.test', '2100'),
      pushBody(bank, 'alice@sandbox-bank.test', '2200'),
    ];
    for (const p of payments) await createAndSubmit(bank, p);
    await kill(s1);
    expect(r.received).toHaveLength(0);

    // 2. A server that starts delivering, and is killed with the first delivery unanswered.
    const s2 = await server(where);
    await held;
    await kill(s2);
    const heldId = r.received[0]!.json.id as string;
    expect(r.received).toHaveLength(1);

    // 3. Restarted: everything arrives (the unanswered one again, once its lease ran out).
    paused = false;
    const s3 = await server(where);
    targetServer(s3);
    for (const p of payments) await waitForStatus(bank, p.payment_id, [3], 20_000);
    const want = {
      'webhook.test': 5,
      'payment.created': 2,
      'payment.submitted': 2,
      'payment.admitted': 2,
      'transaction.created': 2,
    };
    const distinct = (got: Received[]) => new Set(got.map((x) => x.json.id)).size;
    await r.waitFor((got) => distinct(got) >= 13, 30_000);
    await new Promise((res) => setTimeout(res, 1000));

    const firstOfEach = [...new Map(r.received.map((x) => [x.json.id as string, x])).values()];
    expect(countBy(firstOfEach, (x) => x.json.type)).toEqual(want);
    expect(tests.every((id) => firstOfEach.some((x) => x.json.id === id))).toBe(true);
    const log = await settledDeliveries(bank, hook.token);
    expect(log.map((d) => d.event_id).sort()).toEqual(firstOfEach.map((x) => x.json.id).sort());
    expect(log.every((d) => d.status === 'succeeded' && d.attempt_log.at(-1)!.status_code === 200)).toBe(
      true,
    );
    // At least once, and the log matches the receiver: every request it saw is a logged attempt,
    // except the one in flight when the server died (sent again after the restart).
    const seen = countBy(r.received, (x) => x.json.id);
    expect(seen[heldId]).toBeGreaterThanOrEqual(2);
    expect(
      Object.fromEntries(log.map((d) => [d.event_id, d.attempts + (d.event_id === heldId ? 1 : 0)])),
    ).toEqual(seen);
  }, 240_000);
});

describe.each(['standalone', 'next'] as const)(
  'a %s server stopped with SIGTERM during a delivery',
  (host) => {
    it('finishes the attempt, records it and releases the lease, then exits; a restart sends nothing twice', async () => {
      const where = await durableDatabase();
      let arrived: () => void = () => {};
      const first = new Promise<void>((res) => (arrived = res));
      // The first request is answered 1.5 s after it arrives: the server is stopped meanwhile.
      const r = await startReceiver(async (n) => {
        if (n === 1) {
          arrived();
          await new Promise((res) => setTimeout(res, 1500));
        }
        return 200;
      });
      cleanups.push(r.close);

      const s1 = await server(where, {}, host);
      targetServer(s1);
      const bank = await createBank();
      const hook = (await api('POST', '/webhook', { ...as(bank), body: { url: r.url, event_types: ['*'] } }))
        .body.data;
      const sent = (await api('POST', `/webhook/${hook.token}/test`, as(bank))).body.data.event_id as string;
      await first;
      const stopAt = Date.now();
      s1.kill('SIGTERM');
      for (;;) {
        try {
          process.kill(s1.pid(), 0);
        } catch {
          break;
        }
        await new Promise((res) => setTimeout(res, 50));
      }
      const stoppedIn = Date.now() - stopAt;
      // It waited for the answer (about 1.4 s left of it), and no longer than the bounded stop.
      expect(stoppedIn).toBeGreaterThan(1000);
      expect(stoppedIn).toBeLessThan(10_000);
      if (host === 'standalone') expect(s1.output()).toContain('"msg":"gateway stopped"');

      // Restarted on the same database: the attempt was recorded (succeeded, once), and the
      // endpoint's lease was released, so a new event goes out at once rather than after the
      // lease (9 s here) would have run out.
      const s2 = await server(where, {}, host);
      targetServer(s2);
      const log = await settledDeliveries(bank, hook.token);
      expect(log.map((d) => [d.event_id, d.status, d.attempts])).toEqual([[sent, 'succeeded', 1]]);
      const next = (await api('POST', `/webhook/${hook.token}/test`, as(bank))).body.data.event_id as string;
      const createdAt = Date.now();
      await r.waitFor((got) => got.some((x) => x.json.id === next), 3000);
      expect(Date.now() - createdAt).toBeLessThan(3000);
      expect(r.received.filter((x) => x.json.id === sent)).toHaveLength(1);
    });
  },
);

describe.runIf(dbKind === 'postgres')('two server instances on one PostgreSQL database', () => {
  it('deliver each message exactly once per attempt', async () => {
    const where = await durableDatabase();
    const [s1, s2] = [await server(where), await server(where)];
    const steady = await startReceiver();
    // Fails the first attempt of every message, so each one is attempted twice.
    const seen = new Set<string>();
    const flaky = await startReceiver((_, x) => {
      const first = !seen.has(x.json.id);
      seen.add(x.json.id);
      return first ? 503 : 200;
    });
    cleanups.push(steady.close, flaky.close);

    targetServer(s1);
    const bank = await createBank();
    const hooks = [];
    for (const r of [steady, flaky])
      hooks.push(
        (await api('POST', '/webhook', { ...as(bank), body: { url: r.url, event_types: ['*'] } })).body.data,
      );
    // Changes through both instances: test events per endpoint and payments fanned out to both.
    const payments: Array<ReturnType<typeof pushBody>> = [];
    for (let i = 0; i < 20; i++) {
      targetServer(i % 2 ? s2 : s1);
      await api('POST', `/webhook/${hooks[i % 2].token}/test`, as(bank));
      if (i % 4 === 0) {
        const p = pushBody(bank, 'alice@sandbox-bank.test', String(3000 + i));
        await createAndSubmit(bank, p);
        payments.push(p);
      }
    }
    for (const p of payments) await waitForStatus(bank, p.payment_id, [3], 20_000);
    // 10 test events each, and 4 events per payment to both endpoints.
    const perEndpoint = 10 + payments.length * 4;
    await steady.waitFor((got) => got.length >= perEndpoint, 30_000);
    await flaky.waitFor(
      (got) => new Set(got.map((x) => x.json.id)).size >= perEndpoint && got.length >= 2 * perEndpoint,
      30_000,
    );
    await new Promise((res) => setTimeout(res, 1500));

    for (const [r, hook, tries] of [
      [steady, hooks[0], 1],
      [flaky, hooks[1], 2],
    ] as const) {
      const received = countBy(r.received, (x) => x.json.id);
      expect(Object.keys(received)).toHaveLength(perEndpoint);
      expect(Object.values(received).every((n) => n === tries)).toBe(true);
      const log = await settledDeliveries(bank, hook.token);
      expect(log).toHaveLength(perEndpoint);
      // The log's attempts are exactly what the receiver saw, per message.
      for (const d of log) {
        expect(d.status).toBe('succeeded');
        expect(d.attempts).toBe(received[d.event_id]);
        expect(d.attempt_log.map((a) => a.status_code)).toEqual(tries === 1 ? [200] : [503, 200]);
      }
    }
  }, 240_000);
});
