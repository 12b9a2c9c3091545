'use client';

import { useId, useRef, type KeyboardEvent, type ToggleEvent } from 'react';
import { Button } from '@/components/ui/button';

/** One action of a row's menu. */
interface RowMenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Destroys something (revoke, delete): drawn in red. */
  danger?: boolean;
}

const ITEM =
  'w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-slate-700 dark:focus:bg-slate-700';

/**
 * A row's further actions behind one button (`More`): a menu in the page's top layer (the
 * browser's popover), so a table's frame never clips it and the row needs the width of one button
 * whatever the actions. Escape, a click elsewhere or a choice closes it; the arrow keys, Home and
 * End move between its items. On a phone's card the same menu opens under the button.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const entries = () => [
    ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]:enabled') ?? []),
  ];

  /** Under the button, its right edge on the button's, kept inside the window. */
  const place = (e: ToggleEvent<HTMLDivElement>) => {
    if (e.newState !== 'open' || !button.current || !menu.current) return;
    const b = button.current.getBoundingClientRect();
    const m = menu.current.getBoundingClientRect();
    const below = b.bottom + 4 + m.height <= window.innerHeight;
    menu.current.style.top = `${below ? b.bottom + 4 : Math.max(4, b.top - 4 - m.height)}px`;
    menu.current.style.left = `${Math.min(Math.max(4, b.right - m.width), window.innerWidth - m.width - 4)}px`;
    entries()[0]?.focus();
  };

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const to =
      e.key === 'ArrowDown'
        ? (at + 1) % all.length
        : e.key === 'ArrowUp'
          ? (at - 1 + all.length) % all.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? all.length - 1
              : null;
    if (to === null || !all.length) return;
    e.preventDefault();
    all[to]!.focus();
  };

  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="secondary"
        popoverTarget={id}
        aria-haspopup="menu"
        aria-label={label}
      >
        More <span aria-hidden="true">▾</span>
      </Button>
      <div
        ref={menu}
        id={id}
        popover="auto"
        role="menu"
        aria-label={label}
        onToggle={place}
        onKeyDown={move}
        // The browser centres a popover (inset 0, margin auto): placed by `place` instead.
        style={{ position: 'fixed', inset: 'auto', margin: 0 }}
        className="min-w-40 flex-col gap-0.5 rounded-md border border-slate-200 bg-white p-1 text-slate-800 shadow-lg open:flex dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
      >
        {items.map((item) => (
          <button
            key={item.label}
            type="button"
            role="menuitem"
            disabled={item.disabled}
            className={`${ITEM} ${item.danger ? 'text-red-700 dark:text-red-400' : ''}`}
            onClick={() => {
              menu.current?.hidePopover();
              // Back on the button, so a dialog the choice opens returns the focus there.
              button.current?.focus();
              item.onSelect();
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
    </>
  );
}
