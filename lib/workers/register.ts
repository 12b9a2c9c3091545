import { WORKERS, type Worker } from './index';
import { purgePastRetention } from '@/lib/services/retention/purge';
import { expireDueSubmissions, submissionsToExpire } from '@/lib/services/payments/expiry';
import { sandboxBankTasksDue, workSandboxBankTasks } from '@/lib/services/payments/sandbox-bank';
import { runCutoff } from '@/lib/services/settlement/cutoff';
import { paymentsQueued, releaseIfQueued } from '@/lib/services/liquidity/release';
import { alertsToMail, mailLiquidityAlerts } from '@/lib/services/liquidity/alerts';
import { foldRollups, rollupsToFold } from '@/lib/services/overview/fold';
import { entriesToSeal, sealAuditTrail } from '@/lib/services/audit/seal';
import { config } from '@/lib/config';
import { POLL_MS } from '@/lib/webhooks/config';
import { webhookDeliverer } from '@/lib/webhooks/worker';
import { deliveryWork } from '@/lib/webhooks/store';

/**
 * Every worker with a `pending` question is asked it with the others, in one statement at each
 * tick of the shortest of their intervals (lib/workers/index.ts): an idle server reads once a
 * tick, and a pass runs only when its question says there is work.
 */
const ALL: Worker[] = [
  {
    name: 'retention-purge',
    intervalMs: config.retention.purgeIntervalSeconds * 1000,
    run: (db) => purgePastRetention(db, config.databaseUrl ? 'postgres' : 'pglite'),
  },
  {
    name: 'payment-expiry',
    intervalMs: config.expirySweepMs,
    pending: () => submissionsToExpire(),
    run: (db) => expireDueSubmissions(db),
  },
  // The overview's figures: folds the deltas the writes appended (lib/services/overview/fold.ts).
  { name: 'rollup-fold', intervalMs: 1000, pending: rollupsToFold, run: (db) => foldRollups(db) },
  // The audit trail's hash chain: links the entries written since the last pass (docs/audit.md).
  { name: 'audit-seal', intervalMs: 1000, pending: entriesToSeal, run: (db) => sealAuditTrail(db) },
  {
    name: 'settlement-cutoff',
    intervalMs: config.settlementIntervalSeconds * 1000,
    run: (db) => runCutoff(db),
  },
  // New events wake the deliverer at once (it listens from the start); the poll finds retries
  // coming due and events whose notification was missed.
  {
    name: 'webhooks',
    intervalMs: POLL_MS,
    start: (db) => void webhookDeliverer(db),
    pending: deliveryWork,
    run: async (db) => webhookDeliverer(db).poke(),
  },
  // The liquidity queue, for the headroom incoming payments free (cut-offs, funds and caps release it at once).
  { name: 'liquidity-release', intervalMs: 1000, pending: paymentsQueued, run: (db) => releaseIfQueued(db) },
  // Liquidity alerts to the participants' admins, when SMTP is configured (lib/services/liquidity/alerts.ts).
  { name: 'liquidity-alerts', intervalMs: 2000, pending: alertsToMail, run: (db) => mailLiquidityAlerts(db) },
  {
    // Answers a task between its delay and a second later (at most its delay again). Its question
    // is asked that often, idle or not, and sets the shared tick wherever the delay is under the
    // webhooks' poll (a test server's 300 ms).
    name: 'sandbox-bank',
    intervalMs: Math.max(100, Math.min(1000, config.sandboxBankDelayMs)),
    pending: () => sandboxBankTasksDue(config.sandboxBankDelayMs),
    run: (db) => workSandboxBankTasks(db, config.sandboxBankDelayMs),
  },
];

export function registerAllWorkers(): void {
  for (const w of ALL) if (!WORKERS.some((x) => x.name === w.name)) WORKERS.push(w);
}
