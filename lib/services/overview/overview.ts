import { sql } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/api/context';
import { rowsOf } from '@/lib/db/rows';
import { requireNamespace } from '../guards';
import { SUBMISSION_NAMES } from '../payments/model';
import { submissionStatus } from '../settlement/status';

export type PaymentStatusName = (typeof SUBMISSION_NAMES)[number] | 'unsubmitted';

const DAY_MS = 24 * 3600 * 1000;

/** The payments a namespace may see (the payments list's rule): it created them or is a party. */
const visible = (partnerId: string) =>
  sql`(p.partner_id = ${partnerId} OR p.debtor_partner_id = ${partnerId} OR p.beneficiary_partner_id = ${partnerId})`;

/** Status name of a payment: its submission's (settled derived as everywhere else), or `unsubmitted`. */
const STATUS_NAME = sql`CASE ${submissionStatus} ${sql.raw(
  Object.entries(SUBMISSION_NAMES)
    .map(([code, name]) => `WHEN ${Number(code)} THEN '${name}'`)
    .join(' '),
)} ELSE 'unsubmitted' END`;

const int = (v: unknown) => Number(v ?? 0);
const digits = (v: unknown) => String(v ?? '0');

/**
 * The overview of one namespace: today's payments, decisions, waiting tasks, value cleared and
 * not yet settled, the last settlement position, daily volume and exceptions over the window.
 * Days are UTC days; the window is the last `days` of them, today included.
 */
export async function getOverview(ctx: ServiceContext, q: { days: number }) {
  const ns = requireNamespace(ctx);
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (q.days - 1) * DAY_MS);
  const since = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const run = async (query: ReturnType<typeof sql>) => rowsOf(await ctx.db.execute(query));

  // Independent reads; on PGlite they queue on its one connection, on PostgreSQL they overlap.
  const [todayRows, volumeRows, taskRows, clearedRows, batchRows, exceptionRows, [started]] = await Promise.all([
    run(sql`
      SELECT p.currency, count(*)::int AS count, sum(p.amount_minor)::text AS total
      FROM payments p WHERE ${visible(ns.id)} AND p.created_at >= ${since(today)}
      GROUP BY p.currency ORDER BY p.currency`),
    run(sql`
      SELECT to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, ${STATUS_NAME} AS status,
             p.currency, count(*)::int AS count, sum(p.amount_minor)::text AS total
      FROM payments p LEFT JOIN submissions ON submissions.payment_pk = p.id
      WHERE ${visible(ns.id)} AND p.created_at >= ${since(from)}
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
    run(sql`
      SELECT count(*) FILTER (WHERE status = 1)::int AS pending, count(*) FILTER (WHERE status = 4)::int AS on_hold
      FROM admission_tasks WHERE partner_id = ${ns.id} AND status IN (1, 4)`),
    // A transaction inside the namespace is both incoming and outgoing: it nets to zero, as in settlement.
    run(sql`
      SELECT currency, count(*)::int AS count,
             coalesce(sum(amount_minor) FILTER (WHERE beneficiary_partner_id = ${ns.id}), 0)::text AS incoming,
             coalesce(sum(amount_minor) FILTER (WHERE debtor_partner_id = ${ns.id}), 0)::text AS outgoing
      FROM transactions WHERE status = 2 AND (debtor_partner_id = ${ns.id} OR beneficiary_partner_id = ${ns.id})
      GROUP BY currency ORDER BY currency`),
    run(sql`
      SELECT DISTINCT ON (b.currency) b.id, b.currency, b.cutoff_time, l.kind, l.amount::text AS amount, l.txn_count
      FROM settlement_batches b JOIN settlement_leaves l ON l.batch_id = b.id AND l.partner_id = ${ns.id}
      WHERE b.status = 'COMPLETED'
      ORDER BY b.currency, b.cutoff_time DESC, b.id DESC`),
    run(sql`
      SELECT e.exception_code, e.blame, count(*)::int AS count
      FROM payment_exceptions e JOIN payments p ON p.id = e.payment_pk
      WHERE ${visible(ns.id)} AND e.created_at >= ${since(from)}
      GROUP BY 1, 2 ORDER BY 1, 2`),
    run(sql`
      SELECT
        EXISTS (SELECT 1 FROM api_keys WHERE partner_id = ${ns.id} AND deleted_at IS NULL) AS api_key,
        EXISTS (SELECT 1 FROM webhooks WHERE partner_id = ${ns.id} AND deleted_at IS NULL) AS webhook,
        EXISTS (
          SELECT 1 FROM payments p JOIN submissions s ON s.payment_pk = p.id
          JOIN namespaces n ON n.is_system AND n.id IN (p.debtor_partner_id, p.beneficiary_partner_id)
          WHERE ${visible(ns.id)}
        ) AS sandbox_payment`),
  ]);

  const decisions = { admitted: 0, rejected: 0, expired: 0, open: 0 };
  for (const r of volumeRows) {
    const status = String(r.status);
    const key = status === 'admitted' || status === 'settled' ? 'admitted' : status === 'rejected' || status === 'expired' ? status : 'open';
    decisions[key] += int(r.count);
  }
  const cleared = clearedRows.map((r) => {
    const incoming = BigInt(digits(r.incoming));
    const outgoing = BigInt(digits(r.outgoing));
    return { currency: String(r.currency), count: int(r.count), incoming: incoming.toString(), outgoing: outgoing.toString(), net: (incoming - outgoing).toString() };
  });

  return {
    partner_id: ns.id,
    window: { days: q.days, from: Math.floor(from.getTime() / 1000), to: Math.floor(now.getTime() / 1000) },
    payments_today: {
      count: todayRows.reduce((n, r) => n + int(r.count), 0),
      by_currency: todayRows.map((r) => ({ currency: String(r.currency), count: int(r.count), total: digits(r.total) })),
    },
    decisions,
    tasks_waiting: { pending: int(taskRows[0]?.pending), on_hold: int(taskRows[0]?.on_hold) },
    awaiting_settlement: cleared,
    last_batch_positions: batchRows.map((r) => ({
      batch_id: String(r.id),
      currency: String(r.currency),
      cutoff_time: Math.floor(new Date(r.cutoff_time as string | Date).getTime() / 1000),
      kind: r.kind as 'creditor' | 'debtor',
      amount: digits(r.amount),
      txn_count: int(r.txn_count),
    })),
    daily_volume: volumeRows.map((r) => ({ date: String(r.date), status: r.status as PaymentStatusName, currency: String(r.currency), count: int(r.count), total: digits(r.total) })),
    exceptions: exceptionRows.map((r) => ({ exception_code: String(r.exception_code), blame: String(r.blame), count: int(r.count) })),
    getting_started: { api_key: Boolean(started?.api_key), sandbox_payment: Boolean(started?.sandbox_payment), webhook: Boolean(started?.webhook) },
  };
}
