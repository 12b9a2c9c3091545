/**
 * Settlement benchmark: cut-off time for N cleared transactions across 1,000 namespaces (rows
 * generated in SQL with generate_series), the process's resident memory growth during the cut-off,
 * and batch-details / proof latency for a 10,000-leaf tree. On PostgreSQL it also reports the
 * share of the cut-off's transaction updates that were HOT (in-page, no index entries).
 * Database: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set (a fresh database).
 * Usage: node --conditions=react-server --import tsx bench/settlement.ts [N ...]   (default 10000 100000)
 */
import { sql } from 'drizzle-orm';
import { createTestDatabase, testContext } from '@/lib/testing/db';
import { rowsOf } from '@/lib/db/rows';
import { generateCleared } from './settlement-data';
import { runCutoff } from '@/lib/services/settlement/cutoff';
import { getBatch, getProof } from '@/lib/services/settlement/queries';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const runs = sizes.length ? sizes : [10_000, 100_000];
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/** PostgreSQL's count of updates to `transactions`, and how many of them were HOT (in-page). */
async function updateCounts(database: Database, atLeast = 0) {
  if (database.kind !== 'postgres') return null;
  // Backends publish their counters when idle, at most once a second (or after 10 s): wait for them.
  for (let waited = 0; ; waited += 500) {
    const [row] = rowsOf(
      await database.db.execute(
        sql`SELECT n_tup_upd::bigint AS upd, n_tup_hot_upd::bigint AS hot FROM pg_stat_user_tables WHERE relname = 'transactions'`,
      ),
    );
    const counts = { upd: Number(row?.upd ?? 0), hot: Number(row?.hot ?? 0) };
    if (counts.upd >= atLeast || waited >= 15_000) return counts;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main() {
  const database = await createTestDatabase();
  const db = database.db;
  console.log(`database: ${database.kind}`);
  const results: Array<{ n: number; seconds: number }> = [];
  let k = 0;
  for (const n of runs) {
    const prefix = `b${k++}_`;
    const g0 = Date.now();
    await generateCleared(db, n, 1000, prefix);
    const genS = (Date.now() - g0) / 1000;
    const before = await updateCounts(database);
    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = performance.now();
    const res = await runCutoff(db);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const settled = res.batches.reduce((s, b) => s + b.txnCount, 0);
    results.push({ n, seconds });
    const after = await updateCounts(database, (before?.upd ?? 0) + settled);
    const hot =
      before && after
        ? `, HOT updates ${(((after.hot - before.hot) / Math.max(1, after.upd - before.upd)) * 100).toFixed(0)}%`
        : '';
    console.log(
      `cut-off n=${n} (generated in ${genS.toFixed(1)} s): ${seconds.toFixed(2)} s, settled ${settled} in ${res.batches.length} batches, rss ${mb(rss0)} MB → peak ${mb(peak)} MB (+${mb(peak - rss0)} MB)${hot}`,
    );
  }
  if (results.length >= 2) {
    const a = results[0]!;
    const b = results[results.length - 1]!;
    console.log(`growth exponent: ${(Math.log(b.seconds / a.seconds) / Math.log(b.n / a.n)).toFixed(2)}`);
  }

  // Latency of details and proof on a 10,000-leaf tree: 10,000 namespaces, one counterparty each.
  await generateCleared(db, 10_000, 10_000, 'leaf_');
  const cut = await runCutoff(db);
  const batch = cut.batches.find((b) => b.currency === 'USD')!;
  const leaves = await db.execute(sql`SELECT leaves_count FROM settlement_batches WHERE id = ${batch.id}`);
  console.log(`tree: ${rowsOf(leaves)[0]?.leaves_count} leaves`);
  for (const [name, fn] of [
    ['details', getBatch],
    ['proof', getProof],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const ns = `leaf_${(i * 37) % 10_000}`;
      const ctx = testContext(db, {
        namespace: {
          id: ns,
          orgId: 'org_bench',
          name: ns,
          domain: `${ns}.bench`,
          environment: 'production',
          enabled: true,
          isSystem: false,
          paymentTtlSeconds: 300,
        } as never,
        orgId: 'org_bench',
      });
      const t = performance.now();
      await fn(ctx, batch.id);
      times.push(performance.now() - t);
    }
    times.sort((x, y) => x - y);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`${name}: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms (300 calls, in process)`);
  }
  await database.close();
}

await main();
