/**
 * `npm run bench:audit-archive`: sealing and archiving one organization's audit trail of
 * BENCH_ENTRIES entries (docs/benchmarks.md, "Archiving the audit trail").
 *
 * On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), in a scratch database: entries loaded
 * in SQL (generate_series) over 365 days, queued as the writing transactions queue them; the
 * sealer chains them (timed, BENCH_SEAL_BATCH per pass); then the half older than 182 days is
 * archived to a file (timed), the table vacuumed, and the chain verified with its file (timed).
 * Reports the table's size before and after.
 *
 * Env: BENCH_ENTRIES=1000000  BENCH_SEAL_BATCH=2000  BENCH_KEEP=1 (keep the scratch database)
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import { createScratchDatabase } from '@/lib/testing/scratch-pg';
import { archiveAuditChain } from '@/lib/services/audit/archive';
import { sealAuditTrail } from '@/lib/services/audit/seal';
import { verifyAuditChain } from '@/lib/services/audit/verify';

const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
if (!adminUrl)
  throw new Error('bench:audit-archive needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');
const ENTRIES = Number((env.BENCH_ENTRIES ?? '1000000').replace(/_/g, ''));
const SEAL_BATCH = Number(env.BENCH_SEAL_BATCH ?? 2000);
const ORG = 'org_archive_bench';
const log = (m: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${m}`);
const fmt = (n: number) => Math.round(n).toLocaleString('en');
const seconds = (t0: number) => (performance.now() - t0) / 1000;

const scratch = await createScratchDatabase(adminUrl, 'bench_archive');
const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
const db = database.db;
const dir = mkdtempSync(path.join(tmpdir(), 'csp-audit-archive-bench-'));
const size = async () =>
  Number(rowsOf(await db.execute(sql`SELECT pg_total_relation_size('audit_events') AS b`))[0]!.b) / 2 ** 20;
try {
  const now = Date.now();
  const span = 365 * 86_400_000;
  let t0 = performance.now();
  for (let at = 0; at < ENTRIES; at += 500_000)
    await db.execute(sql`
      INSERT INTO audit_events (id, occurred_at, org_id, actor_kind, actor_id, actor_label, action, target_type, target_id, changes, request_id, ip, user_agent)
      SELECT 'aud_bench' || lpad(g::text, 9, '0'), to_timestamp((${now - span}::float8 + ${span}::float8 * g / ${ENTRIES}) / 1000),
        ${ORG}, 'user', 'usr_bench' || (g % 50), 'user' || (g % 50) || '@bench.test', 'api_key.updated', 'api_key',
        'api_bench' || (g / 10), jsonb_build_object('before', jsonb_build_object('name', 'key ' || g)), 'req-' || g,
        '198.51.100.' || (g % 250), 'bench'
      FROM generate_series(${at + 1}::bigint, ${Math.min(ENTRIES, at + 500_000)}::bigint) g`);
  await db.execute(sql`VACUUM (ANALYZE) audit_events`);
  log(`${fmt(ENTRIES)} entries loaded in ${seconds(t0).toFixed(1)} s`);

  t0 = performance.now();
  let sealed = 0;
  for (let n; (n = await sealAuditTrail(db, SEAL_BATCH)) > 0;) sealed += n;
  const sealSeconds = seconds(t0);
  log(`sealed ${fmt(sealed)} in ${sealSeconds.toFixed(1)} s: ${fmt(sealed / sealSeconds)} entries/s`);
  await db.execute(sql`VACUUM (ANALYZE) audit_events, audit_links, audit_queue`);
  const before = await size();

  t0 = performance.now();
  const done = await archiveAuditChain(db, ORG, { before: new Date(now - span / 2), dir });
  const archiveSeconds = seconds(t0);
  const fileMiB = statSync(done!.file).size / 2 ** 20;
  log(
    `archived ${fmt(done!.entries)} in ${archiveSeconds.toFixed(1)} s: ${fmt(done!.entries / archiveSeconds)} entries/s, ` +
      `file ${fileMiB.toFixed(0)} MiB`,
  );
  await db.execute(sql`VACUUM (ANALYZE) audit_events, audit_links`);
  const after = await size();
  const left = Number(rowsOf(await db.execute(sql`SELECT count(*) AS n FROM audit_events`))[0]!.n);
  // VACUUM makes the space of the deleted rows reusable (the table stops growing until new
  // entries fill it); it gives it back to the file system only with VACUUM FULL, which locks.
  log(
    `audit_events with its indexes: ${fmt(ENTRIES)} rows, ${before.toFixed(0)} MiB → ${fmt(left)} rows, ` +
      `${after.toFixed(0)} MiB after VACUUM`,
  );

  t0 = performance.now();
  const verified = await verifyAuditChain(db, ORG, { archiveDir: dir });
  const verifySeconds = seconds(t0);
  if (!verified.ok) throw new Error(`verification failed: ${JSON.stringify(verified.failure)}`);
  log(
    `verified ${fmt(verified.checked)} in the database and ${fmt(verified.archiveFiles[0]!.checked)} in the file ` +
      `in ${verifySeconds.toFixed(1)} s`,
  );
  console.log(
    JSON.stringify({
      entries: ENTRIES,
      sealPerSecond: Math.round(sealed / sealSeconds),
      archived: done!.entries,
      archiveSeconds: +archiveSeconds.toFixed(1),
      fileMiB: +fileMiB.toFixed(0),
      tableMiB: [+before.toFixed(0), +after.toFixed(0)],
      verifySeconds: +verifySeconds.toFixed(1),
      load: loadavg().map((l) => +l.toFixed(1)),
    }),
  );
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
  if (!env.BENCH_KEEP) await scratch.drop();
}
