import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { logger } from '@/lib/log/logger';
import { TASK } from '@/lib/domain/statuses';
import { sandboxBankOutcome } from '@/lib/domain/sandbox-bank';
import { SANDBOX_BANK_ACTOR } from '../lifecycle/serialize';
import { applyTaskUpdate } from './tasks';
import { metrics } from '@/lib/metrics/metrics';

const { admissionTasks, namespaces, payments } = schema;

/**
 * Works the Sandbox Bank's pending tasks a few seconds after their creation. Nothing is locked or
 * claimed: the due tasks are read with a plain SELECT, so several instances may pick the same task.
 * Each answer goes through `applyTaskUpdate`, whose write is guarded by the submission's version
 * and status: of two concurrent answers only one is written, and the other reads the task again
 * and finds it answered (the same final answer: unchanged, no event; any other: 409, skipped
 * here). So a task is answered, and its `admission_task.updated` event written, once.
 */
export async function workSandboxBankTasks(db: Db, delayMs: number, batch = 50): Promise<number> {
  const cutoff = new Date(Date.now() - delayMs);
  const due = await db
    .select({ id: admissionTasks.id, amount: payments.amountMinor })
    .from(admissionTasks)
    .innerJoin(namespaces, eq(namespaces.id, admissionTasks.partnerId))
    .innerJoin(payments, eq(payments.id, admissionTasks.paymentPk))
    .where(
      and(
        eq(namespaces.isSystem, true),
        eq(admissionTasks.status, TASK.pending),
        lte(admissionTasks.createdAt, cutoff),
      ),
    )
    .limit(batch);
  let done = 0;
  for (const t of due) {
    try {
      // By the amount's last two digits: the test amounts of lib/domain/sandbox-bank.ts.
      const outcome = sandboxBankOutcome(t.amount);
      await applyTaskUpdate(
        db,
        t.id,
        { ...outcome, note: 'Answered automatically by the Sandbox Bank' },
        SANDBOX_BANK_ACTOR,
      );
      metrics()?.sandboxBankDecisions.inc({ decision: outcome.status });
      done++;
    } catch (err) {
      // Another instance answered first (409), or the submission ended meanwhile: nothing to do.
      logger.debug({ err, task: t.id }, 'sandbox bank skipped a task');
    }
  }
  return done;
}
