import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';

/**
 * What an operator watches, read from the database: one home for the Prometheus gauges
 * (lib/metrics/metrics.ts) and the operator's health panel (`GET /operator/health`). Each read
 * goes through an index and is bounded, so a scrape or a panel refresh stays cheap at 10^7 rows.
 */

/** How many pending deliveries are counted at most (a larger backlog reads as this, flagged). */
export const BACKLOG_COUNT_CAP = 1_000_000;
/** How many failing endpoints are listed at most, the longest failing first. */
export const FAILING_LIST_CAP = 100;

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

async function first(db: Db, query: ReturnType<typeof sql>) {
  return rowsOf(await db.execute(query))[0];
}

/** Seconds since the oldest event still waiting to be fanned out to webhooks was written (0: none). */
export async function outboxOldestAgeSeconds(db: Db): Promise<number> {
  const row = await first(
    db,
    sql`SELECT extract(epoch FROM now() - e.created_at) AS age
        FROM event_queue q JOIN events e ON e.seq = q.seq ORDER BY q.seq LIMIT 1`,
  );
  return Math.max(0, num(row?.age));
}

/** Pending webhook deliveries, counted up to BACKLOG_COUNT_CAP through the pending index. */
export async function webhookBacklog(db: Db): Promise<{ pending: number; capped: boolean }> {
  const row = await first(
    db,
    sql`SELECT count(*)::int AS n FROM (
          SELECT 1 FROM webhook_deliveries WHERE status = 'pending' LIMIT ${BACKLOG_COUNT_CAP}
        ) pending`,
  );
  const pending = num(row?.n);
  return { pending, capped: pending >= BACKLOG_COUNT_CAP };
}

export interface FailingEndpoint {
  webhook_id: string;
  org_id: string;
  partner_id: string;
  domain: string;
  failing_seconds: number;
  disabled: boolean;
}

/** Endpoints failing now (or disabled after failing), the longest failing first. */
export async function failingEndpoints(db: Db): Promise<FailingEndpoint[]> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT w.id, n.org_id, w.partner_id, n.domain, w.disabled_reason IS NOT NULL AS disabled,
             extract(epoch FROM now() - w.failing_since) AS failing
      FROM webhooks w JOIN namespaces n ON n.id = w.partner_id
      WHERE w.deleted_at IS NULL AND (w.failing_since IS NOT NULL OR w.disabled_reason IS NOT NULL)
      ORDER BY w.failing_since NULLS LAST LIMIT ${FAILING_LIST_CAP}`),
  );
  return rows.map((r) => ({
    webhook_id: String(r.id),
    org_id: String(r.org_id),
    partner_id: String(r.partner_id),
    domain: String(r.domain),
    failing_seconds: Math.max(0, num(r.failing)),
    disabled: Boolean(r.disabled),
  }));
}

export interface LastCutoff {
  cutoff_time: number;
  duration_seconds: number;
  transactions: number;
  batches: number;
}

/** The last completed cut-off: when, how long its batches took, how many transactions and batches. */
export async function lastCutoff(db: Db): Promise<LastCutoff | null> {
  const row = await first(
    db,
    sql`SELECT extract(epoch FROM cutoff_time) AS at,
               extract(epoch FROM max(completed_on) - min(started_on)) AS duration,
               sum(txn_count)::bigint AS txns, count(*)::int AS batches
        FROM settlement_batches
        WHERE status = 'COMPLETED'
          AND cutoff_time = (SELECT max(cutoff_time) FROM settlement_batches WHERE status = 'COMPLETED')
        GROUP BY cutoff_time`,
  );
  if (!row) return null;
  return {
    cutoff_time: Math.floor(num(row.at)),
    duration_seconds: num(row.duration),
    transactions: num(row.txns),
    batches: num(row.batches),
  };
}

export interface FailingSettlement {
  currency: string;
  batch_id: string;
  cutoff_time: number;
  reason: string;
}

/**
 * The currencies whose latest batch (of the last day) failed: a cut-off settles each currency on
 * its own, so one that cannot settle fails at every cut-off while the others settle, and waits
 * for the operator (its transactions stay queued). Read along the batches' cut-off index.
 */
export async function failingSettlements(db: Db): Promise<FailingSettlement[]> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT id, currency, failure_reason, extract(epoch FROM cutoff_time) AS at FROM (
        SELECT DISTINCT ON (currency) id, currency, status, failure_reason, cutoff_time
        FROM settlement_batches WHERE cutoff_time > now() - interval '1 day'
        ORDER BY currency, cutoff_time DESC, id DESC
      ) latest WHERE status = 'FAILED' ORDER BY currency`),
  );
  return rows.map((r) => ({
    currency: String(r.currency),
    batch_id: String(r.id),
    cutoff_time: Math.floor(num(r.at)),
    reason: String(r.failure_reason ?? ''),
  }));
}

export interface AuditTrailHealth {
  /** Seconds since the oldest entry still waiting to be chained was written (0: none waits). */
  unchained_oldest_age_seconds: number;
  /** When the oldest entry still in the database occurred (Unix seconds); null when none is. */
  oldest_entry_at: number | null;
  /** When the last archive was made (Unix seconds); null before the first. */
  last_archived_at: number | null;
}

/**
 * The audit trail's upkeep (docs/audit.md): the sealer's lag — an entry not chained yet is
 * protected by the triggers only —, how far back the database holds entries, and the last archive.
 * The queue's head, the time index's first entry and the small archive table: bounded reads.
 */
export async function auditTrailHealth(db: Db): Promise<AuditTrailHealth> {
  const row = await first(
    db,
    sql`SELECT
          (SELECT extract(epoch FROM now() - e.occurred_at) FROM audit_queue q JOIN audit_events e ON e.seq = q.seq
           ORDER BY q.seq LIMIT 1) AS lag,
          (SELECT extract(epoch FROM occurred_at) FROM audit_events ORDER BY occurred_at, seq LIMIT 1) AS oldest,
          (SELECT extract(epoch FROM max(archived_at)) FROM audit_archives) AS archived`,
  );
  const at = (v: unknown) => (v === null || v === undefined ? null : Math.floor(Number(v)));
  return {
    unchained_oldest_age_seconds: Math.max(0, num(row?.lag)),
    oldest_entry_at: at(row?.oldest),
    last_archived_at: at(row?.archived),
  };
}
