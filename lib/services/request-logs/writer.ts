import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { config } from '@/lib/config';
import { logger } from '@/lib/log/logger';
import { rowsOf } from '@/lib/db/rows';
import { redactBody, redactQuery, redactText } from './redact';

/**
 * One request as the log records it. Its query and bodies are as received and answered: they are
 * redacted when written (lib/services/request-logs/redact.ts), off the request's path, and never
 * leave this process unredacted.
 */
export interface RequestLogEntry {
  partnerId: string;
  id: string;
  requestId: string;
  orgId: string;
  at: string;
  method: string;
  path: string;
  route: string | null;
  query: string | null;
  status: number;
  latencyMs: number;
  credential: string;
  actor: string;
  /** `dashboard`: the dashboard's server called for a signed-in person; `api` otherwise. */
  source: 'api' | 'dashboard';
  idempotencyKey: string | null;
  replayed: boolean;
  errorCode: string | null;
  errorMessage: string | null;
  /** A sandbox namespace keeps bodies; a production one when its admins turned it on. */
  sandbox: boolean;
  requestBody: string | null;
  responseBody: string | null;
}

/** A batch written at once, and the most kept waiting (a database away does not fill the memory). */
const FLUSH_AT = 500;
const MAX_WAITING = 20_000;

/**
 * The request log's writer, one per database handle: entries wait in memory and are written by one
 * statement per batch, every `REQUEST_LOG_FLUSH_MS` or every 500 entries, never in a request's
 * transaction nor on its path (the API answers before its entry is written). A production
 * namespace's bodies are dropped in that statement unless its settings keep them. Past 20,000
 * entries waiting (the database unreachable), new ones are counted and dropped: the log is a
 * debugging aid, never a reason to slow or fail the API.
 */
export class RequestLogWriter {
  private waiting: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  dropped = 0;

  constructor(private readonly db: Db) {}

  record(entry: RequestLogEntry): void {
    if (this.waiting.length >= MAX_WAITING) {
      if (this.dropped++ % 1000 === 0) logger.warn({ dropped: this.dropped }, 'request log entries dropped');
      return;
    }
    this.waiting.push(entry);
    if (this.waiting.length >= FLUSH_AT) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), config.requestLog.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what waits; resolves once it is written (tests, a stopping process). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.writing) await this.writing;
    if (!this.waiting.length) return;
    const batch = this.waiting.splice(0, FLUSH_AT * 4);
    this.writing = write(this.db, batch)
      .catch((err) => logger.error({ err, entries: batch.length }, 'request log entries not written'))
      .finally(() => {
        this.writing = null;
        if (this.waiting.length && !this.timer) {
          this.timer = setTimeout(() => void this.flush(), config.requestLog.flushMs);
          this.timer.unref();
        }
      });
    await this.writing;
  }
}

/**
 * One INSERT of the whole batch, from a JSON array (one parameter, whatever the batch's size). The
 * production namespaces that keep bodies are read first (a handful of rows): the others' bodies are
 * dropped here, before any redaction work.
 */
async function write(db: Db, batch: RequestLogEntry[]): Promise<void> {
  const keeping = batch.some((e) => !e.sandbox)
    ? new Set(
        rowsOf(await db.execute(sql`SELECT partner_id FROM request_log_settings WHERE keep_bodies`)).map(
          (r) => String(r.partner_id),
        ),
      )
    : new Set<string>();
  const rows = batch.map((e) => {
    const kept = e.sandbox || keeping.has(e.partnerId);
    return {
      ...e,
      query: e.query === null ? null : redactQuery(e.query),
      errorMessage: e.errorMessage === null ? null : redactText(e.errorMessage).slice(0, 1000),
      requestBody: kept ? redactBody(e.requestBody) : null,
      responseBody: kept ? redactBody(e.responseBody) : null,
    };
  });
  await db.execute(sql`
    INSERT INTO request_logs (partner_id, id, request_id, org_id, at, method, path, route, query, status, status_class,
      latency_ms, credential, actor, source, idempotency_key, replayed, error_code, error_message, request_body, response_body)
    SELECT r."partnerId", r.id, r."requestId", r."orgId", r.at, r.method, r.path, r.route, r.query, r.status, r.status / 100,
      r."latencyMs", r.credential, r.actor, r.source, r."idempotencyKey", r.replayed, r."errorCode", r."errorMessage",
      r."requestBody", r."responseBody"
    FROM json_to_recordset(${batchJson(rows)}::json) AS r("partnerId" text, id text, "requestId" text, "orgId" text,
      at timestamptz, method text, path text, route text, query text, status smallint, "latencyMs" real, credential text,
      actor text, source text, "idempotencyKey" text, replayed boolean, "errorCode" text, "errorMessage" text,
      "requestBody" text, "responseBody" text)
    ON CONFLICT DO NOTHING`);
}

/**
 * PostgreSQL's text holds no U+0000, and one such character anywhere in the batch's JSON fails the
 * whole INSERT, every namespace's entries with it. A request can carry one (a body's `"\u0000"`
 * parsed into a field name quoted by its error message): the log keeps U+FFFD in its place.
 */
function batchJson(rows: unknown[]): string {
  // JSON writes U+0000 as \u0000, so a batch without that text has none: it is serialized once,
  // without a replacer (which V8 calls for every field of every entry, off its fast path).
  const json = JSON.stringify(rows);
  return json.includes('\\u0000') ? JSON.stringify(rows, withoutNul) : json;
}

function withoutNul(_key: string, value: unknown): unknown {
  return typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
}

const writers = new WeakMap<Db, RequestLogWriter>();

/** The writer of this database handle (one per process and database). */
export function requestLogWriter(db: Db): RequestLogWriter {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new RequestLogWriter(db)));
  return w;
}
