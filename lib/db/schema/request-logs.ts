import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every API request a namespace's credentials made (docs/decisions.md, "Request log"): written
 * off the request, in batches (lib/services/request-logs/writer.ts), and purged past
 * RETENTION_REQUEST_LOG_SECONDS. Keyed by namespace, then by the id, which is time first
 * (`req_…`): a namespace's log newest first, a time range and the lookup of one entry are ranges
 * of the primary key; each filter the API offers has its own index in the same order, so a page
 * reads its rows and no more at any size. Bodies are redacted before they are stored, and kept
 * for sandbox namespaces and for production ones whose admins turned it on.
 */
export const requestLogs = pgTable(
  'request_logs',
  {
    partnerId: text('partner_id').notNull(),
    id: text('id').notNull(),
    /** The X-Request-Id answered: the id itself, or the one the client sent. */
    requestId: text('request_id').notNull(),
    orgId: text('org_id').notNull(),
    at: ts('at').notNull(),
    method: text('method').notNull(),
    /** The path as requested, a secret in it (the rotation's) replaced. */
    path: text('path').notNull(),
    /** The operation's path template (`/payments/{payment_id}`); null for an unknown path. */
    route: text('route'),
    query: text('query'),
    status: smallint('status').notNull(),
    /** 2, 3, 4 or 5: the status class the list filters on. */
    statusClass: smallint('status_class').notNull(),
    latencyMs: real('latency_ms').notNull(),
    /** `key:<api key id>` or `usr:<user id>`. */
    credential: text('credential').notNull(),
    /** The key's name or the user's e-mail, as it was then. */
    actor: text('actor').notNull(),
    /**
     * `dashboard` for a call the dashboard's server made for a signed-in person (its proxy and its
     * pages), `api` for every other: the list shows API calls unless asked for the dashboard's.
     */
    source: text('source', { enum: ['api', 'dashboard'] })
      .notNull()
      .default('api'),
    idempotencyKey: text('idempotency_key'),
    replayed: boolean('replayed').notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    requestBody: text('request_body'),
    responseBody: text('response_body'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    // Refusals and errors only: most entries are 2xx, and a 2xx filter reads along the primary key;
    // a success costs no entry here (docs/benchmarks.md, "Request log").
    index('request_logs_status_idx')
      .on(t.partnerId, t.statusClass, t.id)
      .where(sql`${t.statusClass} >= 3`),
    index('request_logs_path_idx').on(t.partnerId, t.path, t.id),
    index('request_logs_credential_idx').on(t.partnerId, t.credential, t.id),
    // The list's default (API calls, not the dashboard's polling) reads along this one.
    index('request_logs_source_idx').on(t.partnerId, t.source, t.id),
    // A request id the client chose (its own X-Request-Id); the gateway's own are the entry's id.
    index('request_logs_request_id_idx')
      .on(t.partnerId, t.requestId)
      .where(sql`${t.requestId} <> ${t.id}`),
  ],
);

/** A production namespace's choice to keep request and response bodies (sandboxes always do). */
export const requestLogSettings = pgTable('request_log_settings', {
  partnerId: text('partner_id').primaryKey(),
  keepBodies: boolean('keep_bodies').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
