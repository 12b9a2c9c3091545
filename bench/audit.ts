/**
 * `npm run bench:audit`: the audit trail's reads over one organization's trail of 10^4 … 10^7
 * entries (docs/benchmarks.md, "Audit trail at scale").
 *
 * On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), in a scratch database: the standalone
 * host (WORKERS=off) signs the organization up; then entries are loaded in SQL (generate_series)
 * in steps — nine in ten in the organization under test, the rest spread over 99 others — over
 * BENCH_DAYS days, 37 actions, 50 actors and one target per ten entries, followed by VACUUM
 * (ANALYZE). After each step every read below is timed over HTTP as the organization's admin and
 * as the operator: median and p99 of BENCH_REPS calls after two warm-up calls.
 *
 * Env: BENCH_SIZES=10000,100000,1000000,10000000  BENCH_DAYS=365  BENCH_REPS=20  BENCH_KEEP=1
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../e2e/api/server';
import { createScratchDatabase } from '../lib/testing/scratch-pg';
import { AUDIT_ACTIONS } from '../lib/domain/audit';

const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('bench:audit needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');
const sizes = (env.BENCH_SIZES ?? '10000,100000,1000000,10000000')
  .split(',')
  .map((s) => Number(s.replace(/_/g, '')));
const DAYS = Number(env.BENCH_DAYS || 365);
const REPS = Number(env.BENCH_REPS || 20);
const OPERATOR = { email: 'operator@network.test', password: 'operator-test-password' };
const ADMIN = { email: 'audit-admin@bench.test', password: 'audit-password-1' };
const ACTIONS = Object.keys(AUDIT_ACTIONS);
const log = (m: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${m}`);
const fmt = (n: number) => n.toLocaleString('en');

async function api(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method !== 'GET' ? { 'idempotency-key': crypto.randomUUID() } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * Entries `from + 1 … to` (by `g`): entry g is in the organization under test unless g % 10 = 0,
 * at a time spread evenly over DAYS up to `now`, newest last.
 */
async function load(c: pg.Client, orgId: string, from: number, to: number, total: number, now: number) {
  const span = DAYS * 86_400_000;
  await c.query(
    `INSERT INTO audit_events (id, occurred_at, org_id, partner_id, actor_kind, actor_id, actor_label, action, target_type, target_id, changes, request_id, ip, user_agent)
     SELECT 'aud_bench' || lpad(g::text, 9, '0'),
       to_timestamp(($3::float8 - $4::float8 + $4::float8 * g / $5) / 1000),
       CASE WHEN g % 10 = 0 THEN 'org_other' || (g % 99) ELSE $1 END,
       NULL, 'user', 'usr_bench' || (g % 50), 'user' || (g % 50) || '@bench.test',
       ($6::text[])[1 + (g % ${ACTIONS.length})], 'api_key', 'api_bench' || (g / 10),
       jsonb_build_object('after', jsonb_build_object('name', 'key ' || g)), 'req-' || g, '198.51.100.' || (g % 250), 'bench'
     FROM generate_series($2::bigint + 1, $7::bigint) g`,
    [orgId, from, now, span, total, ACTIONS, to],
  );
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * xs.length) - 1)]!;

async function time(base: string, url: string, token: string) {
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
    return { ms: performance.now() - t0, text };
  };
  const first = await once();
  await once();
  const samples: number[] = [];
  for (let i = 0; i < REPS; i++) samples.push((await once()).ms);
  return { median: quantile(samples, 0.5), p99: quantile(samples, 0.99), first };
}

const scratch = await createScratchDatabase(adminUrl, 'bench_audit');
log(`scratch database ${scratch.url}`);
const host = await startServer({
  host: 'standalone',
  db: 'postgres',
  databaseUrl: scratch.url,
  env: { LOG_LEVEL: 'warn', CHECK_RESPONSES: 'false', WORKERS: 'off' },
});
const c = new pg.Client({ connectionString: scratch.url });
await c.connect();
const rows: string[] = [];
try {
  const base = host.baseUrl;
  const org = await api(base, 'POST', '/organization', {
    name: 'Audit Bench Bank',
    admin_email: ADMIN.email,
    admin_password: ADMIN.password,
  });
  const admin = (
    await api(base, 'POST', '/organization/signin', {
      admin_email: ADMIN.email,
      admin_password: ADMIN.password,
    })
  ).access_token as string;
  const operator = (
    await api(base, 'POST', '/organization/signin', {
      admin_email: OPERATOR.email,
      admin_password: OPERATOR.password,
    })
  ).access_token as string;
  // Bulk data is not sealed (the sealer is off): no queue rows for it.
  await c.query('ALTER TABLE audit_events DISABLE TRIGGER audit_events_enqueue');
  const now = Date.now();
  const total = Math.max(...sizes);
  let loaded = 0;
  for (const size of sizes) {
    const t0 = performance.now();
    for (let at = loaded; at < size; at += 1_000_000)
      await load(c, org.token, at, Math.min(size, at + 1_000_000), total, now);
    loaded = size;
    await c.query('VACUUM (ANALYZE) audit_events');
    log(`${fmt(size)} entries loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const dayAgo = Math.floor(now / 1000) - 30 * 86_400;
    const first = JSON.parse((await time(base, '/audit-events?limit=20', admin)).first.text).data;
    const reads: Array<[string, string, string]> = [
      ['first page', '/audit-events?limit=20', admin],
      ['next page (cursor)', `/audit-events?limit=20&cursor=${first.next_cursor}`, admin],
      ['by action', '/audit-events?limit=20&action=api_key.rotated', admin],
      ['by actor', '/audit-events?limit=20&actor=user7%40bench.test', admin],
      ['by target', `/audit-events?limit=20&target=api_bench${Math.floor(size / 20)}`, admin],
      [
        'one day, a month ago',
        `/audit-events?limit=20&occurred_from=${dayAgo}&occurred_to=${dayAgo + 86_400}`,
        admin,
      ],
      ['action and actor', '/audit-events?limit=20&action=task.failed&actor=user3%40bench.test', admin],
      [
        'export, filtered (≤ 10 rows)',
        `/audit-events/export?target=api_bench${Math.floor(size / 30)}`,
        admin,
      ],
      ['operator, every trail', '/audit-events?limit=20', operator],
      [
        'operator, one org by action',
        `/audit-events?limit=20&org_id=${org.token}&action=user.invited`,
        operator,
      ],
    ];
    for (const [name, url, token] of reads) {
      const r = await time(base, url, token);
      const line = `| ${fmt(size)} | ${name} | ${r.median.toFixed(1)} | ${r.p99.toFixed(1)} |`;
      rows.push(line);
      log(line);
    }
  }
  const table = [
    `Audit trail reads, standalone host on PostgreSQL, ${new Date().toISOString()}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${REPS} calls after 2 warm-ups (ms over HTTP):`,
    '',
    '| entries | read | median ms | p99 ms |',
    '|---:|---|---:|---:|',
    ...rows,
  ].join('\n');
  const out = path.resolve(import.meta.dirname, 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'audit.md'), `${table}\n`);
  console.log(`\n${table}`);
} finally {
  await c.end();
  await host.stop();
  if (env.BENCH_KEEP !== '1') await scratch.drop();
}
