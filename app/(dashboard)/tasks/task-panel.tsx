'use client';

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { formatMoney, reasonLabel } from '@/lib/client/format';
import type { Party } from '@/lib/schemas/payments';
import {
  fourEyesText,
  isFirstOfTwo,
  type ClaimChange,
  type Decision,
  type QueueTask,
  type TaskUpdate,
} from './use-queue';
import { TaskNotes } from './task-notes';
import { CARD, LINK } from '@/components/ui/styles';
import { paymentQuery } from '@/lib/client/queries/payments';
import { returnQuery } from '@/lib/client/queries/returns';
import { parseAddress } from '@/lib/domain/address';
import { isReturnRequest, taskLabel } from './task-names';
import { ClaimUntil, Since } from './clock';
import { useNamespace } from '@/lib/client/namespace';
import { changedBy } from '@/lib/domain/rule-words';
import { noteBesideRule, ruleIdOf } from '@/lib/domain/rules';
import { RuleMatch } from './rule-match';

/** The completing button's words: a return request returns the money; four eyes approve. */
function completeLabel(task: QueueTask, staged: boolean): string {
  const returning = isReturnRequest(task);
  if (staged) return returning ? 'Returning…' : 'Completing…';
  const approval = isFirstOfTwo(task) ? ' (1 of 2)' : task.approvals.length > 0 ? ' (2 of 2)' : null;
  if (approval) return `${returning ? 'Approve the return' : 'Approve'}${approval}`;
  return returning ? 'Return the money' : 'Complete';
}

const partyName = (p: Party) => [p.first_name, p.last_name].filter(Boolean).join(' ');

/** Who pays whom, and for what: read with the task, so a decision is never made blind. */
function Parties({ paymentId }: { paymentId: string }) {
  const ns = useNamespace();
  // The payment's own query: the payment page reads the same entry.
  const payment = useQuery({ ...paymentQuery(ns, paymentId), staleTime: 30_000 });
  const p = payment.data;
  if (!p)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {payment.isError ? '' : 'Loading the parties…'}
      </p>
    );
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" aria-label="Parties">
      {(
        [
          ['From', p.debtor_party],
          ['To', p.beneficiary_party],
        ] as const
      ).map(([term, party]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="min-w-0 break-words">
            {partyName(party) ? `${partyName(party)} · ` : ''}
            {party.payment_address}
          </dd>
        </div>
      ))}
      {p.reference ? (
        <>
          <dt className="text-slate-600 dark:text-slate-400">For</dt>
          <dd className="min-w-0 break-words">{p.reference}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * A return request as its decider needs it (`GET /returns/{id}`: the task's payment is the return):
 * which payment the money came with, how much is asked back, why, and since when.
 */
function ReturnRequest({ task }: { task: QueueTask }) {
  const ns = useNamespace();
  const ret = useQuery({ ...returnQuery(ns, task.payment_id), staleTime: 30_000 });
  // The return payment goes to the requester: its payee's domain names who asks.
  const payment = useQuery({ ...paymentQuery(ns, task.payment_id), staleTime: 30_000 });
  const r = ret.data;
  const asker = payment.data ? parseAddress(payment.data.beneficiary_party.payment_address)?.domain : null;
  if (!r)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {ret.isError ? 'The return could not be read.' : 'Loading the request…'}
      </p>
    );
  return (
    <div
      className="flex flex-col gap-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      data-testid="return-request"
    >
      <p>
        {asker ?? 'The payer’s bank'} asks for{' '}
        <span className="font-medium">{formatMoney(r.amount.total, r.amount.currency)}</span> of{' '}
        <Link className={LINK} href={`/payments/${encodeURIComponent(r.payment_id)}`}>
          {r.payment_id}
        </Link>{' '}
        back.
      </p>
      <p>
        Reason: {r.reason_text} ({r.reason})
      </p>
      {r.note ? <p className="break-words">Note: “{r.note}”</p> : null}
      <p>
        Waiting for <Since at={r.created_at} />.
      </p>
    </div>
  );
}

/**
 * Why the task is on hold and by whom: a rule's hold (named above it, RuleMatch) says its own
 * note, without the rule's name again.
 */
function OnHold({ task }: { task: QueueTask }) {
  const byRule = task.rule !== null && ruleIdOf(task.updated_by) === task.rule.id;
  const note = byRule ? noteBesideRule(task.note, task.rule!.name) : task.note;
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      On hold ({reasonLabel(task.status_reason)})
      {task.updated_by && !byRule ? ` by ${changedBy(task.updated_by, task.rule)}` : ''}
      {note ? (
        <>
          : <q>{note}</q>
        </>
      ) : null}
    </p>
  );
}

// The form of a failure or a hold, with the form library: fetched when someone reaches for it
// (a pointer on Fail or Hold, their focus, the f and h keys), not with the queue — its evaluation
// in the page's load was main-thread time before the queue answered to input.
const loadDecisionForm = () => import('./decision-form');
export const preloadDecisionForm = () => void loadDecisionForm();
const DecisionForm = lazy(() => loadDecisionForm().then((m) => ({ default: m.DecisionForm })));

/** The side panel where a support agent works the selected task. */

export function TaskPanel({
  task,
  decision,
  isPending,
  staged,
  onComplete,
  onChoose,
  onSubmit,
  onCancel,
  onClaim,
}: {
  task: QueueTask | undefined;
  decision: Decision | null;
  isPending: boolean;
  /** This task's completion is waiting out its undo window. */
  staged: boolean;
  onComplete: (task: QueueTask) => void;
  onChoose: (d: Decision) => void;
  onSubmit: (u: TaskUpdate) => void;
  /** Closes the reason form (Esc or Cancel) without deciding. */
  onCancel: () => void;
  /** Claims or releases the task; taking over a colleague's claim is asked first. */
  onClaim: (c: Omit<ClaimChange, 'task'>) => void;
}) {
  const [askTakeOver, setAskTakeOver] = useState(false);
  return (
    <aside aria-label="Work the task" className={`flex flex-col gap-3 self-start ${CARD}`}>
      {task ? (
        <>
          <h2 className="font-medium">{taskLabel(task.name)}</h2>
          <p className="text-sm">
            <Link className={LINK} href={`/payments/${encodeURIComponent(task.payment_id)}`}>
              {task.payment_id}
            </Link>{' '}
            · {formatMoney(task.amount.total, task.amount.currency)}
          </p>
          {isReturnRequest(task) ? <ReturnRequest task={task} /> : null}
          <Parties paymentId={task.payment_id} />
          <div className="flex flex-wrap items-center gap-2 text-sm" aria-label="Who is on it" role="group">
            {!task.claim ? (
              <>
                <span className="text-slate-600 dark:text-slate-400">Nobody is on it.</span>
                <Button
                  variant="secondary"
                  className="ml-auto py-1"
                  onClick={() => onClaim({ action: 'claim' })}
                >
                  Claim
                </Button>
              </>
            ) : task.claimed_by_you ? (
              <>
                <span>
                  You are on it <ClaimUntil until={task.claim.until} />.
                </span>
                <Button
                  variant="secondary"
                  className="ml-auto py-1"
                  onClick={() => onClaim({ action: 'release' })}
                >
                  Release
                </Button>
              </>
            ) : (
              <>
                <span>
                  <span className="font-medium">{task.claim.claimed_by}</span> is on it{' '}
                  <ClaimUntil until={task.claim.until} />.
                </span>
                <Button variant="secondary" className="ml-auto py-1" onClick={() => setAskTakeOver(true)}>
                  Take over…
                </Button>
              </>
            )}
          </div>
          {askTakeOver && task.claim && !task.claimed_by_you ? (
            <ConfirmDialog
              open
              title="Take over this task?"
              confirmLabel="Take over"
              tone="primary"
              onConfirm={() => {
                onClaim({ action: 'take_over' });
                setAskTakeOver(false);
              }}
              onCancel={() => setAskTakeOver(false)}
            >
              {task.claim.claimed_by} is working on it <ClaimUntil until={task.claim.until} />. They will see
              that you took it over; you can still decide it without taking it over.
            </ConfirmDialog>
          ) : null}
          <RuleMatch task={task} />
          {task.status === 4 ? <OnHold task={task} /> : null}
          {fourEyesText(task) ? (
            <p className="rounded-md bg-violet-50 px-3 py-2 text-sm text-violet-900 dark:bg-violet-950 dark:text-violet-100">
              {fourEyesText(task)}. Whoever created or submitted the payment cannot approve it
              {task.approvals.length > 0 ? ', nor can its first approver' : ''}.
            </p>
          ) : null}
          {task.approval_refusal ? (
            <p id="approval-refusal" className="text-sm font-medium text-violet-900 dark:text-violet-200">
              {task.approval_refusal}.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              className="whitespace-nowrap"
              disabled={isPending || staged || task.approval_refusal !== null}
              aria-describedby={task.approval_refusal ? 'approval-refusal' : undefined}
              onClick={() => onComplete(task)}
            >
              {completeLabel(task, staged)}
            </Button>
            <Button
              variant="danger"
              disabled={isPending || staged}
              onPointerEnter={preloadDecisionForm}
              onFocus={preloadDecisionForm}
              onClick={() => onChoose('failed')}
            >
              {isReturnRequest(task) ? 'Refuse…' : 'Fail…'}
            </Button>
            {task.status !== 4 ? (
              <Button
                variant="secondary"
                disabled={isPending || staged}
                onPointerEnter={preloadDecisionForm}
                onFocus={preloadDecisionForm}
                onClick={() => onChoose('on_hold')}
              >
                Hold…
              </Button>
            ) : null}
          </div>
          {decision === 'failed' || decision === 'on_hold' ? (
            <Suspense fallback={null}>
              <DecisionForm
                key={`${task.token}-${decision}`}
                task={task}
                decision={decision}
                isPending={isPending}
                onSubmit={onSubmit}
                onCancel={onCancel}
              />
            </Suspense>
          ) : null}
          <TaskNotes key={task.token} task={task} />
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Select a task to work it.</p>
      )}
    </aside>
  );
}
