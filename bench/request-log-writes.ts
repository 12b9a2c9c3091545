/**
 * `npm run bench:request-log-writes`: what writing the request log costs, per entry, through its
 * writer (lib/services/request-logs/writer.ts) into a scratch PostgreSQL database
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL) migrated like a deployment's, with every index the
 * table has. Entries shaped like the lifecycle bench's (a sandbox namespace's: bodies kept, a
 * payment's answer ~1 kB), BENCH_BATCHES batches (default 40) of BENCH_BATCH entries (default 200)
 * after 5 not measured. Reports, per entry: the CPU of the database backend that wrote them
 * (/proc), of this process for the writer's work (the entries made beforehand), and the
 * write-ahead log's bytes (the cluster's: run it alone).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../lib/db/client';
import { rowsOf } from '../lib/db/rows';
import * as schema from '../lib/db/schema';
import { parseStat } from '../lib/build/cpu-programs';
import { createScratchDatabase } from '../lib/testing/scratch-pg';
import { RequestLogWriter, type RequestLogEntry } from '../lib/services/request-logs/writer';

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('bench:request-log-writes needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
const BATCHES = Number(process.env.BENCH_BATCHES || 40);
const BATCH = Number(process.env.BENCH_BATCH || 200);

const PARTNER = 'part_bench_request_log';
let seq = 0;

/** A payment's answer as the API gives it (~1 kB of JSON). */
const answer = (i: number) =>
  JSON.stringify({
    ok: true,
    data: {
      token: `sub_0mx31cya80016abcy${i}`,
      organization_id: 'org_0mx31ct0j0002hzgsc8rtfew5',
      partner_id: PARTNER,
      payment_id: `bench-${i}-4cf4-9306-caeced949ba6`,
      admission_id: `adm_0mx31cya8000huh0h${i}`,
      workflow: 'push.v1',
      amount: { value: '1250', currency: 'USD' },
      debtor_party: { name: 'Alice Example', address: `alice-${i}@bank.test` },
      beneficiary_party: { name: 'Bob Example', address: 'bob@other.test' },
      reference: `invoice ${i}`,
      status: 1,
      status_name: 'pending',
      submission_time: 1796029109,
      created_at: { seconds: 1796029103 },
      updated_at: { seconds: 1796029109 },
      transaction_id: null,
      liquidity_queued_at: null,
      related: { returns: [], exceptions: [] },
    },
  });

function entries(n: number): RequestLogEntry[] {
  return Array.from({ length: n }, () => {
    const i = seq++;
    const id = `req_0mx${String(i).padStart(14, '0')}`;
    return {
      partnerId: PARTNER,
      id,
      requestId: id,
      orgId: 'org_bench_request_log',
      at: new Date().toISOString(),
      method: 'POST',
      path: `/api/v1/csp/payments/bench-${i}-4cf4-9306-caeced949ba6/submit`,
      route: '/payments/{payment_id}/submit',
      query: null,
      status: 200,
      latencyMs: 12.5,
      credential: 'key:api_0mx31cta8000ag3zs4l3knrnl',
      actor: 'bench',
      source: 'api',
      idempotencyKey: `idem-${i}`,
      replayed: false,
      errorCode: null,
      errorMessage: null,
      sandbox: true,
      requestBody: `{"amount":"1250","currency":"USD","reference":"invoice ${i}"}`,
      responseBody: answer(i),
    };
  });
}

const ticks = (pid: number) => parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))!.ticks;
const ownMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

const scratch = await createScratchDatabase(adminUrl, 'csp_bench');
// One connection: the backend whose CPU is read is the one that writes.
const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
try {
  const { db } = database;
  await db
    .insert(schema.organizations)
    .values({ id: 'org_bench_request_log', name: 'Bench', status: 'verified' });
  await db.insert(schema.namespaces).values({
    id: PARTNER,
    orgId: 'org_bench_request_log',
    name: 'Bench',
    domain: 'request-log.bench.test',
    environment: 'sandbox',
  });
  const one = async (q: ReturnType<typeof sql>) => rowsOf(await db.execute(q))[0]!;
  const backend = Number((await one(sql`SELECT pg_backend_pid() AS pid`)).pid);
  const writer = new RequestLogWriter(db);
  const writeBatch = async (batch: RequestLogEntry[]) => {
    for (const e of batch) writer.record(e);
    await writer.flush();
  };
  for (let i = 0; i < 5; i++) await writeBatch(entries(BATCH));

  const batches = Array.from({ length: BATCHES }, () => entries(BATCH));
  const lsn = String((await one(sql`SELECT pg_current_wal_insert_lsn()::text AS lsn`)).lsn);
  const backend0 = ticks(backend);
  const own0 = ownMicros();
  const started = process.hrtime.bigint();
  for (const batch of batches) await writeBatch(batch);
  const wallMicros = Number(process.hrtime.bigint() - started) / 1000;
  const ownUs = ownMicros() - own0;
  const backendUs = (ticks(backend) - backend0) * 10_000;
  const wal = Number(
    (await one(sql`SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), ${lsn}::pg_lsn) AS b`)).b,
  );
  const n = BATCHES * BATCH;
  const written = Number((await one(sql`SELECT count(*) AS n FROM request_logs`)).n);
  if (written !== n + 5 * BATCH) throw new Error(`${written} entries written of ${n + 5 * BATCH}`);
  const row = {
    entries: n,
    batch: BATCH,
    database_cpu_us_per_entry: Math.round((backendUs / n) * 10) / 10,
    writer_cpu_us_per_entry: Math.round((ownUs / n) * 10) / 10,
    wall_us_per_entry: Math.round((wallMicros / n) * 10) / 10,
    wal_bytes_per_entry: Math.round(wal / n),
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
  console.log(JSON.stringify(row));
  console.log(
    `\n| entries | batch | PostgreSQL CPU µs/entry | writer CPU µs/entry | wall µs/entry | WAL B/entry | load |\n|---:|---:|---:|---:|---:|---:|---|\n| ${n} | ${BATCH} | ${row.database_cpu_us_per_entry} | ${row.writer_cpu_us_per_entry} | ${row.wall_us_per_entry} | ${row.wal_bytes_per_entry} | ${row.load} |`,
  );
} finally {
  await database.close();
  await scratch.drop();
}
