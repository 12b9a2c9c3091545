'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { SecretReveal } from '@/components/ui/secret-reveal';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { useUrlState } from '@/lib/client/use-url-state';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import type { KeyValues } from './key-schemas';
import { FLAGS, keyBody, type ApiKey } from './key-types';

const col = columnHelper<ApiKey>();

const LIMIT = 20;

const NEW_KEY: KeyValues = {
  name: '',
  description: '',
  customers_read: true,
  customers_write: false,
  transactions_read: true,
  transactions_write: false,
};

const keyResolver = lazyResolver(() => import('./key-schemas').then((m) => m.keyResolver));
const rotateResolver = lazyResolver(() => import('./key-schemas').then((m) => m.rotateResolver));
// Fetched when a key is first edited, keeping the page within its first-load budget (React.lazy:
// next/dynamic's loader alone would cost the page 1.4 kB gzipped).
const EditKeyDialog = lazy(() => import('./edit-key-dialog').then((m) => ({ default: m.EditKeyDialog })));

export function ApiKeysClient() {
  const { set, page } = useUrlState();
  const qc = useQueryClient();
  const toast = useToast();
  const [revealed, setRevealed] = useState<{ title: string; secret: string; warning?: string } | null>(null);
  const query = useQuery({
    queryKey: ['api-keys', { page }],
    queryFn: () => apiFetch<{ count: number; api_keys: ApiKey[] }>(`/apikey?page=${page}&limit=${LIMIT}`),
  });
  const invalidate = () => qc.invalidateQueries({ queryKey: ['api-keys'] });
  const form = useForm<KeyValues>({ resolver: keyResolver, defaultValues: NEW_KEY });
  const create = useMutation({
    mutationFn: (v: KeyValues) =>
      apiFetch<ApiKey>('/apikey', {
        method: 'POST',
        body: keyBody(v),
      }),
    onSuccess: (k) => {
      setRevealed({ title: `Key “${k.name}” created`, secret: k.secret_key });
      form.reset(NEW_KEY);
      invalidate();
    },
    onError: (e: Error) => toast('error', e.message),
  });
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
  const rotateForm = useForm({ resolver: rotateResolver, defaultValues: { secret: '' } });
  const rotate = useMutation({
    mutationFn: (secret: string) =>
      apiFetch<ApiKey>(`/apikey/${encodeURIComponent(secret)}`, { method: 'POST' }),
    onSuccess: (k) => {
      setRotating(null);
      rotateForm.reset();
      setRevealed({
        title: `Key “${k.name}” rotated`,
        secret: k.secret_key,
        warning: 'The previous secret has stopped working.',
      });
      invalidate();
    },
    onError: (e: Error) => toast('error', e.message),
  });

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
    col.accessor('enabled', { header: 'Status', cell: (c) => (c.getValue() ? 'Enabled' : 'Disabled') }),
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
      <h1 className="text-2xl font-semibold">API keys</h1>
      {revealed ? (
        <SecretReveal
          title={revealed.title}
          secret={revealed.secret}
          warning={revealed.warning}
          onDone={() => setRevealed(null)}
        />
      ) : null}
      {rotating ? (
        <form
          onSubmit={rotateForm.handleSubmit((v) => rotate.mutate(v.secret))}
          noValidate
          className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
        >
          <h2 className="font-medium">Rotate “{rotating.name}”</h2>
          <p className="text-sm">
            Rotation is addressed by the current secret. The current secret stops working the moment the new
            one is issued.
          </p>
          <Field
            label="Current secret"
            id="current-secret"
            type="password"
            autoComplete="off"
            {...rotateForm.register('secret')}
            error={rotateForm.formState.errors.secret?.message}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={rotate.isPending}>
              {rotate.isPending ? 'Rotating…' : 'Rotate now'}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setRotating(null);
                rotateForm.reset();
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      <form
        onSubmit={form.handleSubmit((v) => create.mutate(v))}
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        noValidate
      >
        <h2 className="font-medium">Create a key</h2>
        <div className="grid gap-3 md:grid-cols-2">
          <Field
            label="Key name"
            id="key-name"
            {...form.register('name')}
            error={form.formState.errors.name?.message}
          />
          <Field
            label="Description"
            id="key-description"
            {...form.register('description')}
            error={form.formState.errors.description?.message}
          />
        </div>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium">Access</legend>
          {FLAGS.map((f) => (
            <label key={f} className="flex items-center gap-2 text-sm">
              <input type="checkbox" {...form.register(f)} /> {f}
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </Button>
        </div>
      </form>
      <DataTable
        caption="API keys"
        columns={columns}
        data={query.data?.api_keys ?? []}
        count={query.data?.count ?? 0}
        page={page}
        limit={LIMIT}
        onPage={(p) => set({ page: p })}
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
