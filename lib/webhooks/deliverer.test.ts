import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { newWebhookSecret } from '@/lib/auth/secrets';
import { createSealer, deriveKey } from '@/lib/auth/at-rest';
import { emitEvents, type EventType } from '@/lib/events/emit';
import { runCutoff } from '@/lib/services/settlement/cutoff';
import { startReceiver } from '../../e2e/api/receiver';
import { verifyWebhookSignature } from './sign';
import { WebhookDeliverer } from './deliverer';
import { RETRY_SCHEDULE, nextDelayMs } from './config';

// The delivery engine against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and
// real HTTP receivers on 127.0.0.1, without a server around it.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await db().insert(schema.organizations).values({ id: 'org_wh', name: 'Hooks', status: 'verified' });
});
afterAll(async () => {
  for (const c of closers) await c();
  await database?.close();
});

const running: WebhookDeliverer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((d) => d.stop()));
  // Each test's endpoints are its own: later tests' deliverers leave them alone.
  await db().update(schema.webhooks).set({ deletedAt: new Date() });
});

async function deliverer(opts: ConstructorParameters<typeof WebhookDeliverer>[1] = {}) {
  const d = new WebhookDeliverer(db(), { allowPrivate: true, ...opts });
  await d.listen();
  running.push(d);
  return d;
}

async function receiver(answer?: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(answer);
  closers.push(r.close);
  return r;
}

async function namespace() {
  const id = newId('part');
  await db()
    .insert(schema.namespaces)
    .values({ id, orgId: 'org_wh', name: id, domain: `${id}.test`, environment: 'production' });
  return id;
}

async function hook(partnerId: string, url: string) {
  const secret = newWebhookSecret();
  const [row] = await db()
    .insert(schema.webhooks)
    .values({ id: newId('wh'), orgId: 'org_wh', partnerId, url, eventTypes: ['*'], secret })
    .returning();
  return row!;
}

const emit = (partnerId: string, n: number, type: EventType = 'payment.created') =>
  emitEvents(
    db(),
    Array.from({ length: n }, (_, i) => ({ type, orgId: 'org_wh', partnerId, data: { n: i } })),
  );

/** Keeps poking, as the poll worker does, until `until` holds. */
async function runUntil(
  ds: WebhookDeliverer[],
  until: () => boolean,
  timeoutMs = 20_000,
  progress?: () => string,
) {
  const deadline = Date.now() + timeoutMs;
  while (!until()) {
    if (Date.now() > deadline) throw new Error(`timed out${progress ? `: ${progress()}` : ''}`);
    ds.forEach((d) => d.poke());
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('webhook delivery engine', () => {
  it('two deliverers on one database make each attempt once, each endpoint in event order', async () => {
    const ns = await namespace();
    const rs = await Promise.all([receiver(), receiver(), receiver()]);
    const hooks = await Promise.all(rs.map((r) => hook(ns, r.url)));
    const ids = [...(await emit(ns, 150)), ...(await emit(ns, 150))];
    const ds = [await deliverer({ perEndpoint: 20 }), await deliverer({ perEndpoint: 20 })];
    await runUntil(
      ds,
      () => rs.every((r) => r.received.length >= ids.length),
      90_000,
      () => rs.map((r) => r.received.length).join(', '),
    );
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all(ds.map((d) => d.idle()));
    for (const [i, r] of rs.entries()) {
      // exactly once, in the order the events were written
      expect(r.received.map((x) => x.json.id)).toEqual(ids);
      expect(
        r.received.every((x) =>
          verifyWebhookSignature({
            secret: hooks[i]!.secret,
            headers: x.headers as Record<string, string>,
            body: x.body,
          }),
        ),
      ).toBe(true);
    }
    const log = await db().execute(sql`
      SELECT d.webhook_id, count(*)::int AS deliveries, sum(d.attempts)::int AS attempts, count(*) FILTER (WHERE d.status = 'succeeded')::int AS ok,
        (SELECT count(*)::int FROM webhook_attempts a JOIN webhook_deliveries x ON x.id = a.delivery_id WHERE x.webhook_id = d.webhook_id) AS logged
      FROM webhook_deliveries d WHERE d.partner_id = ${ns} GROUP BY d.webhook_id`);
    const rows = (log as unknown as { rows: unknown[] }).rows ?? log;
    expect(rows).toHaveLength(3);
    for (const row of rows as Array<Record<string, number>>)
      expect(row).toMatchObject({ deliveries: 300, attempts: 300, ok: 300, logged: 300 });
    const leases = await db()
      .select({ lease: schema.webhooks.leaseUntil })
      .from(schema.webhooks)
      .where(eq(schema.webhooks.partnerId, ns));
    expect(leases.every((l) => l.lease !== null && l.lease.getTime() <= Date.now() + 1000)).toBe(true);
  });

  it('a slow endpoint holds up only itself', async () => {
    const ns = await namespace();
    const slow = await receiver(() => new Promise((r) => setTimeout(() => r(200), 3000)));
    const fast = await receiver();
    await hook(ns, slow.url);
    await hook(ns, fast.url);
    const d = await deliverer();
    await emit(ns, 20);
    const t0 = Date.now();
    await runUntil([d], () => fast.received.length === 20, 10_000);
    // the fast endpoint got all 20 while the slow one was still on its first
    expect(Date.now() - t0).toBeLessThan(2500);
    expect(slow.received).toHaveLength(1);
  });

  it('delivers settlement.batch.completed and settlement.batch.failed from real cut-offs', async () => {
    const [p1, p2] = [await namespace(), await namespace()];
    const r1 = await receiver();
    const r2 = await receiver();
    await hook(p1, r1.url);
    await hook(p2, r2.url);
    // One cleared transaction p1 → p2 (and the payment and submission it hangs on).
    const cleared = new Date(Date.now() - 1000);
    const pay = newId('pay');
    const subId = newId('sub');
    await db()
      .insert(schema.payments)
      .values({
        id: pay,
        paymentId: pay,
        orgId: 'org_wh',
        partnerId: p1,
        debtorPartnerId: p1,
        beneficiaryPartnerId: p2,
        paymentType: 'Type_Push',
        currency: 'JPY',
        amountMinor: 700n,
        debtorParty: {},
        beneficiaryParty: {},
        initiatedAt: cleared,
        expiresAt: new Date(Date.now() + 86400e3),
      });
    await db()
      .insert(schema.submissions)
      .values({
        id: subId,
        paymentPk: pay,
        paymentId: pay,
        orgId: 'org_wh',
        partnerId: p1,
        admissionId: newId('adm'),
        workflow: 'push.v1',
        status: 3,
        debtorPartnerId: p1,
        beneficiaryPartnerId: p2,
        paymentCreatedAt: cleared,
        expiresAt: new Date(Date.now() + 86400e3),
      });
    await db()
      .insert(schema.transactions)
      .values({
        id: newId('txn'),
        paymentPk: pay,
        paymentId: pay,
        submissionId: subId,
        approvalCode: 'ABC123',
        currency: 'JPY',
        amountMinor: 700n,
        debtorPartnerId: p1,
        beneficiaryPartnerId: p2,
        initiatedAt: cleared,
        clearedAt: cleared,
      });
    // Settle only this test's transaction: others' cleared ones are out of the way.
    await db().execute(
      sql`UPDATE transactions SET batch_id = 'batch_other', status = 3 WHERE batch_id IS NULL AND currency <> 'JPY'`,
    );

    const failed = await runCutoff(db(), { failAfter: 'leaves' });
    expect(failed.batches).toMatchObject([{ currency: 'JPY', status: 'FAILED' }]);
    const completed = await runCutoff(db());
    expect(completed.batches).toMatchObject([{ currency: 'JPY', status: 'COMPLETED' }]);

    const d = await deliverer();
    await runUntil([d], () => r1.received.length >= 2 && r2.received.length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    for (const [r, kind] of [
      [r1, 'debtor'],
      [r2, 'creditor'],
    ] as const) {
      expect(r.received.map((x) => x.json.type)).toEqual([
        'settlement.batch.failed',
        'settlement.batch.completed',
      ]);
      expect(r.received[0]!.json.data).toMatchObject({ batch_id: failed.batches[0]!.id, currency: 'JPY' });
      expect(r.received[1]!.json.data).toMatchObject({
        batch_id: completed.batches[0]!.id,
        currency: 'JPY',
        kind,
        amount: '700',
        txn_count: 1,
      });
    }
  });

  it('retries a refused delivery on the schedule, then marks it failed after the last attempt', async () => {
    const ns = await namespace();
    const failing = await receiver(() => 503);
    const h = await hook(ns, failing.url);
    const d = await deliverer();
    await emit(ns, 1);
    const row = async () =>
      (
        await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.webhookId, h.id))
      )[0]!;
    await runUntil([d], () => failing.received.length === 1);
    let first = await row();
    for (let i = 0; first.attempts !== 1 && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 50));
      first = await row();
    }
    // One refusal: still pending, the next attempt due after the schedule's first delay (±20 %).
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503 });
    const [attempt] = await db()
      .select()
      .from(schema.webhookAttempts)
      .where(eq(schema.webhookAttempts.deliveryId, first.id));
    // Due the first delay after the attempt (plus the attempt's own round trip).
    const wait = first.nextAttemptAt.getTime() - attempt!.attemptedAt.getTime();
    expect(wait).toBeGreaterThanOrEqual(RETRY_SCHEDULE[0]! * 1000 * 0.8);
    expect(wait).toBeLessThanOrEqual(RETRY_SCHEDULE[0]! * 1000 * 1.2 + 1000);

    // The schedule used up: the next refusal is the last attempt.
    await db()
      .update(schema.webhookDeliveries)
      .set({ attempts: RETRY_SCHEDULE.length, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(schema.webhookDeliveries.id, first.id));
    await runUntil([d], () => failing.received.length === 2);
    let last = await row();
    for (let i = 0; last.status === 'pending' && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 50));
      last = await row();
    }
    expect(last).toMatchObject({
      status: 'failed',
      attempts: RETRY_SCHEDULE.length + 1,
      lastStatusCode: 503,
    });
    const attempts = await db()
      .select()
      .from(schema.webhookAttempts)
      .where(eq(schema.webhookAttempts.deliveryId, first.id));
    expect(attempts.map((a) => a.statusCode)).toEqual([503, 503]);
    // Nothing more is sent for a failed delivery.
    await new Promise((r) => setTimeout(r, 500));
    d.poke();
    await new Promise((r) => setTimeout(r, 300));
    expect(failing.received).toHaveLength(2);
  });

  it('sends nothing unsigned: a secret sealed under another AUTH_SECRET fails the attempt, logged', async () => {
    const ns = await namespace();
    const r = await receiver();
    const h = await hook(ns, r.url);
    const other = createSealer(deriveKey('another-auth-secret-0123456789abcdef', 'webhook-signing-secrets'));
    await db()
      .update(schema.webhooks)
      .set({ secret: other.seal(h.secret, `webhook:${h.id}`) })
      .where(eq(schema.webhooks.id, h.id));
    const d = await deliverer();
    await emit(ns, 1);
    const attempts = () =>
      db()
        .select({ error: schema.webhookAttempts.error, statusCode: schema.webhookAttempts.statusCode })
        .from(schema.webhookAttempts)
        .innerJoin(
          schema.webhookDeliveries,
          eq(schema.webhookDeliveries.id, schema.webhookAttempts.deliveryId),
        )
        .where(eq(schema.webhookDeliveries.webhookId, h.id));
    for (let i = 0; (await attempts()).length === 0 && i < 200; i++) {
      d.poke();
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(await attempts()).toEqual([
      {
        error: "the endpoint's signing secret cannot be opened with this AUTH_SECRET; rotate the secret",
        statusCode: null,
      },
    ]);
    expect(r.received).toHaveLength(0);
  });

  it('a lane holding a busy endpoint follows its rotated secret, the end of the grace period and a new URL', async () => {
    const ns = await namespace();
    const r = await receiver();
    const moved = await receiver();
    const h = await hook(ns, r.url);
    const d = await deliverer();
    /** Emits one event and returns how the receiver at `at` saw it signed. */
    const deliverOne = async (at = r, update?: Partial<typeof schema.webhooks.$inferInsert>) => {
      if (update) await db().update(schema.webhooks).set(update).where(eq(schema.webhooks.id, h.id));
      const before = at.received.length;
      await emit(ns, 1);
      await runUntil([d], () => at.received.length === before + 1);
      const got = at.received[before]!;
      return (secret: string) =>
        verifyWebhookSignature({ secret, headers: got.headers as Record<string, string>, body: got.body });
    };
    const signatureCount = () => String(r.received.at(-1)!.headers['webhook-signature']).split(' ').length;
    const first = h.secret;
    const second = newWebhookSecret();
    const third = newWebhookSecret();

    let signedWith = await deliverOne();
    expect([signedWith(first), signatureCount()]).toEqual([true, 1]);
    // Rotated while the lane holds the endpoint: both secrets sign from the next delivery on.
    signedWith = await deliverOne(r, {
      secret: second,
      previousSecret: first,
      previousSecretExpiresAt: new Date(Date.now() + 3600e3),
    });
    expect([signedWith(second), signedWith(first), signatureCount()]).toEqual([true, true, 2]);
    // The grace period over: the previous secret no longer signs.
    signedWith = await deliverOne(r, { previousSecretExpiresAt: new Date(Date.now() - 1000) });
    expect([signedWith(second), signedWith(first), signatureCount()]).toEqual([true, false, 1]);
    // Rotated again and moved: the next delivery goes to the new URL, signed with both.
    signedWith = await deliverOne(moved, {
      url: moved.url,
      secret: third,
      previousSecret: second,
      previousSecretExpiresAt: new Date(Date.now() + 3600e3),
    });
    expect([signedWith(third), signedWith(second), signedWith(first)]).toEqual([true, true, false]);
    expect(r.received).toHaveLength(3);
  });

  it('waits on the schedule with ±20 % jitter and gives up after its last step', () => {
    for (let attempt = 1; attempt <= RETRY_SCHEDULE.length; attempt++) {
      const base = RETRY_SCHEDULE[attempt - 1]! * 1000;
      for (let i = 0; i < 50; i++) {
        const delay = nextDelayMs(attempt)!;
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(delay).toBeLessThanOrEqual(Math.ceil(base * 1.2));
      }
    }
    expect(nextDelayMs(RETRY_SCHEDULE.length + 1)).toBeNull();
  });

  it('disables an endpoint failing for 5 days, with a webhook.disabled event', async () => {
    const ns = await namespace();
    const failing = await receiver(() => 500);
    const watcher = await receiver();
    const h = await hook(ns, failing.url);
    await hook(ns, watcher.url);
    await db()
      .update(schema.webhooks)
      .set({ failingSince: new Date(Date.now() - 5 * 86400e3 - 60e3) })
      .where(eq(schema.webhooks.id, h.id));
    const d = await deliverer();
    await emit(ns, 1);
    await runUntil([d], () => watcher.received.some((x) => x.json.type === 'webhook.disabled'));
    const [row] = await db().select().from(schema.webhooks).where(eq(schema.webhooks.id, h.id));
    expect(row).toMatchObject({
      enabled: false,
      disabledReason: 'Disabled after 5 days of failed deliveries',
    });
    expect(watcher.received.find((x) => x.json.type === 'webhook.disabled')!.json.data).toEqual({
      webhook_id: h.id,
      url: failing.url,
    });
    expect(failing.received).toHaveLength(1);
  });
});
