'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SecretReveal } from '@/components/ui/secret-reveal';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { usePaging } from '@/lib/client/use-url-state';
import type { ApiKey } from './key-types';
import { apiKeyColumns } from './columns';
import { ListScreen } from '@/components/ui/list-screen';
import { apiKeyQueries } from '@/lib/client/queries/api-keys';
import { forgetFreshKey, rememberFreshKey } from '@/lib/client/fresh-key';
import { KeyCalls } from './key-calls';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

// Fetched when a key is first edited, keeping the page within its first-load budget (React.lazy:
// next/dynamic's loader alone would cost the page 1.4 kB gzipped).
const CreateKeyForm = lazy(() => import('./create-key-form').then((m) => ({ default: m.CreateKeyForm })));
const RotateKeyForm = lazy(() => import('./rotate-key-form').then((m) => ({ default: m.RotateKeyForm })));
const EditKeyDialog = lazy(() => import('./edit-key-dialog').then((m) => ({ default: m.EditKeyDialog })));

export function ApiKeysClient() {
  const ns = useNamespace();
  const paging = usePaging();
  const qc = useQueryClient();
  const toast = useToast();
  const [revealed, setRevealed] = useState<{
    title: string;
    secret: string;
    warning?: string;
    /** A created or rotated key: its first call is printed with the secret filled in. */
    key?: ApiKey;
  } | null>(null);
  /** The calls the dashboard prints elsewhere (the checklist, a payment's page) take this key. */
  const remember = (k: ApiKey) => {
    if (ns) rememberFreshKey({ partnerId: ns, token: k.token, name: k.name, secret: k.secret_key });
  };
  const query = useQuery(apiKeyQueries.list(ns, { limit: LIMIT, ...paging.query }));
  const invalidate = () => qc.invalidateQueries({ queryKey: apiKeyQueries.keys.all });
  const update = useMutation({
    mutationFn: (k: ApiKey) =>
      apiFetch(`/apikey/${k.token}`, { partner: ns, method: 'PATCH', body: { enabled: !k.enabled } }),
    onSuccess: () => {
      toast('success', 'Key updated');
      invalidate();
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
      invalidate();
    },
    onError: (e: Error) => toast('error', e.message),
    onSettled: () => setRevoking(null),
  });
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  // The time the flags are judged at: the page's opening (a key does not expire while one looks).
  const [now] = useState(() => Math.floor(Date.now() / 1000));

  const columns = apiKeyColumns({
    now,
    toggling: update.isPending,
    revoking: revoke.isPending,
    edit: setEditing,
    rotate: setRotating,
    toggle: (k) => update.mutate(k),
    revoke: setRevoking,
  });

  return (
    <ListScreen
      title="API keys"
      intro={
        <>
          {revealed ? (
            <div className="flex flex-col gap-3">
              <SecretReveal
                title={revealed.title}
                secret={revealed.secret}
                warning={revealed.warning}
                onDone={() => setRevealed(null)}
              />
              {revealed.key ? <KeyCalls apiKey={revealed.key} /> : null}
            </div>
          ) : null}
          {rotating ? (
            <Suspense fallback={null}>
              <RotateKeyForm
                apiKey={rotating}
                onCancel={() => setRotating(null)}
                onRotated={(k) => {
                  setRotating(null);
                  remember(k);
                  setRevealed({
                    title: `Key “${k.name}” rotated`,
                    secret: k.secret_key,
                    warning: 'The previous secret has stopped working.',
                    key: k,
                  });
                  invalidate();
                }}
              />
            </Suspense>
          ) : null}
        </>
      }
      create={
        // Loaded right after the page: a placeholder of its height keeps the list from jumping.
        <Suspense
          fallback={<div className="h-44 rounded-lg border border-slate-200 dark:border-slate-800" />}
        >
          <CreateKeyForm
            onCreated={(k, hint) => {
              remember(k);
              setRevealed({ title: `Key “${k.name}” created`, secret: k.secret_key, warning: hint, key: k });
              invalidate();
            }}
          />
        </Suspense>
      }
    >
      <DataTable
        caption="API keys"
        columns={columns}
        data={query.data?.api_keys ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty="No API keys yet."
      />
      {editing ? (
        <Suspense>
          <EditKeyDialog key={editing.token} apiKey={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel={revoke.isPending ? 'Revoking…' : 'Revoke'}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
      >
        Calls with this key will fail at once. This cannot be undone: an integration that still uses it needs
        a new key.
      </ConfirmDialog>
    </ListScreen>
  );
}
