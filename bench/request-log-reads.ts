/**
 * `node --conditions=react-server --import tsx bench/request-log-reads.ts`: the request log's reads at 10^7 entries in one namespace
 * (docs/benchmarks.md, "Request log"). In a scratch PostgreSQL database (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL), migrated as a deployment would be, the log is bulk-loaded in SQL with
 * generate_series — BENCH_ROWS entries (default 10^7) over 7 days for the namespace under test, and
 * a tenth of that for a neighbour — then VACUUM (ANALYZE), and every read the API offers is timed
 * through its service (lib/services/request-logs), the statements the HTTP route runs: the first
 * page of the list with no filter and with each filter, a later page by cursor, and one entry by
 * the gateway's request id and by a client's. Results: bench/results/request-log.md.
 *
 * Env: BENCH_ROWS=10000000, BENCH_REPS=30 (after 2 warm-up calls), BENCH_KEEP=1 (keep the database).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createScratchDatabase } from '../lib/testing/scratch-pg';
import { openDatabase } from '../lib/db/client';
import { rowsOf } from '../lib/db/rows';
import type { ServiceContext } from '../lib/services/context';
import { getRequestLog, listRequestLogs } from '../lib/services/request-logs/request-logs';
import type { ListRequestLogsQuery } from '../lib/schemas/request-logs';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('bench:request-log needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
const ROWS = Number((process.env.BENCH_ROWS || '10000000').replace(/_/g, ''));
const REPS = Number(process.env.BENCH_REPS || 30);
const CHUNK = 1_000_000;
const SPAN_MS = 7 * 86_400_000;

const scratch = await createScratchDatabase(adminUrl, 'csp_reqlog');
const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
const db = database.db;
const now = Date.now();

/** Loads `count` entries of `partner` in SQL, ids time first over the last 7 days, oldest first. */
async function load(partner: string, count: number, client: (g: string) => string) {
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    const started = performance.now();
    await db.execute(
      sql.raw(`
      INSERT INTO request_logs (partner_id, id, request_id, org_id, at, method, path, route, query, status,
        status_class, latency_ms, credential, actor, source, idempotency_key, replayed, error_code, error_message,
        request_body, response_body)
      SELECT '${partner}', x.id, CASE WHEN g % 1000 = 0 THEN ${client('g')} ELSE x.id END, 'org_bench', x.at,
        CASE WHEN g % 3 = 0 THEN 'GET' ELSE 'POST' END,
        '/api/v1/csp/' || (ARRAY['payments','payments/p-' || g || '/submissions','tasks','customer','payments/p-' || g,'webhook','overview','liquidity'])[1 + g % 8],
        '/api/v1/csp/payments', NULL, x.status, x.status / 100, 1 + (g % 50) / 10.0,
        (ARRAY['key:api_core','key:api_core','key:api_core','key:api_batch','usr:usr_admin','usr:usr_support','key:api_rare'])[1 + g % 7],
        'bench', CASE WHEN g % 7 IN (4, 5) THEN 'dashboard' ELSE 'api' END, 'idem-' || g, g % 97 = 0,
        CASE WHEN x.status >= 400 THEN 'error.bad_request' END, NULL,
        '{"payment_id":"p-' || g || '","amount":{"currency":"USD","total":"2500"}}',
        '{"ok":true,"data":{"payment_id":"p-' || g || '"}}'
      FROM generate_series(${from}, ${to}) g
      CROSS JOIN LATERAL (
        SELECT 'req_' || b36(${now - SPAN_MS} + (g::bigint * ${SPAN_MS} / ${count})) || lpad(g::text, 16, '0') AS id,
          to_timestamp((${now - SPAN_MS} + (g::bigint * ${SPAN_MS} / ${count})) / 1000.0) AS at,
          CASE WHEN g % 100 < 85 THEN 200 WHEN g % 100 < 97 THEN 400 + (g % 5) ELSE 500 END AS status
      ) x`),
    );
    console.log(
      `  ${partner}: ${to.toLocaleString('en')} entries (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
}

const loadStarted = performance.now();
await db.execute(
  sql.raw(`CREATE FUNCTION b36(n bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
  DECLARE s text := ''; d text := '0123456789abcdefghijklmnopqrstuvwxyz';
  BEGIN LOOP s := substr(d, (n % 36)::int + 1, 1) || s; n := n / 36; EXIT WHEN n = 0; END LOOP;
  RETURN lpad(s, 9, '0'); END $$`),
);
await load('part_neighbour', Math.max(1, Math.floor(ROWS / 10)), () => `'n-' || g`);
await load('part_bench', ROWS, () => `'client-' || g`);
await db.execute(sql`VACUUM (ANALYZE) request_logs`);
const loadSeconds = (performance.now() - loadStarted) / 1000;
const [size] = rowsOf(
  await db.execute(
    sql`SELECT pg_size_pretty(pg_table_size('request_logs')) AS heap, pg_size_pretty(pg_indexes_size('request_logs')) AS indexes`,
  ),
);

const ctx = {
  db,
  principal: { kind: 'user', userId: 'usr_admin', orgId: 'org_bench', role: 'admin', email: 'a@bench.test' },
  orgId: 'org_bench',
  orgStatus: 'sandbox',
  namespace: { id: 'part_bench', orgId: 'org_bench', environment: 'sandbox' },
  requestId: 'req_bench',
} as unknown as ServiceContext;

const nowS = Math.floor(now / 1000);
const q = (over: Partial<ListRequestLogsQuery>): ListRequestLogsQuery => ({
  limit: 25,
  source: 'api',
  ...over,
});
const firstPage = await listRequestLogs(ctx, q({}));
const reads: Array<[string, () => Promise<unknown>]> = [
  ['list, newest first', () => listRequestLogs(ctx, q({}))],
  ['list, page 2 by cursor', () => listRequestLogs(ctx, q({ cursor: firstPage.next_cursor! }))],
  ['list, 4xx', () => listRequestLogs(ctx, q({ status_class: '4xx' }))],
  ['list, 5xx', () => listRequestLogs(ctx, q({ status_class: '5xx' }))],
  ['list, path (1 in 8)', () => listRequestLogs(ctx, q({ path: '/api/v1/csp/tasks' }))],
  ['list, path (one entry)', () => listRequestLogs(ctx, q({ path: '/api/v1/csp/payments/p-4242' }))],
  ['list, busiest key', () => listRequestLogs(ctx, q({ credential: 'api_core' }))],
  ['list, rare key', () => listRequestLogs(ctx, q({ credential: 'api_rare' }))],
  ['list, last hour', () => listRequestLogs(ctx, q({ from: nowS - 3600, to: nowS }))],
  [
    'list, an hour 3 days ago',
    () => listRequestLogs(ctx, q({ from: nowS - 3 * 86_400 - 3600, to: nowS - 3 * 86_400 })),
  ],
  [
    'list, 5xx in an hour 3 days ago',
    () =>
      listRequestLogs(ctx, q({ status_class: '5xx', from: nowS - 3 * 86_400 - 3600, to: nowS - 3 * 86_400 })),
  ],
  ["list, the dashboard's calls", () => listRequestLogs(ctx, q({ source: 'dashboard' }))],
  ['list, API calls and dashboard', () => listRequestLogs(ctx, q({ source: 'all' }))],
  [
    "list, a user's dashboard calls",
    () => listRequestLogs(ctx, q({ source: 'dashboard', credential: 'usr_admin' })),
  ],
  ['list, nothing matches (no such key)', () => listRequestLogs(ctx, q({ credential: 'api_none' }))],
  ['entry by request id', () => getRequestLog(ctx, firstPage.request_logs[7]!.request_id)],
  ['entry by a client request id', () => getRequestLog(ctx, `client-${ROWS - 5000}`)],
];

const lines: string[] = [];
for (const [name, read] of reads) {
  for (let i = 0; i < 2; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const t = performance.now();
    await read();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  const line = `| ${name} | ${pct(0.5)} | ${pct(0.99)} |`;
  lines.push(line);
  console.log(line);
}

const text = `Request log reads at ${ROWS.toLocaleString('en')} entries in one namespace (+${Math.floor(ROWS / 10).toLocaleString('en')} in another), PostgreSQL, through the service, ${REPS} calls each after 2 warm-up calls; load ${(performance.now() / 1000).toFixed(0)} s in, load average ${loadavg()
  .map((l) => l.toFixed(1))
  .join(
    ' ',
  )}; bulk load and VACUUM (ANALYZE) ${loadSeconds.toFixed(0)} s; table ${size?.heap}, indexes ${size?.indexes}

| read | median ms | p99 ms |
|---|---:|---:|
${lines.join('\n')}
`;
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/request-log.md'), text);
console.log(`\n${text}`);
await database.close();
if (process.env.BENCH_KEEP === '1') console.log(`kept: ${scratch.url}`);
else await scratch.drop();
