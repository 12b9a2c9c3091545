'use client';

import { useEffect, useRef } from 'react';

const BASE =
  'm-auto w-full rounded-lg border border-slate-200 bg-white text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/**
 * Every modal of the dashboard: a native <dialog> shown with showModal while `open` (by default
 * while mounted), so the browser traps focus and makes the page behind it inert. Escape is
 * reported through `onClose` and nothing else closes it: the caller's state stays the truth. When
 * it closes, or is unmounted open, focus goes back to what opened it.
 */
export function Modal({
  open = true,
  onClose,
  labelledBy,
  label,
  className = 'max-w-lg p-6',
  children,
}: {
  open?: boolean;
  onClose: () => void;
  /** The id of its title; or `label` when it has none. */
  labelledBy?: string;
  label?: string;
  /** Its width, padding and anything else beyond the shared frame. */
  className?: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const giveBack = () => {
      if (dialog.open) dialog.close();
      opener.current?.focus();
      opener.current = null;
    };
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    }
    if (!open && dialog.open) giveBack();
    return () => {
      if (dialog.open) giveBack();
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-label={label}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`${BASE} ${className}`}
    >
      {children}
    </dialog>
  );
}
