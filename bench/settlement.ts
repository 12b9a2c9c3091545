/**
 * Settlement benchmark: cut-off time for N cleared transactions across 1,000 namespaces (rows
 * generated in SQL with generate_series), the process's resident memory growth during the cut-off,
 * and batch-details / proof latency for a 10,000-leaf tree.
 * Database: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set (a fresh database).
 * Usage: node --conditions=react-server --import tsx bench/settlement.ts [N ...]   (default 10000 100000)
 */
import { sql } from 'drizzle-orm';
import { createTestDatabase, testContext } from '@/lib/testing/db';
import { runCutoff } from '@/lib/services/settlement/cutoff';
import { getBatch, getProof } from '@/lib/services/settlement/queries';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const runs = sizes.length ? sizes : [10_000, 100_000];
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/** n cleared transactions among `spread` namespaces, two currencies, no on-us. */
async function generate(db: Database['db'], n: number, spread: number, prefix: string) {
  await db.execute(sql`INSERT INTO organizations (id, name, status) VALUES ('org_bench', 'Bench', 'verified') ON CONFLICT DO NOTHING`);
  await db.execute(sql.raw(`INSERT INTO namespaces (id, org_id, name, domain, environment)
    SELECT '${prefix}' || i, 'org_bench', '${prefix}' || i, '${prefix}' || i || '.bench', 'production' FROM generate_series(0, ${spread - 1}) i ON CONFLICT DO NOTHING`));
  const chunk = 50_000;
  for (let from = 0; from < n; from += chunk) {
    const to = Math.min(n, from + chunk) - 1;
    const pair = `('${prefix}' || (i % ${spread}))`;
    const other = `('${prefix}' || ((i * 7 + 1 + (i / ${spread})) % ${spread}))`;
    const ben = `CASE WHEN ${other} = ${pair} THEN '${prefix}' || ((i + 1) % ${spread}) ELSE ${other} END`;
    await db.execute(sql.raw(`INSERT INTO payments (id, payment_id, org_id, partner_id, debtor_partner_id, beneficiary_partner_id, payment_type, currency, amount_minor, debtor_party, beneficiary_party, initiated_at, expires_at)
      SELECT 'pay_${prefix}' || i, 'pay_${prefix}' || i, 'org_bench', ${pair}, ${pair}, ${ben}, 'Type_Push', CASE WHEN i % 4 = 0 THEN 'EUR' ELSE 'USD' END, 100 + (i * 37) % 100000, '{}', '{}', now() - interval '1 minute', now() + interval '1 day'
      FROM generate_series(${from}, ${to}) i`));
    await db.execute(sql.raw(`INSERT INTO submissions (id, payment_pk, payment_id, org_id, partner_id, admission_id, workflow, status, expires_at)
      SELECT 'sub_${prefix}' || i, 'pay_${prefix}' || i, 'pay_${prefix}' || i, 'org_bench', ${pair}, 'adm_${prefix}' || i, 'push.v1', 3, now() + interval '1 day'
      FROM generate_series(${from}, ${to}) i`));
    await db.execute(sql.raw(`INSERT INTO transactions (id, payment_pk, payment_id, submission_id, approval_code, currency, amount_minor, debtor_partner_id, beneficiary_partner_id, initiated_at, cleared_at)
      SELECT 'txn_${prefix}' || i, p.id, p.id, 'sub_${prefix}' || i, 'BENCH1', p.currency, p.amount_minor, p.debtor_partner_id, p.beneficiary_partner_id, p.initiated_at, now() - interval '1 second'
      FROM generate_series(${from}, ${to}) i JOIN payments p ON p.id = 'pay_${prefix}' || i`));
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
    await generate(db, n, 1000, prefix);
    const genS = (Date.now() - g0) / 1000;
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
    console.log(`cut-off n=${n} (generated in ${genS.toFixed(1)} s): ${seconds.toFixed(2)} s, settled ${settled} in ${res.batches.length} batches, rss ${mb(rss0)} MB → peak ${mb(peak)} MB (+${mb(peak - rss0)} MB)`);
  }
  if (results.length >= 2) {
    const a = results[0]!;
    const b = results[results.length - 1]!;
    console.log(`growth exponent: ${(Math.log(b.seconds / a.seconds) / Math.log(b.n / a.n)).toFixed(2)}`);
  }

  // Latency of details and proof on a 10,000-leaf tree: 10,000 namespaces, one counterparty each.
  await generate(db, 10_000, 10_000, 'leaf_');
  const cut = await runCutoff(db);
  const batch = cut.batches.find((b) => b.currency === 'USD')!;
  const leaves = await db.execute(sql`SELECT leaves_count FROM settlement_batches WHERE id = ${batch.id}`);
  const rows = (Array.isArray(leaves) ? leaves : (leaves as { rows: Array<Record<string, unknown>> }).rows) as Array<Record<string, unknown>>;
  console.log(`tree: ${rows[0]?.leaves_count} leaves`);
  for (const [name, fn] of [
    ['details', getBatch],
    ['proof', getProof],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const ns = `leaf_${(i * 37) % 10_000}`;
      const ctx = testContext(db, { namespace: { id: ns, orgId: 'org_bench', name: ns, domain: `${ns}.bench`, environment: 'production', enabled: true, isSystem: false, paymentTtlSeconds: 300 } as never, orgId: 'org_bench' });
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
