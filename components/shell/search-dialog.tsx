'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { findTarget } from '@/lib/client/find';
import type { Match } from '@/lib/client/search-terms';
import { useTypeahead, type Suggestion } from '@/lib/client/typeahead';
import { useNamespace } from '@/lib/client/namespace';

const optionId = (i: number) => `shell-search-option-${i}`;

/**
 * The dashboard's one search (the shell's box, Ctrl K or /, anywhere): as the typing pauses it
 * suggests payments by id, amount, party or reference, customers, settlement batches and webhooks,
 * each saying what matched, then the lists with the filter that found them
 * (lib/client/typeahead.ts); chosen with the arrow keys and Enter or a click. Enter with no
 * suggestion chosen goes where lib/client/find.ts says — any of our ids opens its record (a
 * payment, the payment of a transaction, admission or task, a batch, an account, a webhook, a
 * delivery, a customer, a request), an amount lists the payments of that amount, other text the
 * payments of the party or, failing that, of the reference that holds it.
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
        ? 'Nothing matches by id, amount, party, reference or name: Enter to search anyway, Esc to close.'
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
          Search payments, customers and any id
        </label>
        <p id="shell-search-hint" className="text-xs text-slate-600 dark:text-slate-400">
          An id (payment, transaction, task, batch, account, webhook, delivery, request, API key, user,
          namespace), an address or name, a reference, or an amount such as 99.00 or USD 99.00
        </p>
        <input
          id="shell-search"
          autoFocus
          autoComplete="off"
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls="shell-search-suggestions"
          aria-autocomplete="list"
          aria-activedescendant={chosen ? optionId(active) : undefined}
          aria-describedby="shell-search-hint"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="inv-1001, txn_…, jane@bank.test, Rent, 99.00"
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
      {groups.map((group, g) => (
        <div key={group} role="group" aria-labelledby={`shell-search-group-${g}`}>
          <div
            id={`shell-search-group-${g}`}
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
                <span className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 truncate font-medium">{s.label}</span>
                  {s.aside ? (
                    <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{s.aside}</span>
                  ) : null}
                </span>
                {/* Wrapped, not cut: the addresses are what tell one payment from another. */}
                <span className="block text-xs break-words text-slate-600 dark:text-slate-400">
                  {s.detail}
                </span>
                {s.match ? <Matched match={s.match} /> : null}
              </div>
            ),
          )}
        </div>
      ))}
    </div>
  );
}

/** "Reference: <mark>Rent</mark> March": the field the search matched, and where in it. */
function Matched({ match: { field, value, at } }: { match: Match }) {
  return (
    <span className="block truncate text-xs text-slate-700 dark:text-slate-300">
      <span className="font-medium">Matched {field.charAt(0).toLowerCase() + field.slice(1)}</span>
      {value ? ': ' : ''}
      {at ? (
        <>
          {value.slice(0, at[0])}
          <mark className="rounded-sm bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-700 dark:text-white">
            {value.slice(at[0], at[1])}
          </mark>
          {value.slice(at[1])}
        </>
      ) : (
        <mark className="rounded-sm bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-700 dark:text-white">
          {value}
        </mark>
      )}
    </span>
  );
}
