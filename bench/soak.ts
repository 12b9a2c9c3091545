/**
 * `npm run bench:soak`: storage bounded by retention under sustained load. The standalone gateway
 * on a scratch PostgreSQL database, with retention shortened to minutes and the purge run every
 * 15 s; payment lifecycles (bench/lifecycle-load.ts) for BENCH_DURATION seconds (default 720),
 * with a webhook of each namespace subscribed to every event and answered by a local receiver,
 * so that events, deliveries and attempts are written too. Every 30 s it prints the total size
 * (table, indexes, TOAST) and row count of each table that grows with traffic. The sizes must
 * stop growing once the first retention period has passed.
 * Env: BENCH_DURATION (s), BENCH_CLIENTS (default 30), BENCH_RETENTION (s, default 120),
 * BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { startServer } from '../e2e/api/server';
import { call, linkedParties, loadParty, runLoad } from './lifecycle-harness';

const duration = Number(process.env.BENCH_DURATION || 720);
const clients = Number(process.env.BENCH_CLIENTS || 30);
const retention = Number(process.env.BENCH_RETENTION || 120);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!pgUrl) throw new Error('bench:soak needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');

const TABLES = [
  'idempotency_keys',
  'events',
  'event_queue',
  'webhook_deliveries',
  'webhook_attempts',
  'rate_limit_counters',
  'namespace_rollup_deltas',
  'settlement_queue',
];

async function main() {
  // A receiver that answers every delivery at once.
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

  const server = await startServer({
    host: 'standalone',
    db: 'postgres',
    env: {
      LOG_LEVEL: 'warn',
      CHECK_RESPONSES: 'false',
      SANDBOX_BANK_DELAY_MS: '3000',
      RETENTION_IDEMPOTENCY_SECONDS: String(retention),
      RETENTION_EVENTS_SECONDS: String(retention),
      RETENTION_DELIVERIES_SECONDS: String(retention),
      RETENTION_RATE_LIMIT_SECONDS: String(retention),
      RETENTION_PURGE_INTERVAL_SECONDS: '15',
      // Settled every minute: the settlement queue is emptied as in production, only more often.
      SETTLEMENT_INTERVAL_SECONDS: '60',
    },
  });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const base = server.baseUrl;
    const { debtor, beneficiary } = await linkedParties(base);
    for (const p of [debtor, beneficiary])
      await call(base, 'POST', '/webhook', {
        token: p.token,
        partner: p.partnerId,
        body: { url: hookUrl, event_types: ['*'] },
      });

    const samples: Array<Record<string, number | string>> = [];
    const started = Date.now();
    const sample = async () => {
      const row: Record<string, number | string> = { s: Math.round((Date.now() - started) / 1000) };
      let total = 0;
      for (const t of TABLES) {
        const { rows } = await db.query(
          `SELECT pg_total_relation_size($1::regclass)::bigint AS bytes, (SELECT count(*) FROM ${t})::int AS n`,
          [t],
        );
        const mb = Number(rows[0].bytes) / 1048576;
        total += mb;
        row[t] = `${mb.toFixed(1)} MB / ${rows[0].n}`;
      }
      row.total_mb = Math.round(total * 10) / 10;
      row.delivered = received;
      row.load = loadavg()[0]!.toFixed(2);
      samples.push(row);
      console.log(JSON.stringify(row));
    };
    await sample();
    const timer = setInterval(() => void sample(), 30_000);
    const result = await runLoad(
      {
        baseUrl: base,
        clients,
        warmup: 3,
        duration,
        debtor: loadParty(debtor),
        beneficiary: loadParty(beneficiary),
      },
      () => {},
    );
    clearInterval(timer);
    await sample();
    console.log(
      JSON.stringify({
        lifecycles: result.lifecycles,
        lifecycles_per_sec: result.lifecycles_per_sec,
        create_p99_ms: result.steps.create.p99_ms,
        errors: result.errors,
        failed: result.failed,
        retention_s: retention,
      }),
    );
  } finally {
    await db.end();
    await server.stop();
    receiver.close();
  }
}

await main();
