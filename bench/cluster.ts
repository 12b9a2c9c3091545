/**
 * `npm run bench:cluster`: payment lifecycles per second with 1, 2 and 3 standalone instances on
 * one PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL; a scratch database per run).
 * The load is `bench/lifecycle-load.ts`'s (create → submit → tasks → complete → transaction), its
 * requests sent to the instances in turn, as a round-robin load balancer would. Reports
 * lifecycles/s, create p50/p99, non-2xx and errors, and where the CPU went per lifecycle: all the
 * instances together, the PostgreSQL backends of the database, the load generator.
 * Env: BENCH_DURATION (s, default 20), BENCH_WARMUP (s, default 3), BENCH_CLIENTS (default 50),
 * BENCH_INSTANCES (default "1,2,3").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { createTestDatabase, startServer } from '../e2e/api/server';
import { treeCpuSeconds } from './proc';
import { cpuWindow, linkedParties, loadParty, runLoad, STEPS, type LoadResult } from './lifecycle-harness';

const root = path.resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_DURATION || 20);
const warmup = Number(process.env.BENCH_WARMUP || 3);
const clients = Number(process.env.BENCH_CLIENTS || 50);
const counts = (process.env.BENCH_INSTANCES || '1,2,3').split(',').map(Number);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!pgUrl) throw new Error('bench:cluster needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');
process.env.TEST_DATABASE_URL = pgUrl;

interface Row extends LoadResult {
  instances: number;
  server_cpu_us: number;
  db_cpu_us: number;
  client_cpu_us: number;
  load: string;
}

async function benchCluster(n: number): Promise<Row> {
  const scratch = await createTestDatabase(pgUrl!);
  const env = {
    LOG_LEVEL: 'warn',
    // As bench:lifecycle: production timings and no schema check of the answers.
    SANDBOX_BANK_DELAY_MS: '3000',
    EXPIRY_SWEEP_MS: '5000',
    WEBHOOK_POLL_MS: '500',
    CHECK_RESPONSES: 'false',
  };
  const start = () => startServer({ host: 'standalone', db: 'postgres', databaseUrl: scratch.url, env });
  // The first migrates the scratch database; the others start on it together.
  const instances = [await start()];
  instances.push(...(await Promise.all(Array.from({ length: n - 1 }, start))));
  try {
    const { debtor, beneficiary } = await linkedParties(instances[0]!.baseUrl);
    const cpu = cpuWindow(() => instances.reduce((sum, s) => sum + treeCpuSeconds(s.pid()), 0), scratch.url);
    const result = await runLoad(
      {
        baseUrl: instances.map((s) => s.baseUrl),
        clients,
        warmup,
        duration,
        debtor: loadParty(debtor),
        beneficiary: loadParty(beneficiary),
      },
      cpu.onMark,
    );
    const { server: serverCpu, db: dbCpu } = await cpu.read();
    const per = (s: number) => Math.round((s / Math.max(1, result.lifecycles)) * 1e6);
    const row: Row = {
      instances: n,
      ...result,
      server_cpu_us: per(serverCpu),
      db_cpu_us: per(dbCpu ?? 0),
      client_cpu_us: per(result.client_cpu_s),
      load: loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    await Promise.all(instances.map((s) => s.stop()));
    await scratch.drop();
  }
}

const startedAt = new Date().toISOString();
const rows: Row[] = [];
for (const n of counts) rows.push(await benchCluster(n));

const table = [
  '| instances | lifecycles/s | create p50 / p99 ms | non-2xx | errors | failed | instances CPU µs/lifecycle | PostgreSQL CPU µs/lifecycle | load generator CPU µs/lifecycle | load average (1 5 15 min) |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map((r) => {
    const non2xx = STEPS.reduce((sum, s) => sum + r.steps[s].non2xx, 0);
    return `| ${r.instances} | ${r.lifecycles_per_sec} | ${r.steps.create.p50_ms} / ${r.steps.create.p99_ms} | ${non2xx} | ${r.errors} | ${r.failed} | ${r.server_cpu_us} | ${r.db_cpu_us} | ${r.client_cpu_us} | ${r.load} |`;
  }),
].join('\n');
const samples = rows.flatMap((r) => r.samples.map((s) => `${r.instances} instances: ${s}`));
const text = `Cluster: standalone instances on one PostgreSQL, ${clients} clients round-robin, ${warmup} s warm-up + ${duration} s, ${cpus().length} cores, started ${startedAt}\n\n${table}\n${samples.length ? `\nFirst failures:\n${samples.join('\n')}\n` : ''}`;
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/cluster.md'), text);
console.log(`\n${text}`);
