'use client';

import { formField } from '@/lib/client/form-field';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { showServerError } from '@/lib/client/server-error';
import type { WebhookInput } from '@/lib/client/queries/webhooks';
import { SUBSCRIBABLE_EVENT_TYPES } from '@/lib/events/types';
import type { WebhookValues } from './webhook-schema';

const GROUPS: Array<{ label: string; match: (t: string) => boolean }> = [
  { label: 'Payments', match: (t) => t.startsWith('payment.') && t !== 'payment.returned' },
  { label: 'Admission tasks', match: (t) => t.startsWith('admission_task.') },
  {
    label: 'Transactions and settlement',
    match: (t) => t.startsWith('transaction.') || t.startsWith('settlement.'),
  },
  { label: 'Liquidity', match: (t) => t.startsWith('liquidity.') },
  { label: 'Returns', match: (t) => t.startsWith('return.') || t === 'payment.returned' },
  { label: 'Links', match: (t) => t.startsWith('link') },
  { label: 'Keys and webhooks', match: (t) => t.startsWith('api_key.') || t.startsWith('webhook.') },
];

const webhookResolver = lazyResolver(() => import('./webhook-schema').then((m) => m.webhookResolver));

/** The fields of an endpoint the form edits. */
export interface WebhookFields {
  url: string;
  description: string;
  event_types: string[];
}

function toFormValues(w?: WebhookFields): WebhookValues {
  if (!w) return { url: '', description: '', all: 'all', types: [] };
  const all = w.event_types.includes('*');
  return {
    url: w.url,
    description: w.description,
    all: all ? 'all' : 'some',
    types: all ? [] : w.event_types,
  };
}

/**
 * Endpoint URL, description and the event types it receives (all, or a chosen few); empty for a
 * new endpoint, or filled from `webhook`. Load it through `LazyWebhookForm`.
 */
export function WebhookForm({
  webhook,
  submitLabel,
  pendingLabel,
  onSubmit,
  idPrefix,
}: {
  webhook?: WebhookFields;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (input: WebhookInput) => Promise<unknown>;
  idPrefix: string;
}) {
  const form = useForm<WebhookValues>({
    resolver: webhookResolver,
    defaultValues: toFormValues(webhook),
  });
  const all = useWatch({ control: form.control, name: 'all' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (v) => {
    try {
      await onSubmit({
        url: v.url.trim(),
        description: v.description,
        event_types: v.all === 'all' ? ['*'] : v.types,
      });
    } catch (e) {
      // Under the field the refusal names (its `field`): the event types are `types` here.
      showServerError(form, e instanceof Error ? e : new Error(String(e)), { event_types: 'types' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-3 md:grid-cols-2">
        <Field
          label="Endpoint URL"
          id={`${idPrefix}-url`}
          type="url"
          placeholder="https://example.com/webhooks/csp"
          {...formField(form, 'url')}
        />
        <Field label="Description" id={`${idPrefix}-description`} {...formField(form, 'description')} />
      </div>
      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={errors.types ? `${idPrefix}-types-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Event types</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" value="all" {...form.register('all')} /> All events, including types added
            later
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="some" {...form.register('all')} /> Only the types chosen below
          </label>
        </div>
        {all === 'some' ? (
          <div className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-700">
            {GROUPS.map((g) => (
              <fieldset key={g.label} className="flex flex-col gap-1">
                <legend className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">
                  {g.label}
                </legend>
                {SUBSCRIBABLE_EVENT_TYPES.filter(g.match).map((t) => (
                  <label key={t} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" value={t} {...form.register('types')} />
                    <code className="text-xs">{t}</code>
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
        ) : null}
        {errors.types ? (
          <p id={`${idPrefix}-types-error`} className="text-sm text-red-700 dark:text-red-400">
            {errors.types.message}
          </p>
        ) : null}
      </fieldset>
      <FormFooter form={form} submit={submitLabel} busy={pendingLabel} />
    </form>
  );
}
