import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The outbox: every event is written in the transaction of the change that caused it. Read only by
 * webhook dispatch, by `seq`: no other index (ten events per payment lifecycle pay for each one).
 */
export const events = pgTable('events', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  id: text('id').notNull().unique(),
  type: text('type').notNull(),
  orgId: text('org_id').notNull(),
  partnerId: text('partner_id').notNull(),
  data: jsonb('data').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /**
   * A test event (`POST /webhook/{id}/test`, of any type) goes to this one endpoint only, whatever
   * it subscribes to (migration 0039's trigger and lib/webhooks/outbox.ts). Null for every event
   * of a real change.
   */
  testWebhookId: text('test_webhook_id'),
});

/**
 * The events still to be fanned out to webhooks, by outbox sequence. A statement trigger on
 * `events` (migrations 0006, 0027) queues, in the transaction that writes them, only the events a
 * webhook of their namespace (enabled or not: a disabled one keeps them as failed deliveries)
 * subscribes to; the dispatcher deletes what it fans out. An
 * event no endpoint takes costs nothing after its insert.
 */
export const eventQueue = pgTable('event_queue', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
});

export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull(),
    partnerId: text('partner_id').notNull(),
    /** `inbox://<id>` for an inbox, which keeps its deliveries instead of sending them. */
    url: text('url').notNull(),
    /**
     * `url`: deliveries are POSTed to the URL. `inbox` (sandbox namespaces): they are kept, with
     * their headers and signature check, and shown in the dashboard (webhookInboxMessages).
     */
    kind: text('kind', { enum: ['url', 'inbox'] })
      .notNull()
      .default('url'),
    description: text('description').notNull().default(''),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    failingSince: ts('failing_since'),
    disabledReason: text('disabled_reason'),
    deletedAt: ts('deleted_at'),
    /**
     * One instance at a time delivers to an endpoint, until this time (set from the database clock);
     * that keeps the endpoint's deliveries in order and each attempt made once. Null: never leased.
     */
    leaseUntil: ts('lease_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhooks_partner_idx').on(t.partnerId, t.createdAt, t.id)],
);

/** Numbers deliveries in the order dispatch creates them (migration 0016; lib/webhooks/store.ts). */
export const webhookDeliveryDispatchSeq = pgSequence('webhook_deliveries_dispatch_seq');

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id),
    eventId: text('event_id').notNull(),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    /**
     * Creation order: dispatch runs one instance at a time, so this follows commit order, which
     * `event_seq` does not. Null for deliveries created before the column existed.
     */
    dispatchSeq: bigint('dispatch_seq', { mode: 'number' }).default(
      sql`nextval('webhook_deliveries_dispatch_seq')`,
    ),
    partnerId: text('partner_id').notNull(),
    eventType: text('event_type').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // An endpoint's pending deliveries in event order: what the delivery claim reads.
    index('webhook_deliveries_pending_idx')
      .on(t.webhookId, t.eventSeq)
      .where(sql`${t.status} = 'pending'`),
    // An endpoint's delivery log, newest first, all or by status (lib/services/webhooks).
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt, t.id),
    index('webhook_deliveries_status_idx').on(t.webhookId, t.status, t.createdAt, t.id),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attemptedAt: ts('attempted_at').notNull().defaultNow(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

/**
 * What an inbox endpoint received: each attempt's request as a real endpoint would get it (the
 * headers and the exact body signed), and whether its signature verifies with the endpoint's
 * secret. Kept as long as finished deliveries (RETENTION_DELIVERIES_SECONDS), purged by the time
 * in the id.
 */
export const webhookInboxMessages = pgTable(
  'webhook_inbox_messages',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id').notNull(),
    deliveryId: text('delivery_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    body: text('body').notNull(),
    signatureValid: boolean('signature_valid').notNull(),
  },
  // An inbox's messages, newest first (its id is time first).
  (t) => [index('webhook_inbox_messages_webhook_idx').on(t.webhookId, t.id)],
);
