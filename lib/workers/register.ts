import { WORKERS, type Worker } from './index';
import { purgePastRetention } from '@/lib/services/retention/purge';
import { expireDueSubmissions } from '@/lib/services/payments/expiry';
import { workSandboxBankTasks } from '@/lib/services/payments/sandbox-bank';
import { runCutoff } from '@/lib/services/settlement/cutoff';
import { releaseIfQueued } from '@/lib/services/liquidity/release';
import { mailLiquidityAlerts } from '@/lib/services/liquidity/alerts';
import { foldRollups } from '@/lib/services/overview/fold';
import { sealAuditTrail } from '@/lib/services/audit/seal';
import { config } from '@/lib/config';
import { POLL_MS } from '@/lib/webhooks/config';
import { webhookDeliverer } from '@/lib/webhooks/worker';

const ALL: Worker[] = [
  {
    name: 'retention-purge',
    intervalMs: config.retention.purgeIntervalSeconds * 1000,
    run: (db) => purgePastRetention(db, config.databaseUrl ? 'postgres' : 'pglite'),
  },
  { name: 'payment-expiry', intervalMs: config.expirySweepMs, run: (db) => expireDueSubmissions(db) },
  // The overview's figures: folds the deltas the writes appended (lib/services/overview/fold.ts).
  { name: 'rollup-fold', intervalMs: 1000, run: (db) => foldRollups(db) },
  // The audit trail's hash chain: links the entries written since the last pass (docs/audit.md).
  { name: 'audit-seal', intervalMs: 1000, run: (db) => sealAuditTrail(db) },
  {
    name: 'settlement-cutoff',
    intervalMs: config.settlementIntervalSeconds * 1000,
    run: (db) => runCutoff(db),
  },
  { name: 'webhooks', intervalMs: POLL_MS, run: async (db) => webhookDeliverer(db).poke() },
  // The liquidity queue, for the headroom incoming payments free (cut-offs, funds and caps release it at once).
  { name: 'liquidity-release', intervalMs: 1000, run: (db) => releaseIfQueued(db) },
  // Liquidity alerts to the participants' admins, when SMTP is configured (lib/services/liquidity/alerts.ts).
  { name: 'liquidity-alerts', intervalMs: 2000, run: (db) => mailLiquidityAlerts(db) },
  {
    // Answers a task between its delay and a second later (at most its delay again): each pass is a
    // query, every idle second too (a test server's short delay polled at 150 ms was a fifth of its
    // idle CPU on PGlite).
    name: 'sandbox-bank',
    intervalMs: Math.max(100, Math.min(1000, config.sandboxBankDelayMs)),
    run: (db) => workSandboxBankTasks(db, config.sandboxBankDelayMs),
  },
];

export function registerAllWorkers(): void {
  for (const w of ALL) if (!WORKERS.some((x) => x.name === w.name)) WORKERS.push(w);
}
