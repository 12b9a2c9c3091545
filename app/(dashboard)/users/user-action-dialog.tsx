'use client';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * Removing a user, signing them out everywhere or resetting their access; for an invitation not
 * yet taken up, a new link (the reset, which is all a pending invitation has to reset) or revoking
 * it (the removal).
 */
export type UserAct = 'remove' | 'signOut' | 'reset' | 'newLink' | 'revoke';

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
  newLink: {
    title: 'New invitation link for',
    confirm: 'Make a new link',
    text: 'The link sent before stops working at once. You get a new one to send them, which works once, until the time it shows.',
  },
  revoke: {
    title: 'Revoke the invitation of',
    confirm: 'Revoke',
    text: 'The link sent stops working at once and they do not join the organization. You can invite them again later.',
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
