import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { api, keyAccess, OPERATOR, signIn, targetServer } from './helpers';
import { createBank, link, pushBody, type Bank } from './payments-helpers';
import { startReceiver } from './receiver';
import { createTestDatabase, startServer } from './server';

/**
 * Three standalone instances on one PostgreSQL database (and Redis when the machine has one),
 * each its own process and port, worked as one cluster: a bounded load of payment lifecycles sent
 * round-robin, webhooks to a local receiver, one instance SIGKILLed mid-load and restarted,
 * then a cut-off asked of all three at once and a key rotated through one. `npm run test:cluster`
 * runs it alone; the API suite runs it on PostgreSQL.
 */
// Once per suite run: with the PostgreSQL suite (TEST_DATABASE_URL set).
const enabled = inject('dbKind') === 'postgres';
type Instance = Awaited<ReturnType<typeof startServer>>;

const PAYMENTS = 45;
const CLIENTS = 5;
const KILL_AFTER = 15;
const RATE_LIMIT = 300;

describe.runIf(enabled)('a cluster of three instances on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createTestDatabase>>;
  const instances: Instance[] = [];
  let dashboard: Instance;
  let sql: pg.Client;
  const env = {
    WEBHOOK_TIMEOUT_MS: '4000',
    // One limit per credential for the whole cluster (checked at the end); the load stays below it.
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
  };
  const start = (port?: number) =>
    startServer({ host: 'standalone', db: 'postgres', databaseUrl: scratch.url, env, port });

  beforeAll(async () => {
    scratch = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    // All three at once: the first to take the migration lock migrates, the others wait for it.
    instances.push(...(await Promise.all([start(), start(), start()])));
    // The dashboard in proxy mode: its own process and embedded database, every call sent to the
    // third instance (GATEWAY_URL); it runs no workers and holds no gateway data.
    dashboard = await startServer({
      host: 'next',
      db: 'pglite',
      env: {
        GATEWAY_URL: instances[2]!.baseUrl,
        AUTH_SECRET: 'cluster-dashboard-secret-0123456789abcdef',
        WORKERS: 'off',
      },
    });
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
  }, 180_000);
  afterAll(async () => {
    targetServer(undefined);
    await sql?.end();
    await Promise.all([...instances, dashboard].map((s) => s?.stop()));
    await scratch?.drop();
  });

  /**
   * One request with its idempotency key, to instance `at`; when that instance does not answer
   * (killed), the same request with the same key goes to the next one.
   */
  async function send(at: number, method: string, path: string, bank: Bank, body?: unknown) {
    const key = randomUUID();
    for (let attempt = 0; attempt < 6; attempt++) {
      const s = instances[(at + attempt) % instances.length]!;
      try {
        const res = await fetch(s.baseUrl + path, {
          method,
          headers: {
            'x-service-api-key': bank.key.apiKey,
            'x-org-id': bank.key.org,
            'x-partner-id': bank.key.partner,
            'idempotency-key': key,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: res.status, body: await res.json(), retried: attempt > 0 };
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    throw new Error(`no instance answered ${method} ${path}`);
  }

  it('loses no acknowledged write, settles each transaction once, delivers every event and forgets a rotated key and an ended session', async () => {
    targetServer(instances[0]);
    const bank = await createBank();
    const receiver = await startReceiver();
    try {
      const hook = (
        await api('POST', '/webhook', {
          token: bank.token,
          partner: bank.partnerId,
          body: { url: receiver.url, event_types: ['*'] },
        })
      ).body.data;
      // Events written before the webhook existed are not its to deliver.
      const before = new Set(
        (await sql.query('SELECT id FROM events WHERE partner_id = $1', [bank.partnerId])).rows.map(
          (r) => r.id as string,
        ),
      );

      // The load: create and submit, round-robin; one instance is killed (and restarted) meanwhile.
      const acknowledged: string[] = [];
      let retried = 0;
      let next = 0;
      let killed: Promise<void> | undefined;
      let killedAt = 0;
      const client = async () => {
        for (;;) {
          const i = next++;
          if (i >= PAYMENTS) return;
          if (i === KILL_AFTER) {
            const victim = instances[1]!;
            const port = Number(new URL(victim.baseUrl).port);
            killedAt = Date.now();
            victim.kill('SIGKILL');
            killed = (async () => {
              await new Promise((r) => setTimeout(r, 500));
              instances[1] = await start(port);
            })();
          }
          // Whole units: the Sandbox Bank admits every amount whose last two digits are not 01–03.
          const body = pushBody(bank, 'alice@sandbox-bank.test', String(1000 + i * 100));
          const created = await send(i, 'POST', '/payments', bank, body);
          expect(created.status, JSON.stringify(created.body)).toBe(200);
          const submitted = await send(i + 1, 'POST', `/payments/${body.payment_id}/submissions`, bank);
          expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
          retried += Number(created.retried) + Number(submitted.retried);
          acknowledged.push(body.payment_id);
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, client));
      await killed;
      expect(acknowledged).toHaveLength(PAYMENTS);

      // Every acknowledged payment is stored once and is admitted by the Sandbox Bank.
      const stored = await sql.query(
        'SELECT payment_id, count(*)::int AS n FROM payments WHERE payment_id = ANY($1) GROUP BY payment_id',
        [acknowledged],
      );
      expect(stored.rows).toHaveLength(PAYMENTS);
      expect(stored.rows.every((r) => r.n === 1)).toBe(true);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const open = await sql.query(
          `SELECT count(*)::int AS n FROM submissions s JOIN payments p ON p.id = s.payment_pk
           WHERE p.payment_id = ANY($1) AND s.status <> 3`,
          [acknowledged],
        );
        if (open.rows[0].n === 0) break;
        if (Date.now() > deadline) throw new Error(`${open.rows[0].n} submissions not admitted`);
        await new Promise((r) => setTimeout(r, 250));
      }

      // A cut-off asked of all three at the same moment: one batch per currency, each cleared
      // transaction in exactly one batch.
      const op = await signIn(OPERATOR.email, OPERATOR.password);
      const answers = await Promise.all(
        instances.map((s) =>
          fetch(`${s.baseUrl}/settlements`, {
            method: 'POST',
            headers: { authorization: `Bearer ${op.access_token}`, 'idempotency-key': randomUUID() },
          }).then(async (r) => ({ status: r.status, body: await r.json() })),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const made = answers.flatMap(
        (a) => a.body.data.batches as Array<{ id: string; currency: string; txnCount: number }>,
      );
      expect(made.map((b) => b.currency)).toEqual(['USD']);
      const txns = await sql.query(
        `SELECT t.batch_id, t.status FROM transactions t WHERE t.payment_id = ANY($1)`,
        [acknowledged],
      );
      expect(txns.rows).toHaveLength(PAYMENTS);
      expect(txns.rows.every((t) => t.batch_id === made[0]!.id && t.status === 3)).toBe(true);
      expect(
        (await sql.query('SELECT count(*)::int AS n FROM transactions WHERE batch_id IS NULL')).rows[0].n,
      ).toBe(0);
      expect(made[0]!.txnCount).toBe(
        (await sql.query('SELECT count(*)::int AS n FROM transactions')).rows[0].n,
      );

      // Every event of the namespace reaches the receiver, first in outbox order; only the
      // delivery in flight at the kill may arrive twice (at least once, never lost).
      const events = (
        await sql.query('SELECT id FROM events WHERE partner_id = $1 ORDER BY seq', [bank.partnerId])
      ).rows
        .map((r) => r.id as string)
        .filter((id) => !before.has(id));
      await receiver.waitFor(
        (got) => new Set(got.map((r) => r.headers['webhook-id'])).size >= events.length,
        60_000,
      );
      // The delivery in flight at the kill is sent again once its lease (9 s here) runs out.
      const settled = Date.now() + 30_000;
      for (;;) {
        const delivered = await sql.query(
          `SELECT status, count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 GROUP BY status`,
          [hook.token],
        );
        if (delivered.rows.length === 1 && delivered.rows[0].status === 'succeeded') {
          expect(delivered.rows).toEqual([{ status: 'succeeded', n: events.length }]);
          break;
        }
        if (Date.now() > settled)
          throw new Error(`deliveries not settled: ${JSON.stringify(delivered.rows)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      const firstSeen = [...new Set(receiver.received.map((r) => r.headers['webhook-id'] as string))];
      expect([...firstSeen].sort()).toEqual([...events].sort());
      // Each payment's events arrive in the order they happened (created, submitted, admitted …);
      // events written at the same moment by concurrent requests may pass each other.
      const position = new Map(events.map((id, i) => [id, i]));
      const byPayment = new Map<string, number[]>();
      for (const r of receiver.received) {
        const id = r.headers['webhook-id'] as string;
        const d = r.json?.data;
        const payment = (d?.payment ?? d?.submission ?? d?.transaction)?.payment_id as string | undefined;
        if (!payment || firstSeen.indexOf(id) < 0) continue;
        const seen = byPayment.get(payment) ?? [];
        if (!seen.includes(position.get(id)!)) seen.push(position.get(id)!);
        byPayment.set(payment, seen);
      }
      expect(byPayment.size).toBe(PAYMENTS);
      for (const [payment, order] of byPayment) {
        expect(order, payment).toEqual([...order].sort((a, b) => a - b));
      }
      // Sent twice: only what the killed instance had delivered and not yet recorded (it records
      // its attempts every 100 ms), i.e. events first received in the moment before the kill.
      const first = new Map<string, number>();
      const twice = new Set<string>();
      for (const r of receiver.received) {
        const id = r.headers['webhook-id'] as string;
        if (first.has(id)) twice.add(id);
        else first.set(id, r.at);
      }
      for (const id of twice) {
        expect(first.get(id)!).toBeGreaterThan(killedAt - 1000);
        expect(first.get(id)!).toBeLessThanOrEqual(killedAt + 100);
      }
      expect(events.length).toBeGreaterThanOrEqual(PAYMENTS * 4);

      // A key rotated through one instance is refused by the other two as soon as it answers.
      const rotated = await fetch(`${instances[0]!.baseUrl}/apikey/${encodeURIComponent(bank.key.apiKey)}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${bank.token}`,
          'x-partner-id': bank.partnerId,
          'idempotency-key': randomUUID(),
        },
      });
      expect(rotated.status).toBe(200);
      const fresh = (await rotated.json()).data.secret_key as string;
      for (const s of instances.slice(1)) {
        const read = (secret: string) =>
          fetch(`${s.baseUrl}/payments?limit=1`, {
            headers: { 'x-service-api-key': secret, 'x-org-id': bank.orgId, 'x-partner-id': bank.partnerId },
          }).then((r) => r.status);
        expect(await read(bank.key.apiKey)).toBe(401);
        expect(await read(fresh)).toBe(200);
      }
      // One request limit per credential across the three: a fresh key's requests spread
      // round-robin (a third of the limit on each instance). An instance learns the shared count
      // when it flushes its own (every 200 ms while it has requests), so past the limit each
      // admits at most the one request that makes it flush, then all three refuse.
      if ((Date.now() / 1000) % 60 > 40)
        await new Promise((r) => setTimeout(r, (60.5 - ((Date.now() / 1000) % 60)) * 1000));
      const created = await api('POST', '/apikey', {
        token: bank.token,
        partner: bank.partnerId,
        body: {
          name: 'limited',
          access: keyAccess('transactions_read'),
        },
      });
      expect(created.status, created.text).toBe(200);
      const limited = created.body.data.secret_key as string;
      const list = (s: Instance) =>
        fetch(`${s.baseUrl}/payments?limit=1`, {
          headers: { 'x-service-api-key': limited, 'x-org-id': bank.orgId, 'x-partner-id': bank.partnerId },
        });
      const admitted: number[] = [];
      for (let i = 0; i < RATE_LIMIT; i++) admitted.push((await list(instances[i % 3]!)).status);
      expect(admitted).toEqual(Array(RATE_LIMIT).fill(200));
      const round = async () => {
        await new Promise((r) => setTimeout(r, 600));
        return Promise.all(instances.map(list));
      };
      const overshoot = (await round()).filter((r) => r.status === 200).length;
      expect(overshoot).toBeLessThanOrEqual(instances.length);
      for (const refused of await round()) {
        expect(refused.status).toBe(429);
        expect((await refused.json()).code).toBe('error.rate_limited');
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }

      // The dashboard signs in and reads the cluster's payments through the instance it proxies to.
      const origin = dashboard.baseUrl.replace(/\/api\/v1\/csp$/, '');
      const csrf = await fetch(`${origin}/api/auth/csrf`);
      const cookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const signedIn = await fetch(`${origin}/api/auth/callback/credentials`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
        body: new URLSearchParams({ csrfToken, email: bank.email, password: bank.password }).toString(),
      });
      expect(new URL(signedIn.headers.get('location')!, origin).searchParams.get('error')).toBeNull();
      cookies.push(...signedIn.headers.getSetCookie().map((c) => c.split(';')[0]));
      const viaDashboard = await fetch(`${origin}/api/proxy/payments?limit=100`, {
        headers: { cookie: cookies.join('; '), 'x-partner-id': bank.partnerId },
      });
      expect(viaDashboard.status).toBe(200);
      const listed = ((await viaDashboard.json()).data.payments as Array<{ payment_id: string }>).map(
        (p) => p.payment_id,
      );
      expect(listed.sort()).toEqual([...acknowledged].sort());

      // A session signed out through one instance is refused by the other two (each had it cached).
      const me = (s: Instance) =>
        fetch(`${s.baseUrl}/me`, { headers: { authorization: `Bearer ${bank.token}` } }).then(
          (r) => r.status,
        );
      for (const s of instances) expect(await me(s)).toBe(200);
      const out = await fetch(`${instances[0]!.baseUrl}/organization/signout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bank.token}` },
      });
      expect(out.status).toBe(200);
      for (const s of instances) expect(await me(s)).toBe(401);
      // The kill did interrupt the load: requests meant for the dead instance went to another.
      expect(retried).toBeGreaterThanOrEqual(1);
    } finally {
      await receiver.close();
    }
  }, 240_000);

  it('admits exactly as many payments as fit under a net debit cap when 200 race for it through the three', async () => {
    targetServer(instances[0]);
    const [a, b] = [await createBank(), await createBank()];
    await link(a, b);
    const AMOUNT = 100;
    const FIT = 50;
    const RACE = 200;
    const op = await signIn(OPERATOR.email, OPERATOR.password);
    const capped = await api('PUT', `/operator/liquidity/${a.partnerId}/USD`, {
      token: op.access_token,
      body: { cap: String(AMOUNT * FIT), note: 'cluster race' },
    });
    expect(capped.status, capped.text).toBe(200);
    // Two hundred payments of A to B, created with A's key and submitted by its admin, round-robin.
    const payments: Array<{ paymentId: string; admissionId: string }> = [];
    for (let i = 0; i < RACE; i++) {
      const body = pushBody(a, `payee@${b.domain}`, String(AMOUNT));
      const at = instances[i % 3]!;
      const created = await fetch(`${at.baseUrl}/payments`, {
        method: 'POST',
        headers: { ...keyHeaders(a), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(body),
      });
      expect(created.status).toBe(200);
      const submitted = await fetch(
        `${instances[(i + 1) % 3]!.baseUrl}/payments/${body.payment_id}/submissions`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${a.token}`,
            'x-partner-id': a.partnerId,
            'x-org-id': a.orgId,
            'idempotency-key': randomUUID(),
          },
        },
      );
      expect(submitted.status, await submitted.clone().text()).toBe(200);
      payments.push({ paymentId: body.payment_id, admissionId: (await submitted.json()).data.admission_id });
    }
    // B's decisions, all at once, spread over the three instances: the admissions race for A's headroom.
    const tasks = await sql.query(
      `SELECT t.id, t.payment_id FROM admission_tasks t WHERE t.partner_id = $1 AND t.status = 1`,
      [b.partnerId],
    );
    expect(tasks.rows).toHaveLength(RACE);
    const admission = new Map(payments.map((p) => [p.paymentId, p.admissionId]));
    const answers = await Promise.all(
      tasks.rows.map((t, i) =>
        fetch(
          `${instances[i % 3]!.baseUrl}/payments/${t.payment_id}/admissions/${admission.get(t.payment_id)}/tasks/${t.id}`,
          {
            method: 'PUT',
            headers: {
              ...keyHeaders(b),
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({ status: 'completed', status_reason: 'accepted' }),
          },
        ).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(RACE);
    const outcome = await sql.query(
      `SELECT s.status, count(*)::int AS n FROM submissions s JOIN payments p ON p.id = s.payment_pk
       WHERE p.payment_id = ANY($1) GROUP BY s.status ORDER BY s.status`,
      [payments.map((p) => p.paymentId)],
    );
    expect(outcome.rows).toEqual([
      { status: 3, n: FIT },
      { status: 4, n: RACE - FIT },
    ]);
    const position = await sql.query(
      `SELECT position::text, cap::text FROM liquidity_positions WHERE partner_id = $1 AND currency = 'USD'`,
      [a.partnerId],
    );
    expect(position.rows).toEqual([{ position: String(AMOUNT * FIT), cap: String(AMOUNT * FIT) }]);
  }, 240_000);
});

const keyHeaders = (bank: Bank) => ({
  'x-service-api-key': bank.key.apiKey,
  'x-org-id': bank.key.org,
  'x-partner-id': bank.key.partner,
});
