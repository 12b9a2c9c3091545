'use client';

import { countText, type ListPage } from '@/lib/client/list-page';
import type { Paging } from '@/lib/client/use-url-state';
import { formatCount } from '@/lib/client/format';

const buttonClass = 'rounded border border-slate-300 px-2 py-1 disabled:opacity-40 dark:border-slate-600';

/**
 * Previous/next by the gateway's cursors; the place lives in the URL (`usePaging`), so a page can
 * be shared and Back returns to the previous one.
 */
export function CursorPager({
  list,
  rows,
  limit,
  paging,
  noun = 'total',
}: {
  list: ListPage | undefined;
  /** Rows on the page shown. */
  rows: number;
  limit: number;
  paging: Paging;
  noun?: string;
}) {
  if (!list) return null;
  const { at } = paging;
  // One page alone says its count; a page of several says which rows it holds, where known.
  const paged = list.has_more || list.prev_cursor !== null || paging.cursor !== undefined;
  const range =
    rows === 0 || !paged ? null : at ? `${formatCount(at)}–${formatCount(at + rows - 1)} of ` : '';
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-2 text-sm dark:border-slate-800">
      <span className="text-slate-600 dark:text-slate-400" data-testid="pager-summary">
        {range === null ? `${countText(list)} ${noun}` : `${range}${countText(list)} ${noun}`}
      </span>
      <div className="flex gap-2">
        {paging.cursor ? (
          <button type="button" className={buttonClass} onClick={() => paging.move(null, 1)}>
            First
          </button>
        ) : null}
        <button
          type="button"
          className={buttonClass}
          disabled={!list.prev_cursor}
          onClick={() => {
            // Back at the start: the first page's own URL (no cursor), as a list is first opened.
            const previousAt = at && at > 1 ? Math.max(1, at - limit) : null;
            paging.move(previousAt === 1 ? null : list.prev_cursor, previousAt);
          }}
        >
          Previous
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={!list.has_more || !list.next_cursor}
          onClick={() => paging.move(list.next_cursor, at ? at + rows : null)}
        >
          Next
        </button>
      </div>
    </div>
  );
}

/** Previous/next over rows already in the browser (a batch's positions), by page number. */
export function Pager({
  count,
  page,
  limit,
  onPage,
  noun = 'total',
}: {
  count: number;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  noun?: string;
}) {
  const pages = Math.max(1, Math.ceil(count / limit));
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-2 text-sm dark:border-slate-800">
      <span className="text-slate-600 dark:text-slate-400">
        {count} {noun} · page {page} of {pages}
      </span>
      <div className="flex gap-2">
        <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </div>
  );
}
