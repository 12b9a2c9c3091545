import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The audit trail: who changed what, written in the transaction of the change
 * (lib/services/audit/record.ts). Append-only: triggers (migration 0017) refuse UPDATE, DELETE and
 * TRUNCATE, and each organization's entries are chained by `audit_links` (docs/audit.md).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull().unique(),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    /** The organization whose trail holds the entry; null for the network's own (operator). */
    orgId: text('org_id'),
    partnerId: text('partner_id'),
    actorKind: text('actor_kind', { enum: ['user', 'apikey', 'anonymous', 'system'] }).notNull(),
    /** `usr_…`, `api_…`, or for a refused sign-in the e-mail tried. */
    actorId: text('actor_id'),
    /** The user's e-mail or the key's name, as they were then. */
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** `{before, after}` of the changed fields, never a secret. */
    changes: jsonb('changes').$type<{ before?: Record<string, unknown>; after?: Record<string, unknown> }>(),
    requestId: text('request_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    // The trail newest first, and each filter with it: an organization's, the operator's.
    index('audit_events_org_idx').on(t.orgId, t.occurredAt, t.seq),
    index('audit_events_org_action_idx').on(t.orgId, t.action, t.occurredAt, t.seq),
    index('audit_events_org_actor_idx').on(t.orgId, t.actorLabel, t.occurredAt, t.seq),
    // Who did one kind of thing: the one pair of filters no single index above narrows (a target
    // is narrow by itself, a time range is a range of each), migration 0019.
    index('audit_events_org_action_actor_idx').on(t.orgId, t.action, t.actorLabel, t.occurredAt, t.seq),
    index('audit_events_org_target_idx').on(t.orgId, t.targetId, t.occurredAt, t.seq),
    index('audit_events_time_idx').on(t.occurredAt, t.seq),
  ],
);

/**
 * Entries still to be chained, by `seq`: a row trigger on `audit_events` queues each one in the
 * transaction that writes it; the sealer deletes what it chains (lib/services/audit/seal.ts).
 */
export const auditQueue = pgTable('audit_queue', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
});

/**
 * The hash chain: entry `seq` is position `pos` of `chain` (an organization's id, or `network`),
 * `hash = sha256(prev_hash ‖ the entry's canonical form)`. Append-only, as the entries.
 */
export const auditLinks = pgTable(
  'audit_links',
  {
    chain: text('chain').notNull(),
    pos: bigint('pos', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull().unique(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    sealedAt: ts('sealed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('audit_links_chain_pos_idx').on(t.chain, t.pos)],
);

/** Each chain's head: its last position and hash (what a settlement batch records at cut-off). */
export const auditHeads = pgTable('audit_heads', {
  chain: text('chain').primaryKey(),
  pos: bigint('pos', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The parts of each chain moved out of the database (lib/services/audit/archive.ts): positions up
 * to `throughPos` are in the file `fileName` (its SHA-256 kept), and the chain continues in
 * `audit_links` from `throughHash`. Append-only, as the entries (migration 0033).
 */
export const auditArchives = pgTable(
  'audit_archives',
  {
    chain: text('chain').notNull(),
    /** The first and last positions the file holds. */
    fromPos: bigint('from_pos', { mode: 'number' }).notNull(),
    throughPos: bigint('through_pos', { mode: 'number' }).notNull(),
    /** The hash of the link at `throughPos`: where the chain in the database starts from. */
    throughHash: text('through_hash').notNull(),
    /** The time of the last entry archived: every entry of the file occurred before it. */
    lastOccurredAt: ts('last_occurred_at').notNull(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    archivedAt: ts('archived_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('audit_archives_chain_pos_idx').on(t.chain, t.throughPos)],
);
