/**
 * The benchmark's server process (forked by bench/webhooks.ts): the standalone gateway host —
 * migrations, start-up and background workers including webhook delivery, HTTP on PORT — with the
 * event producer inside it, writing outbox events through emitEvents (the services' own insert)
 * on the same database handle. DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) choose the database.
 */
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { getGateway } from '@/lib/gateway/app';
import { startServices } from '@/lib/server/start';
import { getDatabase, schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { config } from '@/lib/config';
import { newId } from '@/lib/ids';
import { newWebhookSecret } from '@/lib/auth/secrets';
import { emitEvents } from '@/lib/events/emit';

type Msg =
  | { cmd: 'setup'; receiverUrl: string; scenario: string; endpoints: number }
  | { cmd: 'produce'; partnerId: string; eventsPerSecond: number; seconds: number }
  | { cmd: 'preload'; partnerId: string; events: number }
  | { cmd: 'cpu' }
  | { cmd: 'latency'; since: number }
  | { cmd: 'exit' };

await startServices();
serve({ fetch: getGateway().fetch, port: config.port, hostname: '127.0.0.1' });
const { db } = await getDatabase();
await db.execute(
  sql`INSERT INTO organizations (id, name, status) VALUES ('org_bench_wh', 'Webhook bench', 'verified') ON CONFLICT DO NOTHING`,
);

const event = (partnerId: string, i: number) => ({
  type: 'payment.created' as const,
  orgId: 'org_bench_wh',
  partnerId,
  data: {
    payment: {
      payment_id: `bench-${i}`,
      amount: { currency: 'USD', total: String(100 + i) },
      reference: 'benchmark delivery of a typical payment event',
    },
  },
});

async function handle(m: Msg): Promise<unknown> {
  if (m.cmd === 'setup') {
    // A fresh namespace per scenario; earlier scenarios' endpoints are deleted.
    await db.execute(sql`UPDATE webhooks SET deleted_at = now(), enabled = false WHERE deleted_at IS NULL`);
    const partnerId = newId('part');
    await db.insert(schema.namespaces).values({
      id: partnerId,
      orgId: 'org_bench_wh',
      name: partnerId,
      domain: `${partnerId}.bench`,
      environment: 'production',
    });
    const secrets: Record<string, string> = {};
    for (let i = 0; i < m.endpoints; i++) {
      secrets[String(i)] = newWebhookSecret();
      await db.insert(schema.webhooks).values({
        id: newId('wh'),
        orgId: 'org_bench_wh',
        partnerId,
        url: `${m.receiverUrl}/${m.scenario}/${i}`,
        eventTypes: ['*'],
        secret: secrets[String(i)]!,
      });
    }
    await new Promise((r) => setTimeout(r, 20)); // endpoints only receive events newer than themselves
    return { partnerId, secrets };
  }
  if (m.cmd === 'preload') {
    const started = process.cpuUsage();
    for (let i = 0; i < m.events; i += 1000) {
      await emitEvents(
        db,
        Array.from({ length: Math.min(1000, m.events - i) }, (_, k) => event(m.partnerId, i + k)),
      );
    }
    return { cpu: process.cpuUsage(started) };
  }
  if (m.cmd === 'produce') {
    // Steady rate: every 50 ms, the events due by now, in one transaction.
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let produced = 0;
    const total = Math.round(m.eventsPerSecond * m.seconds);
    while (produced < total) {
      const due =
        Math.min(total, Math.floor(((performance.now() - t0) / 1000) * m.eventsPerSecond)) - produced;
      if (due > 0) {
        await emitEvents(
          db,
          Array.from({ length: due }, (_, k) => event(m.partnerId, produced + k)),
        );
        produced += due;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return { produced, seconds: (performance.now() - t0) / 1000, cpu: process.cpuUsage(cpu0) };
  }
  if (m.cmd === 'latency') {
    // The server's own view of the requests since `since`: the round trip of each attempt.
    const r = await db.execute(
      sql`SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY latency_ms) AS p99 FROM webhook_attempts WHERE attempted_at >= ${new Date(m.since).toISOString()}::timestamptz`,
    );
    return rowsOf(r)[0];
  }
  // CPU time of this process so far (user + system, µs); the orchestrator takes differences.
  const { user, system } = process.cpuUsage();
  return user + system;
}

process.on('message', (m: Msg) => {
  if (m.cmd === 'exit') process.exit(0);
  handle(m).then(
    (r) => process.send!({ ok: true, result: r }),
    (err: Error) => process.send!({ ok: false, error: err.stack }),
  );
});
process.send!({ ready: true });
