'use client';

import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
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
  const toast = useToast();
  const rotate = useMutation({
    mutationFn: () =>
      apiFetch<ApiKey>(`/apikey/${encodeURIComponent(apiKey.token)}`, { partner: ns, method: 'POST' }),
    onSuccess: onRotated,
    onError: (e: Error) => toast('error', e.message),
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
      <div className="flex gap-2">
        <Button type="submit" disabled={rotate.isPending} autoFocus>
          {rotate.isPending ? 'Rotating…' : 'Rotate now'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
