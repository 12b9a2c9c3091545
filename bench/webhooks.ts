/**
 * `npm run bench:webhooks`: webhook delivery throughput and change-to-delivery delay.
 *
 * Three processes: this one (orchestration), the server (bench/webhooks-host.ts: the standalone
 * gateway host with its workers, plus an event producer writing the outbox with emitEvents) and
 * the receiver (bench/webhooks-receiver.ts: one HTTP server on 127.0.0.1, one path per endpoint,
 * every signature verified). For PGlite (a fresh folder) and PostgreSQL (a scratch database, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set), with 1, 10 and 100 endpoints subscribed:
 *   - backlog: BENCH_BACKLOG deliveries' worth of events written at once; deliveries/s from the
 *     first arrival to the last (the sustained maximum);
 *   - steady: BENCH_RATE deliveries/s offered for BENCH_SECONDS (events/s = rate / endpoints);
 *     deliveries/s while producing, delay from the event's created_at to its arrival p50/p99,
 *     and the backlog left when production stops;
 *   - slow: the steady run with 10 endpoints, one of which answers after 5 s: the others' delay.
 * Env: BENCH_DB=pglite|postgres (one only), BENCH_RATE (1000), BENCH_SECONDS (15), BENCH_BACKLOG (20000),
 * BENCH_SCENARIOS (backlog,steady,slow), BENCH_ENDPOINTS (1,10,100), BENCH_IN_FLIGHT (8: the single-endpoint
 * runs again with that many requests in flight per endpoint, WEBHOOK_ENDPOINT_IN_FLIGHT; 1 skips them).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../lib/testing/scratch-pg';
import { freePort } from '../e2e/ports';

const root = path.resolve(import.meta.dirname, '..');
const RATE = Number(process.env.BENCH_RATE || 1000);
const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const BACKLOG = Number(process.env.BENCH_BACKLOG || 20_000);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const kinds = (
  process.env.BENCH_DB ? [process.env.BENCH_DB] : ['pglite', ...(pgUrl ? ['postgres'] : [])]
) as Array<'pglite' | 'postgres'>;
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT || 8);
const SCENARIOS = (process.env.BENCH_SCENARIOS || 'backlog,steady,slow').split(',');
const ENDPOINTS = (process.env.BENCH_ENDPOINTS || '1,10,100').split(',').map(Number);
const execArgv = [
  '--conditions=react-server',
  '--import',
  'tsx',
  ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
];

interface Stats {
  fast: number;
  slow: number;
  distinct: number;
  duplicates: number;
  badSignatures: number;
  firstAt: number;
  lastAt: number;
  p50: number | null;
  p99: number | null;
  slowP50: number | null;
}

/** A forked child answering one message at a time. */
function child(file: string, env: Record<string, string>) {
  const proc: ChildProcess = fork(path.join(root, file), [], {
    cwd: root,
    execArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const first = new Promise<Record<string, unknown>>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as Record<string, unknown>));
    proc.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  const ask = <T>(msg: unknown): Promise<T> =>
    new Promise((resolve, reject) => {
      proc.once('message', (m: { ok?: boolean; result?: unknown; error?: string }) =>
        m.ok === false ? reject(new Error(m.error)) : resolve((m.result ?? m) as T),
      );
      proc.send(msg as object);
    });
  return { proc, first, ask };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(
  receiver: ReturnType<typeof child>,
  expected: number,
  timeoutMs: number,
): Promise<Stats> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await receiver.ask<Stats>({ cmd: 'stats' });
    if (s.fast + s.slow >= expected || Date.now() > deadline) return s;
    await sleep(100);
  }
}

interface Row {
  db: string;
  scenario: string;
  endpoints: number;
  deliveries: number;
  perSecond: number;
  p50: number | null;
  p99: number | null;
  /** Server process CPU (user + system) per delivery, µs; the database's own CPU is not in it. */
  cpuPerDelivery: number;
  note: string;
  load: string;
}

async function runFor(
  kind: 'pglite' | 'postgres',
  receiver: ReturnType<typeof child>,
  receiverUrl: string,
): Promise<Row[]> {
  const env: Record<string, string> = {
    PORT: String(await freePort()),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'bench-auth-secret-0123456789abcdef0123456789',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    SETTLEMENT_INTERVAL_SECONDS: '86400',
  };
  let cleanup = async () => {};
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(pgUrl!, 'csp_bench');
    env.DATABASE_URL = scratch.url;
    cleanup = scratch.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'csp-bench-wh-'));
    env.DATA_DIR = path.join(dir, 'db');
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const rows: Row[] = [];
  let scenarios = 0;
  try {
    rows.push(...(await scenariosOn({ ...env, WEBHOOK_ENDPOINT_IN_FLIGHT: '1' }, '', ENDPOINTS, SCENARIOS)));
    // The same single endpoint with several requests in flight (its order no longer kept).
    if (IN_FLIGHT > 1 && ENDPOINTS.includes(1)) {
      const unordered = SCENARIOS.filter((x) => x !== 'slow');
      rows.push(
        ...(await scenariosOn(
          { ...env, WEBHOOK_ENDPOINT_IN_FLIGHT: String(IN_FLIGHT) },
          `, ${IN_FLIGHT} in flight per endpoint (unordered)`,
          [1],
          unordered,
        )),
      );
    }
  } finally {
    await cleanup();
  }
  return rows;

  /** One server process (restarted on the same database per configuration) and its scenarios. */
  async function scenariosOn(
    hostEnv: Record<string, string>,
    label: string,
    endpointCounts: number[],
    which: string[],
  ): Promise<Row[]> {
    const host = child('bench/webhooks-host.ts', hostEnv);
    await host.first;
    const out: Row[] = [];
    const setup = async (endpoints: number, slow: string[] = []) => {
      const scenario = `${kind}-${++scenarios}`;
      const { partnerId, secrets } = await host.ask<{ partnerId: string; secrets: Record<string, string> }>({
        cmd: 'setup',
        receiverUrl,
        scenario,
        endpoints,
      });
      await receiver.ask({ cmd: 'config', scenario, secrets, slow });
      await receiver.ask({ cmd: 'stats', reset: true });
      return partnerId;
    };
    try {
      for (const endpoints of which.includes('backlog') ? endpointCounts : []) {
        const partnerId = await setup(endpoints);
        const events = Math.ceil(BACKLOG / endpoints);
        const expected = events * endpoints;
        const l0 = load();
        const cpu0 = await host.ask<number>({ cmd: 'cpu' });
        await host.ask({ cmd: 'preload', partnerId, events });
        const s = await waitFor(receiver, expected, 300_000);
        const cpuPerDelivery = ((await host.ask<number>({ cmd: 'cpu' })) - cpu0) / Math.max(1, s.distinct);
        const perSecond = s.distinct / Math.max(0.001, (s.lastAt - s.firstAt) / 1000);
        out.push({
          db: kind,
          scenario: `backlog${label}`,
          endpoints,
          deliveries: s.distinct,
          perSecond,
          p50: null,
          p99: null,
          cpuPerDelivery,
          note: note(s, expected),
          load: `${l0} → ${load()}`,
        });
        console.log(JSON.stringify(out.at(-1)));
      }
      for (const endpoints of which.includes('steady') ? endpointCounts : [])
        out.push(await steady(kind, host, receiver, await setup(endpoints), endpoints, `steady${label}`));
      if (which.includes('slow'))
        out.push(
          await steady(
            kind,
            host,
            receiver,
            await setup(10, ['0']),
            10,
            'steady, 1 of 10 endpoints slow (5 s)',
          ),
        );
    } finally {
      // An orderly exit (a CPU profile, when asked for, is written then); SIGKILL if it hangs.
      const exited = new Promise((r) => host.proc.once('exit', r));
      host.proc.send({ cmd: 'exit' });
      const t = setTimeout(() => host.proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    }
    return out;
  }
}

function note(s: Stats, expected: number) {
  const parts = [];
  if (s.distinct < expected) parts.push(`${expected - s.distinct} not delivered in time`);
  if (s.duplicates) parts.push(`${s.duplicates} duplicates`);
  if (s.badSignatures) parts.push(`${s.badSignatures} bad signatures`);
  return parts.join(', ');
}

async function steady(
  kind: string,
  host: ReturnType<typeof child>,
  receiver: ReturnType<typeof child>,
  partnerId: string,
  endpoints: number,
  scenario: string,
): Promise<Row> {
  const eventsPerSecond = RATE / endpoints;
  const l0 = load();
  const since = Date.now();
  const cpu0 = await host.ask<number>({ cmd: 'cpu' });
  const produced = await host.ask<{ produced: number; seconds: number }>({
    cmd: 'produce',
    partnerId,
    eventsPerSecond,
    seconds: SECONDS,
  });
  const atStop = await receiver.ask<Stats>({ cmd: 'stats' });
  const slowEndpoints = scenario.includes('slow (5 s)') ? 1 : 0;
  const expectedFast = produced.produced * (endpoints - slowEndpoints);
  const s = await waitFor(receiver, expectedFast, 60_000);
  const cpuPerDelivery = ((await host.ask<number>({ cmd: 'cpu' })) - cpu0) / Math.max(1, s.fast + s.slow);
  const l1 = load();
  const perSecond = atStop.fast / produced.seconds;
  const backlog = expectedFast - atStop.fast;
  const rtt = await host.ask<{ p50: number; p99: number }>({ cmd: 'latency', since });
  const extra = [
    `backlog at stop ${backlog}`,
    `request round trip p50 ${Math.round(rtt.p50)} ms, p99 ${Math.round(rtt.p99)} ms`,
    note(s, expectedFast),
  ];
  if (slowEndpoints) extra.push(`slow endpoint: ${s.slow} delivered in the run`);
  const row: Row = {
    db: kind,
    scenario,
    endpoints,
    deliveries: s.fast,
    perSecond,
    p50: s.p50,
    p99: s.p99,
    cpuPerDelivery,
    note: extra.filter(Boolean).join('; '),
    load: `${l0} → ${l1}`,
  };
  console.log(JSON.stringify(row));
  return row;
}

async function main() {
  const receiver = child('bench/webhooks-receiver.ts', {});
  const { port } = (await receiver.first) as { port: number };
  const receiverUrl = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  try {
    for (const kind of kinds) rows.push(...(await runFor(kind, receiver, receiverUrl)));
  } finally {
    receiver.proc.kill();
  }
  const table = [
    `Offered ${RATE} deliveries/s for ${SECONDS} s in the steady runs; backlog runs: ${BACKLOG} deliveries.`,
    '',
    '| database | scenario | endpoints | deliveries | deliveries/s | delay p50 ms | delay p99 ms | server CPU µs/delivery | notes | load average (1 5 15 min, before → after) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.scenario} | ${r.endpoints} | ${r.deliveries} | ${Math.round(r.perSecond)} | ${r.p50 ?? '–'} | ${r.p99 ?? '–'} | ${Math.round(r.cpuPerDelivery)} | ${r.note} | ${r.load} |`,
    ),
  ].join('\n');
  console.log(`\n${table}`);
}

await main();
