'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Modal } from '@/components/ui/modal';
import { FormFooter } from '@/components/ui/form-footer';
import { Field, SelectField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { useNamespace } from '@/lib/client/namespace';
import { formField } from '@/lib/client/form-field';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { showServerError } from '@/lib/client/server-error';
import { namespaceQueries } from '@/lib/client/queries/namespaces';
import type { SettingsValues } from './settings-schema';
import {
  thresholdElsewhere,
  thresholdMinor,
  thresholdText,
  ttlSeconds,
  UNITS,
  type Unit,
} from './settings-units';

export interface NamespaceSettings {
  token: string;
  domain: string;
  payment_ttl_seconds: number;
  review_threshold: string;
  four_eyes_threshold: string | null;
  four_eyes_approvals: number;
  four_eyes_api_keys_approve: boolean;
  on_cap: 'reject' | 'queue';
}

/** The largest unit that states `seconds` exactly. */
function inUnits(seconds: number): { value: string; unit: Unit } {
  for (const unit of ['days', 'hours', 'minutes'] as const)
    if (seconds % UNITS[unit] === 0) return { value: String(seconds / UNITS[unit]), unit };
  return { value: String(seconds), unit: 'seconds' };
}

/** "10,000" → "USD, EUR… 10,000.00; 1,000,000 in a currency without decimals (JPY)". */
function thresholdHint(typed: string): string {
  const minor = thresholdMinor(typed);
  return minor === null
    ? 'An amount, e.g. 10,000.00'
    : `${thresholdText(minor)} in USD, EUR or another currency with 2 decimals; ${thresholdElsewhere(minor)}`;
}

const settingsResolver = lazyResolver(() => import('./settings-schema').then((m) => m.settingsResolver));

/** What the form saves, named as the request's body below reads them. */
interface Saved {
  seconds: number;
  threshold: string;
  fourEyes: boolean;
  fourEyesFrom: string;
  approvals: number;
  keysApprove: boolean;
  onCap: SettingsValues['onCap'];
}

/**
 * A namespace's admission settings (admins): how long a payment may wait for admission before it
 * expires, the amount from which the creator's compliance review is asked for, four eyes (who
 * may approve its tasks), and what becomes of a payment past its net debit cap (`on_cap`).
 * Checked here as the API checks them; the API's answer is the last word.
 */
export default function SettingsDialog({ ns, onClose }: { ns: NamespaceSettings; onClose: () => void }) {
  const qc = useQueryClient();
  const selected = useNamespace();
  const toast = useToast();
  const start = inUnits(ns.payment_ttl_seconds);
  // Checked as typed (`onChange`), as the API checks them; the unit re-checks the time to live.
  const form = useForm<SettingsValues>({
    resolver: settingsResolver,
    mode: 'onChange',
    defaultValues: {
      ttl: start.value,
      unit: start.unit,
      threshold: thresholdText(ns.review_threshold),
      fourEyes: ns.four_eyes_threshold !== null,
      fourEyesFrom: thresholdText(ns.four_eyes_threshold ?? ns.review_threshold),
      approvals: ns.four_eyes_approvals === 2 ? '2' : '1',
      keysApprove: ns.four_eyes_api_keys_approve,
      onCap: ns.on_cap,
    },
  });
  const [threshold, fourEyes, fourEyesFrom] = useWatch({
    control: form.control,
    name: ['threshold', 'fourEyes', 'fourEyesFrom'],
  });
  const save = useMutation({
    mutationFn: ({ seconds, threshold, fourEyes, fourEyesFrom, approvals, keysApprove, onCap }: Saved) =>
      apiFetch(`/partner/${ns.token}`, {
        partner: selected,
        method: 'PATCH',
        body: {
          payment_ttl_seconds: seconds,
          review_threshold: thresholdMinor(threshold),
          four_eyes_threshold: fourEyes ? thresholdMinor(fourEyesFrom) : null,
          four_eyes_approvals: approvals,
          four_eyes_api_keys_approve: keysApprove,
          on_cap: onCap,
        },
      }),
    onSuccess: () => {
      toast('success', `Settings of ${ns.domain} saved`);
      qc.invalidateQueries({ queryKey: namespaceQueries.keys.all });
      onClose();
    },
    onError: (e: Error) =>
      showServerError(form, e, {
        payment_ttl_seconds: 'ttl',
        review_threshold: 'threshold',
        four_eyes_threshold: 'fourEyesFrom',
      }),
  });
  return (
    <Modal
      onClose={onClose}
      labelledBy="ns-settings-title"
      className="max-h-[90dvh] max-w-lg overflow-y-auto p-6"
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((v) =>
          save.mutate({
            seconds: ttlSeconds(v.ttl, v.unit),
            threshold: v.threshold,
            fourEyes: v.fourEyes,
            fourEyesFrom: v.fourEyesFrom,
            approvals: Number(v.approvals),
            keysApprove: v.keysApprove,
            onCap: v.onCap,
          }),
        )}
        className="flex flex-col gap-4"
      >
        <h2 id="ns-settings-title" className="text-lg font-semibold">
          Settings of {ns.domain}
        </h2>
        <div className="grid grid-cols-[1fr_auto] items-start gap-3">
          <Field label="Payment time to live" id="ns-ttl" inputMode="numeric" {...formField(form, 'ttl')} />
          <SelectField label="Unit" id="ns-ttl-unit" {...form.register('unit', { deps: ['ttl'] })}>
            {Object.keys(UNITS).map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400">
          A payment not admitted within this time after it was created expires.
        </p>
        <Field
          label="Compliance review from"
          id="ns-threshold"
          inputMode="decimal"
          hint={`${thresholdHint(threshold)}. A payment this namespace creates at or above it waits for its compliance review.`}
          {...formField(form, 'threshold')}
        />
        <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">Four eyes</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              {...form.register('fourEyes', { deps: ['fourEyesFrom'] })}
            />
            <span>
              Tasks of large payments and every compliance review need approval by someone other than whoever
              created or submitted the payment
            </span>
          </label>
          <p className="-mt-1 text-xs text-slate-600 dark:text-slate-400">
            Loosening it applies to payments submitted afterwards: a task already waiting keeps what it was
            submitted with. Tightening it applies to waiting tasks at once.
          </p>
          {fourEyes ? (
            <>
              <Field
                label="Four eyes from"
                id="ns-four-eyes"
                inputMode="decimal"
                hint={`${thresholdHint(fourEyesFrom)}. Compliance reviews need it at any amount.`}
                {...formField(form, 'fourEyesFrom')}
              />
              <SelectField label="Approvers" id="ns-four-eyes-approvals" {...form.register('approvals')}>
                <option value="1">One, not the payment&apos;s maker</option>
                <option value="2">Two different people, neither the maker</option>
              </SelectField>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4" {...form.register('keysApprove')} />
                API keys may approve (otherwise only people)
              </label>
            </>
          ) : null}
        </fieldset>
        <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">
            When a payment does not fit under the net debit cap
          </legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" value="reject" className="mt-0.5 size-4" {...form.register('onCap')} />
            <span>Reject it (NET_DEBIT_CAP_EXCEEDED)</span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" value="queue" className="mt-0.5 size-4" {...form.register('onCap')} />
            <span>Queue it until headroom returns (it expires with the payment)</span>
          </label>
        </fieldset>
        <FormFooter
          layout="dialog"
          form={form}
          submit="Save settings"
          busy="Saving…"
          pending={save.isPending}
          cancel={{ onClick: onClose, disabled: save.isPending }}
        />
      </form>
    </Modal>
  );
}
