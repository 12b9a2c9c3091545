'use client';

import { useState } from 'react';
import { Pager } from '@/components/data-table/pager';
import { Button } from '@/components/ui/button';
import { downloadCsv, toCsv } from '@/lib/client/csv';
import { formatMoney, formatNet } from '@/lib/client/format';
import type { BatchDetail } from '@/lib/client/queries/settlements';
import { useCounterpartyDomains } from '@/lib/client/queries/links';
import { Section } from '@/components/ui/section';
import { chartOrder } from '@/components/charts/chart-order';
import { NetPositions } from '@/components/charts/net-positions';

const PAGE = 20;

function positionsCsv(batch: BatchDetail): string {
  return toCsv(
    ['batch_id', 'counterparty_id', 'position_type', 'currency', 'net_amount_minor', 'net_amount'],
    batch.positions.map((p) => [
      batch.summary.token,
      p.counterparty_id,
      p.position_type,
      p.currency,
      p.net_amount,
      formatMoney(p.net_amount, p.currency),
    ]),
  );
}

/** Net positions: the chart, then the same figures as a table (paged here; they come in one answer). */
export function PositionsSection({ batch }: { batch: BatchDetail }) {
  const [page, setPage] = useState(1);
  const { summary } = batch;
  // In the chart's order (credits first, largest first): the table reads as the chart does.
  const positions = chartOrder(batch.positions);
  const rows = positions.slice((page - 1) * PAGE, page * PAGE);
  const domains = useCounterpartyDomains();
  return (
    <Section
      id="positions-heading"
      title="Net positions by counterparty"
      card
      action={
        <Button
          type="button"
          variant="secondary"
          disabled={positions.length === 0}
          onClick={() => downloadCsv(`${summary.token}-positions.csv`, positionsCsv(batch))}
        >
          Export positions CSV
        </Button>
      }
    >
      {positions.length === 0 ? (
        <p className="text-sm">
          No bilateral positions: all of this namespace&apos;s transactions stayed inside it.
        </p>
      ) : (
        <>
          <NetPositions positions={positions} currency={summary.currency} names={domains} />
          <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Net positions</caption>
              <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Counterparty
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Net position
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p.counterparty_id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="px-4 py-2">
                      {p.counterparty_name ? (
                        <span className="block font-medium">{p.counterparty_name}</span>
                      ) : null}
                      {(p.counterparty_domain ?? domains.get(p.counterparty_id)) ? (
                        <span className="block">
                          {p.counterparty_domain ?? domains.get(p.counterparty_id)}
                        </span>
                      ) : null}
                      <span className="block font-mono text-xs break-all text-slate-600 dark:text-slate-400">
                        {p.counterparty_id}
                      </span>
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums" data-testid="net-position-cell">
                      {formatNet(p.position_type === 'Credit' ? 'credit' : 'debit', p.net_amount, p.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {positions.length > PAGE ? (
              <Pager
                count={positions.length}
                page={page}
                limit={PAGE}
                onPage={setPage}
                noun="counterparties"
              />
            ) : null}
          </div>
        </>
      )}
    </Section>
  );
}
