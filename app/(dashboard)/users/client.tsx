'use client';

import { SELECT_CLASS } from '@/components/ui/select';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import type { ListPage } from '@/lib/client/list-page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, SelectField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { usePaging } from '@/lib/client/use-url-state';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import type { InviteValues } from './invite-schema';
import { ROLES } from './roles';

interface User {
  token: string;
  email: string;
  name: string;
  role: string;
}
const col = columnHelper<User>();
const LIMIT = 20;
const EMPTY: InviteValues = { email: '', name: '', role: 'support', password: '' };

const inviteResolver = lazyResolver(() => import('./invite-schema').then((m) => m.inviteResolver));

export function Client({ myUserId }: { myUserId: string }) {
  const paging = usePaging();
  const qc = useQueryClient();
  const toast = useToast();
  const query = useQuery({
    queryKey: ['users', { cursor: paging.cursor }],
    queryFn: () => apiFetch<ListPage & { users: User[] }>(`/users?limit=${LIMIT}${paging.param}`),
  });
  const invalidate = () => qc.invalidateQueries({ queryKey: ['users'] });
  const form = useForm<InviteValues>({ resolver: inviteResolver, defaultValues: EMPTY });
  const invite = useMutation({
    mutationFn: (v: InviteValues) => apiFetch<User>('/users', { method: 'POST', body: v }),
    onSuccess: (u) => {
      toast('success', `${u.email} can now sign in`);
      form.reset(EMPTY);
      invalidate();
    },
    onError: (e: Error) => form.setError('email', { message: e.message }),
  });
  const change = useMutation({
    mutationFn: ({ u, role }: { u: User; role: string }) =>
      apiFetch(`/users/${u.token}`, { method: 'PATCH', body: { role } }),
    onSuccess: () => {
      toast('success', 'Role changed');
      invalidate();
    },
    onError: (e: Error) => {
      toast('error', e.message);
      invalidate();
    },
  });
  // Removing a user, or signing them out everywhere: one confirmation for either.
  const [acting, setActing] = useState<{ u: User; signOut?: boolean } | null>(null);
  const remove = useMutation({
    mutationFn: ({ u, signOut }: { u: User; signOut?: boolean }) =>
      signOut
        ? apiFetch(`/users/${u.token}/sessions/revoke`, { method: 'POST' })
        : apiFetch(`/users/${u.token}`, { method: 'DELETE' }),
    onSuccess: (_, { u, signOut }) => {
      toast('success', signOut ? `${u.email} is signed out everywhere` : 'User removed');
      invalidate();
    },
    onError: (e: Error) => toast('error', e.message),
    onSettled: () => setActing(null),
  });
  const columns = col.columns([
    col.display({
      header: 'Email',
      id: 'email',
      cell: ({ row }) => (
        <>
          {row.original.email}
          {row.original.token === myUserId ? (
            <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">(you)</span>
          ) : null}
        </>
      ),
    }),
    col.accessor('name', { header: 'Name' }),
    col.display({
      header: 'Role',
      id: 'role',
      cell: ({ row }) => (
        <select
          aria-label={`Role of ${row.original.email}`}
          value={row.original.role}
          disabled={change.isPending}
          onChange={(e) => change.mutate({ u: row.original, role: e.target.value })}
          className={SELECT_CLASS}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      ),
    }),
    col.display({
      header: 'Actions',
      id: 'actions',
      cell: ({ row }) =>
        // Oneself: another admin removes a departing admin (the gateway refuses it too).
        row.original.token === myUserId ? null : (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              disabled={remove.isPending}
              aria-label={`Sign ${row.original.email} out everywhere`}
              onClick={() => setActing({ u: row.original, signOut: true })}
            >
              Sign out
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              aria-label={`Remove ${row.original.email}`}
              onClick={() => setActing({ u: row.original })}
            >
              Remove
            </Button>
          </div>
        ),
    }),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Users</h1>
      <form
        onSubmit={form.handleSubmit((v) => invite.mutate(v))}
        className="grid items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-5 dark:border-slate-800 dark:bg-slate-900"
        noValidate
      >
        <Field
          label="User email"
          id="u-email"
          type="email"
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <Field label="Full name" id="u-name" {...form.register('name')} />
        <SelectField label="Role" id="u-role" {...form.register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <Field
          label="Initial password"
          id="u-password"
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
          error={form.formState.errors.password?.message}
        />
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Inviting…' : 'Invite user'}
        </Button>
      </form>
      <DataTable
        caption="Users"
        columns={columns}
        data={query.data?.users ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
      />
      <ConfirmDialog
        open={acting !== null}
        title={`${acting?.signOut ? 'Sign out' : 'Remove'} ${acting?.u.email ?? ''}?`}
        confirmLabel={acting?.signOut ? 'Sign out everywhere' : remove.isPending ? 'Removing…' : 'Remove'}
        busy={remove.isPending}
        onConfirm={() => acting && remove.mutate(acting)}
        onCancel={() => setActing(null)}
      >
        {acting?.signOut
          ? 'Every session of theirs ends at once, on every server; they can sign in again.'
          : 'They can no longer sign in to this organization; their access token stops working at once.'}
      </ConfirmDialog>
    </div>
  );
}
