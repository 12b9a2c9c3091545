'use client';

import { useEffect, type ReactNode } from 'react';
import { Button } from './button';

const WIDTH = { narrow: 'max-w-md', wide: 'max-w-4xl' } as const;

/**
 * A record's details over the right of the list it belongs to (the table keeps its width): its
 * title (and what it is, `subtitle`), Close, and Esc closing it too. `label` names it for screen
 * readers.
 */
export function Drawer({
  label,
  title,
  subtitle,
  width = 'narrow',
  onClose,
  children,
}: {
  label: string;
  title: ReactNode;
  subtitle?: ReactNode;
  width?: keyof typeof WIDTH;
  onClose: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const heading = <h2 className="text-lg font-semibold">{title}</h2>;
  return (
    <aside
      aria-label={label}
      className={`fixed inset-y-0 right-0 z-30 flex w-full ${WIDTH[width]} flex-col gap-4 overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-xl dark:border-slate-800 dark:bg-slate-900`}
    >
      <div className="flex items-start justify-between gap-2">
        {subtitle ? (
          <div className="min-w-0">
            {heading}
            {subtitle}
          </div>
        ) : (
          heading
        )}
        <Button type="button" variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {children}
    </aside>
  );
}
