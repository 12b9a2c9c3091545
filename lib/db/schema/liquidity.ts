import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { namespaces } from './tenancy';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A participant's liquidity in one currency (DESIGN §11, docs/liquidity.md): what it placed with
 * the settlement agent, the operator's net debit cap, and its live position. The admission of a
 * payment checks and moves the debtor's row in the statement that admits it (lib/services/
 * liquidity/admission.ts); the row is the one place all of it is decided, under its lock.
 */
export const liquidityPositions = pgTable(
  'liquidity_positions',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => namespaces.id),
    currency: text('currency').notNull(),
    /** Σ of its ledger entries (funds in and out, each completed batch's net), minor units. */
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * The most net debit allowed between cut-offs; null: none allowed (the currency is not open
     * for the participant), unless `unlimited`.
     */
    cap: bigint('cap', { mode: 'bigint' }),
    /**
     * The operator opened the currency without a cap: its explicit choice, in the audit trail.
     * Still bounded by the scheme (lib/domain/currencies.ts, MAX_LIQUIDITY_MINOR).
     */
    unlimited: boolean('unlimited').notNull().default(false),
    /** The cap may exceed the balance: the operator extends credit beyond what was placed. */
    allowUnsecured: boolean('allow_unsecured').notNull().default(false),
    /** Σ debits − Σ credits of its admitted transactions not yet in a completed batch. */
    position: bigint('position', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Its payments waiting in the liquidity queue (as debtor): how many, and their sum. */
    queuedCount: integer('queued_count').notNull().default(0),
    queuedAmount: bigint('queued_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The utilisations (percent of the limit) that raise an alert, set by the operator. */
    thresholds: smallint('thresholds')
      .array()
      .notNull()
      .default(sql`'{75,90}'::smallint[]`),
    /**
     * The highest threshold alerted since utilisation last fell 10 points below it: an alert is
     * raised once per upward crossing, not again while the position oscillates around it
     * (maintained by the row's trigger, migration 0036).
     */
    alertLevel: smallint('alert_level').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * Utilisation in hundredths of a percent of the limit (−1 when unlimited; at most
     * 999,999.99 %): the operator's desk's order, read along its index. Set by the row's trigger
     * (csp_liquidity_alert, migration 0053) in the statement that writes the row, whichever
     * writes it (an admission, a release, a cut-off, the operator), so it is never stale and no
     * writer computes it; any value a writer gives is replaced.
     */
    utilisation: bigint('utilisation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.currency] }),
    // The desk, highest utilisation first (read backwards), in all currencies or one.
    index('liquidity_positions_utilisation_idx').on(t.utilisation, t.partnerId, t.currency),
  ],
);

/**
 * The settlement balances' ledger, append-only (a trigger refuses updates and deletes): funds in
 * and out recorded by the operator, and each completed batch's net per participant (Σ of a batch's
 * entries is 0). A balance is the sum of its entries (`npm run verify-liquidity`).
 */
export const liquidityEntries = pgTable(
  'liquidity_entries',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: ['funds_in', 'funds_out', 'settlement'] }).notNull(),
    /** Signed minor units: funds out and a debtor's settlement are negative. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    reference: text('reference'),
    note: text('note'),
    batchId: text('batch_id'),
    /** The operator who recorded it (e-mail); null for a batch's entry. */
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The participant's ledger, newest first, in all its currencies or one.
    index('liquidity_entries_partner_idx').on(t.partnerId, t.createdAt, t.id),
    index('liquidity_entries_partner_currency_idx').on(t.partnerId, t.currency, t.createdAt, t.id),
  ],
);

/**
 * Admitted submissions waiting for their debtor's headroom (the namespace's `on_cap` is `queue`):
 * released oldest first per debtor as headroom returns, or together with others by offsetting
 * (lib/domain/liquidity.ts), or expired with their payment. A row per waiting submission, gone
 * when it leaves the queue: the release pass reads the whole queue of a currency.
 */
export const liquidityQueue = pgTable(
  'liquidity_queue',
  {
    submissionId: text('submission_id').primaryKey(),
    paymentPk: text('payment_pk').notNull(),
    paymentId: text('payment_id').notNull(),
    debtorPartnerId: text('debtor_partner_id').notNull(),
    beneficiaryPartnerId: text('beneficiary_partner_id').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    queuedAt: ts('queued_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('liquidity_queue_currency_idx').on(t.currency, t.queuedAt, t.submissionId),
    index('liquidity_queue_debtor_idx').on(t.debtorPartnerId, t.queuedAt, t.submissionId),
  ],
);

/**
 * Alerts to e-mail to a participant's admins (when SMTP is configured): a threshold crossed
 * upward (written by the positions' trigger) or a payment refused or queued for the cap. Sent by
 * a worker, which records when (or that there was no SMTP).
 */
export const liquidityAlerts = pgTable(
  'liquidity_alerts',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: ['threshold', 'cap_reached'] }).notNull(),
    /** The threshold crossed (percent), or 100 for the cap. */
    level: smallint('level').notNull(),
    position: bigint('position', { mode: 'bigint' }).notNull(),
    limit: bigint('limit', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When it was handled: e-mailed, or passed over (no SMTP, or a repeat within the hour). */
    handledAt: ts('handled_at'),
    outcome: text('outcome'),
  },
  (t) => [
    index('liquidity_alerts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.handledAt} is null`),
    index('liquidity_alerts_partner_idx').on(t.partnerId, t.currency, t.kind, t.createdAt),
  ],
);
