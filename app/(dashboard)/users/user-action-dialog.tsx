'use client';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** Removing a user, signing them out everywhere or resetting their access. */
export type UserAct = 'remove' | 'signOut' | 'reset';

const ACTS = {
  remove: {
    title: 'Remove',
    confirm: 'Remove',
    text: 'They can no longer sign in to this organization; their access token stops working at once.',
  },
  signOut: {
    title: 'Sign out',
    confirm: 'Sign out everywhere',
    text: 'Every session of theirs ends at once, on every server; they can sign in again.',
  },
  reset: {
    title: 'Reset access of',
    confirm: 'Reset access',
    text: 'Their password and second factor are cleared and every session ends at once. You get a new invitation link with which they set a password again.',
  },
} as const;

/**
 * The one confirmation of an action on a user. Loaded when an action is asked for, like the
 * invitation link's dialog: the users screen's first load is at its budget.
 */
export default function UserActionDialog({
  email,
  act,
  busy,
  onConfirm,
  onCancel,
}: {
  email: string;
  act: UserAct;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const a = ACTS[act];
  return (
    <ConfirmDialog
      open
      title={`${a.title} ${email}?`}
      confirmLabel={busy ? 'Working…' : a.confirm}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {a.text}
    </ConfirmDialog>
  );
}
