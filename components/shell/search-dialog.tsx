'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { findTarget } from '@/lib/client/find';

/**
 * The shell's search (Ctrl K or /, anywhere): any of our ids opens its record — a payment, the
 * payment of a transaction, admission or task, a settlement batch, an account, a webhook, a
 * customer — and an address or name lists the payments of that party.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const router = useRouter();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal onClose={onClose} label="Search" className="mt-[15vh] max-w-lg p-4">
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
    </Modal>
  );
}
