import type { BatchStatus } from '@/lib/client/queries/settlements';

const TONE: Record<BatchStatus, string> = {
  COMPLETED: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  PROCESSING: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  FAILED: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};
const LABEL: Record<BatchStatus, string> = {
  COMPLETED: 'Completed',
  PROCESSING: 'Processing',
  FAILED: 'Failed',
};

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${TONE[status]}`}>
      {LABEL[status]}
    </span>
  );
}

/** A long base64 hash, shortened for tables; the whole value stays in the title and for copying. */
export function ShortHash({ value }: { value: string | null }) {
  if (!value) return <span>—</span>;
  return (
    <code title={value} className="font-mono text-xs">
      {value.slice(0, 8)}…
    </code>
  );
}
