import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { config } from '@/lib/config';
import { isUniqueViolation } from '@/lib/errors';
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
 * One INSERT of the whole batch, from one array per column (a fixed statement, whatever the
 * batch's size; lib/services/overview/deltas.ts writes its rows the same way). The production
 * namespaces that keep bodies are read first (a handful of rows): the others' bodies are dropped
 * here, before any redaction work.
 *
 * Arrays rather than a JSON document: PostgreSQL then copies each value instead of parsing the
 * batch's JSON (bodies are JSON themselves, so every quote in them was escaped and unescaped
 * again), and the entries' ids — made unique where they are made (lib/ids.ts) — are inserted
 * plainly rather than with ON CONFLICT, whose speculative insertion checks the key first and logs
 * a confirmation per row: 57 against 27 µs of the backend's CPU a row with the table's indexes
 * (docs/benchmarks.md, "The request log's batch"). Should an id ever be written twice, the batch is
 * written again skipping it rather than lost.
 */
async function write(db: Db, batch: RequestLogEntry[]): Promise<void> {
  const keeping = batch.some((e) => !e.sandbox)
    ? new Set(
        rowsOf(await db.execute(sql`SELECT partner_id FROM request_log_settings WHERE keep_bodies`)).map(
          (r) => String(r.partner_id),
        ),
      )
    : new Set<string>();
  const columns = batchColumns(batch, keeping);
  try {
    await db.execute(insertBatch(columns, false));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await db.execute(insertBatch(columns, true));
  }
}

/** The batch's entries as one array per column, redacted, with U+0000 replaced. */
type Columns = Record<(typeof COLUMNS)[number][0], unknown[]>;

/** Each column of the table the batch fills, with its SQL type; `status_class` is computed. */
const COLUMNS = [
  ['partner_id', 'text'],
  ['id', 'text'],
  ['request_id', 'text'],
  ['org_id', 'text'],
  ['at', 'timestamptz'],
  ['method', 'text'],
  ['path', 'text'],
  ['route', 'text'],
  ['query', 'text'],
  ['status', 'smallint'],
  ['latency_ms', 'real'],
  ['credential', 'text'],
  ['actor', 'text'],
  ['source', 'text'],
  ['idempotency_key', 'text'],
  ['replayed', 'boolean'],
  ['error_code', 'text'],
  ['error_message', 'text'],
  ['request_body', 'text'],
  ['response_body', 'text'],
] as const;

function batchColumns(batch: RequestLogEntry[], keeping: Set<string>): Columns {
  const columns = Object.fromEntries(
    COLUMNS.map(([name]) => [name, new Array<unknown>(batch.length)]),
  ) as Columns;
  batch.forEach((e, i) => {
    const kept = e.sandbox || keeping.has(e.partnerId);
    columns.partner_id[i] = e.partnerId;
    columns.id[i] = e.id;
    columns.request_id[i] = text(e.requestId);
    columns.org_id[i] = e.orgId;
    columns.at[i] = e.at;
    columns.method[i] = text(e.method);
    columns.path[i] = text(e.path);
    columns.route[i] = e.route;
    columns.query[i] = e.query === null ? null : text(redactQuery(e.query));
    columns.status[i] = e.status;
    columns.latency_ms[i] = e.latencyMs;
    columns.credential[i] = e.credential;
    columns.actor[i] = text(e.actor);
    columns.source[i] = e.source;
    columns.idempotency_key[i] = text(e.idempotencyKey);
    columns.replayed[i] = e.replayed;
    columns.error_code[i] = text(e.errorCode);
    columns.error_message[i] =
      e.errorMessage === null ? null : text(redactText(e.errorMessage).slice(0, 1000));
    columns.request_body[i] = kept ? text(redactBody(e.requestBody)) : null;
    columns.response_body[i] = kept ? text(redactBody(e.responseBody)) : null;
  });
  return columns;
}

function insertBatch(columns: Columns, skipDuplicates: boolean) {
  const arrays = sql.join(
    COLUMNS.map(([name, type]) =>
      BODIES.has(name)
        ? bodiesParam(columns[name] as Array<string | null>)
        : sql`${sql.param(columns[name])}::${sql.raw(type)}[]`,
    ),
    sql`, `,
  );
  return sql`
    INSERT INTO request_logs (partner_id, id, request_id, org_id, at, method, path, route, query, status, status_class,
      latency_ms, credential, actor, source, idempotency_key, replayed, error_code, error_message, request_body, response_body)
    SELECT partner_id, id, request_id, org_id, at, method, path, route, query, status, status / 100,
      latency_ms, credential, actor, source, idempotency_key, replayed, error_code, error_message, request_body, response_body
    FROM unnest(${arrays}) AS r(${sql.raw(COLUMNS.map(([name]) => name).join(', '))})
    ${skipDuplicates ? sql`ON CONFLICT DO NOTHING` : sql``}`;
}

/** The columns of the bodies (1–2 kB of JSON an entry, where the others are a few bytes). */
const BODIES = new Set<string>(['request_body', 'response_body']);
const SEPARATOR = '\u001f';
const NULL_MARK = '\u001e';

/**
 * A body column as one text, its values joined by U+001F and a null written U+001E, split again by
 * `string_to_array`: as elements of a text array the driver would quote every body and escape each
 * of its quotes, and PostgreSQL's `array_in` undo it. No JSON text holds either character raw
 * (JSON escapes control characters in strings, and none may stand outside one); a body as received
 * can, being any text, and then the column goes as an array as the others do (as would an empty
 * text, which splits into no element; the redaction makes an empty body none).
 */
function bodiesParam(values: Array<string | null>) {
  const joined = values.map((v) => (v === null ? NULL_MARK : v)).join(SEPARATOR);
  const plain =
    joined !== '' && values.every((v) => v === null || (!v.includes(SEPARATOR) && !v.includes(NULL_MARK)));
  return plain
    ? sql`string_to_array(${joined}::text, ${SEPARATOR}::text, ${NULL_MARK}::text)`
    : sql`${sql.param(values)}::text[]`;
}

/**
 * PostgreSQL's text holds no U+0000, and one such character anywhere in the batch fails the whole
 * INSERT, every namespace's entries with it. A request can carry one (a body's `"\u0000"` parsed
 * into a field name quoted by its error message): the log keeps U+FFFD in its place.
 */
function text<T extends string | null>(value: T): T {
  return value !== null && value.includes('\u0000') ? (value.replaceAll('\u0000', '\uFFFD') as T) : value;
}

const writers = new WeakMap<Db, RequestLogWriter>();

/** The writer of this database handle (one per process and database). */
export function requestLogWriter(db: Db): RequestLogWriter {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new RequestLogWriter(db)));
  return w;
}
