/**
 * `npm run bench:history`: every read of the gateway over one namespace's history of 10^4, 10^5,
 * 10^6 and 10^7 payments (docs/benchmarks.md, "History at scale").
 *
 * On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), in a scratch database: the standalone
 * host (scripts/gateway.ts; WORKERS=off, CHECK_RESPONSES=false, LOG_LEVEL=warn) sets up the
 * namespace under test, four counterparties linked to it and a webhook endpoint over the API;
 * the namespace's 200,000 customers are written in SQL once; then the history is loaded in SQL in
 * steps (bench/history-data.ts), each step followed by the
 * real cut-off (batches of at most BENCH_BATCH transactions) and VACUUM (ANALYZE); after each
 * step every read of bench/history-reads.ts is timed over HTTP on a freshly started host, as the
 * namespace's admin (JWT). At BENCH_EXPLAIN sizes the statements behind each read are run under
 * EXPLAIN (ANALYZE, BUFFERS) (bench/history-explain.ts). Results: bench/results/history.md and
 * .json, plans in bench/results/history-plans-<size>.txt.
 *
 * Env:
 *   BENCH_SIZES=10000,100000,1000000,10000000   sizes to grow to and measure at (default: these)
 *   BENCH_KEEP=1            keep the database (its URL is printed) instead of dropping it
 *   BENCH_REUSE=<url>       use a kept database: measure at its size (and grow to larger
 *                           BENCH_SIZES); migrations run first, as a deploy would
 *   BENCH_DAYS=365          span of the history (payments evenly over it, newest at the load)
 *   BENCH_READS=<text,…>    only the reads whose name contains one of these
 *   BENCH_REPS=30           timed calls per read (after 2 warm-up calls); 10 for a read whose
 *                           first call took over 0.5 s, 3 (no warm-up) over 2 s
 *   BENCH_TIMEOUT_MS=60000  per request (the host's statement_timeout too)
 *   BENCH_EXPLAIN=1000000   sizes at which to record plans ("all", "off")
 *   BENCH_BATCH=1000000     largest settlement batch;  BENCH_DELIVERIES=1000000  deliveries cap
 *   BENCH_CHUNK=250000      payments per load statement;  BENCH_EVENTS=0  no outbox rows
 *   BENCH_BYTES_PER_PAYMENT the disk estimate per payment (default: the database's so far)
 *   BENCH_REBUILD_FROM=1000000  a step adding at least this many payments drops the loaded
 *                           tables' secondary indexes (not the unique ones) before it and builds
 *                           them again after it, instead of updating them row by row: a GIN
 *                           trigram index updated per row made 10^6 payments a half-hour load
 *                           (the definitions are kept in bench_dropped_indexes until rebuilt, so
 *                           a run killed in between rebuilds them when it starts again)
 */
import { mkdirSync, statfsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../e2e/api/server';
import { createScratchDatabase } from '../lib/testing/scratch-pg';
import {
  cutoffTimes,
  TABLES,
  DAY_MS,
  loadCustomers,
  loadStep,
  paymentIdOf,
  type Cast,
  type Step,
} from './history-data';
import { treeRssMb } from './proc';
import { answerShape, READS, someG, type Fixtures, type Read } from './history-reads';
import { explainReads, type PlanSummary } from './history-explain';

// The in-process parts (cut-off, plans) read the configuration when first imported.
process.env.LOG_LEVEL ??= 'warn';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'bench/results');
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
const reuseUrl = env.BENCH_REUSE;
const keep = env.BENCH_KEEP === '1' || Boolean(reuseUrl);
const DEFAULT_SIZES = [10_000, 100_000, 1_000_000, 10_000_000];
const sizes = env.BENCH_SIZES
  ? env.BENCH_SIZES.split(',').map((s) => Number(s.replace(/_/g, '')))
  : reuseUrl
    ? []
    : DEFAULT_SIZES;
const SPAN_MS = Number(env.BENCH_DAYS || 365) * DAY_MS;
const CHUNK = Number(env.BENCH_CHUNK || 250_000);
const BATCH = Number(env.BENCH_BATCH || 1_000_000);
const DELIVERIES = Number(env.BENCH_DELIVERIES || 1_000_000);
const REPS = Number(env.BENCH_REPS || 30);
const TIMEOUT_MS = Number(env.BENCH_TIMEOUT_MS || 60_000);
const EVENTS = env.BENCH_EVENTS !== '0';
const REBUILD_FROM = Number(env.BENCH_REBUILD_FROM || 1_000_000);
const explainAt = (n: number) =>
  env.BENCH_EXPLAIN === 'all'
    ? true
    : env.BENCH_EXPLAIN === 'off'
      ? false
      : (env.BENCH_EXPLAIN || '1000000').split(',').map(Number).includes(n);
const onlyReads = env.BENCH_READS?.split(',');
const TARGET = { median: 100, p99: 250 };

const ADMIN = { email: 'history-admin@bench.test', password: 'history-password-1' };
// The operator e2e/api/server.ts starts the host with.
const OPERATOR = { email: 'operator@network.test', password: 'operator-test-password' };
const HOME_ORG = 'History Bank';
const COUNTERPARTY_ORG = 'History Counterparty';
const COUNTERPARTIES = 4;

const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
const fmt = (n: number) => n.toLocaleString('en');
const sizeName = (n: number) => (Math.log10(n) % 1 === 0 ? `10^${Math.log10(n)}` : fmt(n));
const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

// ---------------------------------------------------------------------------------------------
// HTTP

type Host = Awaited<ReturnType<typeof startServer>>;

async function api(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; partner?: string; org?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.org) headers['x-org-id'] = opts.org;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.partner) headers['x-partner-id'] = opts.partner;
  if (method !== 'GET') headers['idempotency-key'] = crypto.randomUUID();
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

const signIn = async (base: string, who: { email: string; password: string }) =>
  (
    await api(base, 'POST', '/organization/signin', {
      body: { admin_email: who.email, admin_password: who.password },
    })
  ).access_token as string;

/** The standalone host on the database, no background work, each statement cut at the timeout. */
function startHost(databaseUrl: string): Promise<Host> {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c statement_timeout=${TIMEOUT_MS}`);
  return startServer({
    host: 'standalone',
    db: 'postgres',
    databaseUrl: url.toString(),
    env: { LOG_LEVEL: 'warn', CHECK_RESPONSES: 'false', WORKERS: 'off' },
  });
}

/** The namespace under test, its counterparties (linked) and its webhook endpoint, over the API. */
async function createCast(base: string) {
  const org = async (name: string, email: string) => {
    await api(base, 'POST', '/organization', {
      body: { name, admin_email: email, admin_password: ADMIN.password },
    });
    const token = await signIn(base, { email, password: ADMIN.password });
    const ns = (await api(base, 'GET', '/partner', { token })).partners[0];
    return { token, partner: ns.token as string, domain: ns.domain as string };
  };
  const home = await org(HOME_ORG, ADMIN.email);
  for (let k = 0; k < COUNTERPARTIES; k++) {
    const cp = await org(`${COUNTERPARTY_ORG} ${k}`, `history-cp${k}@bench.test`);
    const link = await api(base, 'POST', '/link', {
      token: home.token,
      partner: home.partner,
      body: { counterparty_domain: cp.domain },
    });
    await api(base, 'PUT', `/link/${link.token}`, {
      token: cp.token,
      partner: cp.partner,
      body: { action: 'accept' },
    });
  }
  await api(base, 'POST', '/webhook', {
    token: home.token,
    partner: home.partner,
    body: { url: 'http://127.0.0.1:9/history-bench', event_types: ['*'], description: 'History benchmark' },
  });
}

/** The cast as stored (works on a kept database too). */
async function readCast(client: pg.Client): Promise<Cast> {
  const { rows } = await client.query(
    `SELECT n.id, n.org_id, n.domain, n.payment_ttl_seconds, n.review_threshold, o.name
     FROM namespaces n JOIN organizations o ON o.id = n.org_id
     WHERE o.name = $1 OR o.name LIKE $2 ORDER BY o.name, n.created_at`,
    [HOME_ORG, `${COUNTERPARTY_ORG} %`],
  );
  const party = (r: Record<string, unknown>) => ({
    id: String(r.id),
    orgId: String(r.org_id),
    domain: String(r.domain),
  });
  const homeRow = rows.find((r) => r.name === HOME_ORG);
  if (!homeRow) throw new Error(`No organization "${HOME_ORG}" in this database`);
  const seen = new Set<string>();
  const counterparties = rows
    .filter((r) => r.name !== HOME_ORG && !seen.has(r.name) && seen.add(r.name))
    .map(party);
  const wh = await client.query(
    `SELECT id FROM webhooks WHERE partner_id = $1 AND deleted_at IS NULL ORDER BY created_at LIMIT 1`,
    [homeRow.id],
  );
  const names = await client.query(
    `SELECT 1 FROM information_schema.columns WHERE table_name = 'payments' AND column_name = 'debtor_customer_name'`,
  );
  return {
    home: party(homeRow),
    counterparties,
    webhookId: String(wh.rows[0].id),
    ttlMs: Number(homeRow.payment_ttl_seconds) * 1000,
    threshold: BigInt(homeRow.review_threshold),
    customerNames: names.rows.length > 0,
  };
}

const countOf = async (client: pg.Client, text: string, values: unknown[] = []) =>
  Number((await client.query(text, values)).rows[0].n);
const loadedPayments = (client: pg.Client) =>
  countOf(client, `SELECT count(*)::bigint AS n FROM payments WHERE payment_id LIKE 'hist-%'`);

// ---------------------------------------------------------------------------------------------
// Measuring

interface ReadResult {
  read: string;
  issue: boolean;
  path: string | null;
  status: number | null;
  rows: number | null;
  count: number | null;
  samples: number[];
  first: number | null;
  error?: string;
}

/** Nearest-rank quantile (for 30 samples p99 is the largest). */
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * xs.length) - 1)]!;

async function timeRead(
  base: string,
  read: Read,
  fx: Fixtures,
  headers: Record<string, string>,
  vars: Record<string, string>,
): Promise<ReadResult> {
  const result: ReadResult = {
    read: read.name,
    issue: Boolean(read.issue),
    path: read.path(fx, 0, vars),
    status: null,
    rows: null,
    count: null,
    samples: [],
    first: null,
  };
  if (!result.path) return result;
  const once = async (i: number) => {
    const p = read.path(fx, i, vars)!;
    const t0 = performance.now();
    const res = await fetch(base + p, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200)
      throw Object.assign(new Error(`${res.status} ${text.slice(0, 200)}`), { status: res.status, ms });
    return { ms, data: (JSON.parse(text) as { data: Record<string, unknown> }).data, status: res.status };
  };
  try {
    const first = await once(0);
    result.first = first.ms;
    result.status = first.status;
    Object.assign(result, answerShape(read, first.data));
    const reps = first.ms > 2000 ? 3 : first.ms > 500 ? 10 : REPS;
    const warmups = first.ms > 500 ? 0 : 2;
    for (let w = 0; w < warmups; w++) await once(1 + w);
    for (let i = 0; i < reps; i++) result.samples.push((await once(10 + i)).ms);
  } catch (err) {
    const e = err as Error & { status?: number };
    result.status = e.status ?? null;
    result.error = e.name === 'TimeoutError' ? `timeout (> ${TIMEOUT_MS / 1000} s)` : e.message;
  }
  return result;
}

/** Exports streamed whole at each size (BENCH_READS filters them by name too). */
const EXPORTS = [
  { name: 'payments export, all (≤ 10^6 rows)', path: '/payments/export' },
  {
    name: 'payments export, currency=EUR + status=rejected',
    path: '/payments/export?currency=EUR&status=rejected',
  },
];

interface ExportResult {
  name: string;
  rows: number;
  seconds: number;
  bytes: number;
  /** The host's resident memory before and at most during the stream (MB, sampled every 50 ms). */
  rssBeforeMb: number;
  rssPeakMb: number;
  error?: string;
}

const rssMb = treeRssMb;

/** Streams an export to its end, counting its lines, with the host's RSS sampled meanwhile. */
async function timeExport(
  base: string,
  pid: number,
  e: (typeof EXPORTS)[number],
  headers: Record<string, string>,
): Promise<ExportResult> {
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  }, 50);
  const t0 = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(base + e.path, { headers, signal: AbortSignal.timeout(30 * 60_000) });
    if (res.status !== 200) throw new Error(`${res.status} ${(await res.text()).slice(0, 200)}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines++;
    }
    return {
      name: e.name,
      rows: lines - 1,
      seconds: (performance.now() - t0) / 1000,
      bytes,
      rssBeforeMb,
      rssPeakMb,
    };
  } catch (err) {
    return {
      name: e.name,
      rows: Math.max(0, lines - 1),
      seconds: (performance.now() - t0) / 1000,
      bytes,
      rssBeforeMb,
      rssPeakMb,
      error: (err as Error).message,
    };
  } finally {
    clearInterval(sampler);
  }
}

interface SizeReport {
  exports: ExportResult[];
  size: number;
  at: string;
  load: string;
  fixtures: Fixtures;
  dataAgeHours: number;
  reads: ReadResult[];
  tables: TableSize[];
  databaseBytes: number;
  plans?: string;
}

async function measure(
  databaseUrl: string,
  client: pg.Client,
  cast: Cast,
  size: number,
): Promise<SizeReport> {
  const host = await startHost(databaseUrl);
  try {
    const base = host.baseUrl;
    const admin = await signIn(base, ADMIN);
    const operator = await signIn(base, OPERATOR);
    const fx = await fixtures(client, cast, size);
    const newest = (fx.createdFrom + 86_400) * 1000;
    log(
      `measuring at ${fmt(size)} payments: batch ${fx.batchId} (${fmt(fx.batchTxns)} transactions), ${fmt(fx.deliveries)} deliveries, load average ${loadAverage()}`,
    );
    const reads: ReadResult[] = [];
    for (const read of READS) {
      if (onlyReads && !onlyReads.some((o) => read.name.includes(o))) continue;
      const headers: Record<string, string> = read.operator
        ? { authorization: `Bearer ${operator}` }
        : { authorization: `Bearer ${admin}`, 'x-partner-id': fx.homeId, 'x-org-id': fx.homeOrgId };
      const vars = read.prepare
        ? await read.prepare(fx, {
            get: (p) => api(base, 'GET', p, { token: admin, partner: fx.homeId, org: fx.homeOrgId }),
            sql: async (t, v) => (await client.query(t, v)).rows,
          })
        : {};
      const r = await timeRead(base, read, fx, headers, vars);
      reads.push(r);
      const stat = r.samples.length
        ? `median ${quantile(r.samples, 0.5).toFixed(1)} ms, p99 ${quantile(r.samples, 0.99).toFixed(1)} ms (${r.samples.length} calls)`
        : (r.error ?? 'not applicable');
      log(`  ${r.read}: ${stat}; rows ${r.rows ?? '–'}, count ${r.count ?? '–'}`);
    }
    const exports: ExportResult[] = [];
    for (const e of EXPORTS) {
      if (onlyReads && !onlyReads.some((o) => e.name.includes(o))) continue;
      const headers = {
        authorization: `Bearer ${admin}`,
        'x-partner-id': fx.homeId,
        'x-org-id': fx.homeOrgId,
      };
      const r = await timeExport(base, host.pid(), e, headers);
      exports.push(r);
      log(
        `  ${r.name}: ${fmt(r.rows)} rows in ${r.seconds.toFixed(1)} s (${fmt(Math.round(r.rows / r.seconds))} rows/s, ${gb(r.bytes)}), host RSS ${r.rssBeforeMb.toFixed(0)} → peak ${r.rssPeakMb.toFixed(0)} MB${r.error ? `; ${r.error}` : ''}`,
      );
    }
    const tables = await tableSizes(client);
    const databaseBytes = Number(
      (await client.query(`SELECT pg_database_size(current_database()) AS n`)).rows[0].n,
    );
    const report: SizeReport = {
      size,
      at: new Date().toISOString(),
      load: loadAverage(),
      fixtures: fx,
      dataAgeHours: (Date.now() - newest) / 3_600_000,
      reads,
      exports,
      tables,
      databaseBytes,
    };
    await host.stop();
    if (explainAt(size)) report.plans = await plans(databaseUrl, fx, size);
    return report;
  } finally {
    await host.stop();
  }
}

async function fixtures(client: pg.Client, cast: Cast, size: number): Promise<Fixtures> {
  const ids = [cast.home.id, ...cast.counterparties.map((c) => c.id)];
  const newest = await client.query(
    `SELECT max(m) AS m FROM (SELECT (SELECT max(created_at) FROM payments WHERE partner_id = p) AS m FROM unnest($1::text[]) p) x`,
    [ids],
  );
  const batch = await client.query(
    `SELECT l.batch_id, l.txn_count FROM settlement_leaves l JOIN settlement_batches b ON b.id = l.batch_id
     WHERE l.partner_id = $1 AND b.status = 'COMPLETED' ORDER BY l.txn_count DESC, b.cutoff_time DESC LIMIT 1`,
    [cast.home.id],
  );
  const candidates = Array.from({ length: 200 }, (_, i) => paymentIdOf(someG({ payments: size }, i)));
  const submitted = await client.query(
    `SELECT payment_id FROM submissions WHERE payment_id = ANY($1::text[])`,
    [candidates],
  );
  const records = await client.query(
    `SELECT s.transaction_id, (SELECT t.id FROM admission_tasks t WHERE t.admission_id = s.admission_id LIMIT 1) AS task_id
     FROM submissions s WHERE s.payment_id = ANY($1::text[])`,
    [candidates],
  );
  return {
    submitted: submitted.rows.map((r) => String(r.payment_id)),
    transactions: records.rows.flatMap((r) => (r.transaction_id ? [String(r.transaction_id)] : [])),
    tasks: records.rows.flatMap((r) => (r.task_id ? [String(r.task_id)] : [])),
    counterpartyId: cast.counterparties[0]!.id,
    payments: size,
    homeId: cast.home.id,
    homeOrgId: cast.home.orgId,
    webhookId: cast.webhookId,
    deliveries: await countOf(
      client,
      `SELECT count(*)::bigint AS n FROM webhook_deliveries WHERE webhook_id = $1`,
      [cast.webhookId],
    ),
    batchId: batch.rows[0]?.batch_id ?? null,
    batchTxns: Number(batch.rows[0]?.txn_count ?? 0),
    createdFrom: Math.floor(new Date(newest.rows[0].m).getTime() / 1000) - 86_400,
  };
}

async function plans(databaseUrl: string, fx: Fixtures, size: number): Promise<string> {
  const file = path.join(out, `history-plans-${size}.txt`);
  log(`recording plans at ${fmt(size)} payments → ${file}`);
  const summaries: PlanSummary[] = await explainReads({
    databaseUrl,
    reads: READS.filter((r) => !onlyReads || onlyReads.some((o) => r.name.includes(o))),
    fixtures: fx,
    file,
    headerLines: [
      `EXPLAIN (ANALYZE, BUFFERS) of each statement behind each read, ${fmt(size)} payments, ${new Date().toISOString()}, load average ${loadAverage()}`,
    ],
    credentials: {
      email: ADMIN.email,
      password: ADMIN.password,
      operatorEmail: OPERATOR.email,
      operatorPassword: OPERATOR.password,
    },
  });
  for (const s of summaries) {
    const slow = s.statements.filter((x) => x.ms >= 20);
    for (const st of slow)
      log(
        `  ${s.read}: ${st.ms.toFixed(0)} ms  ${st.top
          .slice(0, 3)
          .map((l) => l.trim())
          .join(' | ')}`,
      );
  }
  return file;
}

interface TableSize {
  table: string;
  rows: number;
  heap: number;
  indexes: number;
  total: number;
}

/** Heap, index and total bytes per table (a partitioned table: the sum of its partitions). */
async function tableSizes(client: pg.Client): Promise<TableSize[]> {
  const { rows } = await client.query(`
    SELECT c.relname AS table, sum(greatest(p.reltuples, 0))::bigint AS rows, sum(pg_table_size(p.oid))::bigint AS heap,
      sum(pg_indexes_size(p.oid))::bigint AS indexes, sum(pg_total_relation_size(p.oid))::bigint AS total
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    CROSS JOIN LATERAL (
      SELECT c.oid AS relid WHERE c.relkind = 'r'
      UNION ALL SELECT t.relid FROM pg_partition_tree(c.oid) t WHERE t.isleaf AND c.relkind = 'p'
    ) leaf JOIN pg_class p ON p.oid = leaf.relid
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    GROUP BY c.relname
    ORDER BY total DESC`);
  return rows.map((r) => ({
    table: r.table,
    rows: Number(r.rows),
    heap: Number(r.heap),
    indexes: Number(r.indexes),
    total: Number(r.total),
  }));
}

// ---------------------------------------------------------------------------------------------
// Loading

interface LoadReport {
  size: number;
  added: number;
  tables: Record<string, number>;
  cutoffSeconds: number;
  batches: Array<{ currency: string; txnCount: number }>;
  vacuumSeconds: number;
  totalSeconds: number;
}

/** Free bytes on the filesystem of PostgreSQL's data directory, when it is on this machine. */
async function freeDiskBytes(client: pg.Client): Promise<number | null> {
  try {
    const dir = (await client.query('SHOW data_directory')).rows[0].data_directory as string;
    const s = statfsSync(dir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

/**
 * Drops the secondary indexes of the tables the loader writes (every index that is neither
 * unique nor behind a constraint), keeping their definitions in bench_dropped_indexes.
 */
async function dropSecondaryIndexes(client: pg.Client): Promise<number> {
  const tables = [...new Set(TABLES.map((t) => t.table))];
  await client.query(
    `CREATE TABLE IF NOT EXISTS bench_dropped_indexes (name text PRIMARY KEY, definition text NOT NULL)`,
  );
  const { rows } = await client.query<{ name: string; definition: string }>(
    // The definition with the statistics targets set on the index's columns (a migration's
    // ALTER INDEX … SET STATISTICS), which pg_get_indexdef leaves out.
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) || coalesce((
         SELECT string_agg('; ALTER INDEX ' || quote_ident(c.relname) || ' ALTER COLUMN ' || a.attnum || ' SET STATISTICS ' || a.attstattarget, '')
         FROM pg_attribute a WHERE a.attrelid = i.indexrelid AND coalesce(a.attstattarget, -1) >= 0), '') AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
     WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace AND NOT i.indisunique
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const r of rows) {
    await client.query(
      `INSERT INTO bench_dropped_indexes (name, definition) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [r.name, r.definition],
    );
    await client.query(`DROP INDEX ${pg.escapeIdentifier(r.name)}`);
  }
  return rows.length;
}

/** Builds the indexes dropSecondaryIndexes dropped (none if it never ran). Returns the seconds per index. */
async function rebuildDroppedIndexes(client: pg.Client): Promise<Map<string, number>> {
  const seconds = new Map<string, number>();
  const exists = await client.query(`SELECT to_regclass('bench_dropped_indexes') IS NOT NULL AS e`);
  if (!exists.rows[0].e) return seconds;
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT name, definition FROM bench_dropped_indexes ORDER BY name`,
  );
  await client.query(`SET maintenance_work_mem = '2GB'`);
  for (const r of rows) {
    const t0 = Date.now();
    await client.query(r.definition);
    await client.query(`DELETE FROM bench_dropped_indexes WHERE name = $1`, [r.name]);
    seconds.set(r.name, (Date.now() - t0) / 1000);
    log(`  index ${r.name} built in ${seconds.get(r.name)!.toFixed(1)} s`);
  }
  await client.query(`DROP TABLE bench_dropped_indexes`);
  await client.query(`RESET maintenance_work_mem`);
  return seconds;
}

async function grow(
  client: pg.Client,
  db: { runCutoff: (cutoffTime: Date) => Promise<Array<{ currency: string; txnCount: number }>> },
  cast: Cast,
  from: number,
  to: number,
  index: number,
): Promise<LoadReport> {
  const deliveredSoFar = await countOf(
    client,
    `SELECT count(*)::bigint AS n FROM webhook_deliveries WHERE webhook_id = $1`,
    [cast.webhookId],
  );
  const n = to - from;
  const step: Step = {
    from,
    n,
    anchorMs: Date.now(),
    spanMs: SPAN_MS,
    phaseMs: Math.floor(SPAN_MS * ((0.6180339887 * (index + 1)) % 1)),
    deliveries: EVENTS ? Math.max(0, Math.min(n, DELIVERIES - deliveredSoFar)) : 0,
    events: EVENTS,
  };
  log(`loading ${fmt(n)} payments (${fmt(from)} → ${fmt(to)}), ${fmt(step.deliveries)} deliveries`);
  const t0 = Date.now();
  // While loading, the endpoint is disabled: the outbox trigger queues nothing for it (the history
  // is delivered already: its deliveries are written directly).
  await client.query(`UPDATE webhooks SET enabled = false WHERE id = $1`, [cast.webhookId]);
  // No JIT for the generating statements: compiling their large expressions took seconds per statement.
  await client.query(`SET work_mem = '256MB'; SET jit = off`);
  const rebuild = n >= REBUILD_FROM;
  if (rebuild) log(`  ${await dropSecondaryIndexes(client)} secondary indexes dropped for the step`);
  const seconds = await loadStep(client, cast, step, CHUNK, log);
  if (rebuild) {
    const built = await rebuildDroppedIndexes(client);
    seconds.set(
      'indexes rebuilt',
      [...built.values()].reduce((a, b) => a + b, 0),
    );
  }
  const c0 = Date.now();
  const batches: LoadReport['batches'] = [];
  for (const t of await cutoffTimes(client, step, BATCH)) {
    const made = await db.runCutoff(t);
    batches.push(...made);
    log(
      `  cut-off at ${t.toISOString()}: ${made.map((b) => `${b.currency} ${fmt(b.txnCount)}`).join(', ') || 'nothing'}`,
    );
  }
  const cutoffSeconds = (Date.now() - c0) / 1000;
  await client.query(`UPDATE webhooks SET enabled = true WHERE id = $1`, [cast.webhookId]);
  // The loader writes rows directly, past the services' rollup deltas: recompute the dashboard's
  // rollups from the rows, as migration 0013 does on an existing database.
  const r0 = Date.now();
  await client.query('SELECT csp_rebuild_rollups()');
  log(`  rollups rebuilt in ${((Date.now() - r0) / 1000).toFixed(1)} s`);
  const v0 = Date.now();
  await client.query('VACUUM (ANALYZE)');
  const vacuumSeconds = (Date.now() - v0) / 1000;
  const report: LoadReport = {
    size: to,
    added: n,
    tables: Object.fromEntries(seconds),
    cutoffSeconds,
    batches,
    vacuumSeconds,
    totalSeconds: (Date.now() - t0) / 1000,
  };
  log(
    `loaded to ${fmt(to)} in ${report.totalSeconds.toFixed(0)} s: ${[...seconds].map(([t, s]) => `${t} ${s.toFixed(1)} s`).join(', ')}; cut-offs ${cutoffSeconds.toFixed(1)} s; vacuum+analyze ${vacuumSeconds.toFixed(1)} s`,
  );
  return report;
}

// ---------------------------------------------------------------------------------------------
// Report

const ms = (x: number) => (x >= 1000 ? fmt(Math.round(x)) : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const gb = (b: number) => (b >= 1e9 ? `${(b / 1e9).toFixed(2)} GB` : `${(b / 1e6).toFixed(1)} MB`);
const cell = (r: ReadResult | undefined) => {
  if (!r) return '–';
  if (r.error) return r.error;
  if (!r.samples.length) return 'n/a';
  return `${ms(quantile(r.samples, 0.5))} / ${ms(quantile(r.samples, 0.99))}`;
};
const met = (r: ReadResult) =>
  !r.error &&
  r.samples.length > 0 &&
  quantile(r.samples, 0.5) <= TARGET.median &&
  quantile(r.samples, 0.99) <= TARGET.p99;

function renderReport(
  meta: string[],
  loads: LoadReport[],
  sizesMeasured: SizeReport[],
  notReached: string[],
): string {
  const lines: string[] = [...meta, ''];
  if (notReached.length) lines.push(...notReached.map((s) => `**Not reached:** ${s}`), '');
  for (const s of sizesMeasured) {
    lines.push(
      `### ${fmt(s.size)} payments (${s.at.slice(0, 16).replace('T', ' ')} UTC, load average ${s.load}; data ${s.dataAgeHours.toFixed(1)} h old)`,
      '',
      `Batch ${s.fixtures.batchId ?? '–'}: ${fmt(s.fixtures.batchTxns)} transactions of the namespace; webhook deliveries: ${fmt(s.fixtures.deliveries)}. Database ${gb(s.databaseBytes)}.`,
      '',
      '| read | rows | count | calls | median ms | p99 ms | ≤ 100 / 250 ms |',
      '|---|---:|---:|---:|---:|---:|---|',
      ...s.reads.map((r) => {
        const n = r.samples.length;
        const med = n ? ms(quantile(r.samples, 0.5)) : (r.error ?? 'n/a');
        const p99 = n ? ms(quantile(r.samples, 0.99)) : '';
        return `| ${r.read}${r.issue ? '' : ' *'} | ${r.rows ?? '–'} | ${r.count === null ? '–' : fmt(r.count)} | ${n} | ${med} | ${p99} | ${n ? (met(r) ? 'yes' : '**no**') : ''} |`;
      }),
      '',
    );
    if (s.exports?.length)
      lines.push(
        '| export | rows | seconds | rows/s | size | host RSS before → peak |',
        '|---|---:|---:|---:|---:|---|',
        ...s.exports.map(
          (e) =>
            `| ${e.name} | ${fmt(e.rows)} | ${e.seconds.toFixed(1)} | ${fmt(Math.round(e.rows / e.seconds))} | ${gb(e.bytes)} | ${e.rssBeforeMb.toFixed(0)} → ${e.rssPeakMb.toFixed(0)} MB${e.error ? ` (${e.error})` : ''} |`,
        ),
        '',
      );
    if (s.plans) lines.push(`Plans: ${path.relative(root, s.plans)}`, '');
  }
  if (sizesMeasured.length) {
    const names = [...new Set(sizesMeasured.flatMap((s) => s.reads.map((r) => r.read)))];
    const first = sizesMeasured[0]!;
    const last = sizesMeasured[sizesMeasured.length - 1]!;
    lines.push(
      '### Summary: median / p99 ms',
      '',
      `| read | ${sizesMeasured.map((s) => sizeName(s.size)).join(' | ')} | median ${sizeName(last.size)} ÷ ${sizeName(first.size)} | target met at every size |`,
      `|---|${sizesMeasured.map(() => '---:').join('|')}|---:|---|`,
      ...names.map((name) => {
        const rs = sizesMeasured.map((s) => s.reads.find((r) => r.read === name));
        const a = rs[0];
        const b = rs[rs.length - 1];
        const ratio =
          a?.samples.length && b?.samples.length
            ? `${(quantile(b.samples, 0.5) / quantile(a.samples, 0.5)).toFixed(1)}×`
            : '–';
        const all = rs.every((r) => !r || (!r.error && !r.samples.length) || met(r));
        return `| ${name}${a?.issue ? '' : ' *'} | ${rs.map(cell).join(' | ')} | ${ratio} | ${all ? 'yes' : '**no**'} |`;
      }),
      '',
      "\\* not in the issue's list of reads.",
      '',
    );
    const tables = last.tables.filter((t) => t.total >= 256 * 1024).map((t) => t.table);
    lines.push(
      '### Table sizes (heap + indexes = total; pg_table_size, pg_indexes_size, pg_total_relation_size)',
      '',
      `| table | ${sizesMeasured.map((s) => sizeName(s.size)).join(' | ')} |`,
      `|---|${sizesMeasured.map(() => '---:').join('|')}|`,
      ...tables.map((t) => {
        const cells = sizesMeasured.map((s) => {
          const x = s.tables.find((y) => y.table === t);
          return x ? `${fmt(x.rows)} rows: ${gb(x.heap)} + ${gb(x.indexes)} = ${gb(x.total)}` : '–';
        });
        return `| ${t} | ${cells.join(' | ')} |`;
      }),
      `| (database) | ${sizesMeasured.map((s) => gb(s.databaseBytes)).join(' | ')} |`,
      '',
    );
  }
  if (loads.length) {
    const tables = [...new Set(loads.flatMap((l) => Object.keys(l.tables)))];
    lines.push(
      '### Load times (s)',
      '',
      `| step | payments added | ${tables.join(' | ')} | cut-offs | VACUUM (ANALYZE) | total |`,
      `|---|---:|${tables.map(() => '---:').join('|')}|---:|---:|---:|`,
      ...loads.map(
        (l) =>
          `| → ${fmt(l.size)} | ${fmt(l.added)} | ${tables.map((t) => (l.tables[t] ?? 0).toFixed(1)).join(' | ')} | ${l.cutoffSeconds.toFixed(1)} (${l.batches.map((b) => `${b.currency} ${fmt(b.txnCount)}`).join(', ')}) | ${l.vacuumSeconds.toFixed(1)} | ${l.totalSeconds.toFixed(0)} |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!adminUrl && !reuseUrl)
    throw new Error(
      'Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (or BENCH_REUSE to a kept database)',
    );
  mkdirSync(out, { recursive: true });
  const { openDatabase } = await import('@/lib/db/client');
  const { runCutoff } = await import('@/lib/services/settlement/cutoff');
  const scratch = reuseUrl ? null : await createScratchDatabase(adminUrl!, 'csp_history');
  const databaseUrl = reuseUrl ?? scratch!.url;
  const started = new Date();
  log(`database ${databaseUrl}${reuseUrl ? ' (reused)' : ''}`);
  const m0 = Date.now();
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  const migrateSeconds = (Date.now() - m0) / 1000;
  log(`migrations ${migrateSeconds.toFixed(1)} s`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const loads: LoadReport[] = [];
  const measured: SizeReport[] = [];
  const notReached: string[] = [];
  try {
    if (!reuseUrl) {
      const host = await startHost(databaseUrl);
      try {
        await createCast(host.baseUrl);
      } finally {
        await host.stop();
      }
    }
    const rebuilt = await rebuildDroppedIndexes(client);
    if (rebuilt.size) log(`${rebuilt.size} indexes an interrupted load had dropped built again`);
    const cast = await readCast(client);
    const customers = await loadCustomers(client, cast);
    if (customers) log(`${fmt(customers)} customers of the namespace written`);
    let current = await loadedPayments(client);
    log(
      `namespace ${cast.home.id} (${cast.home.domain}), ${cast.counterparties.length} counterparties, ${fmt(current)} payments loaded`,
    );
    const targets = sizes.length ? sizes : [current];
    for (const [i, size] of targets.entries()) {
      if (size < current) {
        notReached.push(`${fmt(size)}: the database already holds ${fmt(current)} payments`);
        continue;
      }
      if (size > current) {
        const free = await freeDiskBytes(client);
        const used = Number(
          (await client.query(`SELECT pg_database_size(current_database()) AS n`)).rows[0].n,
        );
        // Bytes per payment so far (5 kB before any), a fifth more for WAL and free-space slack.
        // BENCH_BYTES_PER_PAYMENT overrides the estimate (e.g. with BENCH_EVENTS=0 and the
        // deliveries already at their cap, a step adds no outbox or delivery rows).
        const perPayment = Number(env.BENCH_BYTES_PER_PAYMENT) || (current > 0 ? used / current : 5000);
        const need = (size - current) * perPayment * 1.2;
        if (free !== null && need > free - 5e9) {
          notReached.push(`${fmt(size)}: about ${gb(need)} needed, ${gb(free)} free on PostgreSQL's disk`);
          log(notReached[notReached.length - 1]!);
          break;
        }
        loads.push(
          await grow(
            client,
            {
              runCutoff: async (cutoffTime) =>
                (await runCutoff(database.db, { cutoffTime })).batches.map((b) => ({
                  currency: b.currency,
                  txnCount: b.txnCount,
                })),
            },
            cast,
            current,
            size,
            i,
          ),
        );
        current = size;
      }
      measured.push(await measure(databaseUrl, client, cast, current));
      const report = renderReport(meta(), loads, measured, notReached);
      writeFileSync(path.join(out, 'history.md'), report);
      writeFileSync(
        path.join(out, 'history.json'),
        JSON.stringify({ meta: meta(), loads, measured, notReached }, null, 1),
      );
    }
    const report = renderReport(meta(), loads, measured, notReached);
    console.log(`\n${report}`);
    log(`written ${path.join(out, 'history.md')} and history.json`);
  } finally {
    await client.end();
    await database.close();
    if (scratch && !keep) {
      await scratch.drop();
      log('database dropped');
    } else log(`database kept: BENCH_REUSE=${databaseUrl}`);
  }

  function meta() {
    return [
      `History at scale, started ${started.toISOString()}; ${loads.length ? `${fmt(SPAN_MS / DAY_MS)} days of history` : 'reused data'}; ${REPS} calls per read (10 over 0.5 s, 3 over 2 s), timeout ${TIMEOUT_MS / 1000} s; migrations ${migrateSeconds.toFixed(1)} s.`,
    ];
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
