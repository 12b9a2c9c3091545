'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { Field, SelectField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { namespaceQueries } from '@/lib/client/queries/namespaces';

export interface NamespaceSettings {
  token: string;
  domain: string;
  payment_ttl_seconds: number;
  review_threshold: string;
  four_eyes_threshold: string | null;
  four_eyes_approvals: number;
  four_eyes_api_keys_approve: boolean;
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

const MINOR_UNITS = /^[1-9]\d{0,17}$/;

/**
 * A namespace's admission settings (admins): how long a payment may wait for admission before it
 * expires, the amount from which the creator's compliance review is asked for, and four eyes (who
 * may approve its tasks). Checked here as the API checks them; the API's answer is the last word.
 */
export default function SettingsDialog({ ns, onClose }: { ns: NamespaceSettings; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const start = inUnits(ns.payment_ttl_seconds);
  const [ttl, setTtl] = useState(start.value);
  const [unit, setUnit] = useState<Unit>(start.unit);
  const [threshold, setThreshold] = useState(ns.review_threshold);
  const [fourEyes, setFourEyes] = useState(ns.four_eyes_threshold !== null);
  const [fourEyesFrom, setFourEyesFrom] = useState(ns.four_eyes_threshold ?? ns.review_threshold);
  const [approvals, setApprovals] = useState(ns.four_eyes_approvals);
  const [keysApprove, setKeysApprove] = useState(ns.four_eyes_api_keys_approve);
  const [serverError, setServerError] = useState<string | null>(null);
  const seconds = /^\d{1,9}$/.test(ttl.trim()) ? Number(ttl.trim()) * UNITS[unit] : NaN;
  const ttlError =
    Number.isInteger(seconds) && seconds >= TTL_MIN && seconds <= TTL_MAX
      ? undefined
      : 'From 5 seconds to 30 days, a whole number';
  const minorUnitsError = (v: string) =>
    MINOR_UNITS.test(v.trim())
      ? undefined
      : 'A whole number of minor units above 0 (e.g. 1000000 for 10,000.00)';
  const thresholdError = minorUnitsError(threshold);
  const fourEyesError = fourEyes ? minorUnitsError(fourEyesFrom) : undefined;
  const save = useMutation({
    mutationFn: () =>
      apiFetch(`/partner/${ns.token}`, {
        method: 'PATCH',
        body: {
          payment_ttl_seconds: seconds,
          review_threshold: threshold.trim(),
          four_eyes_threshold: fourEyes ? fourEyesFrom.trim() : null,
          four_eyes_approvals: approvals,
          four_eyes_api_keys_approve: keysApprove,
        },
      }),
    onSuccess: () => {
      toast('success', `Settings of ${ns.domain} saved`);
      qc.invalidateQueries({ queryKey: namespaceQueries.keys.all });
      onClose();
    },
    onError: (e: Error) => setServerError(e.message),
  });
  return (
    <Modal
      onClose={onClose}
      labelledBy="ns-settings-title"
      className="max-h-[90dvh] max-w-lg overflow-y-auto p-6"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setServerError(null);
          if (!ttlError && !thresholdError && !fourEyesError) save.mutate();
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
          hint={`${thresholdHint(threshold.trim())}. A payment this namespace creates at or above it waits for its compliance review.`}
          error={thresholdError}
        />
        <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">Four eyes</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={fourEyes}
              onChange={(e) => setFourEyes(e.target.checked)}
            />
            <span>
              Tasks of large payments and every compliance review need approval by someone other than whoever
              created or submitted the payment
            </span>
          </label>
          {fourEyes ? (
            <>
              <Field
                label="Four eyes from (minor units)"
                id="ns-four-eyes"
                inputMode="numeric"
                value={fourEyesFrom}
                onChange={(e) => setFourEyesFrom(e.target.value)}
                hint={`${thresholdHint(fourEyesFrom.trim())}. Compliance reviews need it at any amount.`}
                error={fourEyesError}
              />
              <SelectField
                label="Approvers"
                id="ns-four-eyes-approvals"
                value={String(approvals)}
                onChange={(e) => setApprovals(Number(e.target.value))}
              >
                <option value="1">One, not the payment&apos;s maker</option>
                <option value="2">Two different people, neither the maker</option>
              </SelectField>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={keysApprove}
                  onChange={(e) => setKeysApprove(e.target.checked)}
                />
                API keys may approve (otherwise only people)
              </label>
            </>
          ) : null}
        </fieldset>
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
    </Modal>
  );
}
