import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Idempotency records (DESIGN §7), keyed by SHA-256 of (credential, method, path, key). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
    statusCode: integer('status_code'),
    body: text('body'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  // The purge (every 10 minutes) deletes what is older than 24 hours: without this index it read the
  // whole day's records each time. (BRIN would cost less per write, but the purge's deletes let new
  // rows reuse old pages, and a range's summary only ever widens: within a day it matches everything.)
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);

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
