'use client';

import { useId } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/**
 * A modal question before a destructive action (a Modal: focus trapped, Escape reported through
 * onCancel, focus back to the opener), which a window.confirm cannot style or describe.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  tone = 'danger',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  /** The other button, which closes the dialog (Escape too). */
  cancelLabel?: string;
  busy?: boolean;
  /** The confirming button's look: `danger` for what destroys or refuses, `primary` otherwise. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onCancel} labelledBy={titleId} className="max-w-md p-6">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2 text-sm text-slate-700 dark:text-slate-300">{children}</div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
