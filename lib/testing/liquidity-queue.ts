/**
 * A liquidity queue loaded in SQL, without the lifecycle that queues payments one at a time: the
 * participants (production namespaces of one organization), their position rows in a currency,
 * and the queued payments with their submissions and queue rows, oldest first in the given order.
 * For the release pass's bench (bench/liquidity-offset.ts) and its tests.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';

export interface QueuedSpec {
  /** Index of the debtor and of the beneficiary among the participants. */
  d: number;
  b: number;
  amount: number;
}

/** The organization and `count` namespaces; answers their ids. */
export async function loadParticipants(db: Db, key: string, count: number): Promise<string[]> {
  await db.execute(
    sql`INSERT INTO organizations (id, name, status) VALUES (${`org_${key}`}, ${`Queue ${key}`}, 'verified')`,
  );
  await db.execute(sql`
    INSERT INTO namespaces (id, org_id, name, domain, environment)
    SELECT 'part_' || ${key} || lpad(p::text, 5, '0'), ${`org_${key}`}, 'Queue ' || ${key} || ' ' || p,
      ${key} || p || '.queue.test', 'production'
    FROM generate_series(0, ${count - 1}) p`);
  return Array.from({ length: count }, (_, p) => `part_${key}${String(p).padStart(5, '0')}`);
}

/**
 * Position rows in `currency` for `ids` (balance = cap, at `position`; a participant's existing
 * row is kept), and the queue: payment i, from `ids[d]` to `ids[b]`, arrives 1 ms after payment
 * i−1. `run` keeps the ids of several loads apart.
 */
export async function loadQueue(
  db: Db,
  o: {
    ids: string[];
    run: string;
    currency: string;
    standings: Array<{ cap: number; position?: number }>;
    queued: QueuedSpec[];
  },
): Promise<void> {
  const { ids, run, currency, standings, queued } = o;
  const param = <T>(xs: T[]) => sql.param(xs);
  await db.execute(sql`
    INSERT INTO liquidity_positions (partner_id, currency, balance, cap, position)
    SELECT id, ${currency}, cap, cap, position
    FROM unnest(${param(ids.slice(0, standings.length))}::text[], ${param(standings.map((s) => s.cap))}::bigint[],
      ${param(standings.map((s) => s.position ?? 0))}::bigint[]) AS v(id, cap, position)
    ON CONFLICT (partner_id, currency) DO NOTHING`);
  const pay = `pay_q${run}_`;
  await db.execute(sql`
    WITH q AS (
      SELECT * FROM unnest(${param(queued.map((p) => ids[p.d]!))}::text[], ${param(queued.map((p) => ids[p.b]!))}::text[],
        ${param(queued.map((p) => p.amount))}::bigint[]) WITH ORDINALITY AS v(d, b, amount, g)
    )
    INSERT INTO payments (id, payment_id, org_id, partner_id, debtor_partner_id, beneficiary_partner_id,
      payment_type, currency, amount_minor, debtor_party, beneficiary_party, initiated_at, expires_at, created_at)
    SELECT ${pay} || g, ${`q${run}_`} || g, n.org_id, d, d, b, 'Type_Push', ${currency}, amount,
      jsonb_build_object('payment_address', 'a@' || d || '.queue.test'),
      jsonb_build_object('payment_address', 'a@' || b || '.queue.test'),
      now(), now() + interval '1 day', now() - (${queued.length} - g) * interval '1 ms'
    FROM q JOIN namespaces n ON n.id = q.d`);
  const mine = sql`id LIKE ${`${pay}%`}`;
  await db.execute(sql`
    INSERT INTO submissions (id, payment_pk, payment_id, org_id, partner_id, admission_id, workflow, status,
      debtor_partner_id, beneficiary_partner_id, payment_created_at, expires_at, liquidity_queued_at)
    SELECT 'sub_' || substr(id, 5), id, payment_id, org_id, partner_id, 'adm_' || substr(id, 5), 'push.v1', 1,
      debtor_partner_id, beneficiary_partner_id, created_at, expires_at, created_at FROM payments WHERE ${mine}`);
  await db.execute(sql`
    INSERT INTO liquidity_queue (submission_id, payment_pk, payment_id, debtor_partner_id, beneficiary_partner_id,
      currency, amount, queued_at, expires_at)
    SELECT 'sub_' || substr(id, 5), id, payment_id, debtor_partner_id, beneficiary_partner_id, currency, amount_minor,
      created_at, expires_at FROM payments WHERE ${mine}`);
  await db.execute(sql`
    UPDATE liquidity_positions p SET queued_count = q.n, queued_amount = q.a
    FROM (SELECT debtor_partner_id, count(*) AS n, sum(amount) AS a FROM liquidity_queue
          WHERE currency = ${currency} GROUP BY 1) q
    WHERE p.partner_id = q.debtor_partner_id AND p.currency = ${currency}`);
}
