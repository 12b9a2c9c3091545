'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { formField } from '@/lib/client/form-field';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { RecoveryProgress, useRecovery } from './recovery';
import type { RecoveryValues } from './recovery-schema';

/** "2026-11-25T09:30" in the browser's time zone, as a datetime-local field takes it. */
function localInputValue(seconds: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const recoveryResolver = lazyResolver(() => import('./recovery-schema').then((m) => m.recoveryResolver));

/** The recovery form on an enabled endpoint (admins): failed since a time, sent again. */
export function Recovery({ webhookId, failingSince }: { webhookId: string; failingSince: number | null }) {
  const { progress, run, stop } = useRecovery(webhookId);
  const [defaultValues] = useState<RecoveryValues>(() => ({
    since: localInputValue(failingSince ?? Math.floor(Date.now() / 1000) - 86400),
  }));
  const form = useForm<RecoveryValues>({ resolver: recoveryResolver, defaultValues });
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      aria-labelledby="recovery-title"
      onSubmit={form.handleSubmit((v) => run(Math.floor(new Date(v.since).getTime() / 1000)))}
    >
      <h3 id="recovery-title" className="text-sm font-medium">
        Recover failed deliveries
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Every delivery that failed since this time is sent again once, oldest first, with its original event
        id (receivers that deduplicate on webhook-id see each event once).
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Field
          label="Failed since (your time)"
          id="recover-since"
          type="datetime-local"
          {...formField(form, 'since')}
        />
        <FormFooter
          layout="inline"
          form={form}
          submit="Send failed deliveries again"
          pending={progress?.running ?? false}
        />
      </div>
      {progress ? <RecoveryProgress progress={progress} onStop={stop} /> : null}
    </form>
  );
}
