'use client';

import { useMutation } from '@tanstack/react-query';
import { FormFooter } from '@/components/ui/form-footer';
import { apiFetch } from '@/lib/client/api';
import type { ApiKey } from './key-types';
import { useNamespace } from '@/lib/client/namespace';

/**
 * Rotates a key by its token (`POST /apikey/{token}`, the extension of the spec's rotation by
 * secret): an admin who lost the secret can rotate too. The answer's new secret goes to `onRotated`.
 * Loaded when first opened (React.lazy in client.tsx), keeping the page within its first-load budget.
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
  const rotate = useMutation({
    mutationFn: () =>
      apiFetch<ApiKey>(`/apikey/${encodeURIComponent(apiKey.token)}`, { partner: ns, method: 'POST' }),
    onSuccess: onRotated,
  });
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
        A new secret is issued and shown once. The current secret (ending {apiKey.secret_key.slice(-4)}) stops
        working the moment it is: update every integration that uses it.
      </p>
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
