'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { FormAlert } from '@/components/ui/form-alert';
import { apiFetch } from '@/lib/client/api';
import { useNamespace } from '@/lib/client/namespace';
import { networkKeys } from '@/lib/client/queries/settlements';
import type { OperatorHealth } from '@/lib/schemas/health';
import { CARD, LINK, TERM } from '@/components/ui/styles';
import { Link } from '@/components/ui/link';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import { formatCount, formatDecimal } from '@/lib/client/format';
import { useDay, useWhen } from '@/components/ui/local-time';

/** Read again every 10 s while the page is open: a live view, as the metrics are to a scraper. */
export const operatorHealthQuery = (ns: string | null) =>
  queryOptions({
    // Under the network's key: a cut-off run from the page refreshes it with the figures.
    queryKey: networkKeys.of(ns, { of: 'health' }),
    queryFn: () => apiFetch<OperatorHealth>('/operator/health', { partner: ns }),
    refetchInterval: 10_000,
  });

/** "2 min 5 s", "3 h 4 min": a duration as an operator reads it. */
export function duration(seconds: number): string {
  if (seconds < 10) return `${formatDecimal(seconds, 1)} s`;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
}

/** What /readyz answers 200 to. */
const isReady = (r: OperatorHealth['readiness']) =>
  r.database === 'ok' && r.migrations === 'ok' && r.workers !== 'stopped';

/**
 * Readiness (what /readyz checks), outbox lag, webhook backlog, failing endpoints, the currencies
 * whose settlement failed, the audit
 * trail's upkeep and the last cut-off (`GET /operator/health`). `lastCutoff={false}` leaves the
 * last cut-off to a page that shows it in full (the operator's home).
 */
export function HealthPanel({
  lastCutoff = true,
  initial,
}: {
  lastCutoff?: boolean;
  /** The figures as the page read them on the server (`initialFrom`). */
  initial?: ServerRead<OperatorHealth> | null;
}) {
  const ns = useNamespace();
  const health = useQuery({ ...operatorHealthQuery(ns), initialData: initialFrom(ns, initial) });
  // Read on the server with the page: UTC until hydrated, then the reader's zone.
  const when = useWhen();
  // "Nov 26, 2026": a day as the panel names it.
  const day = useDay();
  if (health.isError) return <FormAlert message={(health.error as Error).message} />;
  const h = health.data;
  const lagging = (h?.outbox_oldest_event_age_seconds ?? 0) > 60;
  const items: Array<[string, string, boolean]> = h
    ? [
        [
          'Readiness',
          isReady(h.readiness)
            ? `ready · workers ${h.readiness.workers}`
            : `not ready · database ${h.readiness.database}, migrations ${h.readiness.migrations}, workers ${h.readiness.workers}`,
          !isReady(h.readiness),
        ],
        [
          'Outbox lag',
          h.outbox_oldest_event_age_seconds > 0
            ? duration(h.outbox_oldest_event_age_seconds)
            : 'none waiting',
          lagging,
        ],
        [
          'Webhook backlog',
          `${formatCount(h.webhook_backlog.pending)}${h.webhook_backlog.capped ? '+' : ''} pending`,
          false,
        ],
        [
          'Failing endpoints',
          `${h.failing_endpoints.filter((e) => !e.disabled).length} failing · ${h.failing_endpoints.filter((e) => e.disabled).length} disabled`,
          h.failing_endpoints.length > 0,
        ],
        [
          'Settlement',
          h.failing_settlements.length > 0
            ? `${h.failing_settlements.map((f) => f.currency).join(', ')} failing · the other currencies settle`
            : 'every currency settling',
          h.failing_settlements.length > 0,
        ],
        [
          'Audit trail',
          [
            h.audit_trail.unchained_oldest_age_seconds > 0
              ? `${duration(h.audit_trail.unchained_oldest_age_seconds)} to chain`
              : 'chained',
            h.audit_trail.oldest_entry_at ? `held since ${day(h.audit_trail.oldest_entry_at)}` : 'empty',
            h.audit_trail.last_archived_at
              ? `archived ${day(h.audit_trail.last_archived_at)}`
              : 'never archived',
          ].join(' · '),
          // The sealer chains every second: a minute behind means it is not running.
          h.audit_trail.unchained_oldest_age_seconds > 60,
        ],
        lastCutoff && [
          'Last cut-off',
          h.last_cutoff
            ? `${when(h.last_cutoff.cutoff_time)} · ${formatCount(h.last_cutoff.transactions)} transactions in ${duration(h.last_cutoff.duration_seconds)}`
            : 'none yet',
          false,
        ],
      ].filter((item): item is [string, string, boolean] => item !== false)
    : [];
  return (
    <div className="flex flex-col gap-3" aria-busy={health.isLoading}>
      <dl className="grid gap-3 md:grid-cols-3">
        {items.map(([label, value, warn]) => (
          <div key={label} className={`${CARD} ${warn ? 'border-amber-400 dark:border-amber-600' : ''}`}>
            <dt className={TERM}>{label}</dt>
            <dd
              className="mt-1 text-sm font-medium"
              data-testid={`health-${label.toLowerCase().replace(/ /g, '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {h && h.failing_settlements.length > 0 ? (
        <ul className="text-sm" aria-label="Currencies failing to settle">
          {h.failing_settlements.map((f) => (
            <li key={f.currency}>
              {f.currency}: batch{' '}
              <Link
                href={`/operator/network/batches/${encodeURIComponent(f.batch_id)}`}
                className={`font-mono text-xs ${LINK}`}
              >
                {f.batch_id}
              </Link>{' '}
              failed at {when(f.cutoff_time)} — {f.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {h && h.failing_endpoints.length > 0 ? (
        <ul className="text-sm" aria-label="Failing endpoints">
          {h.failing_endpoints.slice(0, 10).map((e) => (
            <li key={e.webhook_id}>
              {/* The operator reads no namespace's endpoints: the id opens its organization's
                  review, at the namespace's figures (webhooks failing, disabled). */}
              <Link
                href={`/operator/organizations/${encodeURIComponent(e.org_id)}#${encodeURIComponent(e.partner_id)}`}
                className={`font-mono text-xs ${LINK}`}
              >
                {e.webhook_id}
              </Link>{' '}
              of {e.domain}: {e.disabled ? 'disabled' : `failing for ${duration(e.failing_seconds)}`}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
