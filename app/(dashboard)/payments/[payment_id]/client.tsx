'use client';

import { PaymentStatusBadge } from '@/components/payments/status-badge';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { useEffect, useRef } from 'react';
import { apiFetch, isNotFound } from '@/lib/client/api';
import { DetailRow } from '@/components/ui/detail-row';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { CopyButton } from '@/components/ui/copy-button';
import { isoSeconds, LocalTime } from '@/components/ui/local-time';
import { formatMoney, reasonLabel, SUBMISSION_STATUS, TASK_STATUS } from '@/lib/client/format';
import { CARD, LINK } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import type { Party, Submission } from '@/lib/schemas/payments';
import {
  paymentExceptionsQuery,
  paymentKeys,
  paymentQuery,
  paymentTasksQuery,
  paymentTransactionsQuery,
  submissionQuery,
  type Payment,
} from '@/lib/client/queries/payments';
import { batchQuery } from '@/lib/client/queries/settlements';
import { parseAddress } from '@/lib/domain/address';
import { noteBesideRule, ruleIdOf } from '@/lib/domain/rules';
import { useNamespace } from '@/lib/client/namespace';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import { DetailPageSkeleton } from '@/components/ui/skeleton';
import PaymentNotFound from './not-found';
import { PaymentAsCall } from '@/components/snippets/payment-as-call';
import { paymentReturnsQuery, returnQuery } from '@/lib/client/queries/returns';
import { returnSteps, ReturnsSection } from './returns-section';
import { LiquidityWait, QueuedBadge } from './liquidity-wait';
import { paymentTimeline, type TimelineStep } from '@/lib/client/payment-timeline';

/** Held by the liquidity queue (DESIGN §11): still pending, with the time it was queued. */
const isQueued = (sub: Submission): sub is Submission & { liquidity_queued_at: number } =>
  sub.status === 1 && sub.liquidity_queued_at !== null;

/** The submission as a record; its transaction id jumps to the transaction lines below. */
function SubmissionRecord({ sub }: { sub: Submission }) {
  return (
    <dl className="divide-y divide-slate-100 dark:divide-slate-800">
      <DetailRow term="Admission id">
        <span className="font-mono">{sub.admission_id}</span>
        <CopyButton value={sub.admission_id} label="admission id" />
      </DetailRow>
      <DetailRow term="Workflow">{sub.workflow}</DetailRow>
      <DetailRow term="Status">
        <PaymentStatusBadge status={sub.status} />
        {isQueued(sub) ? (
          <>
            {' '}
            <QueuedBadge />
          </>
        ) : null}
      </DetailRow>
      <DetailRow term="Submitted at">
        <LocalTime seconds={sub.submission_time} />
      </DetailRow>
      <DetailRow term="Expires at">
        <LocalTime seconds={sub.relationships.payment.expires_at} />
      </DetailRow>
      <DetailRow term="Transaction">
        {sub.transaction_id ? (
          <>
            <a href="#transaction-lines" className={`font-mono ${LINK}`}>
              {sub.transaction_id}
            </a>
            <CopyButton value={sub.transaction_id} label="transaction id" />
          </>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">
            {sub.status <= 2 ? 'None yet: made on admission' : 'None'}
          </span>
        )}
      </DetailRow>
    </dl>
  );
}

export function PaymentDetail({
  paymentId,
  initial,
  canSubmit,
  canReturn,
  namespace,
}: {
  paymentId: string;
  /** The payment as the page read it on the server, in the namespace it was read in. */
  initial: ServerRead<Payment>;
  /** Admins submit a payment that was created and not yet submitted. */
  canSubmit: boolean;
  /** Support and admins ask for an admitted payment back (the payer's side) or give it back (the payee's). */
  canReturn: boolean;
  /** The namespace the payment is read in: its direction, and whose side a ledger line is. */
  namespace: { token: string; domain: string } | null;
}) {
  const id = encodeURIComponent(paymentId);
  const ns = useNamespace();
  const qc = useQueryClient();
  const toast = useToast();
  // The page read the payment on the server (a 404 renders the not-found page instead); after a
  // namespace switch it is read afresh in the new one.
  const payment = useQuery({ ...paymentQuery(ns, paymentId), initialData: initialFrom(ns, initial) });
  const submission = useQuery({ ...submissionQuery(ns, paymentId), enabled: payment.isSuccess });
  const sub = submission.data;
  // When its status moves, the tasks, transaction and exceptions are read again with it.
  const seenStatus = useRef(sub?.status);
  useEffect(() => {
    if (seenStatus.current !== undefined && seenStatus.current !== sub?.status) {
      for (const part of ['tasks', 'txns', 'exc'] as const)
        void qc.invalidateQueries({ queryKey: paymentKeys.part(ns, paymentId, part) });
    }
    seenStatus.current = sub?.status;
  }, [sub?.status, qc, ns, paymentId]);
  const tasks = useQuery(paymentTasksQuery(ns, paymentId, sub?.admission_id));
  const txns = useQuery({ ...paymentTransactionsQuery(ns, paymentId), enabled: payment.isSuccess });
  // One transaction per payment; its batch's completion is the time of the settled step (the
  // batch's own query: a cut-off refreshes it here too).
  const batchId = txns.data?.transactions.find((t) => t.batch_id)?.batch_id ?? null;
  const batch = useQuery({
    ...batchQuery(ns, batchId ?? ''),
    enabled: Boolean(batchId),
    // Only a timestamp: the step and its link stand without it.
    throwOnError: false,
  });
  const excs = useQuery({ ...paymentExceptionsQuery(ns, paymentId), enabled: payment.isSuccess });
  // An admitted or settled payment may have returns; a return payment is none's original, and
  // says what it returns instead.
  const returnOf = payment.data?.return_of ?? null;
  const returnable = !returnOf && (sub?.status === 3 || sub?.status === 6);
  const returns = useQuery({ ...paymentReturnsQuery(ns, paymentId), enabled: returnable });
  const asReturn = useQuery({
    ...returnQuery(ns, paymentId),
    enabled: Boolean(returnOf),
    throwOnError: false,
  });

  const submit = useMutation({
    mutationFn: () => apiFetch<Submission>(`/payments/${id}/submissions`, { partner: ns, method: 'POST' }),
    onSuccess: async () => {
      toast('success', `Payment ${paymentId} submitted`);
      await qc.invalidateQueries({ queryKey: paymentKeys.detail(ns, paymentId) });
    },
    onError: (e: Error) => toast('error', e.message),
  });

  const p = payment.data;
  if (isNotFound(payment.error)) return <PaymentNotFound />;
  if (!p) return <DetailPageSkeleton label="Loading the payment…" sections={4} />;
  // The domain routes an address to its namespace (lib/domain/address.ts).
  const domainOf = (party: Party) => parseAddress(party.payment_address)?.domain ?? '';
  const outgoing = namespace !== null && domainOf(p.debtor_party) === namespace.domain;
  // A ledger line is the debtor's namespace (debit) or the beneficiary's (credit): named by domain.
  const lineOwner = (partnerId: string, debit: boolean) => {
    const domain = domainOf(debit ? p.debtor_party : p.beneficiary_party);
    return partnerId === namespace?.token ? `${domain} (this namespace)` : domain;
  };
  // Tasks this namespace works (1: the beneficiary's, 2: the debtor's) that still wait.
  const ownSide = outgoing ? 2 : 1;
  const taskList = tasks.data?.tasks ?? [];
  const timeline: TimelineStep[] = paymentTimeline({
    payment: p,
    submission: sub,
    tasks: taskList,
    transactions: txns.data?.transactions,
    settled: batchId ? { batchId, at: batch.data?.summary.completed_on } : null,
    debtorSide: outgoing,
  });
  const sides = { debtor: domainOf(p.debtor_party), beneficiary: domainOf(p.beneficiary_party) };
  timeline.push(...returnSteps(returns.data?.returns ?? [], sides));
  // The payer's side asks for it back, the payee's gives it back; a payment inside one namespace
  // has no other side to return it.
  const returnKind =
    canReturn && namespace && returnable && sides.debtor !== sides.beneficiary
      ? outgoing
        ? ('request' as const)
        : ('initiative' as const)
      : null;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link href="/payments" className={`text-sm ${LINK}`}>
          ← Payments
        </Link>
        <div className="mt-1 flex items-center">
          <PageTitle>Payment {p.payment_id}</PageTitle>
          <CopyButton value={p.payment_id} label="payment id" />
        </div>
        <p className="text-lg">
          {formatMoney(p.amount.total, p.amount.currency)} ·{' '}
          {namespace ? (
            <span data-testid="payment-direction">{outgoing ? 'Outgoing' : 'Incoming'}</span>
          ) : null}{' '}
          {/* A return moves money back whatever its payment type: it is named for what it is. */}
          {returnOf ? 'return' : p.payment_type.replace('Type_', '').toLowerCase()} ·{' '}
          {/* Unknown until the submission is read: never "Not submitted" for a submitted payment. */}
          <span data-testid="payment-status">
            {submission.isPending ? 'Loading status…' : sub ? SUBMISSION_STATUS[sub.status] : 'Not submitted'}
          </span>
          {sub && isQueued(sub) ? (
            <>
              {' '}
              <QueuedBadge />
            </>
          ) : null}
        </p>
        {returnOf ? (
          <p className="text-sm" data-testid="return-of">
            Return of{' '}
            <Link href={`/payments/${encodeURIComponent(returnOf)}`} className={LINK}>
              {returnOf}
            </Link>
            {asReturn.data
              ? ` · ${asReturn.data.kind === 'request' ? `asked for by ${domainOf(p.beneficiary_party)}` : `given by ${domainOf(p.debtor_party)} on its own initiative`} · ${asReturn.data.reason_text}${asReturn.data.note ? `: “${asReturn.data.note}”` : ''}`
              : ''}
          </p>
        ) : null}
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="payment-reference">
          Reference:{' '}
          {p.reference ? p.reference : <span className="text-slate-600 dark:text-slate-400">none</span>}
        </p>
      </div>
      {sub && isQueued(sub) ? (
        <LiquidityWait
          queuedAt={sub.liquidity_queued_at}
          expiresAt={isoSeconds(p.expires_at)}
          amount={p.amount}
          debtorSide={outgoing}
          debtor={sides.debtor}
        />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        {(['debtor_party', 'beneficiary_party'] as const).map((k) => (
          <section key={k} className={CARD} aria-label={k === 'debtor_party' ? 'Debtor' : 'Beneficiary'}>
            <h2 className="text-sm font-medium text-slate-600 dark:text-slate-400">
              {k === 'debtor_party' ? 'From (debtor)' : 'To (beneficiary)'}
            </h2>
            <p className="font-medium">
              {[p[k].first_name, p[k].last_name].filter(Boolean).join(' ') || '—'}
            </p>
            <p className="text-sm">{p[k].payment_address}</p>
          </section>
        ))}
      </div>
      <section className={CARD} aria-label="Timeline">
        <h2 className="mb-2 font-medium">Timeline</h2>
        <ol className="flex flex-col gap-1 text-sm">
          {timeline.map((e, i) => (
            <li key={i} className="flex flex-col sm:flex-row sm:gap-3">
              <span className="shrink-0 whitespace-nowrap text-slate-600 tabular-nums sm:w-64 dark:text-slate-400">
                {e.at ? <LocalTime seconds={e.at} /> : null}
              </span>
              {e.href ? (
                <Link href={e.href} className={LINK}>
                  {e.text}
                </Link>
              ) : (
                <span>{e.text}</span>
              )}
            </li>
          ))}
        </ol>
      </section>
      {returnable ? <ReturnsSection data={returns.data} sides={sides} kind={returnKind} /> : null}
      <section className={CARD} aria-label="Submission">
        <h2 className="mb-1 font-medium">Submission</h2>
        {submission.isPending ? (
          <p className="text-sm">Loading…</p>
        ) : sub ? (
          <SubmissionRecord sub={sub} />
        ) : (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p>
              Not submitted. It may be submitted until <LocalTime seconds={isoSeconds(p.expires_at)} />.
            </p>
            {canSubmit ? (
              <Button onClick={() => submit.mutate()} disabled={submit.isPending}>
                {submit.isPending ? 'Submitting…' : 'Submit for admission'}
              </Button>
            ) : null}
          </div>
        )}
      </section>
      <section className={CARD} aria-label="Admission tasks">
        <h2 className="mb-2 font-medium">Admission tasks</h2>
        {submission.isPending || (sub && tasks.isPending) ? (
          <p className="text-sm">Loading…</p>
        ) : taskList.length === 0 ? (
          <p className="text-sm">No tasks.</p>
        ) : null}
        <ul className="flex flex-col gap-1 text-sm">
          {(tasks.data?.tasks ?? []).map((t) => (
            <li key={t.token}>
              {t.name.replace(/_/g, ' ')} — {TASK_STATUS[t.status]} ({reasonLabel(t.status_reason)})
              {t.rule ? (
                <>
                  {' '}
                  ·{' '}
                  {t.history.some((h) => ruleIdOf(h.updated_by) === t.rule!.id)
                    ? 'decided by rule'
                    : 'matched rule'}{' '}
                  <Link href="/rules" className={LINK}>
                    “{t.rule.name}”
                  </Link>
                </>
              ) : null}
              {(t.rule ? noteBesideRule(t.note, t.rule.name) : t.note) ? (
                <> · {t.rule ? noteBesideRule(t.note, t.rule.name) : t.note}</>
              ) : null}
              {(t.status === 1 || t.status === 4) && t.assignee === ownSide ? (
                <>
                  {' '}
                  ·{' '}
                  <Link
                    href={`/tasks?${new URLSearchParams({ status: t.status === 4 ? 'on_hold' : 'pending', name: t.name })}`}
                    className={LINK}
                  >
                    work it in the task queue
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section id="transaction-lines" className={CARD} aria-label="Transaction">
        <h2 className="mb-2 font-medium">Transaction</h2>
        {(txns.data?.transactions ?? []).map((t) => (
          <div key={t.transaction_id} className="text-sm">
            <p>
              {t.transaction_id} · approval {t.approval_code} ·{' '}
              {t.status === 3 ? 'settled' : 'cleared, awaiting settlement'}
              {t.batch_id ? (
                <>
                  {' '}
                  ·{' '}
                  <Link href={`/settlements/${encodeURIComponent(t.batch_id)}`} className={LINK}>
                    batch {t.batch_id}
                  </Link>
                </>
              ) : null}
            </p>
            <ul>
              {t.transaction_lines.map((l) => (
                <li key={l.token}>
                  {l.direction === 'TD_Debit' ? 'Debit' : 'Credit'}{' '}
                  {formatMoney(l.amount.total, l.amount.currency)} ·{' '}
                  {lineOwner(l.partner_id, l.direction === 'TD_Debit')}
                </li>
              ))}
            </ul>
          </div>
        ))}
        {txns.isPending ? (
          <p className="text-sm">Loading…</p>
        ) : (txns.data?.transactions ?? []).length === 0 ? (
          <p className="text-sm">
            {sub && (sub.status === 4 || sub.status === 5)
              ? `None: the payment was ${sub.status === 4 ? 'rejected' : 'not admitted before it expired'}.`
              : 'None yet: one is made when the payment is admitted.'}
          </p>
        ) : null}
      </section>
      <section className={CARD} aria-label="Exceptions">
        <h2 className="mb-2 font-medium">Exceptions</h2>
        {excs.isPending ? (
          <p className="text-sm">Loading…</p>
        ) : (excs.data?.exceptions ?? []).length === 0 ? (
          <p className="text-sm">None.</p>
        ) : null}
        <ul className="text-sm">
          {(excs.data?.exceptions ?? []).map((e) => (
            <li key={e.token}>
              <strong>{e.exception_code}</strong> · blame {e.blame.replace('_', ' ')} · {e.exception_message}
            </li>
          ))}
        </ul>
      </section>
      <section className={CARD} aria-label="As an API call">
        <PaymentAsCall payment={p} />
      </section>
    </div>
  );
}
