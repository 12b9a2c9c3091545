'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { when } from '@/lib/client/format';
import { passkeyFailure } from '@/lib/client/passkey-failure';
import type { PasskeyOptions } from '@/lib/schemas/organizations';
import type { PasskeyRegistered } from '@/lib/schemas/sessions';
import { passkeysQuery } from '@/lib/client/queries/sessions';
import { useNamespace } from '@/lib/client/namespace';

/**
 * The user's passkeys: listed with their last use, added by name (the browser's own dialog does
 * the rest) and removed. The WebAuthn browser library is loaded only when one is added.
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
  const [name, setName] = useState('');
  const list = useQuery(passkeysQuery(ns));
  const add = useMutation({
    mutationFn: async () => {
      const [{ startRegistration }, { options }] = await Promise.all([
        import('@simplewebauthn/browser'),
        apiFetch<PasskeyOptions>('/me/second-factor/passkeys/options', { partner: ns, method: 'POST' }),
      ]);
      let response;
      try {
        response = await startRegistration({ optionsJSON: options as never });
      } catch (err) {
        throw new Error(passkeyFailure(err));
      }
      return apiFetch<PasskeyRegistered>('/me/second-factor/passkeys', {
        partner: ns,
        method: 'POST',
        body: { name, response },
      });
    },
    onSuccess: (r) => {
      setName('');
      onError(null);
      toast('success', `Passkey “${r.passkey.name}” added`);
      if (r.recovery_codes.length) onRecoveryCodes(r.recovery_codes);
      onChanged();
    },
    onError: (e: Error) => onError(e.message),
  });
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
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <div className="min-w-48 flex-1">
          <Field
            label="Passkey name"
            id="passkey-name"
            placeholder="e.g. Work laptop"
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={add.isPending || !name.trim()}>
          {add.isPending ? 'Waiting for the passkey…' : 'Add a passkey'}
        </Button>
      </form>
    </div>
  );
}
