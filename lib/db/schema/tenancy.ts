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
import { organizations } from './identity';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A namespace ("partner" on the wire): payment addresses sharing one domain. */
export const namespaces = pgTable(
  'namespaces',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    domain: text('domain').notNull().unique(),
    environment: text('environment', { enum: ['sandbox', 'production'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The built-in Sandbox Bank counterparty. */
    isSystem: boolean('is_system').notNull().default(false),
    paymentTtlSeconds: integer('payment_ttl_seconds').notNull().default(86400),
    reviewThreshold: bigint('review_threshold', { mode: 'bigint' })
      .notNull()
      .default(sql`1000000`),
    /**
     * Four-eyes admission (lib/domain/four-eyes.ts): when set, this namespace's tasks for payments
     * of at least this amount (minor units), and every compliance review, need an approval by
     * someone other than the payment's maker; null: off.
     */
    fourEyesThreshold: bigint('four_eyes_threshold', { mode: 'bigint' }),
    /** How many distinct approvers such a task needs (1 or 2). */
    fourEyesApprovals: smallint('four_eyes_approvals').notNull().default(1),
    /** Whether an API key may approve such a task (machines are makers unless this says so). */
    fourEyesKeysApprove: boolean('four_eyes_keys_approve').notNull().default(false),
    /**
     * What happens to a payment this namespace would pay past its net debit cap (DESIGN §11):
     * rejected (NET_DEBIT_CAP_EXCEEDED), or queued until headroom returns.
     */
    onCap: text('on_cap', { enum: ['reject', 'queue'] })
      .notNull()
      .default('reject'),
    /**
     * How long after admission a payment this namespace received may be asked back (DESIGN §12),
     * in days: its staff decide return requests for that long.
     */
    returnWindowDays: integer('return_window_days').notNull().default(60),
    /**
     * Moves with every change of the namespace's admission rules (lib/services/rules): read with
     * the payment at submission, it tells a cached copy of the rules from a stale one; 0: never had any.
     */
    rulesVersion: integer('rules_version').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('namespaces_org_idx').on(t.orgId, t.createdAt, t.id)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** SHA-256 (hex) of the secret; the secret itself is never stored. */
    secretHash: text('secret_hash').notNull().unique(),
    secretLast4: text('secret_last4').notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    customersRead: boolean('customers_read').notNull().default(false),
    customersWrite: boolean('customers_write').notNull().default(false),
    transactionsRead: boolean('transactions_read').notNull().default(false),
    transactionsWrite: boolean('transactions_write').notNull().default(false),
    deletedAt: ts('deleted_at'),
    /** Moved at most once a minute per key and instance by the requests it signs (lib/api/credentials.ts). */
    lastUsedAt: ts('last_used_at'),
    /** Optional: refused from this time on, with an error that says so (migration 0019). */
    expiresAt: ts('expires_at'),
    /**
     * The secret a rotation replaced (docs/decisions.md, "Rolling a key"): still accepted until
     * `previous_secret_expires_at` (the overlap the admin chose; the rotation time for none), then
     * kept until the next rotation so that a call made with it is refused in the key's own request
     * log rather than as an unknown key's.
     */
    previousSecretHash: text('previous_secret_hash').unique(),
    previousSecretLast4: text('previous_secret_last4'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    /**
     * Who received its secret (credential ids, `usr:<id>`): at creation, and at the last rotation.
     * Four eyes counts them as makers of the payments the key makes (lib/domain/four-eyes.ts).
     */
    createdBy: text('created_by'),
    rotatedBy: text('rotated_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('api_keys_partner_idx').on(t.partnerId, t.createdAt, t.id)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => namespaces.id),
    accountTitle: text('account_title').notNull(),
    accountNumberLast4: text('account_number_last4').notNull(),
    routingNumber: text('routing_number').notNull(),
    type: text('type', { enum: ['checking', 'savings'] }).notNull(),
    status: text('status', { enum: ['unverified', 'verified', 'deleted'] })
      .notNull()
      .default('unverified'),
    institution: jsonb('institution').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * The operator's review of a production account (lib/services/accounts/review.ts): when, by
     * whom, the note kept with it, and whether it was rejected (it then stays unverified and
     * leaves the review queue).
     */
    reviewedAt: ts('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    rejected: boolean('rejected').notNull().default(false),
  },
  (t) => [
    index('accounts_partner_idx').on(t.partnerId, t.createdAt, t.id),
    // The operator's queue: accounts awaiting a review, oldest first.
    index('accounts_review_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'unverified' AND NOT ${t.rejected}`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => namespaces.id),
    paymentAddress: text('payment_address').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    nickName: text('nick_name').notNull().default(''),
    /** 1 active, 2 suspended, 3 closed. */
    status: integer('status').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('customers_partner_idx').on(t.partnerId, t.createdAt, t.id),
    // The list's `q`: a fragment of the address or name, through trigrams (lib/services/customers).
    index('customers_search_text_idx').using('gin', sql`(${customerSearchText(t)}) gin_trgm_ops`),
  ],
);

/**
 * A connection between two namespaces. One row per unordered pair (partner_low < partner_high),
 * so a pair can never hold two links; a rejected link may be proposed again by updating the row.
 */
export const links = pgTable(
  'links',
  {
    id: text('id').primaryKey(),
    requesterPartnerId: text('requester_partner_id')
      .notNull()
      .references(() => namespaces.id),
    counterpartyPartnerId: text('counterparty_partner_id')
      .notNull()
      .references(() => namespaces.id),
    partnerLow: text('partner_low').notNull(),
    partnerHigh: text('partner_high').notNull(),
    status: text('status', { enum: ['proposed', 'established', 'rejected', 'suspended'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('links_pair_uq').on(t.partnerLow, t.partnerHigh),
    index('links_requester_idx').on(t.requesterPartnerId),
    index('links_counterparty_idx').on(t.counterpartyPartnerId),
  ],
);

/**
 * A customer's name as the payments of its address keep it for search (payments'
 * debtor_customer_name and beneficiary_customer_name): first and last, '' when both are empty.
 */
export function customerName(t: { firstName: AnyColumn; lastName: AnyColumn }) {
  return sql<string>`trim(${t.firstName} || ' ' || ${t.lastName})`;
}

/** A customer's searchable text: address and name, lower case (the list's `q` matches this exactly). */
export function customerSearchText(t: {
  paymentAddress: AnyColumn;
  firstName: AnyColumn;
  lastName: AnyColumn;
}) {
  return sql`lower(${t.paymentAddress} || ' ' || ${t.firstName} || ' ' || ${t.lastName})`;
}
