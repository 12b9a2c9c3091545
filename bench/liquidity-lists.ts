/**
 * `npm run bench:liquidity-lists`: the lists liquidity and returns added, over HTTP, at scale —
 * a participant's ledger of BENCH_ENTRIES entries (default 10^7), its liquidity queue of 10^5
 * payments, the operator's desk over 10^4 participants, and a namespace's returns list over
 * BENCH_RETURNS returns (default 10^6: each is two payments and a submission). Loaded in SQL
 * (generate_series) into a scratch PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL),
 * then each read timed 30 times (after 2 warm-up calls) on the standalone host (no workers),
 * median and p99. Target: ≤ 100 ms median, ≤ 250 ms p99.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { startServer } from '../e2e/api/server';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createScratchDatabase } from '../lib/testing/scratch-pg';
import * as schema from '../lib/db/schema';
import type { ServiceContext } from '../lib/services/context';
import { listNetworkLiquidity } from '../lib/services/liquidity/positions';
import { listReturns } from '../lib/services/returns/returns';

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('bench:liquidity-lists needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
const ENTRIES = Number(process.env.BENCH_ENTRIES || 10_000_000);
const RETURNS = Number(process.env.BENCH_RETURNS || 1_000_000);
const QUEUED = 100_000;
const PARTICIPANTS = 10_000;
const CHUNK = 1_000_000;
const REPS = 30;
const PASSWORD = 'liquidity-bench-password-1';
const OPERATOR = { email: 'operator@network.test', password: 'operator-test-password' };
// A return's submission: refused 1 in 1,000 (the rare status), still requested 1 in 5, else
// returned; the return's stored status (migration 0051) says the same.
const RETURN_STATUS = 'CASE WHEN g % 1000 = 0 THEN 4 WHEN g % 5 = 0 THEN 1 ELSE 3 END';
const RETURN_NAME =
  "CASE WHEN g % 1000 = 0 THEN 'refused' WHEN g % 5 = 0 THEN 'requested' ELSE 'returned' END";
const log = (m: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${m}`);

async function call(base: string, url: string, headers: Record<string, string>, init: RequestInit = {}) {
  const res = await fetch(base + url, { ...init, headers: { ...headers, ...(init.headers as object) } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

const scratch = await createScratchDatabase(adminUrl, 'csp_bench');

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement the desk's and the returns' reads send (the rows
 * and the capped count), as the services build them: run once through a Drizzle handle that
 * records its statements, each then explained with its parameters. BENCH_EXPLAIN=off skips it.
 */
async function explainReads(me: { partnerId: string; orgId: string }) {
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  });
  const base = { db, orgStatus: 'verified', requestId: 'explain', client: undefined } as const;
  const operatorCtx = {
    ...base,
    principal: { kind: 'user', userId: 'usr_op', orgId: null, role: 'operator', email: OPERATOR.email },
    orgId: null,
    namespace: null,
  } as unknown as ServiceContext;
  const mine = {
    ...base,
    principal: { kind: 'user', userId: 'usr_me', orgId: me.orgId, role: 'admin', email: 'ledger@bench.test' },
    orgId: me.orgId,
    namespace: { id: me.partnerId, orgId: me.orgId },
  } as unknown as ServiceContext;
  const reads: Array<[string, () => Promise<unknown>]> = [
    ['GET /operator/liquidity', () => listNetworkLiquidity(operatorCtx, { limit: 20 })],
    [
      'GET /operator/liquidity?currency=USD&limit=100',
      () => listNetworkLiquidity(operatorCtx, { currency: 'USD', limit: 100 }),
    ],
    ['GET /returns?status=refused', () => listReturns(mine, { status: 'refused', limit: 20 })],
    [
      'GET /returns?status=refused&direction=incoming',
      () => listReturns(mine, { status: 'refused', direction: 'incoming', limit: 20 }),
    ],
    [
      'GET /returns?status=requested&direction=incoming',
      () => listReturns(mine, { status: 'requested', direction: 'incoming', limit: 20 }),
    ],
  ];
  try {
    for (const [name, read] of reads) {
      captured.length = 0;
      await read();
      for (const { query, params } of [...captured]) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
        console.log(`\n### ${name}\n${query}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
  } finally {
    await pool.end();
  }
}
const server = await startServer({
  host: 'standalone',
  db: 'postgres',
  databaseUrl: scratch.url,
  env: { LOG_LEVEL: 'warn', CHECK_RESPONSES: 'false', WORKERS: 'off' },
});
const sql = new pg.Client({ connectionString: scratch.url });
await sql.connect();
try {
  const base = server.baseUrl;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    call(
      base,
      url,
      { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      {
        method: 'POST',
        body: JSON.stringify(body),
      },
    );
  // Two organizations over the API: the one under test and its counterparty.
  const sides = [];
  for (const name of ['Ledger Bank', 'Counter Bank']) {
    const email = `${name.split(' ')[0]!.toLowerCase()}@bench.test`;
    await post('/organization', { name, admin_email: email, admin_password: PASSWORD });
    const token = (await post('/organization/signin', { admin_email: email, admin_password: PASSWORD }))
      .access_token;
    const ns = (await call(base, '/partner', { authorization: `Bearer ${token}` })).partners[0];
    sides.push({ token: token as string, partnerId: ns.token as string, orgId: ns.org_id as string });
  }
  const [me, other] = sides as [(typeof sides)[0], (typeof sides)[0]];
  const headers = { authorization: `Bearer ${me.token}`, 'x-partner-id': me.partnerId, 'x-org-id': me.orgId };
  const operator = (
    await post('/organization/signin', { admin_email: OPERATOR.email, admin_password: OPERATOR.password })
  ).access_token as string;

  log(`loading ${ENTRIES.toLocaleString('en')} ledger entries`);
  for (let from = 0; from < ENTRIES; from += CHUNK) {
    const to = Math.min(ENTRIES, from + CHUNK) - 1;
    await sql.query(
      `INSERT INTO liquidity_entries (id, partner_id, currency, kind, amount, balance_after, batch_id, created_at)
       SELECT 'lqe_b' || lpad(g::text, 10, '0'), $1, CASE WHEN g % 4 = 0 THEN 'EUR' ELSE 'USD' END, 'settlement',
         (g % 2001) - 1000, g, 'batch_b' || (g / 2), now() - ($2 - g) * interval '5 minutes'
       FROM generate_series($3::bigint, $4::bigint) g`,
      [me.partnerId, ENTRIES, from, to],
    );
  }
  log(
    `loading ${QUEUED.toLocaleString('en')} queued payments and ${PARTICIPANTS.toLocaleString('en')} participants`,
  );
  await sql.query(
    `INSERT INTO liquidity_queue (submission_id, payment_pk, payment_id, debtor_partner_id, beneficiary_partner_id, currency, amount, queued_at, expires_at)
     SELECT 'sub_q' || g, 'pay_q' || g, 'q' || g, $1, $2, 'USD', 100 + g % 900, now() - ($3 - g) * interval '1 second', now() + interval '1 day'
     FROM generate_series(1, $3::int) g`,
    [me.partnerId, other.partnerId, QUEUED],
  );
  await sql.query(
    `INSERT INTO organizations (id, name, status) VALUES ('org_lqb', 'Participants', 'verified')`,
  );
  await sql.query(
    `INSERT INTO namespaces (id, org_id, name, domain, environment)
     SELECT 'part_lqb' || lpad(g::text, 5, '0'), 'org_lqb', 'Participant ' || g, 'p' || g || '.lqb.test', 'production'
     FROM generate_series(1, $1::int) g`,
    [PARTICIPANTS],
  );
  await sql.query(
    `INSERT INTO liquidity_positions (partner_id, currency, balance, cap, position)
     SELECT 'part_lqb' || lpad(g::text, 5, '0'), 'USD', 1000000, 1000000, (g * 7919) % 1100000
     FROM generate_series(1, $1::int) g`,
    [PARTICIPANTS],
  );
  log(`loading ${RETURNS.toLocaleString('en')} returns`);
  for (let from = 1; from <= RETURNS; from += CHUNK) {
    const to = Math.min(RETURNS, from + CHUNK - 1);
    const params = [me.partnerId, other.partnerId, me.orgId, from, to, RETURNS];
    // The originals (me → other) and their returns (other → me), then each return's submission and row.
    await sql.query(
      `INSERT INTO payments (id, payment_id, org_id, partner_id, debtor_partner_id, beneficiary_partner_id, payment_type,
         currency, amount_minor, debtor_party, beneficiary_party, initiated_at, expires_at, created_at, return_of)
       SELECT p.id, p.payment_id, $3, $1, p.d, p.b, 'Type_Push', 'USD', 1000 + g % 9000,
         jsonb_build_object('payment_address', 'a@x'), jsonb_build_object('payment_address', 'b@y'),
         now(), now() + interval '1 day', now() - ($6 - g) * interval '30 seconds', p.r
       FROM generate_series($4::bigint, $5::bigint) g
       CROSS JOIN LATERAL (VALUES ('pay_o' || g, 'orig-' || g, $1, $2, NULL), ('pay_r' || g, 'rtn_b' || g, $2, $1, 'orig-' || g)) AS p(id, payment_id, d, b, r)`,
      params,
    );
    await sql.query(
      `INSERT INTO submissions (id, payment_pk, payment_id, org_id, partner_id, admission_id, workflow, status,
         debtor_partner_id, beneficiary_partner_id, payment_created_at, expires_at)
       SELECT 'sub_r' || g, 'pay_r' || g, 'rtn_b' || g, $3, $1, 'adm_r' || g, 'return.v1', ${RETURN_STATUS},
         $2, $1, now() - ($6 - g) * interval '30 seconds', now() + interval '1 day'
       FROM generate_series($4::bigint, $5::bigint) g`,
      params,
    );
    await sql.query(
      `INSERT INTO payment_returns (id, original_pk, original_payment_id, payment_pk, debtor_partner_id, beneficiary_partner_id,
         kind, currency, amount_minor, reason, created_at, status)
       SELECT 'rtn_b' || g, 'pay_o' || g, 'orig-' || g, 'pay_r' || g, $1, $2, 'request', 'USD', 1000 + g % 9000,
         (ARRAY['AC03', 'AM09', 'DUPL', 'FRAD', 'CUST', 'TECH'])[1 + g % 6], now() - ($6 - g) * interval '30 seconds',
         ${RETURN_NAME}
       FROM generate_series($4::bigint, $5::bigint) g WHERE $3::text IS NOT NULL`,
      params,
    );
  }
  log('VACUUM (ANALYZE)');
  await sql.query('VACUUM (ANALYZE)');

  const asMe = (url: string) => () => call(base, url, headers);
  const asOperator = (url: string) => () => call(base, url, { authorization: `Bearer ${operator}` });
  const firstCursor = (await call(base, '/liquidity/entries?limit=20', headers)).next_cursor as string;
  const returnsCursor = (await call(base, '/returns?limit=20', headers)).next_cursor as string;
  const day = Math.floor(Date.now() / 1000) - 86_400;
  const reads: Array<[string, () => Promise<unknown>]> = [
    ['GET /liquidity', asMe('/liquidity')],
    ['GET /liquidity/entries (first page)', asMe('/liquidity/entries')],
    ['GET /liquidity/entries (next page, cursor)', asMe(`/liquidity/entries?cursor=${firstCursor}`)],
    ['GET /liquidity/entries?currency=EUR', asMe('/liquidity/entries?currency=EUR')],
    ['GET /liquidity/entries?order=asc (oldest)', asMe('/liquidity/entries?order=asc')],
    ['GET /liquidity/queue', asMe('/liquidity/queue')],
    ['GET /liquidity/intraday?currency=USD', asMe('/liquidity/intraday?currency=USD')],
    ['GET /operator/liquidity (first page of 10^4)', asOperator('/operator/liquidity')],
    [
      'GET /operator/liquidity?currency=USD&limit=100',
      asOperator('/operator/liquidity?currency=USD&limit=100'),
    ],
    ['GET /returns', asMe('/returns')],
    ['GET /returns (next page, cursor)', asMe(`/returns?cursor=${returnsCursor}`)],
    ['GET /returns?direction=incoming', asMe('/returns?direction=incoming')],
    ['GET /returns?status=refused (1 in 1,000)', asMe('/returns?status=refused')],
    ['GET /returns?status=refused&direction=incoming', asMe('/returns?status=refused&direction=incoming')],
    [
      'GET /returns?status=requested&direction=incoming',
      asMe('/returns?status=requested&direction=incoming'),
    ],
    [`GET /returns?created_from=<a day ago>`, asMe(`/returns?created_from=${day}`)],
  ];
  const rows: string[] = [];
  for (const [name, read] of reads) {
    for (let i = 0; i < 2; i++) await read();
    const samples: number[] = [];
    for (let i = 0; i < REPS; i++) {
      const t = performance.now();
      await read();
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)]!;
    const p99 = samples[Math.ceil(samples.length * 0.99) - 1]!;
    rows.push(
      `| ${name} | ${median.toFixed(1)} | ${p99.toFixed(1)} | ${median <= 100 && p99 <= 250 ? 'yes' : '**no**'} |`,
    );
    log(`${name}: median ${median.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
  }
  if (process.env.BENCH_EXPLAIN !== 'off') await explainReads(me);
  const size = (await sql.query('SELECT pg_size_pretty(pg_database_size(current_database())) AS s')).rows[0]
    .s;
  console.log(`
Ledger ${ENTRIES.toLocaleString('en')} entries, queue ${QUEUED.toLocaleString('en')}, ${PARTICIPANTS.toLocaleString('en')} participants, ${RETURNS.toLocaleString('en')} returns (${size}); standalone host, PostgreSQL, ${REPS} calls each; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}

| read | median ms | p99 ms | ≤ 100 / 250 ms |
|---|---:|---:|---|
${rows.join('\n')}
`);
} finally {
  await sql.end();
  await server.stop();
  await scratch.drop();
}
