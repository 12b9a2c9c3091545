'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { ExportLink } from '@/components/ui/export-link';
import { Field } from '@/components/ui/field';
import { formatMoney, formatNet } from '@/lib/client/format';
import { LocalTime } from '@/components/ui/local-time';
import { useUrlState } from '@/lib/client/use-url-state';
import { STATEMENT_MAX_DAYS } from '@/lib/domain/statements';
import { LINK } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import { statementQuery } from '@/lib/client/queries/settlements';
import { useNamespace } from '@/lib/client/namespace';
import { formatCount } from '@/lib/client/format';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** A UTC day's first second. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** The period in the URL (UTC days, both included); the current month by default. */
function period(params: URLSearchParams) {
  const now = new Date();
  const from = params.get('from') ?? isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
  const to = params.get('to') ?? isoDay(now);
  // The gateway's bounds, said on the field rather than by a failed screen.
  const days = (dayStart(to) - dayStart(from)) / 86400 + 1;
  const error =
    !DAY.test(from) || !DAY.test(to)
      ? 'Choose both days'
      : days < 1
        ? 'The end must be a day on or after the start'
        : days > STATEMENT_MAX_DAYS
          ? `A statement covers at most ${STATEMENT_MAX_DAYS} days`
          : undefined;
  return {
    from,
    to,
    valid: !error,
    error,
    query: { from: String(dayStart(from)), to: String(dayStart(to) + 86400) },
  };
}

/** A statement's net (receivable less payable): a net credit, or a net debit when below zero. */
const signed = (net: string, currency: string) =>
  formatNet(net.startsWith('-') ? 'debit' : 'credit', net, currency);

/**
 * A namespace's settlement statement over a period: on screen, printable, and as CSV.
 * `partnerId`: the selected namespace, as the page read it (the export link names it).
 */
export function StatementClient({ partnerId }: { partnerId: string | null }) {
  const ns = useNamespace();
  const { params, set } = useUrlState();
  const p = period(params);
  const query = useQuery(statementQuery(ns, p.query, p.valid));
  const s = query.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link href="/settlements" className="text-sm text-blue-700 underline print:hidden dark:text-blue-400">
          ← Settlements
        </Link>
        <PageTitle>Settlement statement</PageTitle>
        {s ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {s.name} ({s.domain}) · {p.from} to {p.to} (UTC days, both included) · generated{' '}
            <LocalTime seconds={s.generated_at} />
          </p>
        ) : null}
      </div>
      <form
        aria-label="Statement period"
        className="flex flex-wrap items-end gap-3 print:hidden"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field
          label="From (UTC day)"
          id="statement-from"
          type="date"
          value={p.from}
          onChange={(e) => set({ from: e.target.value })}
        />
        <Field
          label="To (UTC day)"
          id="statement-to"
          type="date"
          value={p.to}
          onChange={(e) => set({ to: e.target.value })}
          error={p.error}
        />
        <ExportLink
          path="/settlements/statement/export"
          filters={p.query}
          partnerId={partnerId}
          look="button"
        >
          Download CSV
        </ExportLink>
        <Button type="button" variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
      </form>
      {query.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {query.error.message}
        </p>
      ) : null}
      {s ? (
        <>
          <section aria-labelledby="totals-title" className="flex flex-col gap-2">
            <h2 id="totals-title" className="text-lg font-semibold">
              Totals per currency
            </h2>
            {s.totals.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No completed batch in this period.</p>
            ) : (
              // Wider than a phone: it scrolls sideways inside this region (by keyboard too), the page does not.
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Totals per currency">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Totals per currency</caption>
                  <thead>
                    <tr className="border-b border-slate-200 dark:border-slate-700">
                      <th className="py-2">Currency</th>
                      <th className="py-2 text-right">Batches</th>
                      <th className="py-2 text-right">Transactions</th>
                      <th className="py-2 text-right">Received (net creditor batches)</th>
                      <th className="py-2 text-right">Paid (net debtor batches)</th>
                      <th className="py-2 text-right">Net</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.totals.map((t) => (
                      <tr key={t.currency} className="border-b border-slate-100 dark:border-slate-800">
                        <td className="py-2">{t.currency}</td>
                        <td className="py-2 text-right tabular-nums">{t.batches}</td>
                        <td className="py-2 text-right tabular-nums">{formatCount(t.txn_count)}</td>
                        <td className="py-2 text-right tabular-nums">
                          {formatMoney(t.receivable, t.currency)}
                        </td>
                        <td className="py-2 text-right tabular-nums">{formatMoney(t.payable, t.currency)}</td>
                        <td className="py-2 text-right font-medium">{signed(t.net, t.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          {s.batches.length > 0 ? (
            <section aria-labelledby="batches-title" className="flex flex-col gap-2">
              <h2 id="batches-title" className="text-lg font-semibold">
                Batches ({s.batches.length})
              </h2>
              <div
                className="overflow-x-auto"
                tabIndex={0}
                role="region"
                aria-label="Batches and net positions"
              >
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Batches and net positions</caption>
                  <thead>
                    <tr className="border-b border-slate-200 dark:border-slate-700">
                      <th className="py-2">Cut-off</th>
                      <th className="py-2">Batch</th>
                      <th className="py-2">Counterparty</th>
                      <th className="py-2 text-right">Net</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.batches.map((b) => (
                      <tr
                        key={b.batch_id}
                        className="border-b border-slate-100 align-top dark:border-slate-800"
                      >
                        <td className="py-2 whitespace-nowrap">
                          <LocalTime seconds={b.cutoff_time} />
                        </td>
                        <td className="py-2">
                          <Link
                            href={`/settlements/${encodeURIComponent(b.batch_id)}`}
                            className={`print:text-inherit print:no-underline ${LINK}`}
                          >
                            {b.batch_id}
                          </Link>
                          <p className="text-xs text-slate-600 dark:text-slate-400">
                            {b.currency} · {b.txn_count} transaction{b.txn_count === 1 ? '' : 's'}
                          </p>
                        </td>
                        <td className="py-2">
                          <ul>
                            {b.positions.map((x) => (
                              <li key={x.counterparty_id}>{x.counterparty_domain ?? x.counterparty_id}</li>
                            ))}
                            <li className="font-medium">Multilateral net</li>
                          </ul>
                        </td>
                        <td className="py-2 text-right tabular-nums">
                          <ul>
                            {b.positions.map((x) => (
                              <li key={x.counterparty_id}>{signed(x.net, b.currency)}</li>
                            ))}
                            <li className="font-medium">{signed(b.net, b.currency)}</li>
                          </ul>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ) : null}
        </>
      ) : p.valid && !query.isError ? (
        <div className="h-32 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
      ) : null}
    </div>
  );
}
