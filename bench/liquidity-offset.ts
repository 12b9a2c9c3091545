/**
 * `npm run bench:liquidity-offset`: the liquidity queue's offsetting (docs/liquidity.md) over a
 * queue of BENCH_QUEUE payments (default 10,000) among BENCH_PARTICIPANTS namespaces (200):
 * 1. the pure choice (`offset`, lib/domain/liquidity.ts), median of 5 runs;
 * 2. a whole release pass in the database (`releaseLiquidityQueue`): the queue bulk-loaded in SQL
 *    (payments, submissions, queue rows; caps that let some payments through alone, others only
 *    together and the rest not at all), then one pass — locks, choice, and the admission of what
 *    it chose (transactions, lines, events, positions). PGlite in memory, and PostgreSQL in a
 *    scratch database when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 * Target: ≤ 1 s for 10,000.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { offset, type QueuedPayment, type Standing } from '../lib/domain/liquidity';
import { openDatabase, type Database } from '../lib/db/client';
import { rowsOf } from '../lib/db/rows';
import { bootstrap } from '../lib/services/setup/bootstrap';
import { releaseLiquidityQueue } from '../lib/services/liquidity/release';
import { createScratchDatabase } from '../lib/testing/scratch-pg';

process.env.LOG_LEVEL ??= 'warn';
const QUEUE = Number(process.env.BENCH_QUEUE || 10_000);
const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS || 200);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

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

async function loadQueue(db: Database['db']) {
  await bootstrap(db);
  await db.execute(
    sql`INSERT INTO organizations (id, name, status) VALUES ('org_bench', 'Bench', 'verified')`,
  );
  await db.execute(sql`
    INSERT INTO namespaces (id, org_id, name, domain, environment)
    SELECT 'part_b' || lpad(p::text, 5, '0'), 'org_bench', 'Bench ' || p, 'b' || p || '.bench.test', 'production'
    FROM generate_series(0, ${PARTICIPANTS - 1}) p`);
  await db.execute(sql`
    INSERT INTO liquidity_positions (partner_id, currency, balance, cap)
    SELECT 'part_b' || lpad(p::text, 5, '0'), 'USD', ${CAP}, ${CAP} FROM generate_series(0, ${PARTICIPANTS - 1}) p`);
  const column = (f: (p: (typeof QUEUED)[number]) => number) => sql.param(QUEUED.map(f));
  await db.execute(sql`
    WITH q AS (
      SELECT * FROM unnest(${column(() => 0)}::int[], ${column((p) => p.d)}::int[], ${column((p) => p.b)}::int[],
        ${column((p) => p.amount)}::bigint[]) WITH ORDINALITY AS v(zero, d, b, amount, g)
    )
    INSERT INTO payments (id, payment_id, org_id, partner_id, debtor_partner_id, beneficiary_partner_id,
      payment_type, currency, amount_minor, debtor_party, beneficiary_party, initiated_at, expires_at, created_at)
    SELECT 'pay_b' || g, 'q' || g, 'org_bench', 'part_b' || lpad(d::text, 5, '0'), 'part_b' || lpad(d::text, 5, '0'),
      'part_b' || lpad(b::text, 5, '0'), 'Type_Push', 'USD', amount,
      jsonb_build_object('payment_address', 'a@b' || d || '.bench.test'),
      jsonb_build_object('payment_address', 'a@b' || b || '.bench.test'),
      now(), now() + interval '1 day', now() - (${QUEUE} - g) * interval '1 ms'
    FROM q`);
  await db.execute(sql`
    INSERT INTO submissions (id, payment_pk, payment_id, org_id, partner_id, admission_id, workflow, status,
      debtor_partner_id, beneficiary_partner_id, payment_created_at, expires_at, liquidity_queued_at)
    SELECT 'sub_b' || substr(id, 6), id, payment_id, org_id, partner_id, 'adm_b' || substr(id, 6), 'push.v1', 1,
      debtor_partner_id, beneficiary_partner_id, created_at, expires_at, created_at FROM payments WHERE org_id = 'org_bench'`);
  await db.execute(sql`
    INSERT INTO liquidity_queue (submission_id, payment_pk, payment_id, debtor_partner_id, beneficiary_partner_id,
      currency, amount, queued_at, expires_at)
    SELECT 'sub_b' || substr(id, 6), id, payment_id, debtor_partner_id, beneficiary_partner_id, currency, amount_minor,
      created_at, expires_at FROM payments WHERE org_id = 'org_bench'`);
  await db.execute(sql`
    UPDATE liquidity_positions p SET queued_count = q.n, queued_amount = q.a
    FROM (SELECT debtor_partner_id, count(*) AS n, sum(amount) AS a FROM liquidity_queue GROUP BY 1) q
    WHERE p.partner_id = q.debtor_partner_id AND p.currency = 'USD'`);
  if (pgUrl) await db.execute(sql`ANALYZE`);
}

async function releasePass(kind: 'pglite' | 'postgres') {
  const scratch = kind === 'postgres' ? await createScratchDatabase(pgUrl!, 'csp_bench') : undefined;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 4 } : {});
  try {
    await loadQueue(database.db);
    const t = performance.now();
    const released = await releaseLiquidityQueue(database.db);
    const ms = performance.now() - t;
    const [left] = rowsOf(await database.db.execute(sql`SELECT count(*)::int AS n FROM liquidity_queue`));
    return { ms, released, left: Number(left?.n ?? 0) };
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

const pure = pureChoice();
const rows = [`| the choice alone (offset, in memory) | – | ${pure.chosen} | ${pure.ms.toFixed(1)} |`];
for (const kind of pgUrl ? (['postgres', 'pglite'] as const) : (['pglite'] as const)) {
  const r = await releasePass(kind);
  rows.push(`| a release pass (${kind}) | ${r.left} | ${r.released} | ${r.ms.toFixed(0)} |`);
}
const text = `Liquidity queue of ${QUEUE.toLocaleString('en')} payments among ${PARTICIPANTS} participants (cap ${CAP} each), load ${loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')}

| what | left in the queue | admitted | ms |
|---|---:|---:|---:|
${rows.join('\n')}
`;
console.log(text);
