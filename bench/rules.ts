/**
 * `npm run bench:rules`: the admission rules' backtest (POST /rules/test, DESIGN §13) over one
 * namespace's history of N tasks (docs/benchmarks.md, "Admission rules").
 *
 * On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), in a scratch database: the schema by
 * the migrations; one namespace and four linked counterparties written in SQL; then N incoming
 * payments, each with its submission and its beneficiary_admission task for the namespace (and,
 * for the admitted ones, its transaction), spread over the last BENCH_DAYS days, written with
 * generate_series, BENCH_CHUNK payments per statement; VACUUM (ANALYZE). Then each backtest of
 * RULES (below) is run BENCH_REPS times through the service the route calls (in process: the
 * figure is the statement's, not HTTP's) and its plan is recorded under EXPLAIN (ANALYZE,
 * BUFFERS) in bench/results/rules-plans.txt; the timings go to bench/results/rules.json.
 *
 * Env: BENCH_TASKS=1000000 (N), BENCH_DAYS=30, BENCH_REPS=5, BENCH_CHUNK=250000,
 * BENCH_KEEP=1 (keep the database and print its URL), BENCH_REUSE=<that URL> (time the backtests
 * again on it, without loading).
 *
 * The lifecycle with 20 rules on the beneficiary's namespace, none of which matches (every
 * rule's conditions are read for every task): `BENCH_RULES=20 npm run bench:lifecycle`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createScratchDatabase } from '../lib/testing/scratch-pg';

process.env.LOG_LEVEL ??= 'warn';

const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
const N = Number((env.BENCH_TASKS || '1000000').replace(/_/g, ''));
const DAYS = Number(env.BENCH_DAYS || 30);
const REPS = Number(env.BENCH_REPS || 5);
const CHUNK = Number(env.BENCH_CHUNK || 250_000);
const out = path.resolve(import.meta.dirname, 'results');
const log = (msg: string) => console.log(`[bench:rules] ${msg}`);

const HOME = { id: 'part_bench_rules_home', org: 'org_bench_rules', domain: 'home.rules-bench.test' };
const COUNTERPARTIES = [0, 1, 2, 3].map((k) => ({
  id: `part_bench_rules_cp${k}`,
  org: `org_bench_rules_cp${k}`,
  domain: `cp${k}.rules-bench.test`,
}));

/** The backtests timed: each condition alone, a combination, and the most expensive reads. */
const RULES: Array<{ name: string; rule: Record<string, unknown> }> = [
  {
    name: 'amount range',
    rule: { conditions: { amount_min: '10000', amount_max: '500000' }, action: 'accept' },
  },
  { name: 'reference contains', rule: { conditions: { reference_matches: 'crypto' }, action: 'hold' } },
  {
    name: 'counterparty and currency',
    rule: {
      conditions: { counterparty_domains: [COUNTERPARTIES[1]!.domain], currencies: ['USD'] },
      action: 'review',
    },
  },
  {
    name: 'counterparty known',
    rule: { conditions: { counterparty_known: true, amount_max: '500000' }, action: 'accept' },
  },
  {
    name: 'payer velocity',
    rule: {
      conditions: { payer_velocity: { count: 3, window_minutes: 60 } },
      action: 'reject',
      reason: 'fraud_detected',
    },
  },
  {
    name: 'hours in a time zone',
    rule: {
      conditions: { hours: { from: '22:00', to: '06:00', time_zone: 'Europe/Zurich' } },
      action: 'hold',
    },
  },
  {
    name: 'everything at once',
    rule: {
      conditions: {
        amount_min: '1000',
        currencies: ['USD'],
        counterparty_known: true,
        reference_matches: 'invoice',
        payer_velocity: { count: 2, amount: '100000', window_minutes: 1440 },
        hours: { from: '08:00', to: '20:00', time_zone: 'America/New_York' },
      },
      action: 'accept',
    },
  },
];

/** The namespaces, written directly (no HTTP host is needed for a statement's timing). */
async function castSql(client: pg.Client) {
  for (const p of [HOME, ...COUNTERPARTIES]) {
    await client.query(`INSERT INTO organizations (id, name, status) VALUES ($1, $2, 'verified')`, [
      p.org,
      p.domain,
    ]);
    await client.query(
      `INSERT INTO namespaces (id, org_id, name, domain, environment) VALUES ($1, $2, $3, $4, 'production')`,
      [p.id, p.org, p.domain, p.domain],
    );
  }
}

/**
 * Payments g in [from, to): counterparty g % 4 pays the home namespace; 5,000 payers; one in 50
 * references crypto; 70 % admitted (task completed, a transaction), 10 % rejected, 20 % waiting.
 */
async function loadChunk(client: pg.Client, from: number, to: number, anchor: number) {
  const span = DAYS * 86_400_000;
  const base = `
    SELECT g,
      to_timestamp((${anchor} - ${span}::bigint + (g::bigint * ${span}::bigint) / ${N}) / 1000.0) AS at,
      'part_bench_rules_cp' || (g % 4) AS cp,
      'org_bench_rules_cp' || (g % 4) AS cp_org,
      'cp' || (g % 4) || '.rules-bench.test' AS cp_domain,
      100 + (abs(hashint4(g)) % 900000) AS amount,
      CASE WHEN g % 97 = 0 THEN 'EUR' ELSE 'USD' END AS currency,
      CASE WHEN g % 50 = 0 THEN 'crypto purchase ' || g ELSE 'invoice ' || g END AS reference,
      CASE WHEN abs(hashint4(g + 7)) % 10 < 7 THEN 3 WHEN abs(hashint4(g + 7)) % 10 = 7 THEN 4 ELSE 1 END AS st
    FROM generate_series(${from}, ${to - 1}) g`;
  await client.query(`
    INSERT INTO payments (id, payment_id, org_id, partner_id, debtor_partner_id, beneficiary_partner_id, payment_type,
      currency, amount_minor, reference, debtor_party, beneficiary_party, initiated_at, expires_at, created_at)
    SELECT 'pay_rb' || g, 'rb-' || g, cp_org, cp, cp, '${HOME.id}', 'Type_Push', currency, amount, reference,
      jsonb_build_object('payment_address', 'payer' || (abs(hashint4(g + 3)) % 5000) || '@' || cp_domain),
      jsonb_build_object('payment_address', 'payee@${HOME.domain}'), at, at + interval '1 day', at
    FROM (${base}) b`);
  await client.query(`
    INSERT INTO submissions (id, payment_pk, payment_id, org_id, partner_id, admission_id, workflow, status,
      debtor_partner_id, beneficiary_partner_id, payment_created_at, expires_at, submitted_at, updated_at)
    SELECT 'sub_rb' || g, 'pay_rb' || g, 'rb-' || g, cp_org, cp, 'adm_rb' || g, 'push.v1', st,
      cp, '${HOME.id}', at, at + interval '1 day', at, at
    FROM (${base}) b`);
  await client.query(`
    INSERT INTO admission_tasks (id, admission_id, submission_id, payment_pk, payment_id, org_id, partner_id, name,
      workflow, assignee, status, status_reason, expires_at, created_at, updated_at)
    SELECT 'task_rb' || g, 'adm_rb' || g, 'sub_rb' || g, 'pay_rb' || g, 'rb-' || g, '${HOME.org}', '${HOME.id}',
      'beneficiary_admission', 'push.v1', 1, CASE st WHEN 3 THEN 2 WHEN 4 THEN 3 ELSE 1 END,
      CASE st WHEN 3 THEN 1 WHEN 4 THEN 13 ELSE 0 END, at + interval '1 day', at, at
    FROM (${base}) b`);
  await client.query(`
    INSERT INTO transactions (id, payment_pk, payment_id, submission_id, approval_code, currency, amount_minor,
      debtor_partner_id, beneficiary_partner_id, initiated_at, cleared_at, created_at, updated_at)
    SELECT 'txn_rb' || g, 'pay_rb' || g, 'rb-' || g, 'sub_rb' || g, 'A' || g, currency, amount, cp, '${HOME.id}',
      at, at + interval '2 seconds', at, at
    FROM (${base}) b WHERE st = 3`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server');
  const { openDatabase } = await import('@/lib/db/client');
  const { asBacktest, testRule, backtestStatement } = await import('@/lib/services/rules/backtest');
  const { testRuleBody } = await import('@/lib/schemas/rules');
  const { testContext, testNamespace } = await import('@/lib/testing/db');
  // BENCH_REUSE=<url>: a database an earlier run kept (BENCH_KEEP=1), its tasks already loaded.
  const reuse = env.BENCH_REUSE;
  const scratch = reuse
    ? { url: reuse, drop: async () => {} }
    : await createScratchDatabase(adminUrl, 'csp_rules');
  log(`database ${scratch.url}`);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    if (!reuse) await castSql(client);
    await client.query(`SET work_mem = '256MB'; SET jit = off`);
    let anchor = Date.now();
    if (reuse) {
      const { rows } = await client.query(
        `SELECT floor(extract(epoch from max(created_at)) * 1000) AS at FROM admission_tasks`,
      );
      anchor = Number(rows[0].at) + 1000;
    } else {
      const t0 = Date.now();
      for (let from = 0; from < N; from += CHUNK) {
        await loadChunk(client, from, Math.min(N, from + CHUNK), anchor);
        log(`  ${Math.min(N, from + CHUNK).toLocaleString('en')} tasks loaded`);
      }
      await client.query('VACUUM (ANALYZE)');
      log(
        `${N.toLocaleString('en')} tasks loaded and analyzed in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
    const ctx = testContext(database.db, {
      orgId: HOME.org,
      namespace: testNamespace(HOME.id, HOME.org, { domain: HOME.domain }),
    });
    const range = {
      from: Math.floor((anchor - DAYS * 86_400_000) / 1000) - 1,
      to: Math.floor(anchor / 1000) + 1,
    };
    const results: Array<{ name: string; ms: number[]; median_ms: number; matched: number; tasks: number }> =
      [];
    let plans = '';
    for (const r of RULES) {
      const input = testRuleBody.parse({ rule: r.rule, ...range });
      const ms: number[] = [];
      let answer = { matched: 0, tasks: 0 };
      for (let i = 0; i < REPS; i++) {
        const s = performance.now();
        answer = await testRule(ctx, input);
        ms.push(performance.now() - s);
      }
      results.push({ name: r.name, ms, median_ms: median(ms), matched: answer.matched, tasks: answer.tasks });
      log(
        `${r.name}: median ${median(ms).toFixed(0)} ms over ${answer.tasks.toLocaleString('en')} tasks, ${answer.matched.toLocaleString('en')} matched`,
      );
      const statement = await backtestStatement(database.db, HOME.id, input);
      const plan = (await asBacktest(database.db, (tx) =>
        tx.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`),
      )) as unknown as {
        rows: Array<Record<string, string>>;
      };
      plans += `== ${r.name}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}\n\n`;
    }
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'rules-plans.txt'), plans);
    writeFileSync(
      path.join(out, 'rules.json'),
      JSON.stringify({ tasks: N, days: DAYS, reps: REPS, at: new Date().toISOString(), results }, null, 2),
    );
    log(`plans in bench/results/rules-plans.txt, timings in bench/results/rules.json`);
  } finally {
    await client.end();
    await database.close();
    if (env.BENCH_KEEP === '1') log(`kept: ${scratch.url}`);
    else await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
