'use client';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { formatUtc } from '@/lib/client/time';
import type { Invitation } from '@/lib/schemas/users';

/** A one-time link, as answered once by an invitation or a reset of access (lib/schemas, type only). */
export interface ShownLink {
  email: string;
  url: string;
  invitation: Invitation;
}

const utc = (t: { seconds: number }) => formatUtc(new Date(t.seconds * 1000));

/** The link just made, shown once to copy: it is kept only hashed. */
export default function InvitationLinkDialog({ link, onClose }: { link: ShownLink; onClose: () => void }) {
  const toast = useToast();
  return (
    <ConfirmDialog
      open
      title={`Invitation link for ${link.email}`}
      confirmLabel="Copy link"
      cancelLabel="Done"
      tone="primary"
      onConfirm={() =>
        void navigator.clipboard.writeText(link.url).then(
          () => toast('success', 'Link copied'),
          () => toast('error', 'Copy it from the field instead'),
        )
      }
      onCancel={onClose}
    >
      <span className="flex flex-col gap-2">
        <span>
          Send them this link: they set their own password with it. It works once, until{' '}
          {utc(link.invitation.expires_at)}, and is not shown again.
          {link.invitation.emailed ? ' It was also e-mailed to them.' : ''}
        </span>
        <input
          readOnly
          aria-label="Invitation link"
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-950"
        />
      </span>
    </ConfirmDialog>
  );
}
