'use client';

import { when } from '@/lib/client/time';
import { Badge } from '@/components/ui/badge';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import type { ListPage } from '@/lib/client/list-page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SecretReveal } from '@/components/ui/secret-reveal';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { usePaging } from '@/lib/client/use-url-state';
import { FLAGS, keyHygiene, type ApiKey } from './key-types';
import { PageTitle } from '@/components/ui/page-title';

const col = columnHelper<ApiKey>();

const LIMIT = 20;

// Fetched when a key is first edited, keeping the page within its first-load budget (React.lazy:
// next/dynamic's loader alone would cost the page 1.4 kB gzipped).
const CreateKeyForm = lazy(() => import('./create-key-form').then((m) => ({ default: m.CreateKeyForm })));
const RotateKeyForm = lazy(() => import('./rotate-key-form').then((m) => ({ default: m.RotateKeyForm })));
const EditKeyDialog = lazy(() => import('./edit-key-dialog').then((m) => ({ default: m.EditKeyDialog })));

export function ApiKeysClient() {
  const paging = usePaging();
  const qc = useQueryClient();
  const toast = useToast();
  const [revealed, setRevealed] = useState<{ title: string; secret: string; warning?: string } | null>(null);
  const query = useQuery({
    queryKey: ['api-keys', { cursor: paging.cursor }],
    queryFn: () => apiFetch<ListPage & { api_keys: ApiKey[] }>(`/apikey?limit=${LIMIT}${paging.param}`),
  });
  const invalidate = () => qc.invalidateQueries({ queryKey: ['api-keys'] });
  const update = useMutation({
    mutationFn: (k: ApiKey) =>
      apiFetch(`/apikey/${k.token}`, { method: 'PATCH', body: { enabled: !k.enabled } }),
    onSuccess: () => {
      toast('success', 'Key updated');
      invalidate();
    },
    onError: (e: Error) => toast('error', e.message),
  });
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: (k: ApiKey) => apiFetch(`/apikey/${k.token}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast('success', 'Key revoked');
      invalidate();
    },
    onError: (e: Error) => toast('error', e.message),
    onSettled: () => setRevoking(null),
  });
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  // The time the flags are judged at: the page's opening (a key does not expire while one looks).
  const [now] = useState(() => Math.floor(Date.now() / 1000));

  const columns = col.columns([
    col.accessor('name', { header: 'Name' }),
    col.accessor('secret_key', {
      header: 'Secret',
      cell: (c) => <code className="text-xs">{c.getValue()}</code>,
    }),
    col.display({
      header: 'Access',
      id: 'access',
      cell: ({ row }) => FLAGS.filter((f) => row.original.access[f]).join(', ') || 'none',
    }),
    col.display({
      header: 'Status',
      id: 'status',
      cell: ({ row }) => {
        const k = row.original;
        const flags = keyHygiene(k, now);
        return (
          <span className="flex flex-wrap gap-1">
            {k.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="slate">Disabled</Badge>}
            {flags.expired ? <Badge tone="red">Expired</Badge> : null}
            {flags.expiresSoon ? (
              <Badge tone="amber">Expires {when(k.expires_at!).replace(/,? \d{1,2}:.*$/, '')}</Badge>
            ) : null}
            {flags.unused ? <Badge tone="amber">Unused 90+ days</Badge> : null}
          </span>
        );
      },
    }),
    col.display({
      header: 'Last used',
      id: 'last-used',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {row.original.last_used_at ? when(row.original.last_used_at) : 'Never'}
        </span>
      ),
    }),
    col.display({
      header: 'Created',
      id: 'created',
      // Read in the browser (the list is fetched there): the reader's zone, named.
      cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.created_at.seconds)}</span>,
    }),
    col.display({
      header: 'Actions',
      id: 'actions',
      cell: ({ row }) => (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => setEditing(row.original)}
            aria-label={`Edit ${row.original.name}`}
          >
            Edit
          </Button>
          <Button
            variant="secondary"
            onClick={() => setRotating(row.original)}
            aria-label={`Rotate ${row.original.name}`}
          >
            Rotate
          </Button>
          <Button variant="secondary" disabled={update.isPending} onClick={() => update.mutate(row.original)}>
            {row.original.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            variant="danger"
            disabled={revoke.isPending}
            aria-label={`Revoke ${row.original.name}`}
            onClick={() => setRevoking(row.original)}
          >
            Revoke
          </Button>
        </div>
      ),
    }),
  ]);

  return (
    <div className="flex flex-col gap-6">
      <PageTitle>API keys</PageTitle>
      {revealed ? (
        <SecretReveal
          title={revealed.title}
          secret={revealed.secret}
          warning={revealed.warning}
          onDone={() => setRevealed(null)}
        />
      ) : null}
      {rotating ? (
        <Suspense fallback={null}>
          <RotateKeyForm
            apiKey={rotating}
            onCancel={() => setRotating(null)}
            onRotated={(k) => {
              setRotating(null);
              setRevealed({
                title: `Key “${k.name}” rotated`,
                secret: k.secret_key,
                warning: 'The previous secret has stopped working.',
              });
              invalidate();
            }}
          />
        </Suspense>
      ) : null}
      {/* Loaded right after the page: a placeholder of its height keeps the list from jumping. */}
      <Suspense fallback={<div className="h-44 rounded-lg border border-slate-200 dark:border-slate-800" />}>
        <CreateKeyForm
          onCreated={(k, hint) => {
            setRevealed({ title: `Key “${k.name}” created`, secret: k.secret_key, warning: hint });
            invalidate();
          }}
        />
      </Suspense>
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
    </div>
  );
}
