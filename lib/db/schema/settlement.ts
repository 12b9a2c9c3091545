import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** Earliest and latest clearing time among the batch's transactions: bounds the range scans of its transaction list. */
    firstClearedAt: ts('first_cleared_at'),
    lastClearedAt: ts('last_cleared_at'),
    /**
     * The audit chain heads of the batch's participants' organizations at cut-off, `{org: {pos,
     * hash}}` (docs/audit.md): a trail later cut short at its end no longer reaches them.
     */
    auditHeads: jsonb('audit_heads').$type<Record<string, { pos: number; hash: string }>>(),
  },
  (t) => [index('settlement_batches_cutoff_idx').on(t.cutoffTime, t.id)],
);

/**
 * The bilateral positions of one partner in one batch, as two parallel arrays (counterparty,
 * signed net: credits from − debits to, minor units). One row per partner rather than one per
 * pair: with P namespaces a batch has up to P² pairs, and the positions are only ever read a
 * partner at a time.
 */
export const settlementPartnerPositions = pgTable(
  'settlement_partner_positions',
  {
    batchId: text('batch_id').notNull(),
    partnerId: text('partner_id').notNull(),
    currency: text('currency').notNull(),
    counterpartyIds: text('counterparty_ids').array().notNull(),
    netAmounts: bigint('net_amounts', { mode: 'bigint' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.partnerId] })],
);

/**
 * Cleared transactions not yet taken by a cut-off. A trigger on `transactions` adds a row when a
 * cleared transaction is inserted (migration 0001); a cut-off deletes the rows it takes. A delete
 * touches no index, where marking the transactions through an index on `batch_id` rewrote every
 * index entry of every settled row.
 */
export const settlementQueue = pgTable(
  'settlement_queue',
  {
    transactionId: text('transaction_id').primaryKey(),
    currency: text('currency').notNull(),
    clearedAt: ts('cleared_at').notNull(),
    /**
     * The payment's parties and creation time: the queue is exactly the admitted payments not yet
     * settled, which the payments list filtered by `admitted` reads by namespace, newest first.
     */
    paymentPk: text('payment_pk').notNull(),
    debtorPartnerId: text('debtor_partner_id').notNull(),
    beneficiaryPartnerId: text('beneficiary_partner_id').notNull(),
    paymentCreatedAt: ts('payment_created_at').notNull(),
  },
  (t) => [
    index('settlement_queue_currency_cleared_idx').on(t.currency, t.clearedAt),
    index('settlement_queue_debtor_idx').on(t.debtorPartnerId, t.paymentCreatedAt, t.paymentPk),
    index('settlement_queue_beneficiary_idx').on(t.beneficiaryPartnerId, t.paymentCreatedAt, t.paymentPk),
  ],
);

/** One merkle leaf per participating namespace: its multilateral net. */
export const settlementLeaves = pgTable(
  'settlement_leaves',
  {
    batchId: text('batch_id')
      .notNull()
      .references(() => settlementBatches.id),
    partnerId: text('partner_id').notNull(),
    leafIndex: integer('leaf_index').notNull(),
    kind: text('kind', { enum: ['creditor', 'debtor'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    leafHash: text('leaf_hash').notNull(),
    txnCount: integer('txn_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.partnerId] }),
    index('settlement_leaves_partner_idx').on(t.partnerId),
  ],
);
