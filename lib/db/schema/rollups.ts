import { sql } from 'drizzle-orm';
import { bigint, date, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Pre-aggregated figures of each namespace, so the overview never reads raw history (migration
 * 0015; lib/services/overview). Kept exact with the writes: statement triggers on payments,
 * submissions, admission tasks, payment exceptions and the settlement queue append signed deltas
 * to `namespace_rollup_deltas` (inserts only: no row is a hot spot for a busy namespace), and a
 * worker folds them into `namespace_rollups` (lib/services/overview/fold.ts). A read sums both.
 *
 * Metrics: `volume` (day of creation × status × currency: count and amount), `exceptions` (day ×
 * code × blame), `tasks` (status: the namespace's admission tasks), `awaiting` (currency × in |
 * out | txn: cleared transactions not yet settled). `day` is 1970-01-01 for the metrics without one.
 */
const columns = {
  partnerId: text('partner_id').notNull(),
  metric: text('metric', { enum: ['volume', 'exceptions', 'tasks', 'awaiting'] }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  key: text('key').notNull().default(''),
  key2: text('key2').notNull().default(''),
  currency: text('currency').notNull().default(''),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  /**
   * A sum of many payments' amounts: numeric, which no sum leaves (a day's volume of the network
   * in one currency passes a bigint after 9,223 payments of the largest amount).
   */
  amount: numeric('amount', { precision: 38, scale: 0, mode: 'bigint' })
    .notNull()
    .default(sql`0`),
};

export const namespaceRollups = pgTable('namespace_rollups', columns, (t) => [
  primaryKey({ columns: [t.partnerId, t.metric, t.day, t.key, t.key2, t.currency] }),
]);

/**
 * No index: the deltas are folded about every second (a few thousand rows at a busy network's
 * rate), a read scans what is left, and each write inserts without an index entry.
 */
export const namespaceRollupDeltas = pgTable('namespace_rollup_deltas', columns);
