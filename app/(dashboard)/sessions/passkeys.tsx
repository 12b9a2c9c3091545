'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { when } from '@/lib/client/format';
import type { PasskeyRegistered } from '@/lib/schemas/sessions';
import { passkeysQuery } from '@/lib/client/queries/sessions';
import { useNamespace } from '@/lib/client/namespace';
import { LazyPasskeyForm } from './lazy-second-factor-forms';

/**
 * The user's passkeys: listed with their last use, added by name (the browser's own dialog does
 * the rest: PasskeyForm) and removed.
 */
export function Passkeys({
  onRecoveryCodes,
  onError,
  onChanged,
}: {
  onRecoveryCodes: (codes: string[]) => void;
  onError: (message: string | null) => void;
  /** A passkey was added or removed: the second factor's queries are stale. */
  onChanged: () => void;
}) {
  const ns = useNamespace();
  const toast = useToast();
  const list = useQuery(passkeysQuery(ns));
  const added = (r: PasskeyRegistered) => {
    onError(null);
    toast('success', `Passkey “${r.passkey.name}” added`);
    if (r.recovery_codes.length) onRecoveryCodes(r.recovery_codes);
    onChanged();
  };
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/me/second-factor/passkeys/${encodeURIComponent(id)}`, { partner: ns, method: 'DELETE' }),
    onSuccess: () => {
      onError(null);
      toast('success', 'Passkey removed');
      onChanged();
    },
    onError: (e: Error) => onError(e.message),
  });
  const passkeys = list.data?.passkeys ?? [];

  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">Passkeys</h3>
      {passkeys.length ? (
        <ul
          aria-label="Passkeys"
          className="flex flex-col divide-y divide-slate-200 text-sm dark:divide-slate-700"
        >
          {passkeys.map((p) => (
            <li key={p.token} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{p.name}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  Added {when(p.created_at)} ·{' '}
                  {p.last_used_at ? `last used ${when(p.last_used_at)}` : 'not used yet'}
                  {p.backed_up ? ' · synced' : ''}
                </span>
              </span>
              <Button
                type="button"
                variant="secondary"
                aria-label={`Remove passkey ${p.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(p.token)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A passkey signs you in with this device’s screen lock or a security key instead of a code.
        </p>
      )}
      <LazyPasskeyForm onAdded={added} />
    </div>
  );
}
