'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { QueryTable, useListQuery } from '@/components/data-table/query-table';
import { CutoffConfirmDialog } from '@/components/operator/cutoff-preview';
import { HealthPanel } from '@/components/operator/health-panel';
import { NearCapList } from '@/components/operator/near-cap';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useToast } from '@/components/ui/toast';
import {
  networkBatchesQuery,
  networkStatsQuery,
  useRunCutoff,
  type CutoffResult,
} from '@/lib/client/queries/settlements';
import { CARD, LINK, TERM } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import { networkBatchColumns } from './columns';
import { Section } from '@/components/ui/section';
import { useNamespace } from '@/lib/client/namespace';
import { formatCount } from '@/lib/client/format';

const LIMIT = 20;

/** What a cut-off did, in one sentence. */
function describeCutoff(r: CutoffResult): string {
  if (!r.ran) return 'Another cut-off is running; try again in a moment.';
  if (r.batches.length === 0) return 'Cut-off ran: no cleared transactions were waiting.';
  const parts = r.batches.map(
    (b) =>
      `${b.id} (${b.currency}, ${b.txnCount} transaction${b.txnCount === 1 ? '' : 's'}, ${b.status.toLowerCase()})`,
  );
  return `Cut-off ran: ${r.batches.length} batch${r.batches.length === 1 ? '' : 'es'} — ${parts.join('; ')}.`;
}

function Stats() {
  const ns = useNamespace();
  const stats = useQuery(networkStatsQuery(ns));
  if (stats.isError) return <FormAlert message={(stats.error as Error).message} />;
  const s = stats.data;
  const items: Array<[string, number | undefined, string?]> = [
    ['Verified organizations', s?.organizations.verified],
    ['Awaiting verification', s?.organizations.sandbox],
    ['Rejected organizations', s?.organizations.rejected],
    ['Namespaces', s?.namespaces],
    ['Payments', s?.payments],
    ['Open submissions', s?.submissions_open],
    ['Rejected submissions', s?.submissions_rejected],
    [
      'Awaiting settlement',
      s?.transactions_awaiting_settlement,
      'cleared transactions the next cut-off takes',
    ],
    ['Settled transactions', s?.transactions_settled],
    ['Settlement batches', s?.batches],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-5" aria-busy={stats.isLoading}>
      {items.map(([label, value, hint]) => (
        <div key={label} className={CARD} title={hint}>
          <dt className={TERM}>{label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">
            {value === undefined ? '…' : formatCount(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function NetworkClient() {
  const ns = useNamespace();
  const batches = useListQuery((page) => networkBatchesQuery(ns, page), {
    rows: (d) => d.batches,
    limit: LIMIT,
  });
  const cutoff = useRunCutoff();
  const toast = useToast();
  const [outcome, setOutcome] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  function runCutoff() {
    setOutcome(null);
    cutoff.mutate(undefined, {
      onSettled: () => setConfirming(false),
      onSuccess: (r) => {
        const text = describeCutoff(r);
        setOutcome(text);
        toast(r.ran ? 'success' : 'error', r.ran ? 'Cut-off finished' : text);
      },
      onError: (e) => toast('error', e.message),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        description={
          <>
            Figures across every organization, settlement cut-offs and the latest batches.{' '}
            <Link href="/operator" className={LINK}>
              Organizations awaiting verification
            </Link>
          </>
        }
      >
        Network
      </PageTitle>
      <Section id="health-heading" title="Delivery, settlement and liquidity health">
        <HealthPanel />
        <NearCapList />
      </Section>
      <Section id="stats-heading" title="Network figures">
        <Stats />
      </Section>
      <Section id="cutoff-heading" title="Settlement cut-off" card>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A cut-off runs on its own at every interval. Running one now settles every cleared transaction up to
          this moment: one batch per currency, each with its merkle root. You see what it would batch before
          it runs.
        </p>
        <div>
          <Button type="button" onClick={() => setConfirming(true)} disabled={cutoff.isPending}>
            {cutoff.isPending ? 'Running cut-off…' : 'Run cut-off now'}
          </Button>
        </div>
        <p role="status" className="text-sm" data-testid="cutoff-outcome">
          {outcome}
        </p>
        <FormAlert message={cutoff.isError ? cutoff.error.message : null} />
        <CutoffConfirmDialog
          open={confirming}
          busy={cutoff.isPending}
          onConfirm={runCutoff}
          onCancel={() => setConfirming(false)}
        />
      </Section>
      <Section id="batches-heading" title="Latest batches across the network">
        <QueryTable
          list={batches}
          caption="Latest settlement batches across the network"
          columns={networkBatchColumns}
          empty="No settlement batches yet."
        />
      </Section>
    </div>
  );
}
