'use client';

import { useQuery } from '@tanstack/react-query';
import { useNamespace } from '@/lib/client/namespace';
import { Link } from '@/components/ui/link';
import { CutoffPreviewTable } from '@/components/operator/cutoff-preview';
import { duration, HealthPanel, operatorHealthQuery } from '@/components/operator/health-panel';
import { NearCapList } from '@/components/operator/near-cap';
import { FormAlert } from '@/components/ui/form-alert';
import { Section } from '@/components/ui/section';
import { CARD, LINK, TERM } from '@/components/ui/styles';
import { useWhen } from '@/components/ui/local-time';
import {
  cutoffPreviewQuery,
  networkBatchesQuery,
  networkStatsQuery,
  LAST_CUTOFF_BATCHES,
  type NetworkBatch,
  type NetworkStats,
} from '@/lib/client/queries/settlements';
import type { ListPage } from '@/lib/client/list-page';
import type { OperatorHealth } from '@/lib/schemas/health';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import { formatCount } from '@/lib/client/format';

/**
 * What the home's page read on the server, so that its first paint holds the figures (no section
 * grows, pushing the ones below, as each answer arrives: Lighthouse counted that as layout shift).
 */
export interface OperatorHomeReads {
  stats: ServerRead<NetworkStats> | null;
  health: ServerRead<OperatorHealth> | null;
  batches: ServerRead<ListPage & { total: number; batches: NetworkBatch[] }> | null;
}

const count = (n: number | undefined, cap?: number) =>
  n === undefined ? '…' : `${formatCount(n)}${cap !== undefined && n >= cap ? '+' : ''}`;

/** What awaits the operator's decision: each count links to its queue. */
function Decisions({ initial }: { initial: OperatorHomeReads['stats'] }) {
  const ns = useNamespace();
  const stats = useQuery({ ...networkStatsQuery(ns), initialData: initialFrom(ns, initial) });
  if (stats.isError) return <FormAlert message={(stats.error as Error).message} />;
  const s = stats.data;
  const items: Array<[string, string, string]> = [
    ['Organizations awaiting verification', count(s?.organizations.sandbox), '/operator?status=sandbox'],
    [
      'Accounts awaiting verification',
      count(s?.accounts_awaiting_verification, 10_000),
      '/operator/accounts',
    ],
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-busy={stats.isLoading}>
      {items.map(([label, value, href]) => (
        <li key={label}>
          <Link
            href={href}
            className={`${CARD} block hover:border-blue-400 focus-visible:border-blue-500 dark:hover:border-blue-500`}
          >
            <span className={`block ${TERM}`}>{label}</span>
            <span className="mt-1 block text-2xl font-semibold tabular-nums">{value}</span>
            <span className={`mt-1 block text-sm ${LINK}`}>Review</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The last cut-off (its time and batches, each linked) and what a cut-off now would batch. */
function Settlement({ initial }: { initial: OperatorHomeReads | undefined }) {
  const ns = useNamespace();
  const health = useQuery({ ...operatorHealthQuery(ns), initialData: initialFrom(ns, initial?.health) });
  const batches = useQuery({
    ...networkBatchesQuery(ns, { limit: LAST_CUTOFF_BATCHES }),
    initialData: initialFrom(ns, initial?.batches),
  });
  const preview = useQuery(cutoffPreviewQuery());
  const when = useWhen();
  const last = health.data?.last_cutoff;
  const lastBatches = last
    ? (batches.data?.batches ?? []).filter((b) => b.cutoff_time === last.cutoff_time)
    : [];
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      <div className={`${CARD} flex min-w-0 flex-col gap-2`} data-testid="last-cutoff">
        <h3 className="text-sm font-medium">Last cut-off</h3>
        {health.isError ? (
          <FormAlert message={(health.error as Error).message} />
        ) : !health.data ? (
          <p className="text-sm">…</p>
        ) : !last ? (
          <p className="text-sm">No cut-off has completed yet.</p>
        ) : (
          <>
            <p className="text-sm">
              {when(last.cutoff_time)} · {formatCount(last.batches)} batch
              {last.batches === 1 ? '' : 'es'} · {formatCount(last.transactions)} transaction
              {last.transactions === 1 ? '' : 's'} in {duration(last.duration_seconds)}
            </p>
            {lastBatches.length ? (
              <ul className="flex flex-col gap-1 text-sm" aria-label="Batches of the last cut-off">
                {lastBatches.map((b) => (
                  <li key={b.token}>
                    <Link
                      href={`/operator/network/batches/${encodeURIComponent(b.token)}`}
                      className={`font-mono text-xs ${LINK}`}
                    >
                      {b.token}
                    </Link>{' '}
                    {b.currency} · {formatCount(b.txn_count)} transaction
                    {b.txn_count === 1 ? '' : 's'}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
        <Link href="/operator/network" className={`text-sm ${LINK}`}>
          Every batch on the Network page
        </Link>
      </div>
      <div className={`${CARD} flex min-w-0 flex-col gap-2`} data-testid="next-cutoff">
        <h3 className="text-sm font-medium">A cut-off now would settle</h3>
        {preview.isError ? (
          <FormAlert message={(preview.error as Error).message} />
        ) : preview.data ? (
          <div className="text-sm">
            <CutoffPreviewTable preview={preview.data} />
          </div>
        ) : (
          <p className="text-sm">…</p>
        )}
        <Link href="/operator/network#cutoff-heading" className={`text-sm ${LINK}`}>
          Run a cut-off on the Network page
        </Link>
      </div>
    </div>
  );
}

/**
 * The operator's home: what awaits a decision, the network's health, the last cut-off and what
 * the next would settle, and the participants near their cap. Every figure comes from an endpoint
 * the operator screens already read (flat in the history's size: counters, queues, gauges).
 */
export function OperatorHome({ initial }: { initial?: OperatorHomeReads }) {
  return (
    <div className="flex flex-col gap-6">
      <Section id="decisions-heading" title="Awaiting your decision">
        <Decisions initial={initial?.stats ?? null} />
      </Section>
      <Section id="home-health-heading" title="Health">
        <HealthPanel lastCutoff={false} initial={initial?.health} />
      </Section>
      <Section id="home-settlement-heading" title="Settlement">
        <Settlement initial={initial} />
      </Section>
      <Section id="home-liquidity-heading" title="Liquidity">
        <NearCapList />
      </Section>
    </div>
  );
}
