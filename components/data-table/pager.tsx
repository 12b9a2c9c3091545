'use client';

/** Previous/next paging for server-paginated lists; page and limit live in the URL. */
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
    <div className="flex items-center justify-between border-t border-slate-100 px-4 py-2 text-sm dark:border-slate-800">
      <span className="text-slate-600 dark:text-slate-400">
        {count} {noun} · page {page} of {pages}
      </span>
      <div className="flex gap-2">
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-1 disabled:opacity-40 dark:border-slate-600"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-1 disabled:opacity-40 dark:border-slate-600"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </div>
  );
}
