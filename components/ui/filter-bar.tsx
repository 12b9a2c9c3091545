'use client';

import type { ReactNode } from 'react';
import { Button } from './button';
import { ExportLink } from './export-link';

/**
 * A list's filter bar, one for every list: its fields (`children`), "Clear filters" while any is
 * set, and the export of what the table shows — the same gateway filters the table sends, so the
 * CSV holds the rows on screen and the ones after them.
 */
export function FilterBar({
  label,
  list,
  exportTo,
  className = 'flex flex-wrap items-end gap-3',
  children,
}: {
  /** The form's accessible name ("Filter the returns"). */
  label: string;
  /** The list's filters (`useUrlFilters`). */
  list: { active: boolean; clear: () => void; gateway: Record<string, string> };
  exportTo?: {
    /** The gateway's export route, e.g. `/returns/export`. */
    path: string;
    /** What the list holds, plural ("returns"): "Export these returns as CSV" / "Export all returns as CSV". */
    noun: string;
    /** The link's text when the noun's does not fit. */
    text?: ReactNode;
    /** The namespace the list shows; absent for organization-wide lists. */
    partnerId?: string | null;
    /** More of the gateway's query than the filters (the order). */
    extra?: Record<string, string | undefined>;
  };
  className?: string;
  children: ReactNode;
}) {
  return (
    <form className={className} onSubmit={(e) => e.preventDefault()} aria-label={label}>
      {children}
      {list.active ? (
        <Button type="button" variant="secondary" onClick={list.clear}>
          Clear filters
        </Button>
      ) : null}
      {exportTo ? (
        <ExportLink
          path={exportTo.path}
          filters={{ ...list.gateway, ...exportTo.extra }}
          partnerId={exportTo.partnerId}
          className="ml-auto self-center"
        >
          {exportTo.text ?? `Export ${list.active ? 'these' : 'all'} ${exportTo.noun} as CSV`}
        </ExportLink>
      ) : null}
    </form>
  );
}
