import { Link } from '@/components/ui/link';
import { formatMoney, formatNet } from '@/lib/client/format';
import { useWhen } from '@/components/ui/local-time';
import type { Overview } from '@/lib/client/queries/overview';
import { CARD, LINK } from '@/components/ui/styles';

/** What settles of incoming less outgoing: received (a net credit) or paid (a net debit). */
const net = (incomingLessOutgoing: string, currency: string) =>
  formatNet(BigInt(incomingLessOutgoing) < 0n ? 'debit' : 'credit', incomingLessOutgoing, currency);

function Kpi({
  id,
  title,
  value,
  children,
}: {
  id: string;
  title: string;
  value: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`kpi-${id}-title`}
      data-testid={`kpi-${id}`}
      className={`flex flex-col gap-1 ${CARD}`}
    >
      <h2 id={`kpi-${id}-title`} className="text-sm font-medium text-slate-600 dark:text-slate-400">
        {title}
      </h2>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      {children ? <div className="text-sm text-slate-600 dark:text-slate-400">{children}</div> : null}
    </section>
  );
}

const percent = (n: number, of: number) => (of === 0 ? '—' : `${Math.round((n / of) * 1000) / 10}%`);

/** The namespace's key figures; money always per currency, never summed across currencies. */
export function KpiCards({ overview: o }: { overview: Overview }) {
  // The figures come with the page's HTML: the cut-off's time in UTC until hydrated.
  const when = useWhen();
  const decided = o.decisions.admitted + o.decisions.rejected + o.decisions.expired;
  const waiting = o.tasks_waiting.pending + o.tasks_waiting.on_hold;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
      <Kpi id="payments-today" title="Payments today" value={String(o.payments_today.count)}>
        {o.payments_today.by_currency.length
          ? o.payments_today.by_currency.map((c) => (
              <p key={c.currency}>{formatMoney(c.total, c.currency)}</p>
            ))
          : 'None yet today (UTC)'}
      </Kpi>
      <Kpi
        id="admitted-rate"
        title="Admitted / rejected"
        value={
          <>
            {percent(o.decisions.admitted, decided)}
            <span className="text-base font-medium text-slate-600 dark:text-slate-400">
              {' '}
              / {percent(o.decisions.rejected, decided)}
            </span>
          </>
        }
      >
        <p>
          {o.decisions.admitted} admitted · {o.decisions.rejected} rejected · {o.decisions.expired} expired
        </p>
        <p>
          {o.decisions.open} open · last {o.window.days} days
        </p>
      </Kpi>
      <Kpi id="tasks-waiting" title="Tasks waiting" value={String(waiting)}>
        <p>
          {o.tasks_waiting.pending} pending · {o.tasks_waiting.on_hold} on hold
        </p>
        <Link href="/tasks" className={LINK}>
          Open the task queue
        </Link>
      </Kpi>
      <Kpi
        id="awaiting-settlement"
        title="Cleared, awaiting settlement"
        value={
          o.awaiting_settlement.length ? String(o.awaiting_settlement.reduce((n, c) => n + c.count, 0)) : '0'
        }
      >
        {o.awaiting_settlement.length
          ? o.awaiting_settlement.map((c) => (
              <p key={c.currency}>
                <span className="font-medium text-slate-900 dark:text-slate-100">
                  {net(c.net, c.currency)}
                </span>
                <br />
                in {formatMoney(c.incoming, c.currency)} · out {formatMoney(c.outgoing, c.currency)}
              </p>
            ))
          : 'Nothing cleared since the last cut-off'}
      </Kpi>
      <Kpi
        id="last-batch"
        title="Last batch net position"
        value={
          o.last_batch_positions.length
            ? `${o.last_batch_positions.length} ${o.last_batch_positions.length === 1 ? 'currency' : 'currencies'}`
            : '—'
        }
      >
        {o.last_batch_positions.length
          ? o.last_batch_positions.map((b) => (
              <p key={b.batch_id}>
                <Link href={`/settlements/${b.batch_id}`} className={LINK}>
                  {formatNet(b.kind === 'creditor' ? 'credit' : 'debit', b.amount, b.currency)}
                </Link>{' '}
                · {when(b.cutoff_time)}
              </p>
            ))
          : 'No settled batch yet'}
      </Kpi>
    </div>
  );
}
