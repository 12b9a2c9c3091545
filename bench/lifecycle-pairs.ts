/**
 * `npm run bench:lifecycle-pairs -- <other tree>`: this tree's `bench:lifecycle` against another
 * checkout's (the build before a change, or the issue's reference build), in interleaved pairs
 * on the same machine — the only comparison a 2-core host whose speed drifts by a quarter within
 * the hour resolves (docs/benchmarks.md). The other tree must have its packages installed
 * (`npm ci` in it); each run is its own `bench/lifecycle.ts` (standalone host, PostgreSQL), so
 * each build is measured by its own harness.
 *
 * The order alternates (this tree first in odd pairs, the other first in even ones), so a drift
 * of the host's speed during the set weighs on both alike. A tree whose harness does not analyze
 * its database during the warm-up (builds before `analyzeDuringWarmup`) gets the same ANALYZE from
 * here, at the same point: once its run's database holds 200 payments.
 *
 * Prints each run, then the ratio of the sums (this tree ÷ the other), the median and range of
 * the pairs' ratios, and the CPU a lifecycle of each side (server, PostgreSQL, load generator);
 * the last line is the summary as JSON. Env: BENCH_PAIRS (default 5), BENCH_OTHER_ENV (settings
 * for the other side's runs only, `REQUEST_LOG=off WORKERS=off`: with `.` as the other tree, what
 * a setting costs this build), and what `bench:lifecycle` takes (BENCH_DURATION default 15 here,
 * BENCH_CLIENTS, BENCH_WORKERS, …); needs TEST_DATABASE_URL or BENCH_DATABASE_URL. Run it alone:
 * nothing else on the machine.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { databaseUrlOf } from '../lib/testing/scratch-pg';

const root = path.resolve(import.meta.dirname, '..');
const other = path.resolve(process.argv[2] ?? '');
if (!process.argv[2] || !existsSync(path.join(other, 'bench/lifecycle.ts')))
  throw new Error(
    'usage: npm run bench:lifecycle-pairs -- <a checkout with bench/lifecycle.ts and its node_modules>',
  );
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('bench:lifecycle-pairs needs TEST_DATABASE_URL or BENCH_DATABASE_URL');
const PAIRS = Number(process.env.BENCH_PAIRS || 5);
const otherEnv = Object.fromEntries(
  (process.env.BENCH_OTHER_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);

interface Run {
  lifecycles_per_sec: number;
  failed: number;
  server_cpu_us: number;
  db_cpu_us: number | null;
  client_cpu_us: number;
}

const analyzesItself = (tree: string) =>
  readFileSync(path.join(tree, 'bench/lifecycle.ts'), 'utf8').includes('analyzeDuringWarmup');

/** One `bench:lifecycle` of a tree: its first JSON line (the standalone host on PostgreSQL). */
async function runTree(tree: string, env: Record<string, string>): Promise<Run> {
  const analyzing = analyzesItself(tree) ? undefined : analyzeNewDatabase();
  const child = spawn('npx', ['tsx', 'bench/lifecycle.ts'], {
    cwd: tree,
    env: {
      ...process.env,
      BENCH_ONLY: 'standalone',
      BENCH_DB: 'postgres',
      BENCH_DURATION: process.env.BENCH_DURATION || '15',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const analyzed = await analyzing?.stop();
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (code !== 0 || !line)
    throw new Error(`bench:lifecycle in ${tree} failed (${code}):\n${out.slice(-2000)}`);
  if (analyzing && !analyzed)
    throw new Error(`the run in ${tree} was not analyzed: its database never held 200 payments`);
  return JSON.parse(line) as Run;
}

/**
 * For a harness without its own: ANALYZE the first test database created from now on, once it
 * holds 200 payments (what `analyzeDuringWarmup` does from inside the harness). `stop` answers
 * whether it did.
 */
function analyzeNewDatabase() {
  let stopped = false;
  const done = (async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const names = async () =>
        (
          await admin.query<{ datname: string }>(
            `SELECT datname FROM pg_database WHERE datname LIKE 'csp_test%'`,
          )
        ).rows.map((r) => r.datname);
      const before = new Set(await names());
      while (!stopped) {
        // The run's database: a new one (a harness may make more than one) with the payments.
        let name: string | undefined;
        for (const n of (await names()).filter((n) => !before.has(n)))
          if ((await payments(n)) >= 200) name = n;
        if (name) {
          const db = new pg.Client({ connectionString: databaseUrlOf(adminUrl!, name) });
          await db.connect();
          await db.query('ANALYZE').finally(() => db.end());
          return true;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    } finally {
      await admin.end();
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      return done;
    },
  };
}

/** The payments of a run's database so far (0 while its tables are being made). */
async function payments(name: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrlOf(adminUrl!, name) });
  try {
    await db.connect();
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments');
    return rows[0]!.n;
  } catch {
    return 0;
  } finally {
    await db.end().catch(() => undefined);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const fmt = (r: Run) =>
  `${r.lifecycles_per_sec.toFixed(1).padStart(7)} /s  server ${r.server_cpu_us} µs  PostgreSQL ${r.db_cpu_us ?? '–'} µs  load ${r.client_cpu_us} µs${r.failed ? `  ${r.failed} failed` : ''}`;

const mine: Run[] = [];
const theirs: Run[] = [];
for (let i = 0; i < PAIRS; i++) {
  const order = i % 2 === 0 ? (['this', 'other'] as const) : (['other', 'this'] as const);
  for (const side of order) {
    const run = side === 'this' ? await runTree(root, {}) : await runTree(other, otherEnv);
    (side === 'this' ? mine : theirs).push(run);
    console.log(`pair ${i + 1}  ${side === 'this' ? 'this tree ' : 'other tree'}  ${fmt(run)}`);
  }
}

const sum = (rs: Run[]) => rs.reduce((a, r) => a + r.lifecycles_per_sec, 0);
const ratios = mine.map((r, i) => r.lifecycles_per_sec / theirs[i]!.lifecycles_per_sec);
const cpu = (rs: Run[]) => ({
  server_us: Math.round(mean(rs.map((r) => r.server_cpu_us))),
  db_us: Math.round(mean(rs.map((r) => r.db_cpu_us ?? 0))),
  load_us: Math.round(mean(rs.map((r) => r.client_cpu_us))),
});
const summary = {
  pairs: PAIRS,
  this_tree: Number(sum(mine).toFixed(1)),
  other_tree: Number(sum(theirs).toFixed(1)),
  ratio: Number((sum(mine) / sum(theirs)).toFixed(3)),
  pair_ratio_median: Number(median(ratios).toFixed(3)),
  pair_ratio_min: Number(Math.min(...ratios).toFixed(3)),
  pair_ratio_max: Number(Math.max(...ratios).toFixed(3)),
  cpu_per_lifecycle: { this_tree: cpu(mine), other_tree: cpu(theirs) },
  other,
  other_env: process.env.BENCH_OTHER_ENV ?? '',
};
console.log(
  `\nthis tree ${summary.this_tree} against ${summary.other_tree} lifecycles/s over ${PAIRS} pairs: ratio ${summary.ratio}` +
    ` (pairs: median ${summary.pair_ratio_median}, ${summary.pair_ratio_min}–${summary.pair_ratio_max})`,
);
console.log(
  `CPU a lifecycle (µs): server ${summary.cpu_per_lifecycle.this_tree.server_us} against ${summary.cpu_per_lifecycle.other_tree.server_us},` +
    ` PostgreSQL ${summary.cpu_per_lifecycle.this_tree.db_us} against ${summary.cpu_per_lifecycle.other_tree.db_us},` +
    ` load ${summary.cpu_per_lifecycle.this_tree.load_us} against ${summary.cpu_per_lifecycle.other_tree.load_us}`,
);
console.log(JSON.stringify(summary));
