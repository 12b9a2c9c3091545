'use client';

import { SELECT_CLASS } from '@/components/ui/select';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import type { ListPage } from '@/lib/client/list-page';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { usePaging } from '@/lib/client/use-url-state';
import { ROLES } from './roles';
import type { Invited, User } from './user';
import { LazyInviteUserForm } from './lazy-invite-user-form';
import { formatUtc } from '@/lib/client/format';
import type { ShownLink } from './invitation-link';
import type { UserAct } from './user-action-dialog';
import { PageTitle } from '@/components/ui/page-title';

const col = columnHelper<User>();
const LIMIT = 20;
// Shown only after an invitation or a reset: loaded then (the page's first load stays light).
const InvitationLinkDialog = lazy(() => import('./invitation-link'));
const UserActionDialog = lazy(() => import('./user-action-dialog'));

export function Client({ myUserId }: { myUserId: string }) {
  const paging = usePaging();
  const qc = useQueryClient();
  const toast = useToast();
  const query = useQuery({
    queryKey: ['users', { cursor: paging.cursor }],
    queryFn: () => apiFetch<ListPage & { users: User[] }>(`/users?limit=${LIMIT}${paging.param}`),
  });
  const invalidate = () => qc.invalidateQueries({ queryKey: ['users'] });
  // The link just made, shown once to copy (it is kept only hashed).
  const [link, setLink] = useState<ShownLink | null>(null);
  const showLink = (u: Invited) =>
    u.invitation &&
    setLink({
      email: u.email,
      url: u.invitation.url ?? `${window.location.origin}${u.invitation.path}`,
      invitation: u.invitation,
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
  // Removing a user, signing them out everywhere or resetting their access: one confirmation.
  type Act = UserAct;
  const [acting, setActing] = useState<{ u: User; act: Act } | null>(null);
  const remove = useMutation({
    mutationFn: ({ u, act }: { u: User; act: Act }) =>
      act === 'signOut'
        ? apiFetch(`/users/${u.token}/sessions/revoke`, { method: 'POST' })
        : act === 'reset'
          ? apiFetch<Invited>(`/users/${u.token}/reset`, { method: 'POST' })
          : apiFetch(`/users/${u.token}`, { method: 'DELETE' }),
    onSuccess: (answer, { u, act }) => {
      if (act === 'reset') showLink(answer as Invited);
      else toast('success', act === 'signOut' ? `${u.email} is signed out everywhere` : 'User removed');
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
      header: 'Status',
      id: 'status',
      cell: ({ row }) => {
        const until = row.original.invitation_expires_at;
        if (!until) return 'Active';
        return until.seconds * 1000 > query.dataUpdatedAt ? (
          <span title={`The link works until ${formatUtc(new Date(until.seconds * 1000))}`}>
            Invited: no password yet
          </span>
        ) : (
          <span className="text-red-700 dark:text-red-300">Invitation expired: reset access</span>
        );
      },
    }),
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
              onClick={() => setActing({ u: row.original, act: 'signOut' })}
            >
              Sign out
            </Button>
            <Button
              variant="secondary"
              disabled={remove.isPending}
              aria-label={`Reset access of ${row.original.email}`}
              onClick={() => setActing({ u: row.original, act: 'reset' })}
            >
              Reset access
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              aria-label={`Remove ${row.original.email}`}
              onClick={() => setActing({ u: row.original, act: 'remove' })}
            >
              Remove
            </Button>
          </div>
        ),
    }),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Users</PageTitle>
      <LazyInviteUserForm
        onInvited={(u) => {
          showLink(u);
          invalidate();
        }}
      />
      <DataTable
        caption="Users"
        columns={columns}
        data={query.data?.users ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
      />
      {acting ? (
        <Suspense>
          <UserActionDialog
            email={acting.u.email}
            act={acting.act}
            busy={remove.isPending}
            onConfirm={() => remove.mutate(acting)}
            onCancel={() => setActing(null)}
          />
        </Suspense>
      ) : null}
      {link ? (
        <Suspense>
          <InvitationLinkDialog link={link} onClose={() => setLink(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
