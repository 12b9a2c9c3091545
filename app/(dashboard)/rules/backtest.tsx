'use client';

import { useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Link } from '@/components/ui/link';
import { LINK } from '@/components/ui/styles';
import { ApiClientError } from '@/lib/client/api';
import { formatCount, formatMoney } from '@/lib/client/format';
import { useTestRule, type TestRuleResponse } from '@/lib/client/queries/rules';
import { showServerError } from '@/lib/client/server-error';
import { fromLocalInput, toLocalInput, when } from '@/lib/client/time';
import type { RuleAction } from '@/lib/domain/rules';
import { taskLabel } from '../tasks/task-names';
import { ruleFieldOf, ruleInput, type RuleValues } from './rule-values';

type Outcomes = TestRuleResponse['actions'][number]['outcomes'];

/** Every field but the name: a backtest needs no name. */
const TESTED: FieldPath<RuleValues>[] = [
  'tasks',
  'amountMin',
  'amountMax',
  'endsWith',
  'currencies',
  'domains',
  'known',
  'reference',
  'velocityCount',
  'velocityAmount',
  'velocityWindow',
  'hoursFrom',
  'hoursTo',
  'timeZone',
  'action',
  'reason',
  'note',
];

const WOULD: Record<RuleAction, string> = {
  accept: 'Would accept',
  reject: 'Would reject',
  hold: 'Would hold',
  review: 'Would send to review',
};

/** The day `days` before today, as a date field holds it (the browser's zone). */
const dayInput = (daysAgo: number) =>
  toLocalInput(String(Math.floor(Date.now() / 1000) - daysAgo * 86400)).slice(0, 10);

/** How the matched tasks stand now, in words: "9 accepted, 2 rejected, 1 waiting". */
function outcomesInWords(o: Outcomes): string {
  return [
    [o.completed, 'accepted'],
    [o.failed, 'rejected'],
    [o.on_hold, 'on hold'],
    [o.pending, 'waiting'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, word]) => `${formatCount(n as number)} ${word}`)
    .join(', ');
}

const OUTCOME_WORDS = { pending: 'waiting', completed: 'accepted', failed: 'rejected', on_hold: 'on hold' };

/** The backtest's answer: per action what the rule would have done and how those tasks stand now. */
function Answer({ answer, action }: { answer: TestRuleResponse; action: RuleAction }) {
  const { tasks, matched } = answer;
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="backtest-answer">
      <p>
        Of <span className="font-medium">{formatCount(tasks)}</span> task{tasks === 1 ? '' : 's'} in the
        range, it matches <span className="font-medium">{formatCount(matched)}</span>.
      </p>
      {answer.actions.length ? (
        <ul className="flex flex-col gap-1.5">
          {answer.actions.map((a) => (
            <li key={a.action} className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800">
              <span className="font-medium">
                {WOULD[a.action]} {formatCount(a.count)} of {formatCount(tasks)}
              </span>
              {outcomesInWords(a.outcomes) ? `, of which ${outcomesInWords(a.outcomes)} now` : ''}
              {a.action === 'review' && action === 'accept' ? (
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  Four eyes apply to these: a rule never accepts them, people do.
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {answer.samples.length ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-xs font-medium text-slate-600 uppercase dark:text-slate-400">
            Samples, newest first
          </h4>
          <ul className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
            {answer.samples.map((s) => (
              <li key={s.task_id} className="flex flex-col py-1.5">
                <span className="flex flex-wrap justify-between gap-x-3">
                  <Link
                    href={`/payments/${encodeURIComponent(s.payment_id)}`}
                    className={`font-medium [overflow-wrap:anywhere] ${LINK}`}
                  >
                    {s.payment_id}
                  </Link>
                  <span className="tabular-nums">{formatMoney(s.amount.total, s.amount.currency)}</span>
                </span>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {taskLabel(s.task_name)} · {when(s.created_at)} · {WOULD[s.action].toLowerCase()}, now{' '}
                  {OUTCOME_WORDS[s.outcome]}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * "Test on history": the rule as typed, placed first, over the namespace's tasks of a range of days
 * (the last 30 by default) — `POST /rules/test`, which saves and changes nothing. Its refusal of a
 * field of the rule lands under that field of the form; of the range, here.
 */
export function Backtest({ form }: { form: UseFormReturn<RuleValues> }) {
  const [from, setFrom] = useState(() => dayInput(30));
  const [to, setTo] = useState(() => dayInput(0));
  const [rangeError, setRangeError] = useState<string | null>(null);
  const test = useTestRule();
  const [tested, setTested] = useState<RuleAction>('accept');

  const run = async () => {
    setRangeError(null);
    const start = fromLocalInput(`${from}T00:00`, 'start');
    const end = fromLocalInput(`${to}T23:59`, 'end');
    if (!start || !end || Number(start) > Number(end)) {
      setRangeError('Choose a first day on or before the last');
      return;
    }
    if (!(await form.trigger(TESTED))) return;
    const { name, task_names, conditions, action, reason, note } = ruleInput(form.getValues());
    setTested(action);
    test.mutate(
      {
        rule: { ...(name ? { name } : {}), task_names, conditions, action, reason, note },
        from: Number(start),
        to: Number(end),
      },
      {
        onError: (e) => {
          const wire = e instanceof ApiClientError ? e.field : null;
          const field = ruleFieldOf(wire);
          if (wire && field) showServerError(form, e, { [wire]: field });
          else setRangeError(e.message);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby="backtest-title"
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 lg:sticky lg:top-0 dark:border-slate-700"
      // Enter in a date runs the test, not the form's save.
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || (e.target as HTMLElement).tagName !== 'INPUT') return;
        e.preventDefault();
        void run();
      }}
    >
      <h3 id="backtest-title" className="font-medium">
        Test on history
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        What the rule as typed, placed first, would have done to this namespace&apos;s tasks, and how they
        stand now. Nothing is saved or changed.
      </p>
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="First day"
          id="backtest-from"
          type="date"
          value={from}
          max={to}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Field
          label="Last day"
          id="backtest-to"
          type="date"
          value={to}
          min={from}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <Button type="button" variant="secondary" disabled={test.isPending} onClick={() => void run()}>
        {test.isPending ? 'Testing…' : 'Test on history'}
      </Button>
      <FormAlert message={rangeError} />
      <div aria-live="polite">
        {test.data && !test.isPending ? <Answer answer={test.data} action={tested} /> : null}
      </div>
    </section>
  );
}
