import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { LOCKS } from '@/lib/db/locks';
import { config } from '@/lib/config';
import { KNOWN_ADDRESS_SECONDS } from '../organizations/sign-in-guard';
import { idAt } from '@/lib/ids';

/**
 * Storage bounded by retention (docs/decisions.md "Retention"): what is past its retention period
 * is deleted in small batches, often (every `config.retention.purgeIntervalSeconds`), oldest first
 * along an index, so each table holds about one retention period of rows and its pages are reused
 * instead of the table growing (each pass vacuums the tables that turn over, on both databases;
 * PostgreSQL's autovacuum, where it runs, is tuned per table by migration 0014). Each batch is one statement holding the retention
 * lock, so instances never delete the same batch at once.
 *
 * - idempotency records: older than the idempotency retention (DESIGN §7: 24 h);
 * - events: older than the event retention, unless still queued for dispatch or owed to a
 *   pending delivery;
 * - webhook deliveries and their attempts: finished (succeeded or failed) and older than the
 *   delivery retention; a pending delivery is never purged;
 * - what inbox endpoints received: as long as finished deliveries;
 * - the request log: entries older than its retention (RETENTION_REQUEST_LOG_SECONDS);
 * - rate-limit counters: windows older than the counters' retention.
 */
const BATCH = 5_000;

/** The tables whose rows are deleted as fast as they are written, vacuumed after each purge. */
const CHURNING = [
  'idempotency_keys',
  'events',
  'event_queue',
  'webhook_deliveries',
  'webhook_attempts',
  'rate_limit_counters',
  'namespace_rollup_deltas',
  'settlement_queue',
  // Emptied by the audit sealer every second (lib/services/audit/seal.ts).
  'audit_queue',
];

export interface PurgeCounts {
  idempotency: number;
  events: number;
  deliveries: number;
  counters: number;
}

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);

async function batches(db: Db, statement: () => ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = rowsOf(await db.execute(statement()));
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

const locked = sql`(SELECT pg_try_advisory_xact_lock(${LOCKS.retention}))`;

export async function purgePastRetention(db: Db, kind: 'pglite' | 'postgres'): Promise<PurgeCounts> {
  const r = config.retention;
  const idempotencyBefore = ago(r.idempotencySeconds).toISOString();
  const idempotency = await batches(
    db,
    () => sql`WITH gone AS (
      DELETE FROM idempotency_keys WHERE key_hash IN (
        SELECT key_hash FROM idempotency_keys WHERE ${locked} AND created_at < ${idempotencyBefore}::timestamptz
        ORDER BY created_at LIMIT ${BATCH})
      RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  );
  // Events by their id's time (a range of the unique index on id), keeping those a dispatch or a
  // pending delivery still needs.
  const eventBound = idAt('evt', ago(r.eventSeconds));
  const events = await batches(
    db,
    () => sql`WITH gone AS (
      DELETE FROM events WHERE seq IN (
        SELECT e.seq FROM events e WHERE ${locked} AND e.id < ${eventBound}
          AND NOT EXISTS (SELECT 1 FROM event_queue q WHERE q.seq = e.seq)
          AND e.seq NOT IN (SELECT event_seq FROM webhook_deliveries WHERE status = 'pending')
        ORDER BY e.id LIMIT ${BATCH})
      RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  );
  const deliveryBound = idAt('dlv', ago(r.deliverySeconds));
  const deliveries = await batches(
    db,
    () => sql`WITH doomed AS (
      SELECT id FROM webhook_deliveries WHERE ${locked} AND id < ${deliveryBound} AND status <> 'pending'
      ORDER BY id LIMIT ${BATCH}
    ), attempts AS (
      DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM doomed)
    ), gone AS (
      DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM doomed) RETURNING 1
    ) SELECT count(*)::int AS n FROM gone`,
  );
  // The request log, namespace by namespace along its primary key (partner_id, id: time first).
  const requestLogBound = idAt('req', ago(r.requestLogSeconds));
  await batches(
    db,
    () => sql`WITH doomed AS (
      SELECT l.partner_id, l.id FROM namespaces n
      CROSS JOIN LATERAL (
        SELECT partner_id, id FROM request_logs
        WHERE partner_id = n.id AND id < ${requestLogBound} ORDER BY id LIMIT ${BATCH}
      ) l
      WHERE ${locked} LIMIT ${BATCH}
    ), gone AS (
      DELETE FROM request_logs d USING doomed WHERE d.partner_id = doomed.partner_id AND d.id = doomed.id
      RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  );
  // What inboxes received, as long as the deliveries it came with: by the time in its id.
  const inboxBound = idAt('inm', ago(r.deliverySeconds));
  await batches(
    db,
    () => sql`WITH gone AS (
      DELETE FROM webhook_inbox_messages WHERE id IN (
        SELECT id FROM webhook_inbox_messages WHERE ${locked} AND id < ${inboxBound} ORDER BY id LIMIT ${BATCH})
      RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  );
  // Sessions a day past their expiry (their tokens are refused since): the Sessions panel never shows them.
  await db.execute(
    sql`DELETE FROM user_sessions WHERE id IN (SELECT id FROM user_sessions WHERE ${locked} AND expires_at < ${ago(86_400).toISOString()}::timestamptz ORDER BY expires_at LIMIT ${BATCH})`,
  );
  // Addresses not signed in from for 90 days no longer let a guarded account in without its
  // second factor (lib/services/organizations/sign-in-guard.ts).
  await db.execute(
    sql`DELETE FROM sign_in_addresses WHERE (user_id, address) IN (SELECT user_id, address FROM sign_in_addresses WHERE ${locked} AND last_signed_in_at < ${ago(KNOWN_ADDRESS_SECONDS).toISOString()}::timestamptz ORDER BY last_signed_in_at LIMIT ${BATCH})`,
  );
  const windowBefore = Math.floor(ago(r.counterSeconds).getTime() / 1000);
  const [c] = rowsOf(
    await db.execute(sql`WITH gone AS (DELETE FROM rate_limit_counters WHERE ${locked} AND window_start < ${windowBefore} RETURNING 1)
      SELECT count(*)::int AS n FROM gone`),
  );
  const counts = { idempotency, events, deliveries, counters: Number(c?.n ?? 0) };
  // The freed pages are made reusable here, on both databases: PGlite has no autovacuum, and a
  // PostgreSQL server may run without it (or with its cost limits too low for tables that turn
  // over every few seconds: the rollup deltas, the queues). Plain VACUUM takes no lock that
  // writers wait on; SKIP_LOCKED passes over a table another instance is vacuuming.
  await db.execute(
    kind === 'pglite'
      ? sql.raw(`VACUUM ${CHURNING.join(', ')}`)
      : sql.raw(`VACUUM (SKIP_LOCKED) ${CHURNING.join(', ')}`),
  );
  return counts;
}
