/**
 * `npm run bench:liquidity-offset`: the liquidity queue's offsetting (docs/liquidity.md) over a
 * queue of BENCH_QUEUE payments (default 10,000) among BENCH_PARTICIPANTS namespaces (200):
 * 1. the pure choice (`offset`, lib/domain/liquidity.ts), median of 5 runs;
 * 2. a release pass in the database (`releaseLiquidityQueue`): the queue bulk-loaded in SQL
 *    (lib/testing/liquidity-queue.ts: payments, submissions, queue rows; caps that let some
 *    payments through alone, others only together and the rest not at all), then one pass — the
 *    choice, and the admission of what it chose (transactions, lines, events, positions) — twice:
 *    in one transaction (as the pass was before its chunks), and in chunks of BENCH_CHUNK
 *    (RELEASE_CHUNK) payments, each its own transaction. Each transaction's time is the longest an
 *    admission of one of its participants can wait behind it: the longest is reported. PGlite in
 *    memory, and PostgreSQL in a scratch database when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 *    set.
 * Targets: the choice ≤ 1 s for 10,000; the longest lock hold ≤ 100 ms.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { offset, type QueuedPayment, type Standing } from '../lib/domain/liquidity';
import { openDatabase } from '../lib/db/client';
import { rowsOf } from '../lib/db/rows';
import { bootstrap } from '../lib/services/setup/bootstrap';
import { RELEASE_CHUNK, releaseLiquidityQueue } from '../lib/services/liquidity/release';
import { loadParticipants, loadQueue } from '../lib/testing/liquidity-queue';
import { createScratchDatabase } from '../lib/testing/scratch-pg';

process.env.LOG_LEVEL ??= 'warn';
const QUEUE = Number(process.env.BENCH_QUEUE || 10_000);
const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS || 200);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const CHUNK = Number(process.env.BENCH_CHUNK || RELEASE_CHUNK);

/**
 * The i-th queued payment: seven in ten from the first half of the participants to the second,
 * three in ten back — the first half are net payers, and their caps (a third of their net) let
 * only part of their payments through, some only because of what they receive meanwhile.
 */
const HALF = Math.floor(PARTICIPANTS / 2);
function paymentOf(i: number): { d: number; b: number; amount: number } {
  const amount = 100 + ((i * 37) % 900);
  if (i % 10 < 7) return { d: i % HALF, b: HALF + ((i * 7) % HALF), amount };
  return { d: HALF + (i % HALF), b: (i * 3) % HALF, amount };
}
const CAP = Math.round(((QUEUE * 0.4 * 550) / HALF) * 0.35);
const QUEUED = Array.from({ length: QUEUE }, (_, i) => paymentOf(i));

function pureChoice(): { ms: number; chosen: number } {
  const queue: QueuedPayment[] = QUEUED.map((p, i) => ({
    id: String(i),
    debtor: `p${p.d}`,
    beneficiary: `p${p.b}`,
    amount: BigInt(p.amount),
  }));
  const standings = new Map<string, Standing>(
    Array.from({ length: PARTICIPANTS }, (_, p) => [`p${p}`, { position: 0n, limit: BigInt(CAP) }]),
  );
  const times: number[] = [];
  let chosen = 0;
  for (let run = 0; run < 5; run++) {
    const t = performance.now();
    chosen = offset(queue, standings).length;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: times[2]!, chosen };
}

async function releasePass(kind: 'pglite' | 'postgres', chunkSize: number) {
  const scratch = kind === 'postgres' ? await createScratchDatabase(pgUrl!, 'csp_bench') : undefined;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 4 } : {});
  try {
    await bootstrap(database.db);
    const ids = await loadParticipants(database.db, 'b', PARTICIPANTS);
    await loadQueue(database.db, {
      ids,
      run: '',
      currency: 'USD',
      standings: Array.from({ length: PARTICIPANTS }, () => ({ cap: CAP })),
      queued: QUEUED,
    });
    if (pgUrl) await database.db.execute(sql`ANALYZE`);
    const holds: number[] = [];
    let largest = 0;
    const t = performance.now();
    const released = await releaseLiquidityQueue(database.db, {
      chunkSize,
      onChunk: (c) => {
        holds.push(c.ms);
        largest = Math.max(largest, c.admitted);
      },
    });
    const ms = performance.now() - t;
    const [left] = rowsOf(await database.db.execute(sql`SELECT count(*)::int AS n FROM liquidity_queue`));
    holds.sort((a, b) => a - b);
    return {
      ms,
      released,
      left: Number(left?.n ?? 0),
      chunks: holds.length,
      largest,
      longest: holds.at(-1) ?? 0,
      median: holds[Math.floor(holds.length / 2)] ?? 0,
    };
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

const pure = pureChoice();
const rows = [
  `| the choice alone (offset, in memory) | – | ${pure.chosen} | – | – | – | ${pure.ms.toFixed(1)} |`,
];
for (const kind of pgUrl ? (['postgres', 'pglite'] as const) : (['pglite'] as const)) {
  for (const [what, size] of [
    ['in one transaction', Number.MAX_SAFE_INTEGER],
    [`in chunks of ${CHUNK}`, CHUNK],
  ] as const) {
    const r = await releasePass(kind, size);
    rows.push(
      `| a release pass (${kind}), ${what} | ${r.left} | ${r.released} | ${r.chunks} | ${r.largest} | ${r.longest.toFixed(0)} (median ${r.median.toFixed(0)}) | ${r.ms.toFixed(0)} |`,
    );
  }
}
const text = `Liquidity queue of ${QUEUE.toLocaleString('en')} payments among ${PARTICIPANTS} participants (cap ${CAP} each), load ${loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')}

| what | left in the queue | admitted | transactions | most admitted by one | longest lock hold, ms | ms |
|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}
`;
console.log(text);
