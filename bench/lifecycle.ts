/**
 * `npm run bench:lifecycle`: complete payment lifecycles per second over HTTP. For each host
 * (standalone, Next.js production build) and database (PGlite; PostgreSQL when BENCH_DATABASE_URL
 * or TEST_DATABASE_URL is set) a fresh server; set-up over the API (two sandbox organizations whose
 * namespaces are linked, an API key each); then `bench/lifecycle-load.ts` in its own process runs
 * 50 clients, each doing lifecycles back to back:
 *   create (debtor's key) → submit → list the admission's tasks (beneficiary's key) → complete the
 *   task → read the payment's transaction (debtor's key).
 * Reports lifecycles/s, p50/p99 per step, non-2xx and errors, and CPU per lifecycle of the server
 * process tree, of the PostgreSQL backends serving its database, and of the load generator; on
 * PostgreSQL also the rows each table gained, changed and lost a lifecycle, and the commits and
 * buffer hits (counts, not times: two builds compare on them on any host, however noisy).
 * Env: BENCH_DURATION (s, default 20), BENCH_WARMUP (s, default 3), BENCH_CLIENTS (default 50),
 * BENCH_ONLY=next|standalone, BENCH_DB=pglite|postgres, BENCH_CPU_PROF=<dir> (a CPU profile of
 * the server, written when it stops; open it in Chrome DevTools), BENCH_WORKERS=off (no background
 * workers: shows what the outbox dispatch costs), BENCH_CAP=on (the debtor's payments checked
 * against a net debit cap they never reach: the hot position row; default off, no cap),
 * BENCH_RULES=20 (20 admission rules on the beneficiary's namespace that match nothing: what
 * evaluating them costs per lifecycle; none by default), BENCH_ANALYZE=off (PostgreSQL: no ANALYZE
 * during the warm-up, see analyzeDuringWarmup), REQUEST_LOG=off (the server records no request log; on by default, as deployed: the run's
 * namespaces are sandboxes, whose log keeps every request's bodies).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, type DbKind, type Host } from '../e2e/api/server';
import { treeCpuSeconds } from './proc';
import {
  call,
  cpuWindow,
  linkedParties,
  loadParty,
  runLoad,
  STEPS,
  writesWindow,
  type LoadResult,
} from './lifecycle-harness';

/**
 * BENCH_RULES=<n>: n admission rules on the beneficiary's namespace (DESIGN §13), none of which
 * matches a run's payment, so each task is read against them all and still waits for the run's
 * own decision. Conditions vary (amount, currency, reference, counterparty, hours) as a bank's do.
 */
async function beneficiaryRules(base: string, beneficiary: { token: string; partnerId: string }) {
  const n = Number(process.env.BENCH_RULES || 0);
  const shapes = [
    (i: number) => ({ amount_min: String(10 ** 14 + i) }),
    (i: number) => ({ currencies: ['JPY'], amount_max: String(1000 + i) }),
    (i: number) => ({ reference_matches: `never-${i}` }),
    (i: number) => ({ counterparty_domains: [`nobody-${i}.bench.test`] }),
    (i: number) => ({ amount_ends_with: '99', reference_matches: `refund ${i}` }),
    () => ({ hours: { from: '00:00', to: '00:01', time_zone: 'Pacific/Kiritimati' }, amount_min: '9999999' }),
  ];
  for (let i = 0; i < n; i++)
    await call(base, 'POST', '/rules', {
      token: beneficiary.token,
      partner: beneficiary.partnerId,
      body: {
        name: `bench rule ${i}`,
        conditions: shapes[i % shapes.length]!(i),
        action: i % 2 ? 'reject' : 'hold',
        reason: i % 2 ? 'business_reasons' : undefined,
        enabled: true,
      },
    });
}

/**
 * A run's database is minutes younger than any deployment's: its tables have no statistics until
 * autovacuum's first ANALYZE (within about a minute of their first rows), and until then the
 * planner guesses from their size alone. A statement prepared in the run's first seconds keeps
 * its generic plan made on that guess — the reads of a payment by id then walk the party's every
 * payment along a (party, created_at) index (docs/benchmarks.md, "Statistics before the measured
 * window"). So, on PostgreSQL, the database is analyzed during the warm-up, once the load has made
 * 200 payments (an ANALYZE of tables still empty would be no better a guess); it invalidates those
 * plans, and the measured window sees what a deployment's first minute ends with.
 * BENCH_ANALYZE=off measures the fresh database instead.
 */
async function analyzeDuringWarmup(databaseUrl: string | undefined) {
  if (!databaseUrl || process.env.BENCH_ANALYZE === 'off') return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const until = Date.now() + warmup * 1000;
    for (;;) {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM payments');
      if (rows[0].n >= 200 || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

const root = path.resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_DURATION || 20);
const warmup = Number(process.env.BENCH_WARMUP || 3);
const clients = Number(process.env.BENCH_CLIENTS || 50);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const cpuProfDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

interface Row extends LoadResult {
  host: Host;
  db: DbKind;
  server_cpu_us: number;
  db_cpu_us: number | null;
  client_cpu_us: number;
  load: string;
  /** PostgreSQL: each table's rows inserted / updated (HOT) / deleted a lifecycle (writesWindow). */
  writes_per_lifecycle?: Record<string, string>;
}

async function benchHost(host: Host, db: DbKind): Promise<Row> {
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    // Production timings: the Sandbox Bank answers only its own namespace's tasks, and no payment
    // expires within the run, so these workers find nothing to do; webhooks dispatch the outbox.
    SANDBOX_BANK_DELAY_MS: '3000',
    EXPIRY_SWEEP_MS: '5000',
    WEBHOOK_POLL_MS: '500',
    // As deployed: responses are not checked against their schemas (the test suites check them).
    CHECK_RESPONSES: 'false',
  };
  if (process.env.BENCH_WORKERS === 'off') env.WORKERS = 'off';
  // BENCH_METRICS=on: metrics collected (METRICS_TOKEN) and scraped every 5 s during the run.
  const metricsOn = process.env.BENCH_METRICS === 'on';
  if (metricsOn) env.METRICS_TOKEN = 'bench-metrics-token';
  if (cpuProfDir) {
    mkdirSync(cpuProfDir, { recursive: true });
    env.NODE_OPTIONS = `--import=${path.join(root, 'bench/cpu-profile.mjs')}`;
    env.CPU_PROF_FILE = path.join(cpuProfDir, `${host}-${db}-${Date.now()}.cpuprofile`);
  }
  const server = await startServer({ host, db, env });
  try {
    const base = server.baseUrl;
    const { debtor, beneficiary } = await linkedParties(base);
    await beneficiaryRules(base, beneficiary);

    const scraper = metricsOn
      ? setInterval(() => {
          void fetch(`${base}/metrics`, { headers: { authorization: 'Bearer bench-metrics-token' } })
            .then((r) => r.text())
            .catch(() => {});
        }, 5000)
      : undefined;
    const pid = server.pid();
    const cpu = cpuWindow(() => treeCpuSeconds(pid), server.databaseUrl);
    const writes = server.databaseUrl ? writesWindow(server.databaseUrl) : undefined;
    const analyzed = analyzeDuringWarmup(server.databaseUrl);
    const result = await runLoad(
      {
        baseUrl: base,
        clients,
        warmup,
        duration,
        debtor: loadParty(debtor),
        beneficiary: loadParty(beneficiary),
      },
      (mark) => {
        cpu.onMark(mark);
        writes?.onMark(mark);
      },
    );
    await analyzed;
    const { server: serverCpu, db: dbCpu } = await cpu.read();
    const written = await writes?.read(result.lifecycles);
    clearInterval(scraper);
    const per = (s: number) => Math.round((s / Math.max(1, result.lifecycles)) * 1e6);
    const row: Row = {
      host,
      db,
      ...result,
      server_cpu_us: per(serverCpu),
      db_cpu_us: dbCpu === null ? null : per(dbCpu),
      client_cpu_us: per(result.client_cpu_s),
      load: loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
      ...(written ? { writes_per_lifecycle: written } : {}),
    };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    await server.stop();
  }
}

const hosts: Host[] = process.env.BENCH_ONLY ? [process.env.BENCH_ONLY as Host] : ['standalone', 'next'];
const dbs: DbKind[] = process.env.BENCH_DB
  ? [process.env.BENCH_DB as DbKind]
  : pgUrl
    ? ['postgres', 'pglite']
    : ['pglite'];
if (dbs.includes('postgres') && !pgUrl)
  throw new Error('BENCH_DB=postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
if (hosts.includes('next'))
  execFileSync('bash', ['scripts/build-if-needed.sh'], { cwd: root, stdio: 'inherit' });

const startedAt = new Date().toISOString();
const rows: Row[] = [];
for (const host of hosts) for (const db of dbs) rows.push(await benchHost(host, db));

const summary = [
  '| host | database | lifecycles/s | non-2xx | errors | failed | server CPU µs/lifecycle | PostgreSQL CPU µs/lifecycle | load generator CPU µs/lifecycle | load average (1 5 15 min) |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map((r) => {
    const non2xx = STEPS.reduce((n, s) => n + r.steps[s].non2xx, 0);
    return `| ${r.host} | ${r.db} | ${r.lifecycles_per_sec} | ${non2xx} | ${r.errors} | ${r.failed} | ${r.server_cpu_us} | ${r.db_cpu_us ?? '–'} | ${r.client_cpu_us} | ${r.load} |`;
  }),
].join('\n');
const steps = [
  `| host | database | ${STEPS.map((s) => `${s} p50 / p99 ms`).join(' | ')} |`,
  `|---|---|${STEPS.map(() => '---:').join('|')}|`,
  ...rows.map(
    (r) =>
      `| ${r.host} | ${r.db} | ${STEPS.map((s) => `${r.steps[s].p50_ms} / ${r.steps[s].p99_ms}`).join(' | ')} |`,
  ),
].join('\n');
// What each PostgreSQL run wrote a lifecycle, table by table: the same on any host.
const writeRows = rows.filter((r) => r.writes_per_lifecycle);
const tables = [...new Set(writeRows.flatMap((r) => Object.keys(r.writes_per_lifecycle!)))].sort();
const writes = writeRows.length
  ? [
      `| rows a lifecycle: inserted / updated (HOT) / deleted | ${writeRows.map((r) => `${r.host} + ${r.db}`).join(' | ')} |`,
      `|---|${writeRows.map(() => '---').join('|')}|`,
      ...tables.map(
        (t) => `| ${t} | ${writeRows.map((r) => r.writes_per_lifecycle![t] ?? '–').join(' | ')} |`,
      ),
    ].join('\n')
  : '';
const samples = rows.flatMap((r) => r.samples.map((s) => `${r.host}/${r.db} ${s}`));
const requestLog = process.env.REQUEST_LOG === 'off' ? 'off' : 'on';
const text = `Payment lifecycles, ${clients} clients, ${warmup} s warm-up + ${duration} s, request log ${requestLog}, started ${startedAt}\n\n${summary}\n\n${steps}\n${writes ? `\n${writes}\n` : ''}${samples.length ? `\nFirst failures:\n${samples.join('\n')}\n` : ''}`;
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/lifecycle.md'), text);
console.log(`\n${text}`);
