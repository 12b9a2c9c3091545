import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { logger } from '@/lib/log/logger';
import { TASK } from '@/lib/domain/statuses';
import { effectiveAction, firstMatch } from '@/lib/domain/rules';
import { metrics } from '@/lib/metrics/metrics';
import { namespaceRules } from '../rules/cache';
import { localMinutes } from '../rules/clock';
import { applyRuleDecisions } from './rule-decisions';

const { admissionTasks, namespaces, payments } = schema;

/** The Sandbox Bank's pending tasks created `delayMs` ago or earlier. */
function dueTasks(delayMs: number) {
  return and(
    eq(namespaces.isSystem, true),
    eq(admissionTasks.status, TASK.pending),
    lte(admissionTasks.createdAt, new Date(Date.now() - delayMs)),
  );
}

/** Whether the Sandbox Bank has a task to answer (the workers' question, lib/workers). */
export const sandboxBankTasksDue = (delayMs: number) =>
  sql`EXISTS (SELECT 1 FROM ${admissionTasks} JOIN ${namespaces} ON ${eq(namespaces.id, admissionTasks.partnerId)} WHERE ${dueTasks(delayMs)})`;

/**
 * Works the Sandbox Bank's pending tasks a few seconds after their creation (DESIGN §5: a new
 * user sees a payment wait, then be answered), by its own namespace's admission rules — the test
 * amounts of lib/domain/sandbox-bank.ts, written as rules at start-up (lib/services/setup) and
 * evaluated as anyone's are (lib/domain/rules.ts), only later. Nothing is locked or claimed: the
 * due tasks are read with a plain SELECT, so several instances may pick the same task. Each
 * decision goes through the task's state machine, whose write is guarded by the submission's
 * version and status: of two concurrent answers only one is written, the other finds the task
 * answered and is skipped. So a task is answered, and its `admission_task.updated` event
 * written, once.
 */
export async function workSandboxBankTasks(db: Db, delayMs: number, batch = 50): Promise<number> {
  const due = await db
    .select({
      id: admissionTasks.id,
      name: admissionTasks.name,
      partnerId: admissionTasks.partnerId,
      fourEyes: admissionTasks.fourEyesApprovals,
      createdAt: admissionTasks.createdAt,
      nsName: namespaces.name,
      rulesVersion: namespaces.rulesVersion,
      amount: payments.amountMinor,
      currency: payments.currency,
      reference: payments.reference,
      counterpartyDomain: sql<string>`(select n.domain from ${namespaces} n where n.id = case when ${payments.debtorPartnerId} = ${admissionTasks.partnerId} then ${payments.beneficiaryPartnerId} else ${payments.debtorPartnerId} end)`,
    })
    .from(admissionTasks)
    .innerJoin(namespaces, eq(namespaces.id, admissionTasks.partnerId))
    .innerJoin(payments, eq(payments.id, admissionTasks.paymentPk))
    .where(dueTasks(delayMs))
    .limit(batch);
  let done = 0;
  for (const t of due) {
    const rules = await namespaceRules(db, db, t.partnerId, t.rulesVersion);
    const rule = rules
      ? firstMatch(rules.rules, {
          taskName: t.name,
          amount: t.amount,
          currency: t.currency,
          counterpartyDomain: t.counterpartyDomain,
          counterpartyKnown: false,
          reference: t.reference,
          payer: new Map(),
          localMinutes: (timeZone) => localMinutes(t.createdAt, timeZone),
        })
      : null;
    if (!rule) continue;
    const action = effectiveAction(rule.action, t.fourEyes > 0);
    if (action === 'review') continue;
    try {
      await db
        .update(admissionTasks)
        .set({ ruleId: rule.id, ruleName: rule.name, ruleAction: rule.action })
        .where(eq(admissionTasks.id, t.id));
      await applyRuleDecisions(db, [{ taskId: t.id, rule, action, label: `${t.nsName} (rule)` }]);
      metrics()?.sandboxBankDecisions.inc({
        decision: action === 'accept' ? 'completed' : action === 'reject' ? 'failed' : 'on_hold',
      });
      done++;
    } catch (err) {
      logger.debug({ err, task: t.id }, 'sandbox bank skipped a task');
    }
  }
  return done;
}
