'use client';

import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { defineListScreen } from '@/components/screen/list-screen';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import type { Invited, User } from './user';
import { userColumns } from './columns';
import { LazyInviteUserForm } from './lazy-invite-user-form';
import type { ShownLink } from './invitation-link';
import type { UserAct } from './user-action-dialog';
import { userQueries } from '@/lib/client/queries/users';
import { RequireSecondFactor } from './require-second-factor';

// Shown only after an invitation or a reset: loaded then (the page's first load stays light).
const InvitationLinkDialog = lazy(() => import('./invitation-link'));
const UserActionDialog = lazy(() => import('./user-action-dialog'));

/** The organization's people (admins only): invite them, change their roles, reset or end their access. */
export const UsersScreen = defineListScreen({
  title: 'Users',
  query: userQueries.list,
  rows: (d) => d.users,
  caption: 'Users',
  limit: 20,
  manage: 'users.manage',
  useControls: ({ ns, invalidate }) => {
    const toast = useToast();
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
        void invalidate();
      },
      onError: (e: Error) => {
        toast('error', e.message);
        void invalidate();
      },
    });
    // Removing a user, signing them out everywhere or resetting their access: one confirmation.
    const [acting, setActing] = useState<{ u: User; act: UserAct } | null>(null);
    const remove = useMutation({
      mutationFn: ({ u, act }: { u: User; act: UserAct }) =>
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
        void invalidate();
      },
      onError: (e: Error) => toast('error', e.message),
      onSettled: () => setActing(null),
    });
    return { link, setLink, showLink, change, acting, setActing, remove };
  },
  create: ({ invalidate, controls: c }) => (
    <LazyInviteUserForm
      onInvited={(u) => {
        c.showLink(u);
        void invalidate();
      }}
    />
  ),
  columns: ({ props, query, controls: c }) =>
    userColumns({
      myUserId: props.userId,
      readAt: query.dataUpdatedAt,
      changingRole: c.change.isPending,
      setRole: (u, role) => c.change.mutate({ u, role }),
      busy: c.remove.isPending,
      act: (u, act) => c.setActing({ u, act }),
    }),
  after: ({ controls: c }) => (
    <>
      <RequireSecondFactor />
      {c.acting ? (
        <Suspense>
          <UserActionDialog
            email={c.acting.u.email}
            act={c.acting.act}
            busy={c.remove.isPending}
            onConfirm={() => c.acting && c.remove.mutate(c.acting)}
            onCancel={() => c.setActing(null)}
          />
        </Suspense>
      ) : null}
      {c.link ? (
        <Suspense>
          <InvitationLinkDialog link={c.link} onClose={() => c.setLink(null)} />
        </Suspense>
      ) : null}
    </>
  ),
});
