import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { schema, type DbOrTx } from '@/lib/db';
import { slot, slots, slotValues } from '@/lib/db/prepared';
import { newId } from '@/lib/ids';
import { rowsOf } from '@/lib/db/rows';
import { MAX_LIQUIDITY_MINOR } from '@/lib/domain/currencies';
import { creditFits } from '@/lib/domain/liquidity';

/**
 * The net debit cap at admission (DESIGN §11, docs/liquidity.md): parts of the one statement that
 * admits a payment (lib/services/payments/task-update.ts). The debtor's position row is moved by
 * the payment only while it stays within its limit, in the same statement as the transaction, so
 * however many admissions race on however many instances for the last headroom, the row's lock
 * decides: never one minor unit past the cap. The beneficiary's row moves down at once (an
 * incoming payment frees headroom). Both rows are written in the order of their ids, as every
 * writer of the positions does, so that no two statements wait on each other in a circle.
 */
const { liquidityPositions: lp, liquidityQueue, liquidityAlerts } = schema;

/** The SQLSTATE of `csp_within_cap` (migration 0036): the payment does not fit under the cap. */
const OVER_CAP = 'CSP02';

export function isOverCap(err: unknown): boolean {
  for (let e = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++)
    if ((e as { code?: string }).code === OVER_CAP) return true;
  return false;
}

/** The movement of one admission: the debtor's debit and the beneficiary's credit. */
export interface PositionMove {
  debtor: string;
  beneficiary: string;
  currency: string;
  amount: bigint;
}

/** Whether an admission moves positions at all: a payment inside one namespace moves none. */
export const movesPositions = (m: PositionMove) => m.debtor !== m.beneficiary;

const limitOf = sql`csp_liquidity_limit(${lp.cap}, ${lp.balance}, ${lp.allowUnsecured}, ${lp.unlimited})`;

/** MAX_LIQUIDITY_MINOR in SQL: how far a credit may take a position below its balance. */
const BOUND = sql.raw(MAX_LIQUIDITY_MINOR.toString());

/**
 * The named part `liquidity`: both rows upserted, the debtor's only within its limit and the
 * beneficiary's only within the bound below its balance (lib/domain/liquidity.ts, `creditFits`).
 * Returns the rows moved; the transaction's status reads it through `withinCap`, which aborts the
 * statement unless both moved and the debtor's is within its limit — a row made by this statement
 * (no conflict, so no `setWhere`) is checked there: a debtor without a row has no cap, so no
 * limit but 0. It reads the statement's part `guard` (the submission moved from the version
 * read), so the submission's row is always locked before the positions'.
 */
export function positionsMoveSlots(db: DbOrTx): [string, SQLWrapper] {
  return [
    'liquidity',
    db
      .insert(lp)
      .values(
        [0, 1].map((i) => ({
          partnerId: slot(`lq${i}_partner`),
          currency: slot('lq_currency'),
          // Read after the statement's guard (the submission's row) has passed: see csp_after_guard.
          position: sql`${slot(`lq${i}_delta`)}::bigint + csp_after_guard((select id from guard))`,
        })),
      )
      .onConflictDoUpdate({
        target: [lp.partnerId, lp.currency],
        set: { position: sql`${lp.position} + excluded.position`, updatedAt: sql`now()` },
        // A debit only within the limit; a credit within the bound below the balance.
        setWhere: sql`CASE WHEN excluded.position <= 0 THEN ${lp.position} + excluded.position >= ${lp.balance} - ${BOUND}
          ELSE ${lp.position} + excluded.position <= ${limitOf} END`,
      })
      .returning({
        partnerId: lp.partnerId,
        position: lp.position,
        balance: lp.balance,
        cap: lp.cap,
        allowUnsecured: lp.allowUnsecured,
        unlimited: lp.unlimited,
      }),
  ];
}

/** The slots' values: the two rows in the order of their ids. */
export function positionsMoveValues(m: PositionMove, into: Record<string, unknown>) {
  const rows: Array<[string, bigint]> = [
    [m.debtor, m.amount],
    [m.beneficiary, -m.amount],
  ];
  rows.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  rows.forEach(([partner, delta], i) => {
    into[`lq${i}_partner`] = partner;
    into[`lq${i}_delta`] = delta;
  });
  into.lq_currency = m.currency;
  into.lq_debtor = m.debtor;
  return into;
}

/** A transaction's status that aborts the statement unless both rows moved, the debtor's within its limit. */
export function withinCap(status: SQL): SQL {
  return sql`csp_within_cap((select count(*) = 2 and bool_and(partner_id <> ${slot('lq_debtor')}
    or position <= csp_liquidity_limit(cap, balance, allow_unsecured, unlimited)) from liquidity), ${status})`;
}

/** A submission held in the liquidity queue: its row, and its debtor's queued figures moved. */
export interface Queued extends PositionMove {
  submissionId: string;
  paymentPk: string;
  paymentId: string;
  queuedAt: Date;
  expiresAt: Date;
}

const QUEUE_FIELDS = {
  submissionId: '',
  paymentPk: '',
  paymentId: '',
  debtorPartnerId: '',
  beneficiaryPartnerId: '',
  currency: '',
  amount: 0n,
  queuedAt: new Date(0),
  expiresAt: new Date(0),
};

/** The parts that queue a submission: its queue row and its debtor's queued count and sum. */
export function queueSlots(db: DbOrTx): SQLWrapper[] {
  return [
    db.insert(liquidityQueue).values(slots('lqq_', QUEUE_FIELDS)),
    db
      .insert(lp)
      .values({
        partnerId: slot('lqq_debtorPartnerId'),
        currency: slot('lqq_currency'),
        queuedCount: sql`1`,
        queuedAmount: slot('lqq_amount'),
      })
      .onConflictDoUpdate({
        target: [lp.partnerId, lp.currency],
        set: {
          queuedCount: sql`${lp.queuedCount} + 1`,
          queuedAmount: sql`${lp.queuedAmount} + excluded.queued_amount`,
          updatedAt: sql`now()`,
        },
      }),
  ];
}

export function queueValues(q: Queued, into: Record<string, unknown>) {
  return slotValues(
    'lqq_',
    {
      submissionId: q.submissionId,
      paymentPk: q.paymentPk,
      paymentId: q.paymentId,
      debtorPartnerId: q.debtor,
      beneficiaryPartnerId: q.beneficiary,
      currency: q.currency,
      amount: q.amount,
      queuedAt: q.queuedAt,
      expiresAt: q.expiresAt,
    } satisfies typeof QUEUE_FIELDS,
    into,
  );
}

/** A payment refused or queued for the cap, to e-mail to the debtor's admins (lib/services/liquidity/alerts.ts). */
export function capAlertSlots(db: DbOrTx): SQLWrapper {
  return db.insert(liquidityAlerts).values({
    id: slot('lqa_id'),
    partnerId: slot('lqa_partner'),
    currency: slot('lqa_currency'),
    kind: sql`'cap_reached'`,
    level: sql`100`,
    position: slot('lqa_position'),
    // Nullable: as text, the column's encoder takes no null.
    limit: sql`${slot('lqa_limit')}::bigint`,
  });
}

export function capAlertValues(
  alert: { partner: string; currency: string; position: bigint; limit: bigint | null },
  into: Record<string, unknown>,
) {
  into.lqa_id = newId('lqa');
  into.lqa_partner = alert.partner;
  into.lqa_currency = alert.currency;
  into.lqa_position = alert.position;
  into.lqa_limit = alert.limit?.toString() ?? null;
  return into;
}

/**
 * The same movement as `positionsMoveSlots`, in the caller's transaction (a return the
 * beneficiary makes at once, lib/services/returns): both rows locked in id order, the debit made
 * only within the debtor's limit. `ok: false` (nothing moved) with the headroom there was.
 */
export async function moveCheckedPositions(
  tx: DbOrTx,
  m: PositionMove,
): Promise<{ ok: true } | { ok: false; headroom: bigint }> {
  if (!movesPositions(m)) return { ok: true };
  const ids = [m.debtor, m.beneficiary].sort((a, b) => (a < b ? -1 : 1));
  await tx
    .insert(lp)
    .values(ids.map((partnerId) => ({ partnerId, currency: m.currency })))
    .onConflictDoNothing();
  const rows = rowsOf(
    await tx.execute(sql`
      SELECT partner_id, position, balance, csp_liquidity_limit(cap, balance, allow_unsecured, unlimited) AS lim
      FROM liquidity_positions WHERE currency = ${m.currency} AND partner_id = ANY(${sql.param(ids)}::text[])
      ORDER BY partner_id COLLATE "C" FOR UPDATE`),
  );
  const big = (v: unknown) => BigInt(String(v));
  const debtor = rows.find((r) => r.partner_id === m.debtor)!;
  const beneficiary = rows.find((r) => r.partner_id === m.beneficiary)!;
  const position = big(debtor.position);
  const limit = big(debtor.lim);
  if (position + m.amount > limit) return { ok: false, headroom: limit > position ? limit - position : 0n };
  if (!creditFits({ position: big(beneficiary.position), balance: big(beneficiary.balance) }, m.amount))
    return { ok: false, headroom: 0n };
  for (const [partner, delta] of [
    [m.debtor, m.amount],
    [m.beneficiary, -m.amount],
  ] as const)
    await tx.execute(sql`
      UPDATE liquidity_positions SET position = position + ${delta.toString()}::bigint, updated_at = now()
      WHERE partner_id = ${partner} AND currency = ${m.currency}`);
  return { ok: true };
}
