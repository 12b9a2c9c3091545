import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const settlementBatches = pgTable(
  'settlement_batches',
  {
    id: text('id').primaryKey(),
    currency: text('currency').notNull(),
    cutoffTime: ts('cutoff_time').notNull(),
    startedOn: ts('started_on').notNull().defaultNow(),
    completedOn: ts('completed_on'),
    status: text('status', { enum: ['PROCESSING', 'COMPLETED', 'FAILED'] }).notNull(),
    txnCount: integer('txn_count').notNull().default(0),
    rootHash: text('root_hash'),
    treeVersion: text('tree_version'),
    leavesCount: integer('leaves_count'),
    rootCreatedAt: ts('root_created_at'),
    failureReason: text('failure_reason'),
  },
  (t) => [index('settlement_batches_cutoff_idx').on(t.cutoffTime)],
);

/** Bilateral net of partner against counterparty: credits from − debits to (signed, minor units). */
export const settlementPositions = pgTable(
  'settlement_positions',
  {
    batchId: text('batch_id').notNull().references(() => settlementBatches.id),
    partnerId: text('partner_id').notNull(),
    counterpartyId: text('counterparty_id').notNull(),
    currency: text('currency').notNull(),
    netAmount: bigint('net_amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.partnerId, t.counterpartyId] })],
);

/** One merkle leaf per participating namespace: its multilateral net. */
export const settlementLeaves = pgTable(
  'settlement_leaves',
  {
    batchId: text('batch_id').notNull().references(() => settlementBatches.id),
    partnerId: text('partner_id').notNull(),
    leafIndex: integer('leaf_index').notNull(),
    kind: text('kind', { enum: ['creditor', 'debtor'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    leafHash: text('leaf_hash').notNull(),
    txnCount: integer('txn_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.partnerId] }), index('settlement_leaves_partner_idx').on(t.partnerId)],
);
