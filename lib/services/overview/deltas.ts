import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { schema } from '@/lib/db';
import { SUBMISSION_NAMES, type PaymentStatusName } from '@/lib/domain/statuses';

/**
 * The overview's figures move with the writes (lib/db/schema/rollups.ts): each service appends,
 * in the same statement as its change, signed deltas — a payment moving from one status to
 * another, a task from one status to another, an exception, a transaction entering or leaving
 * the settlement queue. Inserts only: no counter row is a hot spot for a busy namespace. The
 * cut-off (lib/services/settlement/cutoff.ts) writes its own in SQL, from the rows it settles.
 */
export interface RollupDelta {
  partnerId: string;
  metric: 'volume' | 'exceptions' | 'tasks' | 'awaiting';
  day: string;
  key: string;
  key2: string;
  currency: string;
  count: number;
  amount: bigint;
}

/** The day of the metrics that have none. */
export const NO_DAY = '1970-01-01';

/** A time's day in UTC, as the rollups key it. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The network's own figures (the operator's, `GET /operator/stats`) are kept like a namespace's,
 * under this pseudo-namespace: every payment once, whoever its parties (no namespace id starts
 * with `_`).
 */
export const NETWORK = '_network';

/** The namespaces that see a payment: its debtor, and its beneficiary when another. */
function partiesOf(p: { debtorPartnerId: string; beneficiaryPartnerId: string }): string[] {
  return p.beneficiaryPartnerId === p.debtorPartnerId
    ? [p.debtorPartnerId]
    : [p.debtorPartnerId, p.beneficiaryPartnerId];
}

interface PaymentFacts {
  debtorPartnerId: string;
  beneficiaryPartnerId: string;
  createdAt: Date;
  currency: string;
  amountMinor: bigint;
}

const zero = { key2: '', currency: '', amount: 0n };

/** A payment counted under `to` instead of `from` (null: a new payment) on its creation day. */
export function paymentMoved(
  p: PaymentFacts,
  from: PaymentStatusName | null,
  to: PaymentStatusName,
): RollupDelta[] {
  const day = utcDay(p.createdAt);
  return [...partiesOf(p), NETWORK].flatMap((partnerId) => [
    ...(from === null
      ? []
      : [
          {
            partnerId,
            metric: 'volume' as const,
            day,
            key: from,
            key2: '',
            currency: p.currency,
            count: -1,
            amount: -p.amountMinor,
          },
        ]),
    {
      partnerId,
      metric: 'volume' as const,
      day,
      key: to,
      key2: '',
      currency: p.currency,
      count: 1,
      amount: p.amountMinor,
    },
  ]);
}

/** A submission's stored status by name (settled, 6, is never stored). */
export const submissionStatusName = (status: number): PaymentStatusName =>
  SUBMISSION_NAMES[status] ?? 'unsubmitted';

/** The assignee namespace's task counted under `to` instead of `from` (null: a new task). */
export function taskMoved(partnerId: string, from: string | null, to: string): RollupDelta[] {
  return [
    ...(from === null
      ? []
      : [{ ...zero, partnerId, metric: 'tasks' as const, day: NO_DAY, key: from, count: -1 }]),
    { ...zero, partnerId, metric: 'tasks' as const, day: NO_DAY, key: to, count: 1 },
  ];
}

/** An exception of a payment, on the day it was recorded, for each namespace that sees it. */
export function exceptionAdded(
  p: Pick<PaymentFacts, 'debtorPartnerId' | 'beneficiaryPartnerId'>,
  at: Date,
  code: string,
  blame: string,
): RollupDelta[] {
  return partiesOf(p).map((partnerId) => ({
    ...zero,
    partnerId,
    metric: 'exceptions' as const,
    day: utcDay(at),
    key: code,
    key2: blame,
    count: 1,
  }));
}

/** A cleared transaction entering (+1) the settlement queue: incoming, outgoing and one transaction. */
export function awaitingAdded(t: {
  debtorPartnerId: string;
  beneficiaryPartnerId: string;
  currency: string;
  amountMinor: bigint;
}): RollupDelta[] {
  const row = (partnerId: string, key: string, amount: bigint) => ({
    partnerId,
    metric: 'awaiting' as const,
    day: NO_DAY,
    key,
    key2: '',
    currency: t.currency,
    count: 1,
    amount,
  });
  return [
    row(t.debtorPartnerId, 'out', t.amountMinor),
    row(t.beneficiaryPartnerId, 'in', t.amountMinor),
    ...partiesOf(t).map((p) => row(p, 'txn', 0n)),
    row(NETWORK, 'txn', t.amountMinor),
  ];
}

/**
 * The insert of a statement's deltas, however many, as one part of a prepared statement
 * (`prepareOneStatement`): eight array placeholders (`rd_partner`, …) unnested into rows, so a
 * delta costs no parameter of its own and the statement's shape does not depend on their number.
 * Fill them with `deltaValues`.
 */
export function deltasInsertSlots() {
  const t = schema.namespaceRollupDeltas;
  const a = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
  return sql`insert into ${t} (partner_id, metric, day, key, key2, currency, count, amount)
    select * from unnest(${a('rd_partner', 'text')}, ${a('rd_metric', 'text')}, ${a('rd_day', 'date')}, ${a('rd_key', 'text')},
      ${a('rd_key2', 'text')}, ${a('rd_currency', 'text')}, ${a('rd_count', 'bigint')}, ${a('rd_amount', 'bigint')})`;
}

export function deltaValues(deltas: RollupDelta[], into: Record<string, unknown>): Record<string, unknown> {
  into.rd_partner = deltas.map((d) => d.partnerId);
  into.rd_metric = deltas.map((d) => d.metric);
  into.rd_day = deltas.map((d) => d.day);
  into.rd_key = deltas.map((d) => d.key);
  into.rd_key2 = deltas.map((d) => d.key2);
  into.rd_currency = deltas.map((d) => d.currency);
  into.rd_count = deltas.map((d) => d.count);
  into.rd_amount = deltas.map((d) => d.amount.toString());
  return into;
}

/** Deltas written by a statement of their own, in the caller's transaction. */
export async function writeDeltas(tx: DbOrTx, deltas: RollupDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  if (deltas.length <= MANY) {
    await tx.insert(schema.namespaceRollupDeltas).values(deltas);
    return;
  }
  // Many (a release of the liquidity queue admits thousands): eight arrays instead of a VALUES
  // list, which the query builder assembles slowly.
  const arrays = deltaValues(deltas, {});
  const a = (name: string, type: string) => sql`${sql.param(arrays[name])}::${sql.raw(type)}[]`;
  await tx.execute(sql`insert into namespace_rollup_deltas (partner_id, metric, day, key, key2, currency, count, amount)
    select * from unnest(${a('rd_partner', 'text')}, ${a('rd_metric', 'text')}, ${a('rd_day', 'date')}, ${a('rd_key', 'text')},
      ${a('rd_key2', 'text')}, ${a('rd_currency', 'text')}, ${a('rd_count', 'bigint')}, ${a('rd_amount', 'bigint')})`);
}

const MANY = 50;

/** Recomputes every namespace's rollups from the rows (migration 0013; bulk loads, repairs). */
export async function rebuildRollups(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT csp_rebuild_rollups()`);
}
