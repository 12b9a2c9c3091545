'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { findTarget } from '@/lib/client/find';

/**
 * The shell's search (Ctrl K or /, anywhere): any of our ids opens its record — a payment, the
 * payment of a transaction, admission or task, a settlement batch, an account, a webhook, a
 * customer — and an address or name lists the payments of that party.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-label="Search"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto mt-[15vh] w-full max-w-lg rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <form
        role="search"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          try {
            const target = await findTarget(text);
            if (target) {
              router.push(target);
              onClose();
            }
          } finally {
            setBusy(false);
          }
        }}
      >
        <label htmlFor="shell-search" className="text-sm font-semibold">
          Go to a payment, transaction, batch, account, webhook, delivery or customer
        </label>
        <input
          id="shell-search"
          autoFocus
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="An id, or a payment address or name"
          className="mt-2 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          {busy ? 'Looking…' : 'Enter to go, Esc to close.'}
        </p>
      </form>
    </dialog>
  );
}
