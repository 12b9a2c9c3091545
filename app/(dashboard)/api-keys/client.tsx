'use client';

import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { defineListScreen } from '@/components/screen/list-screen';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SecretReveal } from '@/components/ui/secret-reveal';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { apiKeyQueries } from '@/lib/client/queries/api-keys';
import { forgetFreshKey, rememberFreshKey } from '@/lib/client/fresh-key';
import type { ApiKey } from './key-types';
import { apiKeyColumns } from './columns';
import { when } from '@/lib/client/time';
import { KeyCalls } from './key-calls';

// Fetched when a key is first edited, keeping the page within its first-load budget (React.lazy:
// next/dynamic's loader alone would cost the page 1.4 kB gzipped).
const CreateKeyForm = lazy(() => import('./create-key-form').then((m) => ({ default: m.CreateKeyForm })));
const RotateKeyForm = lazy(() => import('./rotate-key-form').then((m) => ({ default: m.RotateKeyForm })));
const EditKeyDialog = lazy(() => import('./edit-key-dialog').then((m) => ({ default: m.EditKeyDialog })));

type Revealed = {
  title: string;
  secret: string;
  warning?: string;
  /** A created or rotated key: its first call is printed with the secret filled in. */
  key?: ApiKey;
};

/** The namespace's API keys (admins only): create, edit, rotate, disable and revoke them. */
export const ApiKeysScreen = defineListScreen({
  title: 'API keys',
  query: apiKeyQueries.list,
  rows: (d) => d.api_keys,
  caption: 'API keys',
  limit: 20,
  empty: 'No API keys yet.',
  manage: 'api_keys.manage',
  useControls: ({ ns, invalidate }) => {
    const toast = useToast();
    const [revealed, setRevealed] = useState<Revealed | null>(null);
    /** The calls the dashboard prints elsewhere (the checklist, a payment's page) take this key. */
    const remember = (k: ApiKey) => {
      if (ns) rememberFreshKey({ partnerId: ns, token: k.token, name: k.name, secret: k.secret_key });
    };
    const update = useMutation({
      mutationFn: (k: ApiKey) =>
        apiFetch(`/apikey/${k.token}`, { partner: ns, method: 'PATCH', body: { enabled: !k.enabled } }),
      onSuccess: () => {
        toast('success', 'Key updated');
        void invalidate();
      },
      onError: (e: Error) => toast('error', e.message),
    });
    const [editing, setEditing] = useState<ApiKey | null>(null);
    const [revoking, setRevoking] = useState<ApiKey | null>(null);
    const revoke = useMutation({
      mutationFn: (k: ApiKey) => apiFetch(`/apikey/${k.token}`, { partner: ns, method: 'DELETE' }),
      onSuccess: (_, k) => {
        forgetFreshKey(k.token);
        toast('success', 'Key revoked');
        void invalidate();
      },
      onError: (e: Error) => toast('error', e.message),
      onSettled: () => setRevoking(null),
    });
    const [rotating, setRotating] = useState<ApiKey | null>(null);
    // The time the flags are judged at: the page's opening (a key does not expire while one looks).
    const [now] = useState(() => Math.floor(Date.now() / 1000));
    return {
      revealed,
      setRevealed,
      remember,
      update,
      editing,
      setEditing,
      revoking,
      setRevoking,
      revoke,
      rotating,
      setRotating,
      now,
    };
  },
  intro: ({ invalidate, controls: c }) => (
    <>
      {c.revealed ? (
        <div className="flex flex-col gap-3">
          <SecretReveal
            title={c.revealed.title}
            secret={c.revealed.secret}
            warning={c.revealed.warning}
            onDone={() => c.setRevealed(null)}
          />
          {c.revealed.key ? <KeyCalls apiKey={c.revealed.key} /> : null}
        </div>
      ) : null}
      {c.rotating ? (
        <Suspense fallback={null}>
          <RotateKeyForm
            apiKey={c.rotating}
            onCancel={() => c.setRotating(null)}
            onRotated={(k) => {
              c.setRotating(null);
              c.remember(k);
              c.setRevealed({
                title: `Key “${k.name}” rotated`,
                secret: k.secret_key,
                warning:
                  k.previous_secret_key && k.previous_secret_expires_at
                    ? `The previous secret (ending ${k.previous_secret_key.slice(-4)}) keeps working until ${when(k.previous_secret_expires_at)}, then it is refused: move every integration to this one before.`
                    : 'The previous secret has stopped working.',
                key: k,
              });
              void invalidate();
            }}
          />
        </Suspense>
      ) : null}
    </>
  ),
  create: ({ invalidate, controls: c }) => (
    // Loaded right after the page: a placeholder of its height keeps the list from jumping.
    <Suspense fallback={<div className="h-44 rounded-lg border border-slate-200 dark:border-slate-800" />}>
      <CreateKeyForm
        onCreated={(k, hint) => {
          c.remember(k);
          c.setRevealed({ title: `Key “${k.name}” created`, secret: k.secret_key, warning: hint, key: k });
          void invalidate();
        }}
      />
    </Suspense>
  ),
  columns: ({ controls: c }) =>
    apiKeyColumns({
      now: c.now,
      toggling: c.update.isPending,
      revoking: c.revoke.isPending,
      edit: c.setEditing,
      rotate: c.setRotating,
      toggle: (k) => c.update.mutate(k),
      revoke: c.setRevoking,
    }),
  after: ({ controls: c }) => (
    <>
      {c.editing ? (
        <Suspense>
          <EditKeyDialog key={c.editing.token} apiKey={c.editing} onClose={() => c.setEditing(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={c.revoking !== null}
        title={`Revoke “${c.revoking?.name ?? ''}”?`}
        confirmLabel={c.revoke.isPending ? 'Revoking…' : 'Revoke'}
        busy={c.revoke.isPending}
        onConfirm={() => c.revoking && c.revoke.mutate(c.revoking)}
        onCancel={() => c.setRevoking(null)}
      >
        Calls with this key will fail at once. This cannot be undone: an integration that still uses it needs
        a new key.
      </ConfirmDialog>
    </>
  ),
});
