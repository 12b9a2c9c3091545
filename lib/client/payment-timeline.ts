import { reasonLabel } from '@/lib/domain/reasons';
import { ruleIdOf } from '@/lib/domain/rules';
import { SUBMISSION, SUBMISSION_LABELS, TASK_LABELS } from '@/lib/domain/statuses';
import type { Payment, Submission, Task, Transaction } from '@/lib/schemas/payments';

/** One entry of a payment's timeline; `href` links the step to its own screen. */
export interface TimelineStep {
  /** Unix seconds; null when the gateway gives no time for the step (or it is still being read). */
  at: number | null;
  text: string;
  href?: string;
}

/** `approval`: on a four-eyes task, which approval the change was (1, or 2 of two). */
type TaskChange = Pick<Task, 'status' | 'status_reason' | 'updated_by' | 'note'> & {
  at: number;
  approval?: number;
};

/**
 * A change of a task in the timeline. A note added on its own leaves the status and reason as the
 * change before it (`prev`; none: pending) left them, and says only the note.
 */
const changeText = (c: TaskChange, prev: TaskChange | undefined) =>
  c.approval && c.status === 1
    ? 'approved, awaiting a second approver'
    : c.note &&
        !c.approval &&
        c.status === (prev?.status ?? 1) &&
        c.status_reason === (prev?.status_reason ?? 0)
      ? `note “${c.note}”`
      : `${TASK_LABELS[c.status]} (${reasonLabel(c.status_reason)}${c.approval === 2 ? ', second approval' : ''})`;

const isoSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * A payment's life up to its settlement, each step at its own time: created, submitted, every
 * change of its tasks, queued for liquidity (when its last task completed past the debtor's cap),
 * and its outcome — admitted when its transaction was made (the transaction's `created_on`, its
 * clearing time: a queued payment is admitted when the queue releases it, not when its tasks
 * completed), rejected when the task that failed it was worked, expired at its `expires_at` —
 * then its settlement batch (`settledAt`: the batch's completion, once read).
 */
export function paymentTimeline(input: {
  payment: Pick<Payment, 'initiated_at' | 'expires_at'>;
  /** None (null, or undefined while it is read): not submitted. */
  submission: Submission | null | undefined;
  tasks: Task[];
  /** Undefined while they are read. */
  transactions: Transaction[] | undefined;
  /** The completion of the batch `batchId` (the payment's one transaction's), once read. */
  settled?: { batchId: string; at: number | null | undefined } | null;
  /** The reader is the debtor's namespace: the liquidity queue it waits in is its own (/liquidity). */
  debtorSide: boolean;
}): TimelineStep[] {
  const { payment, submission: sub, tasks, transactions } = input;
  const steps: TimelineStep[] = [{ at: isoSeconds(payment.initiated_at), text: 'Created' }];
  if (!sub) return steps;
  steps.push({ at: sub.submission_time, text: `Submitted (${sub.workflow})` });
  // One entry per change of each task; a task without a kept history shows its current state.
  const changes: TimelineStep[] = [];
  for (const t of tasks) {
    const history: TaskChange[] = t.history?.length
      ? t.history
      : t.status !== 1 || t.modified_on !== t.created_on
        ? [{ ...t, at: t.modified_on }]
        : [];
    const name = t.name.replace(/_/g, ' ');
    // A change by the rule the task matched names it and leads to the rules (its own organization
    // sees `rule:<id>`; another sees the namespace's name and "(rule)", as for a person).
    const byRule = (c: TaskChange) => t.rule != null && ruleIdOf(c.updated_by) === t.rule.id;
    history.forEach((c, i) =>
      changes.push(
        byRule(c)
          ? {
              at: c.at,
              text: `${name}: ${changeText(c, history[i - 1])}, decided by rule “${t.rule!.name}”`,
              href: '/rules',
            }
          : {
              at: c.at,
              text: `${name}: ${changeText(c, history[i - 1])}${c.updated_by ? ` by ${c.updated_by}` : ''}`,
            },
      ),
    );
    // A rule that matched and left the task to people: sent to review, or an accept four eyes stop.
    if (t.rule && !history.some(byRule))
      changes.push({
        at: t.created_on,
        text:
          t.rule.action === 'review'
            ? `${name}: sent to review by rule “${t.rule.name}”`
            : `${name}: matched rule “${t.rule.name}”, left to people${t.rule.action === 'accept' ? ' (four eyes apply)' : ''}`,
        href: '/rules',
      });
  }
  steps.push(...changes.sort((x, y) => x.at! - y.at!));
  const queued = sub.liquidity_queued_at !== null;
  if (queued)
    steps.push({
      at: sub.liquidity_queued_at,
      text: "Queued for liquidity: past the debtor's net debit cap, it waits for headroom",
      ...(input.debtorSide ? { href: '/liquidity' } : {}),
    });
  if (sub.status >= SUBMISSION.admitted) {
    // A settled submission was admitted first (its batch follows).
    const status: number = sub.status === SUBMISSION.settled ? SUBMISSION.admitted : sub.status;
    const made = transactions?.find((t) => t.transaction_id === sub.transaction_id) ?? transactions?.[0];
    // The submission carries no decision time: an admission is its transaction's making, an
    // expiry happens at expires_at, a rejection when the last task was worked.
    const at =
      status === SUBMISSION.admitted
        ? made
          ? isoSeconds(made.created_on)
          : null
        : status === SUBMISSION.expired
          ? isoSeconds(payment.expires_at)
          : Math.max(0, ...tasks.map((t) => t.modified_on)) || null;
    const label = SUBMISSION_LABELS[status]!;
    steps.push({
      at,
      text: queued && status === SUBMISSION.admitted ? `${label}: released by the liquidity queue` : label,
    });
  }
  for (const t of transactions ?? []) {
    if (!t.batch_id) continue;
    const settledAt = input.settled?.batchId === t.batch_id ? (input.settled.at ?? null) : null;
    steps.push({
      at: settledAt,
      text: t.status === 3 ? `Settled with batch ${t.batch_id}` : `In settlement batch ${t.batch_id}`,
      href: `/settlements/${encodeURIComponent(t.batch_id)}`,
    });
  }
  return steps;
}
