'use client';

import { Link } from '@/components/ui/link';
import { QueryTable, useListQuery } from '@/components/data-table/query-table';
import { BatchStatusBadge } from '@/components/settlements/batch-status';
import { isNotFound } from '@/lib/client/api';
import { useWhen } from '@/components/ui/local-time';
import { networkBatchQuery } from '@/lib/client/queries/settlements';
import { CARD, LINK, TERM } from '@/components/ui/styles';
import { participantColumns } from './columns';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import type { GetNetworkSettlementResponse } from '@/lib/schemas/settlements';
import { Section } from '@/components/ui/section';
import NetworkBatchNotFound from './not-found';
import { useNamespace } from '@/lib/client/namespace';
import { NetPositions } from '@/components/charts/net-positions';
import { formatCount } from '@/lib/client/format';

/** One batch across the network, as the operator judges it: summary, root, every participant. */
export function NetworkBatchClient({
  batchId,
  limit,
  initial,
}: {
  batchId: string;
  /** Participants a page (the page read the first on the server with it). */
  limit: number;
  /** The batch and its first page of participants as the page read them on the server. */
  initial: ServerRead<GetNetworkSettlementResponse>;
}) {
  const ns = useNamespace();
  const list = useListQuery(
    (page) => ({
      ...networkBatchQuery(ns, { id: batchId, ...page }),
      initialData: initialFrom(ns, initial, !page.cursor),
    }),
    { limit, rows: (d) => d.participants },
  );
  const { query, paging } = list;
  // Read on the server with the page: its times in UTC until hydrated, then the reader's zone.
  const when = useWhen();
  if (isNotFound(query.error)) return <NetworkBatchNotFound />;
  const b = query.data?.batch;
  const columns = participantColumns(b?.currency);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link href="/operator/network" className={`text-sm ${LINK}`}>
          ← Network
        </Link>
        <h1 className="mt-1 font-mono text-xl font-semibold break-all">{batchId}</h1>
        {b ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {b.currency} settlement batch, cut-off {when(b.cutoff_time)}
          </p>
        ) : null}
      </div>
      {b ? (
        <section aria-labelledby="summary-heading" className={CARD}>
          <h2 id="summary-heading" className="mb-3 font-medium">
            Summary
          </h2>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 md:grid-cols-4">
            {(
              [
                ['Status', <BatchStatusBadge key="s" status={b.status} />],
                ['Currency', b.currency],
                ['Transactions', formatCount(b.txn_count)],
                ['Participants', b.leaves_count == null ? '—' : formatCount(b.leaves_count)],
                ['Cut-off', when(b.cutoff_time)],
                ['Started', when(b.started_on)],
                ['Completed', b.completed_on ? when(b.completed_on) : '—'],
                ['Failure', b.failure_reason ?? '—'],
              ] as Array<[string, React.ReactNode]>
            ).map(([term, value]) => (
              <div key={term} className="min-w-0">
                <dt className={TERM}>{term}</dt>
                <dd className="text-sm break-words">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3">
            <p className={TERM}>Merkle root</p>
            <p className="font-mono text-sm break-all" data-testid="network-root-hash">
              {b.root_hash ?? '—'}
            </p>
          </div>
        </section>
      ) : null}
      {b && query.data && query.data.participants.length > 0 ? (
        <Section
          id="net-positions-heading"
          title={
            query.data.has_more || paging.cursor
              ? 'Multilateral net positions of the participants on this page'
              : 'Multilateral net positions'
          }
          card
        >
          <NetPositions
            currency={b.currency}
            positions={query.data.participants.map((p) => ({
              counterparty_id: p.partner_id,
              counterparty_name: p.name,
              counterparty_domain: p.domain,
              position_type: p.kind === 'creditor' ? 'Credit' : 'Debit',
              net_amount: p.amount,
            }))}
            legend={{ credit: 'Creditor: receives', debit: 'Debtor: pays' }}
          />
        </Section>
      ) : null}
      <Section id="participants-heading" title="Participants">
        <QueryTable
          list={list}
          caption="Participants of the batch"
          columns={columns}
          empty="No participants: the batch holds no transactions."
        />
      </Section>
    </div>
  );
}
