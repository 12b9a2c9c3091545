import { WORKERS, type Worker } from './index';
import { purgeExpiredIdempotencyKeys } from '@/lib/api/idempotency';
import { expireDueSubmissions } from '@/lib/services/payments/expiry';
import { workSandboxBankTasks } from '@/lib/services/payments/sandbox-bank';
import { runCutoff } from '@/lib/services/settlement/cutoff';
import { config } from '@/lib/config';
import { POLL_MS } from '@/lib/webhooks/config';
import { webhookDeliverer } from '@/lib/webhooks/worker';

const SANDBOX_BANK_DELAY_MS = Number(process.env.SANDBOX_BANK_DELAY_MS || 3000);
const EXPIRY_SWEEP_MS = Number(process.env.EXPIRY_SWEEP_MS || 5000);

const ALL: Worker[] = [
  { name: 'idempotency-purge', intervalMs: 10 * 60 * 1000, run: (db) => purgeExpiredIdempotencyKeys(db) },
  { name: 'payment-expiry', intervalMs: EXPIRY_SWEEP_MS, run: (db) => expireDueSubmissions(db) },
  { name: 'settlement-cutoff', intervalMs: config.settlementIntervalSeconds * 1000, run: (db) => runCutoff(db) },
  { name: 'webhooks', intervalMs: POLL_MS, run: async (db) => webhookDeliverer(db).poke() },
  { name: 'sandbox-bank', intervalMs: Math.max(100, Math.min(1000, SANDBOX_BANK_DELAY_MS / 2)), run: (db) => workSandboxBankTasks(db, SANDBOX_BANK_DELAY_MS) },
];

export function registerAllWorkers(): void {
  for (const w of ALL) if (!WORKERS.some((x) => x.name === w.name)) WORKERS.push(w);
}
