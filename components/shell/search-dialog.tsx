'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { findTarget } from '@/lib/client/find';
import { useTypeahead, type Suggestion } from '@/lib/client/typeahead';
import { useNamespace } from '@/lib/client/namespace';

const optionId = (i: number) => `shell-search-option-${i}`;

/**
 * The shell's search (Ctrl K or /, anywhere): as the typing pauses it suggests payments,
 * customers, settlement batches and webhooks (lib/client/typeahead.ts), chosen with the arrow keys
 * and Enter or a click; Enter with no suggestion chosen goes where "Find" goes — any of our ids
 * opens its record (a payment, the payment of a transaction, admission or task, a batch, an
 * account, a webhook, a customer), an address or name lists the payments of that party.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const router = useRouter();
  const ns = useNamespace();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(-1);
  const { suggestions, settled, busy: reading } = useTypeahead(text);
  // A new set of suggestions starts with none chosen (state adjusted during render).
  const [shownFor, setShownFor] = useState(settled);
  if (shownFor !== settled) {
    setShownFor(settled);
    setActive(-1);
  }
  const chosen = active >= 0 ? suggestions[active] : undefined;

  const go = (href: string) => {
    router.push(href);
    onClose();
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (!suggestions.length || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    e.preventDefault();
    const step = e.key === 'ArrowDown' ? 1 : -1;
    // From the field, Up goes to the last suggestion; past either end, back to the field.
    setActive((i) => {
      const next = i === -1 && step === -1 ? suggestions.length - 1 : i + step;
      return next < 0 || next >= suggestions.length ? -1 : next;
    });
  };

  const status = busy
    ? 'Looking…'
    : reading
      ? 'Searching…'
      : settled.length >= 2 && text.trim() === settled && !suggestions.length
        ? 'No suggestions: Enter to search anyway, Esc to close.'
        : '↑ ↓ to choose, Enter to go, Esc to close.';

  return (
    <Modal onClose={onClose} label="Search" className="mt-[15vh] max-w-lg p-4">
      <form
        role="search"
        onSubmit={async (e) => {
          e.preventDefault();
          if (chosen) return go(chosen.href);
          setBusy(true);
          try {
            const target = await findTarget(ns, text);
            if (target) go(target);
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
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls="shell-search-suggestions"
          aria-autocomplete="list"
          aria-activedescendant={chosen ? optionId(active) : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="An id, or a payment address or name"
          className="mt-2 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
        <Suggestions items={suggestions} active={active} onChoose={(s) => go(s.href)} onHover={setActive} />
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
          {status}
        </p>
      </form>
    </Modal>
  );
}

/** The suggestions under the field: one listbox of groups (the field points at the chosen option). */
function Suggestions({
  items,
  active,
  onChoose,
  onHover,
}: {
  items: Suggestion[];
  active: number;
  onChoose: (s: Suggestion) => void;
  onHover: (i: number) => void;
}) {
  const groups = [...new Set(items.map((s) => s.group))];
  return (
    <div
      id="shell-search-suggestions"
      role="listbox"
      aria-label="Suggestions"
      className={items.length ? 'mt-2 max-h-[50vh] overflow-y-auto' : 'hidden'}
    >
      {groups.map((group) => (
        <div key={group} role="group" aria-labelledby={`shell-search-group-${group}`}>
          <div
            id={`shell-search-group-${group}`}
            role="presentation"
            className="border-t border-slate-200 px-3 pt-1.5 pb-0.5 text-xs font-semibold text-slate-600 dark:border-slate-700 dark:text-slate-400"
          >
            {group}
          </div>
          {items.map((s, i) =>
            s.group !== group ? null : (
              <div
                key={s.href}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onChoose(s)}
                onMouseMove={() => i !== active && onHover(i)}
                className={`cursor-pointer rounded-md px-3 py-1.5 text-sm ${
                  i === active ? 'bg-sky-100 dark:bg-sky-900/60' : ''
                }`}
              >
                <span className="block truncate font-medium">{s.label}</span>
                <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{s.detail}</span>
              </div>
            ),
          )}
        </div>
      ))}
    </div>
  );
}
