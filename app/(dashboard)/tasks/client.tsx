'use client';

import { SelectField } from '@/components/ui/field';
import { useEffect, useRef, useState } from 'react';
import { CursorPager } from '@/components/data-table/pager';
import { countText } from '@/lib/client/list-page';
import { Button } from '@/components/ui/button';
import { ExportLink } from '@/components/ui/export-link';
import { formatMoney } from '@/lib/client/format';
import { usePaging, useUrlFilters } from '@/lib/client/use-url-state';
import type { ScreenProps } from '@/components/screen/screen-props';
import { useListOrder } from '@/lib/client/use-list-order';
import { preloadDecisionForm, TaskPanel } from './task-panel';
import { type Decision, fourEyesText, type QueueTask, useQueue } from './use-queue';
import { PageTitle } from '@/components/ui/page-title';
import { isReturnRequest, TASK_NAMES } from './task-names';
import { QUEUE_FILTERS, QUEUE_LIMIT, QUEUE_ORDER } from './search-params';
import { ClaimUntil, Countdown, SecondsLeft, Since } from './clock';
import { changedBy } from '@/lib/domain/rule-words';
import { decidedByRule } from './rule-match';

/** A completion admits the payment and cannot be taken back: it waits this long for an undo. */
const UNDO_SECONDS = 5;

/**
 * `partnerId`: the selected namespace (the export link names it: a download sends no header);
 * `initial`: the page of the queue read with the HTML (queueFirstPage).
 */
export function Client({ partnerId, initial }: ScreenProps) {
  const list = useUrlFilters(QUEUE_FILTERS);
  const paging = usePaging();
  // The queue's order is soonest expiry first (what must be worked before it lapses); the other
  // way shows the most recent arrivals first.
  const order = useListOrder('expires', QUEUE_ORDER, {
    asc: 'Soonest expiry first',
    desc: 'Latest expiry first',
  });
  // The queue is always one of its two tabs: the pending tasks when the URL names neither.
  const tab = list.filters.status ?? 'pending';
  const name = list.filters.name ?? '';
  const [selected, setSelected] = useState(0);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [decision, setDecision] = useState<Decision | null>(null);
  // The completion waiting out its undo window: its row stays, marked, and the selection stays on it.
  const [staged, setStaged] = useState<{ task: QueueTask; until: number } | null>(null);
  const { query, work, bulkComplete, claim } = useQueue(
    {
      ...list.gateway,
      status: tab,
      ...paging.query,
      limit: QUEUE_LIMIT,
      ...order.query,
    },
    initial,
  );
  const tasks = query.data?.tasks ?? [];
  const current = tasks[Math.min(selected, Math.max(0, tasks.length - 1))];
  // Only tasks still on this page count as selected (others were worked meanwhile).
  const chosen = tasks.filter((t) => checked.has(t.token));
  const allChosen = tasks.length > 0 && chosen.length === tasks.length;

  function toggle(token: string) {
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(token)) next.delete(token);
      else next.add(token);
      return next;
    });
  }

  function choose(d: Decision) {
    preloadDecisionForm();
    setDecision(d);
  }

  function submit(update: Parameters<typeof work.mutate>[0]) {
    work.mutate(update);
    setDecision(null);
  }

  const complete = (task: QueueTask) => work.mutate({ task, status: 'completed', status_reason: 'accepted' });
  // Sent when the window ends, when another completion is staged, or when the page is left.
  const stagedRef = useRef(staged);
  useEffect(() => {
    stagedRef.current = staged;
  }, [staged]);
  useEffect(() => {
    if (!staged) return;
    const t = setTimeout(() => {
      complete(staged.task);
      setStaged(null);
    }, staged.until - Date.now());
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per staged completion
  }, [staged]);
  useEffect(
    () => () => {
      if (stagedRef.current) complete(stagedRef.current.task);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on leaving the page only
    [],
  );

  function stageComplete(task: QueueTask) {
    // Four eyes would refuse it (the panel says why): no countdown to a refusal.
    if (task.approval_refusal) return;
    if (staged?.task.token === task.token) return;
    if (staged) complete(staged.task);
    setStaged({ task, until: Date.now() + UNDO_SECONDS * 1000 });
  }

  function completeNow() {
    if (!staged) return;
    complete(staged.task);
    setStaged(null);
  }

  function completeChosen() {
    bulkComplete.mutate(chosen);
    setChecked(new Set());
  }

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const target = e.target as HTMLElement;
      if (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      if (e.key === 'j') setSelected((i) => Math.min(i + 1, Math.max(0, tasks.length - 1)));
      else if (e.key === 'k') setSelected((i) => Math.max(0, i - 1));
      else if (e.key === 'x' && current) toggle(current.token);
      else if (e.key === 'c' && current) stageComplete(current);
      else if (e.key === 'u' && staged) setStaged(null);
      else if (staged && staged.task.token === current?.token) return;
      else if (e.key === 'f') choose('failed');
      else if (e.key === 'h' && current?.status !== 4) choose('on_hold');
      else return;
      e.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <div className="flex flex-col gap-4">
      <PageTitle>Admission task queue</PageTitle>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Keys: j/k move, x select, c complete (u undoes within {UNDO_SECONDS} s), f fail, h hold.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div role="tablist" aria-label="Queue" className="flex gap-2">
          {(['pending', 'on_hold'] as const).map((t) => (
            <button
              key={t}
              role="tab"
              aria-selected={tab === t}
              onClick={() => list.set({ status: t })}
              className={`rounded-md px-3 py-1.5 text-sm ${tab === t ? 'bg-blue-600 text-white' : 'border border-slate-300 dark:border-slate-600'}`}
            >
              {t === 'pending' ? 'Pending' : 'On hold'}
            </button>
          ))}
        </div>
        <SelectField
          label="Task"
          id="task-name"
          value={name}
          onChange={(e) => list.set({ name: e.target.value })}
        >
          <option value="">All</option>
          {Object.entries(TASK_NAMES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Order"
          id="task-order"
          value={order.order}
          onChange={(e) => {
            if (e.target.value !== order.order) order.toggle();
          }}
        >
          <option value="asc">{order.labels.asc}</option>
          <option value="desc">{order.labels.desc}</option>
        </SelectField>
        <ExportLink
          path="/tasks/export"
          filters={{ ...list.gateway, status: tab, ...order.query }}
          partnerId={partnerId}
          className="ml-4 py-2"
        >
          Export as CSV
        </ExportLink>
        <span className="ml-auto py-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {query.data ? countText(query.data) : 0} {tab === 'on_hold' ? 'on hold' : 'waiting'}
        </span>
      </div>
      <div role="status" aria-live="polite">
        {staged ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-2 text-sm dark:border-blue-900 dark:bg-blue-950">
            <span>
              {isReturnRequest(staged.task) ? 'Returning the money of' : 'Completing the task for'}{' '}
              <span className="font-medium">{staged.task.payment_id}</span> (
              {formatMoney(staged.task.amount.total, staged.task.amount.currency)}) in{' '}
              <SecondsLeft until={staged.until} /> s
            </span>
            <Button variant="secondary" className="ml-auto py-1" onClick={() => setStaged(null)}>
              Undo
            </Button>
            <Button className="py-1" onClick={completeNow}>
              Complete now
            </Button>
          </div>
        ) : null}
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <div className="flex min-h-12 items-center gap-3 border-b border-slate-100 px-4 py-2 text-sm dark:border-slate-800">
            <input
              id="select-page"
              type="checkbox"
              className="size-4"
              checked={allChosen}
              disabled={tasks.length === 0}
              onChange={() => setChecked(allChosen ? new Set() : new Set(tasks.map((t) => t.token)))}
            />
            <label htmlFor="select-page">Select all on this page</label>
            {chosen.length > 0 ? (
              <Button className="ml-auto py-1" disabled={bulkComplete.isPending} onClick={completeChosen}>
                Complete selected ({chosen.length})
              </Button>
            ) : bulkComplete.isPending ? (
              <span className="ml-auto text-slate-600 dark:text-slate-400">Completing…</span>
            ) : null}
          </div>
          <ul
            id="task-queue-list"
            tabIndex={-1}
            aria-label="Tasks"
            className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800"
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
            {tasks.map((t, i) => {
              const isCurrent = current?.token === t.token;
              return (
                <li
                  key={t.token}
                  className={`flex items-center gap-3 pl-4 ${isCurrent ? 'bg-blue-50 dark:bg-blue-950' : ''}`}
                >
                  <input
                    type="checkbox"
                    className="size-4 shrink-0"
                    aria-label={`Select ${t.payment_id}`}
                    checked={checked.has(t.token)}
                    onChange={() => toggle(t.token)}
                  />
                  <button
                    type="button"
                    aria-current={isCurrent ? 'true' : undefined}
                    onClick={() => setSelected(i)}
                    className="flex min-w-0 flex-1 items-center justify-between gap-4 py-3 pr-4 text-left text-sm"
                  >
                    <span className="flex min-w-0 flex-col">
                      <span className="[overflow-wrap:anywhere]">
                        <span className="font-medium">{t.payment_id}</span>
                        {/* A return request says so on the line below, with its wait. */}
                        {isReturnRequest(t) ? null : ` · ${t.name.replace(/_/g, ' ')}`}
                      </span>
                      {isReturnRequest(t) ? (
                        <span className="[overflow-wrap:anywhere] text-xs text-amber-800 dark:text-amber-300">
                          Return request · asked <Since at={t.created_on} /> ago
                        </span>
                      ) : null}
                      {t.claim ? (
                        <span className="[overflow-wrap:anywhere] text-xs text-sky-800 dark:text-sky-300">
                          {t.claimed_by_you ? (
                            <>
                              You are on it <ClaimUntil until={t.claim.until} />
                            </>
                          ) : (
                            `${t.claim.claimed_by} is on it`
                          )}
                        </span>
                      ) : null}
                      {fourEyesText(t) ? (
                        <span className="[overflow-wrap:anywhere] text-xs text-violet-800 dark:text-violet-300">
                          {fourEyesText(t)}
                        </span>
                      ) : t.updated_by ? (
                        <span className="[overflow-wrap:anywhere] text-xs text-slate-600 dark:text-slate-400">
                          {' '}
                          last changed by {changedBy(t.updated_by, t.rule)}
                        </span>
                      ) : null}
                      {t.rule && !decidedByRule(t) ? (
                        <span className="[overflow-wrap:anywhere] text-xs text-sky-800 dark:text-sky-300">
                          Rule “{t.rule.name}”:{' '}
                          {t.rule.action === 'accept' ? 'four eyes apply' : 'sent to review'}
                        </span>
                      ) : null}
                    </span>
                    <span className="flex shrink-0 flex-col items-end sm:flex-row sm:gap-4">
                      <span className="tabular-nums">{formatMoney(t.amount.total, t.amount.currency)}</span>
                      <span className="text-right text-slate-600 sm:w-28 dark:text-slate-400">
                        {staged?.task.token === t.token ? (
                          'completing…'
                        ) : (
                          <Countdown expiresAt={t.expires_at} />
                        )}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {query.data && (query.data.has_more || query.data.prev_cursor) ? (
            <CursorPager
              list={query.data}
              rows={tasks.length}
              limit={QUEUE_LIMIT}
              paging={paging}
              noun={tab === 'on_hold' ? 'on hold' : 'waiting'}
            />
          ) : null}
        </div>
        <TaskPanel
          task={current}
          decision={decision}
          isPending={work.isPending}
          staged={staged?.task.token === current?.token}
          onComplete={stageComplete}
          onChoose={choose}
          onSubmit={submit}
          onClaim={(c) => current && claim.mutate({ task: current, ...c })}
          onCancel={() => {
            setDecision(null);
            document.getElementById('task-queue-list')?.focus();
          }}
        />
      </div>
    </div>
  );
}
