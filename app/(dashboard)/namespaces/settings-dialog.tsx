'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, SelectField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';

export interface NamespaceSettings {
  token: string;
  domain: string;
  payment_ttl_seconds: number;
  review_threshold: string;
}

const UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const;
type Unit = keyof typeof UNITS;
/** The API's bounds (lib/schemas/namespaces.ts): 5 seconds to 30 days. */
const TTL_MIN = 5;
const TTL_MAX = 30 * 86400;

/** The largest unit that states `seconds` exactly. */
function inUnits(seconds: number): { value: string; unit: Unit } {
  for (const unit of ['days', 'hours', 'minutes'] as const)
    if (seconds % UNITS[unit] === 0) return { value: String(seconds / UNITS[unit]), unit };
  return { value: String(seconds), unit: 'seconds' };
}

/** "1,000,000" → "1,000,000 minor units (10,000.00 in a currency with 2 decimals)". */
const thresholdHint = (minor: string) =>
  /^[1-9]\d{0,17}$/.test(minor)
    ? `${BigInt(minor).toLocaleString('en')} minor units: ${(BigInt(minor) / 100n).toLocaleString('en')}.${(BigInt(minor) % 100n).toString().padStart(2, '0')} in a currency with 2 decimals`
    : 'Digits, in minor units';

/**
 * A namespace's admission settings (admins): how long a payment may wait for admission before it
 * expires, and the amount from which the creator's compliance review is asked for. Checked here as
 * the API checks them; the API's answer is the last word.
 */
export default function SettingsDialog({ ns, onClose }: { ns: NamespaceSettings; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const qc = useQueryClient();
  const toast = useToast();
  const start = inUnits(ns.payment_ttl_seconds);
  const [ttl, setTtl] = useState(start.value);
  const [unit, setUnit] = useState<Unit>(start.unit);
  const [threshold, setThreshold] = useState(ns.review_threshold);
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const seconds = /^\d{1,9}$/.test(ttl.trim()) ? Number(ttl.trim()) * UNITS[unit] : NaN;
  const ttlError =
    Number.isInteger(seconds) && seconds >= TTL_MIN && seconds <= TTL_MAX
      ? undefined
      : 'From 5 seconds to 30 days, a whole number';
  const thresholdError = /^[1-9]\d{0,17}$/.test(threshold.trim())
    ? undefined
    : 'A whole number of minor units above 0 (e.g. 1000000 for 10,000.00)';
  const save = useMutation({
    mutationFn: () =>
      apiFetch(`/partner/${ns.token}`, {
        method: 'PATCH',
        body: { payment_ttl_seconds: seconds, review_threshold: threshold.trim() },
      }),
    onSuccess: () => {
      toast('success', `Settings of ${ns.domain} saved`);
      qc.invalidateQueries({ queryKey: ['partners'] });
      onClose();
    },
    onError: (e: Error) => setServerError(e.message),
  });
  return (
    <dialog
      ref={ref}
      aria-labelledby="ns-settings-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-full max-w-lg rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setServerError(null);
          if (!ttlError && !thresholdError) save.mutate();
        }}
        className="flex flex-col gap-4"
      >
        <h2 id="ns-settings-title" className="text-lg font-semibold">
          Settings of {ns.domain}
        </h2>
        <div className="grid grid-cols-[1fr_auto] items-start gap-3">
          <Field
            label="Payment time to live"
            id="ns-ttl"
            inputMode="numeric"
            value={ttl}
            onChange={(e) => setTtl(e.target.value)}
            error={ttlError}
          />
          <SelectField
            label="Unit"
            id="ns-ttl-unit"
            value={unit}
            onChange={(e) => setUnit(e.target.value as Unit)}
          >
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
          label="Compliance review from (minor units)"
          id="ns-threshold"
          inputMode="numeric"
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
          error={thresholdError}
        />
        <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400">
          {thresholdHint(threshold.trim())}. A payment this namespace creates at or above it waits for its
          compliance review.
        </p>
        {serverError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {serverError}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
