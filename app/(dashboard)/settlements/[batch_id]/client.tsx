'use client';

import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '@/lib/client/api';
import { Link } from '@/components/ui/link';
import { BatchStatusBadge } from '@/components/settlements/batch-status';
import { formatMoney, formatNet } from '@/lib/client/format';
import { useWhen } from '@/components/ui/local-time';
import { batchQuery, type BatchDetail } from '@/lib/client/queries/settlements';
import { PositionsSection } from './positions-section';
import { CARD, LINK, TERM } from '@/components/ui/styles';
import { TransactionsSection } from './transactions-section';
import { VerifyInclusion } from './verify-inclusion';
import { PageTitle } from '@/components/ui/page-title';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import BatchNotFound from './not-found';
import { useNamespace } from '@/lib/client/namespace';
import { formatCount } from '@/lib/client/format';

function Summary({ batch }: { batch: BatchDetail }) {
  const when = useWhen();
  const s = batch.summary;
  const leaf = batch.merkle_leaf;
  const items: Array<[string, React.ReactNode]> = [
    ['Status', <BatchStatusBadge key="s" status={s.status} />],
    ['Currency', s.currency],
    ['Cut-off', when(s.cutoff_time)],
    ['Started', when(s.started_on)],
    ['Completed', s.completed_on ? when(s.completed_on) : '—'],
    ['Your transactions', formatCount(s.txn_count)],
    [
      'Your net position',
      leaf ? (
        <span key="n" data-testid="net-position">
          {formatNet(leaf.kind === 'creditor' ? 'credit' : 'debit', leaf.amount, s.currency)}
        </span>
      ) : (
        '—'
      ),
    ],
    ['Counterparties', formatCount(batch.positions.length)],
  ];
  return (
    <section aria-labelledby="summary-heading" className={CARD}>
      <h2 id="summary-heading" className="mb-3 font-medium">
        Summary
      </h2>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 md:grid-cols-4">
        {items.map(([term, value]) => (
          <div key={term}>
            <dt className={TERM}>{term}</dt>
            <dd className="text-sm">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function MerkleSection({ batch }: { batch: BatchDetail }) {
  const when = useWhen();
  const root = batch.merkle_root;
  const leaf = batch.merkle_leaf;
  if (!root || !leaf) {
    return (
      <section aria-labelledby="merkle-heading" className={CARD}>
        <h2 id="merkle-heading" className="mb-2 font-medium">
          Merkle tree
        </h2>
        <p className="text-sm">This batch has no merkle tree: it did not complete.</p>
      </section>
    );
  }
  const rows: Array<[string, string]> = [
    ['Root hash', root.root_hash],
    [
      'Tree',
      `${root.version} · ${formatCount(root.leaves_count)} leaves · built ${when(Math.floor(new Date(root.created_at).getTime() / 1000))}`,
    ],
    [
      'Your leaf',
      `${leaf.partner_id} · ${leaf.kind} · ${formatMoney(leaf.amount, batch.summary.currency)} (${leaf.amount} minor units) · leaf ${leaf.leaf_index}`,
    ],
    ['Leaf hash', leaf.leaf_hash],
  ];
  return (
    <section aria-labelledby="merkle-heading" className={CARD}>
      <h2 id="merkle-heading" className="mb-3 font-medium">
        Merkle tree
      </h2>
      <dl className="flex flex-col gap-3">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className={TERM}>{term}</dt>
            <dd
              className={term.endsWith('hash') ? 'font-mono text-sm break-all' : 'text-sm'}
              data-testid={term === 'Root hash' ? 'root-hash' : undefined}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <VerifyInclusion batch={batch} />
    </section>
  );
}

export function BatchDetailClient({
  batchId,
  initial,
}: {
  batchId: string;
  /** The batch as the page read it on the server, in the namespace it was read in. */
  initial: ServerRead<BatchDetail>;
}) {
  const ns = useNamespace();
  const batch = useQuery({ ...batchQuery(ns, batchId), initialData: initialFrom(ns, initial) });
  // Read on the server with the page: its times in UTC until hydrated, then the reader's zone.
  const when = useWhen();

  if (isNotFound(batch.error)) return <BatchNotFound />;
  if (batch.isError) {
    return (
      <div className="flex flex-col gap-3">
        <PageTitle>Batch {batchId}</PageTitle>
        <p role="alert" className="text-red-700 dark:text-red-400">
          {(batch.error as Error).message}
        </p>
        <Link href="/settlements" className={LINK}>
          Back to settlements
        </Link>
      </div>
    );
  }
  if (!batch.data)
    return <div className="h-40 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" aria-busy="true" />;
  const b = batch.data;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link href="/settlements" className={`text-sm ${LINK}`}>
          ← Settlements
        </Link>
        <h1 className="mt-1 font-mono text-2xl font-semibold break-all">{b.summary.token}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {b.summary.currency} settlement batch, cut-off {when(b.summary.cutoff_time)}
        </p>
      </div>
      <Summary batch={b} />
      <MerkleSection batch={b} />
      <PositionsSection batch={b} />
      <TransactionsSection batch={b} />
    </div>
  );
}
