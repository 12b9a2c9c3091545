'use client';

import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Field, SelectField } from '@/components/ui/field';
import { formField } from '@/lib/client/form-field';
import { REASONS } from '@/lib/domain/reasons';
import { actionInWords, conditionsInWords } from '@/lib/domain/rule-words';
import { RULE_LIMITS, RULE_TASK_NAMES } from '@/lib/domain/rules';
import { taskLabel } from '../tasks/task-names';
import { mixesDecimals, ruleConditions, typingCurrency, type RuleValues } from './rule-values';

// A fieldset is as wide as its widest content unless told (min-width: min-content), and so is a
// grid's cell (a select with a long option): min-w-0 on both, or a phone's dialog scrolls sideways.
const FIELDSET = 'flex min-w-0 flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700';
const LEGEND = 'px-1 text-sm font-medium';
const HINT = 'text-xs text-slate-600 dark:text-slate-400';

/** What the action does, said under its choice. */
const ACTION_HINTS = {
  accept:
    'Completes the task (accepted). Never where four eyes apply: those stay for people, the match shown.',
  reject: 'Fails the task with the reason below: the payment is rejected.',
  hold: 'Puts the task on hold with the note; people release or decide it.',
  review: 'Leaves the task to people, with the note shown on it: why it is in their queue.',
} as const;

/** An error line under a group of controls that is not one `Field`. */
function GroupError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  ) : null;
}

/**
 * The rule's fields in words: its name, the tasks it decides, its conditions (each optional: an
 * empty one is not checked) with amounts in the currency's units, and what it does. Under them,
 * the rule as the Rules screen will list it, as typed.
 */
export function RuleFields({ form }: { form: UseFormReturn<RuleValues> }) {
  const values = useWatch({ control: form.control }) as RuleValues;
  const { errors } = form.formState;
  const currency = typingCurrency(values);
  const named = values.currencies.trim() !== '' && !mixesDecimals(values);
  const amountHint = named
    ? `In ${currency}, e.g. ${currency === 'JPY' ? '500,000' : '5,000.00'}`
    : 'In units with 2 decimals (USD, EUR…), e.g. 5,000.00';
  const words = conditionsInWords(ruleConditions(values));
  const takesReason = values.action === 'reject' || values.action === 'hold';
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Field label="Name" id="rule-name" maxLength={RULE_LIMITS.name} {...formField(form, 'name')} />
      <fieldset className={FIELDSET} aria-describedby={errors.tasks ? 'rule-tasks-error' : undefined}>
        <legend className={LEGEND}>Tasks it decides</legend>
        <div className="grid gap-2 sm:grid-cols-2 [&>*]:min-w-0">
          {RULE_TASK_NAMES.map((t) => (
            <label key={t} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" value={t} {...form.register('tasks')} />
              {taskLabel(t)}
            </label>
          ))}
        </div>
        <GroupError id="rule-tasks-error" message={errors.tasks?.message} />
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>When all of these hold</legend>
        <p className={`-mt-1 ${HINT}`}>Leave a condition empty and it is not checked.</p>
        <div className="grid gap-3 sm:grid-cols-3 [&>*]:min-w-0">
          <Field
            label="Amount from"
            id="rule-amount-min"
            inputMode="decimal"
            hint={amountHint}
            {...formField(form, 'amountMin', { deps: ['amountMax'] })}
          />
          <Field
            label="Amount up to"
            id="rule-amount-max"
            inputMode="decimal"
            hint="Both bounds included"
            {...formField(form, 'amountMax')}
          />
          <Field
            label="Currencies"
            id="rule-currencies"
            placeholder="USD, EUR"
            hint="ISO codes; empty: any"
            autoCapitalize="characters"
            className="uppercase"
            {...formField(form, 'currencies', { deps: ['amountMin', 'amountMax', 'velocityAmount'] })}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
          <Field
            label="Counterparty domains"
            id="rule-domains"
            placeholder="union-cu.test"
            hint="The payment's other namespace; empty: any"
            autoCapitalize="none"
            {...formField(form, 'domains')}
          />
          <SelectField label="Counterparty" id="rule-known" {...form.register('known')}>
            <option value="any">Any counterparty</option>
            <option value="yes">Known: a payment with it was admitted before</option>
            <option value="no">New: no payment with it was admitted yet</option>
          </SelectField>
        </div>
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr] [&>*]:min-w-0">
          <Field
            label="Reference contains"
            id="rule-reference"
            hint="Any case"
            maxLength={RULE_LIMITS.reference}
            {...formField(form, 'reference')}
          />
          <Field
            label="Amount ends in"
            id="rule-ends-with"
            inputMode="numeric"
            hint="Minor units' last digits"
            {...formField(form, 'endsWith')}
          />
        </div>
        <fieldset className="grid min-w-0 gap-3 sm:grid-cols-3 [&>*]:min-w-0">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">
            Payer velocity: the same payer&apos;s payments in a window, this one included; each figure given
            must be reached
          </legend>
          <Field
            label="Payments, at least"
            id="rule-velocity-count"
            inputMode="numeric"
            {...formField(form, 'velocityCount', { deps: ['velocityWindow'] })}
          />
          <Field
            label="In sum, at least"
            id="rule-velocity-amount"
            inputMode="decimal"
            hint={named ? `In ${currency}` : 'In units'}
            {...formField(form, 'velocityAmount', { deps: ['velocityWindow', 'velocityCount'] })}
          />
          <Field
            label="Window (minutes)"
            id="rule-velocity-window"
            inputMode="numeric"
            hint="Up to 1,440 (a day)"
            {...formField(form, 'velocityWindow', { deps: ['velocityCount'] })}
          />
        </fieldset>
        <fieldset className="grid min-w-0 gap-3 sm:grid-cols-3 [&>*]:min-w-0">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">
            Hours: the task was made between
          </legend>
          <Field
            label="From (time of day)"
            id="rule-hours-from"
            type="time"
            {...formField(form, 'hoursFrom', { deps: ['hoursTo', 'timeZone'] })}
          />
          <Field
            label="Until (not included)"
            id="rule-hours-to"
            type="time"
            {...formField(form, 'hoursTo', { deps: ['hoursFrom', 'timeZone'] })}
          />
          <Field
            label="Time zone"
            id="rule-time-zone"
            placeholder="Europe/Zurich"
            autoCapitalize="none"
            {...formField(form, 'timeZone')}
          />
        </fieldset>
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Then</legend>
        <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
          <SelectField
            label="Action"
            id="rule-action"
            hint={ACTION_HINTS[values.action]}
            {...form.register('action', { deps: ['reason'] })}
          >
            <option value="accept">Accept</option>
            <option value="reject">Reject</option>
            <option value="hold">Hold</option>
            <option value="review">Send to review</option>
          </SelectField>
          {takesReason ? (
            <SelectField
              label="Reason"
              id="rule-reason"
              error={errors.reason?.message}
              {...form.register('reason')}
            >
              <option value="">
                {values.action === 'hold' ? 'Business reasons (default)' : 'Choose a reason'}
              </option>
              {REASONS.filter((r) => r !== 'accepted').map((r) => (
                <option key={r} value={r}>
                  {r.replace(/_/g, ' ')}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="rule-note" className="text-sm font-medium text-slate-700 dark:text-slate-300">
            Note
          </label>
          <textarea
            id="rule-note"
            rows={2}
            maxLength={RULE_LIMITS.note}
            placeholder={values.action === 'review' ? 'e.g. New counterparty: check the payee’s account' : ''}
            aria-describedby={`rule-note-hint${errors.note ? ' rule-note-error' : ''}`}
            aria-invalid={errors.note ? true : undefined}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
            {...form.register('note')}
          />
          <p id="rule-note-hint" className={HINT}>
            Kept with each task it decides; people see it on the task.
          </p>
          <GroupError id="rule-note-error" message={errors.note?.message} />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...form.register('enabled')} />
          Enabled: it decides new tasks from the moment it is saved
        </label>
      </fieldset>
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800" data-testid="rule-in-words">
        <span className="font-medium">In words: </span>
        {words.length ? `when ${words.join(', ')}` : 'every task'} →{' '}
        {actionInWords(values.action, takesReason && values.reason ? values.reason : null).toLowerCase()}
      </p>
    </div>
  );
}
