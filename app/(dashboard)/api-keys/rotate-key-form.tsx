'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { apiFetch } from '@/lib/client/api';
import { OVERLAP_CHOICES, type ApiKey } from './key-types';
import { useNamespace } from '@/lib/client/namespace';

/**
 * Rotates a key by its token (`POST /apikey/{token}`, the extension of the spec's rotation by
 * secret): an admin who lost the secret can rotate too. The admin chooses how long the current
 * secret keeps working (`previous_secret_expires_in`): at once, as the spec's rotation does, or for
 * an hour, a day or a week while integrations move to the new one. The answer's new secret goes to
 * `onRotated`. Loaded when first opened (React.lazy in client.tsx), keeping the page within its
 * first-load budget.
 */
export function RotateKeyForm({
  apiKey,
  onRotated,
  onCancel,
}: {
  apiKey: ApiKey;
  onRotated: (k: ApiKey) => void;
  onCancel: () => void;
}) {
  const ns = useNamespace();
  const [overlap, setOverlap] = useState('0');
  const rotate = useMutation({
    mutationFn: () =>
      apiFetch<ApiKey>(`/apikey/${encodeURIComponent(apiKey.token)}`, {
        partner: ns,
        method: 'POST',
        body: { previous_secret_expires_in: Number(overlap) },
      }),
    onSuccess: onRotated,
  });
  const last4 = apiKey.secret_key.slice(-4);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        rotate.mutate();
      }}
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
    >
      <h2 className="font-medium">Rotate “{apiKey.name}”?</h2>
      <p className="text-sm">
        A new secret is issued and shown once. The current secret (ending {last4}) stops working when you
        choose: at once, or after a while, so that every integration that uses it can move to the new one
        without an outage.
      </p>
      {apiKey.previous_secret_key ? (
        <p className="text-sm font-medium">
          The secret ending {apiKey.previous_secret_key.slice(-4)}, replaced earlier and still working, stops
          at once.
        </p>
      ) : null}
      <SelectField
        label="The old secret keeps working"
        id="rotate-overlap"
        className="max-w-xs"
        value={overlap}
        onChange={(e) => setOverlap(e.target.value)}
      >
        {OVERLAP_CHOICES.map(([seconds, label]) => (
          <option key={seconds} value={seconds}>
            {label}
          </option>
        ))}
      </SelectField>
      <FormFooter
        error={rotate.error?.message}
        submit="Rotate now"
        busy="Rotating…"
        pending={rotate.isPending}
        autoFocus
        cancel={{ onClick: onCancel }}
      />
    </form>
  );
}
