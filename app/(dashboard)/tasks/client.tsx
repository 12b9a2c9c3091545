'use client';

import { SELECT_CLASS } from '@/components/ui/select';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { formatMoney, REASONS } from '@/lib/client/format';
import { useUrlState } from '@/lib/client/use-url-state';

interface QueueTask {
  token: string;
  admission_id: string;
  payment_id: string;
  name: string;
  status: number;
  expires_at: number;
  amount: { currency: string; total: string };
  updated_by: string | null;
}
type Decision = 'completed' | 'failed' | 'on_hold';
const LIMIT = 50;
const FAIL_REASONS = REASONS.filter((r) => r !== 'accepted');

function countdown(expiresAt: number, now: number): string {
  const s = expiresAt - Math.floor(now / 1000);
  if (s <= 0) return 'expired';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min ${s % 60} s`;
}

export function Client() {
  const { params, set, page } = useUrlState();
  const tab = params.get('status') === 'on_hold' ? 'on_hold' : 'pending';
  const name = params.get('name') ?? '';
  const qc = useQueryClient();
  const toast = useToast();
  const [now, setNow] = useState(() => Date.now());
  const [selected, setSelected] = useState(0);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState<string>('accepted');
  const [note, setNote] = useState('');
  const qs = new URLSearchParams({
    status: tab,
    page: String(page),
    limit: String(LIMIT),
    ...(name ? { name } : {}),
  });
  // The queue refreshes by itself, so changes by colleagues appear without reloading.
  const query = useQuery({
    queryKey: ['tasks', qs.toString()],
    queryFn: () => apiFetch<{ count: number; tasks: QueueTask[] }>(`/tasks?${qs}`),
    refetchInterval: 5000,
  });
  const tasks = query.data?.tasks ?? [];
  const current = tasks[Math.min(selected, Math.max(0, tasks.length - 1))];

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  const work = useMutation({
    mutationFn: (v: { task: QueueTask; status: Decision; status_reason: string; note?: string }) =>
      apiFetch(
        `/payments/${encodeURIComponent(v.task.payment_id)}/admissions/${v.task.admission_id}/tasks/${v.task.token}`,
        {
          method: 'PUT',
          body: { status: v.status, status_reason: v.status_reason, ...(v.note ? { note: v.note } : {}) },
        },
      ),
    onSuccess: (_d, v) => {
      toast('success', `Task for ${v.task.payment_id} ${v.status === 'on_hold' ? 'put on hold' : v.status}`);
      setDecision(null);
      setNote('');
      qc.invalidateQueries({ queryKey: ['tasks'] });
    },
    onError: (e: Error) => toast('error', e.message),
  });

  function choose(d: Decision) {
    setDecision(d);
    setReason(d === 'completed' ? 'accepted' : d === 'failed' ? 'insufficient_funds' : 'business_reasons');
  }

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const target = e.target as HTMLElement;
      if (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      if (e.key === 'j') setSelected((i) => Math.min(i + 1, Math.max(0, tasks.length - 1)));
      else if (e.key === 'k') setSelected((i) => Math.max(0, i - 1));
      else if (e.key === 'c' && current)
        work.mutate({ task: current, status: 'completed', status_reason: 'accepted' });
      else if (e.key === 'f') choose('failed');
      else if (e.key === 'h') choose('on_hold');
      else return;
      e.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const needsNote = decision === 'failed' || decision === 'on_hold';
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Admission task queue</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Keys: j/k move, c complete, f fail, h hold.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <div role="tablist" aria-label="Queue" className="flex gap-2">
          {(['pending', 'on_hold'] as const).map((t) => (
            <button
              key={t}
              role="tab"
              aria-selected={tab === t}
              onClick={() => set({ status: t, page: undefined })}
              className={`rounded-md px-3 py-1.5 text-sm ${tab === t ? 'bg-blue-600 text-white' : 'border border-slate-300 dark:border-slate-600'}`}
            >
              {t === 'pending' ? 'Pending' : 'On hold'}
            </button>
          ))}
        </div>
        <label htmlFor="task-name" className="ml-4 text-sm">
          Task
        </label>
        <select
          id="task-name"
          value={name}
          onChange={(e) => set({ name: e.target.value, page: undefined })}
          className={SELECT_CLASS}
        >
          <option value="">All</option>
          <option value="beneficiary_admission">Beneficiary admission</option>
          <option value="debtor_authorization">Debtor authorization</option>
          <option value="compliance_review">Compliance review</option>
        </select>
        <span className="ml-auto text-sm text-slate-600 dark:text-slate-400">
          {query.data?.count ?? 0} waiting
        </span>
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <ul
          aria-label="Tasks"
          className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {query.isLoading ? (
            <li className="p-4">
              <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
            </li>
          ) : null}
          {!query.isLoading && tasks.length === 0 ? (
            <li className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">
              The queue is empty.
            </li>
          ) : null}
          {tasks.map((t, i) => (
            <li key={t.token}>
              <button
                type="button"
                aria-current={current?.token === t.token ? 'true' : undefined}
                onClick={() => setSelected(i)}
                className={`flex w-full items-center justify-between gap-4 px-4 py-3 text-left text-sm ${current?.token === t.token ? 'bg-blue-50 dark:bg-blue-950' : ''}`}
              >
                <span>
                  <span className="font-medium">{t.payment_id}</span> · {t.name.replace(/_/g, ' ')}
                  {t.updated_by ? (
                    <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">
                      last changed by {t.updated_by}
                    </span>
                  ) : null}
                </span>
                <span className="flex gap-4">
                  <span>{formatMoney(t.amount.total, t.amount.currency)}</span>
                  <span className="w-28 text-right text-slate-600 dark:text-slate-400">
                    {countdown(t.expires_at, now)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        <aside
          aria-label="Work the task"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          {current ? (
            <>
              <h2 className="font-medium">{current.name.replace(/_/g, ' ')}</h2>
              <p className="text-sm">
                <Link
                  className="text-blue-700 underline dark:text-blue-400"
                  href={`/payments/${encodeURIComponent(current.payment_id)}`}
                >
                  {current.payment_id}
                </Link>{' '}
                · {formatMoney(current.amount.total, current.amount.currency)}
              </p>
              <div className="flex gap-2">
                <Button
                  disabled={work.isPending}
                  onClick={() =>
                    work.mutate({ task: current, status: 'completed', status_reason: 'accepted' })
                  }
                >
                  Complete
                </Button>
                <Button variant="danger" disabled={work.isPending} onClick={() => choose('failed')}>
                  Fail…
                </Button>
                {current.status !== 4 ? (
                  <Button variant="secondary" disabled={work.isPending} onClick={() => choose('on_hold')}>
                    Hold…
                  </Button>
                ) : null}
              </div>
              {needsNote ? (
                <form
                  className="flex flex-col gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    work.mutate({ task: current, status: decision!, status_reason: reason, note });
                  }}
                >
                  <label htmlFor="task-reason" className="text-sm font-medium">
                    Reason
                  </label>
                  <select
                    id="task-reason"
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    className={SELECT_CLASS}
                  >
                    {FAIL_REASONS.map((r) => (
                      <option key={r} value={r}>
                        {r.replace(/_/g, ' ')}
                      </option>
                    ))}
                  </select>
                  <label htmlFor="task-note" className="text-sm font-medium">
                    Note (required)
                  </label>
                  <textarea
                    id="task-note"
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                    rows={3}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800"
                  />
                  <Button
                    type="submit"
                    variant={decision === 'failed' ? 'danger' : 'primary'}
                    disabled={work.isPending || !note.trim()}
                  >
                    {decision === 'failed' ? 'Fail the task' : 'Put on hold'}
                  </Button>
                </form>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">Select a task to work it.</p>
          )}
        </aside>
      </div>
    </div>
  );
}
