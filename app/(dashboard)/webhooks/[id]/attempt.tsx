import { when } from '@/lib/client/format';
import type { Delivery } from '@/lib/client/queries/webhooks';

/** One attempt of a delivery: when, the answer (or the error) and the first bytes of the answer. */
export function AttemptEntry({
  attempt: a,
  n,
  compact = false,
}: {
  attempt: Delivery['attempt_log'][number];
  n: number;
  /** In the deliveries table: smaller text and answer box. */
  compact?: boolean;
}) {
  return (
    <li
      className={`rounded border border-slate-200 dark:border-slate-700 ${compact ? 'p-2 text-xs' : 'p-3 text-sm'}`}
    >
      <p>
        <span className="font-medium">#{n}</span> · {when(a.attempted_at.seconds)} ·{' '}
        {a.status_code !== null ? `HTTP ${a.status_code}` : 'no answer'} · {a.latency_ms} ms
      </p>
      {a.error ? <p className="text-red-700 dark:text-red-400">{a.error}</p> : null}
      {a.response_excerpt ? (
        <pre
          tabIndex={0}
          className={`mt-1 overflow-auto rounded bg-slate-100 p-2 whitespace-pre-wrap dark:bg-slate-800 ${compact ? 'max-h-32' : 'max-h-40 text-xs'}`}
        >
          {a.response_excerpt}
        </pre>
      ) : null}
    </li>
  );
}
