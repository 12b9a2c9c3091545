'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { usePaging } from '@/lib/client/use-url-state';
import type { Invited, User } from './user';
import { userColumns } from './columns';
import { ListScreen } from '@/components/ui/list-screen';
import { LazyInviteUserForm } from './lazy-invite-user-form';
import type { ShownLink } from './invitation-link';
import type { UserAct } from './user-action-dialog';
import { userQueries } from '@/lib/client/queries/users';
import { RequireSecondFactor } from './require-second-factor';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;
// Shown only after an invitation or a reset: loaded then (the page's first load stays light).
const InvitationLinkDialog = lazy(() => import('./invitation-link'));
const UserActionDialog = lazy(() => import('./user-action-dialog'));

export function Client({ myUserId }: { myUserId: string }) {
  const ns = useNamespace();
  const paging = usePaging();
  const qc = useQueryClient();
  const toast = useToast();
  const query = useQuery(userQueries.list(ns, { limit: LIMIT, ...paging.query }));
  const invalidate = () => qc.invalidateQueries({ queryKey: userQueries.keys.all });
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
      apiFetch(`/users/${u.token}`, { partner: ns, method: 'PATCH', body: { role } }),
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
        ? apiFetch(`/users/${u.token}/sessions/revoke`, { partner: ns, method: 'POST' })
        : act === 'reset' || act === 'newLink'
          ? apiFetch<Invited>(`/users/${u.token}/reset`, { partner: ns, method: 'POST' })
          : apiFetch(`/users/${u.token}`, { partner: ns, method: 'DELETE' }),
    onSuccess: (answer, { u, act }) => {
      if (act === 'reset' || act === 'newLink') showLink(answer as Invited);
      else
        toast(
          'success',
          act === 'signOut'
            ? `${u.email} is signed out everywhere`
            : act === 'revoke'
              ? `The invitation of ${u.email} is revoked`
              : 'User removed',
        );
      invalidate();
    },
    onError: (e: Error) => toast('error', e.message),
    onSettled: () => setActing(null),
  });
  const columns = userColumns({
    myUserId,
    readAt: query.dataUpdatedAt,
    changingRole: change.isPending,
    setRole: (u, role) => change.mutate({ u, role }),
    busy: remove.isPending,
    act: (u, act) => setActing({ u, act }),
  });
  return (
    <ListScreen
      title="Users"
      create={
        <LazyInviteUserForm
          onInvited={(u) => {
            showLink(u);
            invalidate();
          }}
        />
      }
    >
      <DataTable
        caption="Users"
        columns={columns}
        data={query.data?.users ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
      />
      <RequireSecondFactor />
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
    </ListScreen>
  );
}
