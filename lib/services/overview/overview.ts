import { sql } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import { rowsOf } from '@/lib/db/rows';
import type { PaymentStatusName } from '@/lib/domain/statuses';
import type { GetOverviewQuery } from '@/lib/schemas/overview';
import { requireNamespace } from '../guards';
import { NO_DAY, utcDay, type RollupDelta } from './deltas';

const DAY_MS = 24 * 3600 * 1000;
/** How many of a sandbox namespace's latest payments (each side) the checklist looks through. */
const SANDBOX_PROBE = 1000;

const int = (v: unknown) => Number(v ?? 0);
const digits = (v: unknown) => String(v ?? '0');
/** A rollup row as read back: a delta summed over its key, without its namespace. */
type Figure = Omit<RollupDelta, 'partnerId'>;

/**
 * The namespace's pre-aggregated figures (lib/db/schema/rollups.ts): the folded rollups plus the
 * deltas not yet folded, summed, so the answer is exact whenever the worker last ran. Reads a few
 * hundred rows whatever the size of the history.
 */
async function figuresOf(ctx: ServiceContext, partnerId: string, from: string): Promise<Figure[]> {
  const part = (table: string) =>
    sql`SELECT metric, day::text AS day, key, key2, currency, count, amount FROM ${sql.identifier(table)}
        WHERE partner_id = ${partnerId} AND (day = ${NO_DAY}::date OR day >= ${from}::date)`;
  const rows = rowsOf(
    await ctx.db.execute(sql`
      SELECT metric, day, key, key2, currency, sum(count)::bigint AS count, sum(amount)::text AS amount
      FROM (${part('namespace_rollups')} UNION ALL ${part('namespace_rollup_deltas')}) f
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(count) <> 0 OR sum(amount) <> 0
      ORDER BY 1, 2, 3, 4, 5`),
  );
  return rows.map((r) => ({
    metric: r.metric as Figure['metric'],
    day: String(r.day),
    key: String(r.key),
    key2: String(r.key2),
    currency: String(r.currency),
    count: int(r.count),
    amount: BigInt(digits(r.amount)),
  }));
}

/**
 * The getting-started checklist of a namespace, one row: an API key, a webhook, and (sandbox) a
 * payment submitted to the Sandbox Bank among its latest. Read by the overview and by the
 * operator's review of an organization.
 */
export function checklistQuery(ns: { id: string; environment: string }) {
  return sql`
      SELECT
        EXISTS (SELECT 1 FROM api_keys WHERE partner_id = ${ns.id} AND deleted_at IS NULL) AS api_key,
        EXISTS (SELECT 1 FROM webhooks WHERE partner_id = ${ns.id} AND deleted_at IS NULL) AS webhook,
        ${ns.environment === 'sandbox'}::boolean AND EXISTS (
          SELECT 1 FROM (
            (SELECT p.id, p.beneficiary_partner_id AS other FROM payments p WHERE p.debtor_partner_id = ${ns.id}
              ORDER BY p.created_at DESC, p.id DESC LIMIT ${SANDBOX_PROBE})
            UNION ALL
            (SELECT p.id, p.debtor_partner_id AS other FROM payments p WHERE p.beneficiary_partner_id = ${ns.id}
              ORDER BY p.created_at DESC, p.id DESC LIMIT ${SANDBOX_PROBE})
          ) latest
          JOIN namespaces bank ON bank.id = latest.other AND bank.is_system
          JOIN submissions s ON s.payment_pk = latest.id
        ) AS sandbox_payment`;
}

/**
 * The overview of one namespace: today's payments, decisions, waiting tasks, value cleared and
 * not yet settled, the last settlement position, daily volume and exceptions over the window.
 * Days are UTC days; the window is the last `days` of them, today included. Every figure but the
 * last positions comes from the rollups (docs/decisions.md, "The overview figures").
 */
export async function getOverview(ctx: ServiceContext, q: GetOverviewQuery) {
  const ns = requireNamespace(ctx);
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (q.days - 1) * DAY_MS);
  const run = async (query: ReturnType<typeof sql>) => rowsOf(await ctx.db.execute(query));

  // Independent reads; on PGlite they queue on its one connection, on PostgreSQL they overlap.
  const [figures, batchRows, [started]] = await Promise.all([
    figuresOf(ctx, ns.id, utcDay(from)),
    run(sql`
      SELECT DISTINCT ON (b.currency) b.id, b.currency, b.cutoff_time, l.kind, l.amount::text AS amount, l.txn_count
      FROM settlement_batches b JOIN settlement_leaves l ON l.batch_id = b.id AND l.partner_id = ${ns.id}
      WHERE b.status = 'COMPLETED'
      ORDER BY b.currency, b.cutoff_time DESC, b.id DESC`),
    // A production namespace never pays the Sandbox Bank (sandbox and production never transact):
    // only a sandbox one looks for a submitted payment with it, among its latest
    // SANDBOX_PROBE payments on each side (newest first along its payments' indexes), so the read
    // stays bounded however long the namespace's history; the checklist is for its first steps.
    run(checklistQuery(ns)),
  ]);

  const volume = figures.filter((f) => f.metric === 'volume' && f.day !== NO_DAY);
  const todays = volume.filter((f) => f.day === utcDay(today));
  const byCurrency = new Map<string, { count: number; total: bigint }>();
  for (const f of todays) {
    const c = byCurrency.get(f.currency) ?? { count: 0, total: 0n };
    byCurrency.set(f.currency, { count: c.count + f.count, total: c.total + f.amount });
  }
  const decisions = { admitted: 0, rejected: 0, expired: 0, open: 0 };
  for (const f of volume) {
    const key =
      f.key === 'admitted' || f.key === 'settled'
        ? 'admitted'
        : f.key === 'rejected' || f.key === 'expired'
          ? f.key
          : 'open';
    decisions[key] += f.count;
  }
  const tasks = (status: string) => figures.find((f) => f.metric === 'tasks' && f.key === status)?.count ?? 0;
  const awaiting = new Map<string, { count: number; incoming: bigint; outgoing: bigint }>();
  for (const f of figures.filter((x) => x.metric === 'awaiting')) {
    const a = awaiting.get(f.currency) ?? { count: 0, incoming: 0n, outgoing: 0n };
    if (f.key === 'txn') a.count += f.count;
    if (f.key === 'in') a.incoming += f.amount;
    if (f.key === 'out') a.outgoing += f.amount;
    awaiting.set(f.currency, a);
  }
  const exceptions = new Map<string, { exception_code: string; blame: string; count: number }>();
  for (const f of figures.filter((x) => x.metric === 'exceptions' && x.day !== NO_DAY)) {
    const id = `${f.key}\n${f.key2}`;
    const e = exceptions.get(id) ?? { exception_code: f.key, blame: f.key2, count: 0 };
    e.count += f.count;
    exceptions.set(id, e);
  }

  return {
    partner_id: ns.id,
    window: { days: q.days, from: Math.floor(from.getTime() / 1000), to: Math.floor(now.getTime() / 1000) },
    payments_today: {
      count: [...byCurrency.values()].reduce((n, c) => n + c.count, 0),
      by_currency: [...byCurrency.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, c]) => ({ currency, count: c.count, total: c.total.toString() })),
    },
    decisions,
    tasks_waiting: { pending: tasks('pending'), on_hold: tasks('on_hold') },
    awaiting_settlement: [...awaiting.entries()]
      .filter(([, a]) => a.count > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, a]) => ({
        currency,
        count: a.count,
        incoming: a.incoming.toString(),
        outgoing: a.outgoing.toString(),
        net: (a.incoming - a.outgoing).toString(),
      })),
    last_batch_positions: batchRows.map((r) => ({
      batch_id: String(r.id),
      currency: String(r.currency),
      cutoff_time: Math.floor(new Date(r.cutoff_time as string | Date).getTime() / 1000),
      kind: r.kind as 'creditor' | 'debtor',
      amount: digits(r.amount),
      txn_count: int(r.txn_count),
    })),
    daily_volume: volume.map((f) => ({
      date: f.day,
      status: f.key as PaymentStatusName,
      currency: f.currency,
      count: f.count,
      total: f.amount.toString(),
    })),
    exceptions: [...exceptions.values()].sort(
      (a, b) => a.exception_code.localeCompare(b.exception_code) || a.blame.localeCompare(b.blame),
    ),
    getting_started: {
      api_key: Boolean(started?.api_key),
      sandbox_payment: Boolean(started?.sandbox_payment),
      webhook: Boolean(started?.webhook),
    },
  };
}
