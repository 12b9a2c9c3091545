import { CARD } from '@/components/ui/styles';
/** A grey placeholder block; pages compose these into the shape of what is loading. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

/** Announces the loading state once to screen readers; the blocks themselves are hidden from them. */
function Loading({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** A list screen: title, a filter row, then a table of rows. */
export function ListPageSkeleton({ label = 'Loading…', rows = 8 }: { label?: string; rows?: number }) {
  return (
    <Loading label={label}>
      <Skeleton className="h-8 w-56" />
      <div className="flex gap-3">
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-9 w-32" />
      </div>
      <div className={`${CARD} flex flex-col gap-3`}>
        <Skeleton className="h-4 w-full" />
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className={`h-4 ${i % 3 === 0 ? 'w-11/12' : i % 3 === 1 ? 'w-4/5' : 'w-2/3'}`} />
        ))}
      </div>
    </Loading>
  );
}

/** A record's page: title and subtitle, two side-by-side cards, then stacked sections. */
export function DetailPageSkeleton({
  label = 'Loading…',
  sections = 3,
}: {
  label?: string;
  sections?: number;
}) {
  return (
    <Loading label={label}>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-5 w-96 max-w-full" />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1].map((i) => (
          <div key={i} className={`${CARD} flex flex-col gap-2`}>
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
          </div>
        ))}
      </div>
      {Array.from({ length: sections }, (_, i) => (
        <div key={i} className={`${CARD} flex flex-col gap-2`}>
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ))}
    </Loading>
  );
}
