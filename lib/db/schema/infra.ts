import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Idempotency records (DESIGN §7), keyed by SHA-256 of (credential, method, path, key). */
export const idempotencyKeys = pgTable('idempotency_keys', {
  keyHash: text('key_hash').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
  statusCode: integer('status_code'),
  body: text('body'),
  createdAt: ts('created_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
});

/** Fixed-window request counters shared by every instance (rate limiting). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
