'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { apiFetch, ApiClientError } from '@/lib/client/api';
import { formatMoney, reasonLabel, SUBMISSION_STATUS, TASK_STATUS, when } from '@/lib/client/format';

interface Party {
  payment_address: string;
  first_name?: string;
  last_name?: string;
}
interface Payment {
  payment_id: string;
  amount: { currency: string; total: string };
  payment_type: string;
  reference: string;
  debtor_party: Party;
  beneficiary_party: Party;
  initiated_at: string;
  expires_at: string;
}
interface Submission {
  token: string;
  admission_id: string;
  status: number;
  submission_time: number;
  transaction_id: string | null;
  workflow: string;
}
interface Task {
  token: string;
  name: string;
  status: number;
  status_reason: number;
  assignee: number;
  modified_on: number;
  created_on: number;
  updated_by: string | null;
  note: string | null;
}
interface Txn {
  transaction_id: string;
  approval_code: string;
  status: number;
  batch_id: string | null;
  transaction_lines: Array<{
    token: string;
    partner_id: string;
    direction: string;
    amount: { currency: string; total: string };
  }>;
}
interface Exc {
  token: string;
  exception_code: string;
  exception_message: string;
  blame: string;
  created_at: string;
}

const card = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

export function PaymentDetail({ paymentId }: { paymentId: string }) {
  const id = encodeURIComponent(paymentId);
  const payment = useQuery({
    queryKey: ['payment', paymentId],
    queryFn: () => apiFetch<Payment>(`/payments/${id}`),
    retry: false,
  });
  const submission = useQuery({
    queryKey: ['payment', paymentId, 'submission'],
    queryFn: () =>
      apiFetch<Submission>(`/payments/${id}/submissions`).catch((e) =>
        e instanceof ApiClientError && e.status === 404 ? null : Promise.reject(e),
      ),
    enabled: payment.isSuccess,
  });
  const sub = submission.data;
  const tasks = useQuery({
    queryKey: ['payment', paymentId, 'tasks'],
    queryFn: () => apiFetch<{ tasks: Task[] }>(`/payments/${id}/admissions/${sub!.admission_id}/tasks`),
    enabled: Boolean(sub),
  });
  const txns = useQuery({
    queryKey: ['payment', paymentId, 'txns'],
    queryFn: () => apiFetch<{ transactions: Txn[] }>(`/payments/${id}/transactions`),
    enabled: payment.isSuccess,
  });
  const excs = useQuery({
    queryKey: ['payment', paymentId, 'exc'],
    queryFn: () => apiFetch<{ exceptions: Exc[] }>(`/payments/${id}/exceptions`),
    enabled: payment.isSuccess,
  });

  if (payment.isError) {
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold">Payment {paymentId}</h1>
        <p role="alert" className="text-red-700 dark:text-red-400">
          {(payment.error as Error).message}
        </p>
        <Link href="/payments" className="text-blue-700 underline dark:text-blue-400">
          Back to payments
        </Link>
      </div>
    );
  }
  if (!payment.data) return <div className="h-40 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />;
  const p = payment.data;
  const timeline: Array<{ at: string; text: string }> = [
    { at: new Date(p.initiated_at).toLocaleString(), text: 'Created' },
  ];
  if (sub) timeline.push({ at: when(sub.submission_time), text: `Submitted (${sub.workflow})` });
  for (const t of tasks.data?.tasks ?? [])
    if (t.status !== 1 || t.modified_on !== t.created_on)
      timeline.push({
        at: when(t.modified_on),
        text: `${t.name.replace(/_/g, ' ')}: ${TASK_STATUS[t.status]} (${reasonLabel(t.status_reason)})${t.updated_by ? ` by ${t.updated_by}` : ''}`,
      });
  if (sub && sub.status >= 3) timeline.push({ at: '', text: SUBMISSION_STATUS[sub.status]! });
  for (const t of txns.data?.transactions ?? [])
    if (t.batch_id) timeline.push({ at: '', text: `Settled in batch ${t.batch_id}` });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Payment {p.payment_id}</h1>
        <p className="text-lg">
          {formatMoney(p.amount.total, p.amount.currency)} · {p.payment_type.replace('Type_', '')} ·{' '}
          <span data-testid="payment-status">{sub ? SUBMISSION_STATUS[sub.status] : 'Not submitted'}</span>
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {(['debtor_party', 'beneficiary_party'] as const).map((k) => (
          <section key={k} className={card} aria-label={k === 'debtor_party' ? 'Debtor' : 'Beneficiary'}>
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
      <section className={card} aria-label="Timeline">
        <h2 className="mb-2 font-medium">Timeline</h2>
        <ol className="flex flex-col gap-1 text-sm">
          {timeline.map((e, i) => (
            <li key={i}>
              <span className="text-slate-600 dark:text-slate-400">{e.at}</span> {e.text}
            </li>
          ))}
        </ol>
      </section>
      <section className={card} aria-label="Admission tasks">
        <h2 className="mb-2 font-medium">Admission tasks</h2>
        {(tasks.data?.tasks ?? []).length === 0 ? <p className="text-sm">No tasks.</p> : null}
        <ul className="flex flex-col gap-1 text-sm">
          {(tasks.data?.tasks ?? []).map((t) => (
            <li key={t.token}>
              {t.name.replace(/_/g, ' ')} — {TASK_STATUS[t.status]} ({reasonLabel(t.status_reason)})
              {t.note ? ` · ${t.note}` : ''}
            </li>
          ))}
        </ul>
      </section>
      <section className={card} aria-label="Transaction">
        <h2 className="mb-2 font-medium">Transaction</h2>
        {(txns.data?.transactions ?? []).map((t) => (
          <div key={t.transaction_id} className="text-sm">
            <p>
              {t.transaction_id} · approval {t.approval_code} ·{' '}
              {t.status === 3 ? 'settled' : 'cleared, awaiting settlement'}
            </p>
            <ul>
              {t.transaction_lines.map((l) => (
                <li key={l.token}>
                  {l.direction === 'TD_Debit' ? 'Debit' : 'Credit'}{' '}
                  {formatMoney(l.amount.total, l.amount.currency)} · {l.partner_id}
                </li>
              ))}
            </ul>
          </div>
        ))}
        {(txns.data?.transactions ?? []).length === 0 ? <p className="text-sm">None yet.</p> : null}
      </section>
      <section className={card} aria-label="Exceptions">
        <h2 className="mb-2 font-medium">Exceptions</h2>
        {(excs.data?.exceptions ?? []).length === 0 ? <p className="text-sm">None.</p> : null}
        <ul className="text-sm">
          {(excs.data?.exceptions ?? []).map((e) => (
            <li key={e.token}>
              <strong>{e.exception_code}</strong> · blame {e.blame.replace('_', ' ')} · {e.exception_message}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
