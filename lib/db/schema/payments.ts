import { sql, type AnyColumn } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const payments = pgTable(
  'payments',
  {
    /** Internal key; clients address a payment by (creating namespace, payment_id). */
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    orgId: text('org_id').notNull(),
    partnerId: text('partner_id').notNull(),
    debtorPartnerId: text('debtor_partner_id').notNull(),
    beneficiaryPartnerId: text('beneficiary_partner_id').notNull(),
    paymentType: text('payment_type', { enum: ['Type_Push', 'Type_Pull'] }).notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    reference: text('reference').notNull().default(''),
    debtorParty: jsonb('debtor_party').notNull(),
    beneficiaryParty: jsonb('beneficiary_party').notNull(),
    device: jsonb('device').notNull().default({}),
    location: jsonb('location').notNull().default({}),
    initiatedAt: ts('initiated_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * Who created it (`usr:<id>` or `key:<id>`, lib/services/context.ts credentialId): the maker a
     * four-eyes task may not be approved by (lib/domain/four-eyes.ts); null before it was kept.
     */
    createdBy: text('created_by'),
    /**
     * A return (DESIGN §12): the payment_id of the payment it gives money back of, in the other
     * direction (lib/services/returns; `payment_returns` holds the link by key); null for every
     * other payment. Its transaction is `TT_RETURN`.
     */
    returnOf: text('return_of'),
    /**
     * The customer record's name (first and last) of each party's address, '' when the address has
     * none: searched with the parties (`searchText`), so a payment is found by the name its
     * customer is known by, whatever name was typed on the payment. Written with the payment, and on
     * the payments of an address when its customer is created (lib/services/customers).
     */
    debtorCustomerName: text('debtor_customer_name').notNull().default(''),
    beneficiaryCustomerName: text('beneficiary_customer_name').notNull().default(''),
  },
  (t) => [
    uniqueIndex('payments_partner_payment_uq').on(t.partnerId, t.paymentId),
    // A namespace sees the payments it is a party to (it created each as debtor or beneficiary):
    // its lists are two index branches, newest first (lib/services/payments/list.ts), and its
    // search by payment_id prefix two ranges in byte order (a C-collated key serves LIKE 'p%').
    // After the keys, what the lists check per row, so that they read the index alone (an
    // index-only scan): the currency filter, and on the beneficiary side the debtor (an on-us
    // payment is listed on the debtor side only). A count of EUR payments capped at 10,000 read
    // 100,000 rows of the table per side (docs/benchmarks.md, "Index-only search filters").
    index('payments_debtor_idx').on(t.debtorPartnerId, t.createdAt, t.id, t.currency),
    index('payments_beneficiary_idx').on(
      t.beneficiaryPartnerId,
      t.createdAt,
      t.id,
      t.currency,
      t.debtorPartnerId,
    ),
    index('payments_debtor_payment_id_idx').on(t.debtorPartnerId, sql`${t.paymentId} collate "C"`, t.id),
    index('payments_beneficiary_payment_id_idx').on(
      t.beneficiaryPartnerId,
      sql`${t.paymentId} collate "C"`,
      t.id,
    ),
    // Search (lib/services/payments/list.ts): the payments between two namespaces, either way
    // round, newest first; by amount (an exact amount newest first); and by a fragment of either
    // party's address or name or of the reference, through trigrams of one lower-cased text.
    // The pair's index carries the amount, so a counterparty with an amount range is read and
    // counted from the index alone.
    index('payments_pair_idx').on(
      t.debtorPartnerId,
      t.beneficiaryPartnerId,
      t.createdAt,
      t.id,
      t.amountMinor,
    ),
    index('payments_debtor_amount_idx').on(t.debtorPartnerId, t.amountMinor, t.createdAt, t.id),
    index('payments_beneficiary_amount_idx').on(t.beneficiaryPartnerId, t.amountMinor, t.createdAt, t.id),
    index('payments_search_text_idx').using('gin', sql`(${searchText(t)}) gin_trgm_ops`),
  ],
);

/**
 * A payment's searchable text: both parties' payment addresses and names, their customer records'
 * names and the reference, lower case. Its trigram index serves "contains" searches; the list's
 * filters match this expression exactly, so that PostgreSQL uses the index.
 */
export function searchText(t: {
  debtorParty: AnyColumn;
  beneficiaryParty: AnyColumn;
  reference: AnyColumn;
  debtorCustomerName: AnyColumn;
  beneficiaryCustomerName: AnyColumn;
}) {
  return sql`lower(${partyText(t.debtorParty)} || ' ' || ${partyText(t.beneficiaryParty)} || ' ' || ${t.debtorCustomerName} || ' ' || ${t.beneficiaryCustomerName} || ' ' || ${t.reference})`;
}

/** One party's address and name as one text (not lower-cased). */
export function partyText(party: AnyColumn) {
  return sql`(${party} ->> 'payment_address') || ' ' || coalesce(${party} ->> 'first_name', '') || ' ' || coalesce(${party} ->> 'last_name', '')`;
}

/** One submission per payment; its admission (workflow + tasks) lives on the same row. */
export const submissions = pgTable(
  'submissions',
  {
    id: text('id').primaryKey(),
    paymentPk: text('payment_pk')
      .notNull()
      .references(() => payments.id),
    paymentId: text('payment_id').notNull(),
    orgId: text('org_id').notNull(),
    partnerId: text('partner_id').notNull(),
    admissionId: text('admission_id').notNull().unique(),
    workflow: text('workflow').notNull(),
    /**
     * 1 pending, 2 on_hold, 3 admitted, 4 rejected, 5 expired. Settled (6) is never stored: an
     * admitted submission reads as 6 once its transaction is settled (lib/services/payments/status.ts).
     */
    status: integer('status').notNull().default(1),
    transactionId: text('transaction_id'),
    /** Moved on by every task update: the optimistic lock that serializes updates of one admission. */
    version: integer('version').notNull().default(0),
    /**
     * The payment's parties and creation time, copied at submission (they never change): the
     * payments list filtered by status is a range of the submissions indexes below.
     */
    debtorPartnerId: text('debtor_partner_id').notNull(),
    beneficiaryPartnerId: text('beneficiary_partner_id').notNull(),
    paymentCreatedAt: ts('payment_created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Who submitted it (a credential id, as `payments.created_by`); null before it was kept. */
    submittedBy: text('submitted_by'),
    /**
     * When every task had completed but the debtor's net debit cap held the admission in the
     * liquidity queue (lib/db/schema/liquidity.ts); kept once it is admitted or expires.
     */
    liquidityQueuedAt: ts('liquidity_queued_at'),
  },
  (t) => [
    uniqueIndex('submissions_payment_uq').on(t.paymentPk),
    // The expiry sweep's open submissions (a final one leaves the index).
    index('submissions_open_expiry_idx')
      .on(t.status, t.expiresAt)
      .where(sql`${t.status} in (1, 2)`),
    // The payments list by status: open, rejected and expired submissions by party, newest first.
    // Admitted ones (most of them) stay out: their list is the payments' own ranges, checked per
    // row (lib/services/payments/list.ts), so admitting a payment adds no entry here.
    index('submissions_debtor_status_idx')
      .on(t.debtorPartnerId, t.status, t.paymentCreatedAt, t.paymentPk)
      .where(sql`${t.status} <> 3`),
    index('submissions_beneficiary_status_idx')
      .on(t.beneficiaryPartnerId, t.status, t.paymentCreatedAt, t.paymentPk)
      .where(sql`${t.status} <> 3`),
  ],
);

/** One change of an admission task, in the task's wire names; `at` is its modified_on (Unix seconds). */
export interface TaskHistoryEntry {
  status: number;
  status_reason: number;
  note: string | null;
  /** The actor as its own organization sees it (an e-mail, an API key id). */
  updated_by: string | null;
  at: number;
  /**
   * Stored, never sent as such: the actor as other organizations see it (its namespace's name and
   * role); absent in entries written before it was kept.
   */
  updated_by_label?: string | null;
  /** On a four-eyes task, which approval this change was (1, or 2 of two); absent otherwise. */
  approval?: number;
}

/** One approval of a task that needs two (column `approvals`). */
export interface TaskApproval {
  /** The approver's credential id (`usr:<id>`, `key:<id>`). */
  actor: string;
  /** As the approver's organization sees them (an e-mail, an API key id). */
  updated_by: string;
  /** As other organizations see them (the namespace's name and role). */
  updated_by_label: string;
  at: number;
}

export const admissionTasks = pgTable(
  'admission_tasks',
  {
    id: text('id').primaryKey(),
    admissionId: text('admission_id').notNull(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id),
    paymentPk: text('payment_pk')
      .notNull()
      .references(() => payments.id),
    paymentId: text('payment_id').notNull(),
    orgId: text('org_id').notNull(),
    /** The namespace that must work this task (the assignee). */
    partnerId: text('partner_id').notNull(),
    name: text('name').notNull(),
    workflow: text('workflow').notNull(),
    /** 1 beneficiary's namespace, 2 debtor's namespace. */
    assignee: integer('assignee').notNull(),
    /** 1 pending, 2 completed, 3 failed, 4 on_hold. */
    status: integer('status').notNull().default(1),
    statusReason: integer('status_reason').notNull().default(0),
    note: text('note'),
    updatedBy: text('updated_by'),
    /**
     * Every change of the task, oldest first, appended by the update that makes it (extension
     * field `history`); [] for tasks last changed before it was kept.
     */
    history: jsonb('history').$type<TaskHistoryEntry[]>().notNull().default([]),
    /**
     * The approvals given so far to a task that needs two (four-eyes, lib/domain/four-eyes.ts):
     * who (a credential id, never sent to other organizations) and when; the completing one is not
     * kept here (the task's own updated_by names it).
     */
    approvals: jsonb('approvals').$type<TaskApproval[]>().notNull().default([]),
    /**
     * Four eyes as the assignee's policy required them when the task was made (migration 0046):
     * approvals by checkers (0 not covered, 1 or 2) and whether API keys may give them. A decision
     * applies the stricter of this and the policy then (lib/domain/four-eyes.ts, taskRequirement),
     * so weakening the policy never lets a waiting task through with less.
     */
    fourEyesApprovals: smallint('four_eyes_approvals').notNull().default(0),
    fourEyesKeysApprove: boolean('four_eyes_keys_approve').notNull().default(false),
    /**
     * Who is working the task (a lease: claimedUntil), so colleagues see it and are asked before
     * taking it over; claiming is never required to decide (lib/services/payments/claims.ts).
     * The claimer's credential id and their name as their organization sees it.
     */
    /**
     * The admission rule that matched the task when it was made (DESIGN §13), its name then and
     * what it does; null when none did. What it decided is the task's history (`rule:<id>`).
     */
    ruleId: text('rule_id'),
    ruleName: text('rule_name'),
    ruleAction: text('rule_action'),
    /**
     * The payer's address, kept only while the namespace has a payer-velocity rule (and for the
     * window before one is written): what the velocity count reads, by its partial index.
     */
    payerAddress: text('payer_address'),
    claimedBy: text('claimed_by'),
    claimedByLabel: text('claimed_by_label'),
    claimedUntil: ts('claimed_until'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('tasks_queue_idx').on(t.partnerId, t.status, t.expiresAt, t.id),
    index('tasks_admission_idx').on(t.admissionId),
    // The rules' hit counts (GET /rules) and the payer velocity's count: only tasks a rule
    // matched, or of a namespace with a velocity rule, are in them.
    index('tasks_rule_idx')
      .on(t.ruleId, t.createdAt)
      .where(sql`${t.ruleId} is not null`),
    index('tasks_payer_idx')
      .on(t.partnerId, t.payerAddress, t.createdAt)
      .where(sql`${t.payerAddress} is not null`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: text('id').primaryKey(),
    paymentPk: text('payment_pk')
      .notNull()
      .references(() => payments.id),
    paymentId: text('payment_id').notNull(),
    submissionId: text('submission_id').notNull().unique(),
    approvalCode: text('approval_code').notNull(),
    /** 2 processing (cleared, awaiting settlement), 3 completed (settled). */
    status: integer('status').notNull().default(2),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    debtorPartnerId: text('debtor_partner_id').notNull(),
    beneficiaryPartnerId: text('beneficiary_partner_id').notNull(),
    initiatedAt: ts('initiated_at').notNull(),
    clearedAt: ts('cleared_at').notNull().defaultNow(),
    batchId: text('batch_id'),
    settledAt: ts('settled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // No index may cover a column the cut-off writes (batch_id, status, settled_at, updated_at):
    // then settling a row is a HOT update, one in-page write instead of a new entry in every
    // index. The table's fillfactor (40, migration 0001) leaves each page room for that update.
    // The cut-off scans a currency's clearing-time range (from the earliest row still in
    // settlement_queue); a batch's transactions of one partner are found by partner and clearing
    // time, within the batch's clearing-time range.
    index('transactions_currency_cleared_idx').on(t.currency, t.clearedAt),
    index('transactions_debtor_cleared_idx').on(t.debtorPartnerId, t.clearedAt, t.id),
    index('transactions_beneficiary_cleared_idx').on(t.beneficiaryPartnerId, t.clearedAt, t.id),
    index('transactions_payment_idx').on(t.paymentPk),
  ],
);

export const transactionLines = pgTable(
  'transaction_lines',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => transactions.id),
    partnerId: text('partner_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    direction: text('direction', { enum: ['TD_Credit', 'TD_Debit'] }).notNull(),
    transactionType: text('transaction_type').notNull().default('TT_PAYMENT'),
  },
  (t) => [index('transaction_lines_txn_idx').on(t.transactionId)],
);

export const paymentExceptions = pgTable(
  'payment_exceptions',
  {
    id: text('id').primaryKey(),
    paymentPk: text('payment_pk')
      .notNull()
      .references(() => payments.id),
    paymentId: text('payment_id').notNull(),
    submissionId: text('submission_id'),
    orgId: text('org_id').notNull(),
    partnerId: text('partner_id').notNull(),
    recordType: text('record_type').notNull().default('PaymentSubmission'),
    exceptionCode: text('exception_code').notNull(),
    exceptionMessage: text('exception_message').notNull(),
    blame: text('blame').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_exceptions_payment_idx').on(t.paymentPk)],
);

/**
 * A return of funds (DESIGN §12): requested by the original payment's debtor and decided by its
 * beneficiary (through the return payment's `return_request` task), or made by the beneficiary on
 * its own initiative. The return payment carries the money (`payment_pk`; its payment_id is this
 * row's id); its submission says where the return stands. One row per return, read by both
 * parties' lists.
 */
export const paymentReturns = pgTable(
  'payment_returns',
  {
    id: text('id').primaryKey(),
    /** The original payment. */
    originalPk: text('original_pk')
      .notNull()
      .references(() => payments.id),
    originalPaymentId: text('original_payment_id').notNull(),
    /** The return payment. */
    paymentPk: text('payment_pk')
      .notNull()
      .references(() => payments.id),
    /** The original's debtor (who gets the money back) and beneficiary (who gives it). */
    debtorPartnerId: text('debtor_partner_id').notNull(),
    beneficiaryPartnerId: text('beneficiary_partner_id').notNull(),
    /** `request` by the debtor's side, `initiative` of the beneficiary's. */
    kind: text('kind', { enum: ['request', 'initiative'] }).notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** ISO 20022 reason code: AC03, AM09, DUPL, FRAD, CUST, TECH. */
    reason: text('reason').notNull(),
    note: text('note'),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * `requested`, `returned` or `refused`: its return payment's submission's status as the wire
     * names it (lib/domain/returns.ts), written by the trigger on submissions in the statement
     * that changes it (migration 0051), so the list filters by it along an index.
     */
    status: text('status', { enum: ['requested', 'returned', 'refused'] })
      .notNull()
      .default('requested'),
  },
  (t) => [
    uniqueIndex('payment_returns_payment_uq').on(t.paymentPk),
    index('payment_returns_original_idx').on(t.originalPk, t.createdAt),
    // Each side's list, newest first.
    index('payment_returns_debtor_idx').on(t.debtorPartnerId, t.createdAt, t.id),
    index('payment_returns_beneficiary_idx').on(t.beneficiaryPartnerId, t.createdAt, t.id),
    // Each side's list of one status, newest first: a rare status is a short range, not a scan.
    index('payment_returns_debtor_status_idx').on(t.debtorPartnerId, t.status, t.createdAt, t.id),
    index('payment_returns_beneficiary_status_idx').on(t.beneficiaryPartnerId, t.status, t.createdAt, t.id),
  ],
);
