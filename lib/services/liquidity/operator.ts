import { and, eq } from 'drizzle-orm';
import { schema, type Tx } from '@/lib/db';
import { NotFoundError, ValidationError } from '@/lib/errors';
import { MAX_LIQUIDITY_MINOR } from '@/lib/domain/currencies';
import { newId } from '@/lib/ids';
import type { RecordFundsBody, SetLiquidityLimitsBody } from '@/lib/schemas/liquidity';
import type { ServiceContext } from '@/lib/services/context';
import { recordAudit } from '../audit/record';
import { emitEvent } from '@/lib/events/emit';
import { lockedPosition, serializePosition } from './positions';
import { listEntriesOf, moneyWords, serializeEntry } from './ledger';
import { releaseLiquidityQueue } from './release';
import type { ListLiquidityEntriesQuery } from '@/lib/schemas/liquidity';

const { liquidityPositions: lp, liquidityEntries, namespaces } = schema;

/** The participant's namespace (any organization's: the operator's view), or 404. */
async function participant(tx: Tx, partnerId: string) {
  const [ns] = await tx
    .select({ id: namespaces.id, orgId: namespaces.orgId, name: namespaces.name })
    .from(namespaces)
    .where(eq(namespaces.id, partnerId))
    .limit(1);
  if (!ns) throw new NotFoundError(`Namespace ${partnerId} not found`);
  return ns;
}

const operatorOf = (ctx: ServiceContext) => (ctx.principal.kind === 'user' ? ctx.principal.email : null);

/**
 * Operator: a participant's net debit cap (null: none), whether it may exceed the balance, and
 * the alert thresholds. A secured cap is at most the balance (DESIGN §11); with
 * `allow_unsecured` the operator lends beyond it. In the participant's organization's trail
 * (`liquidity.limits_set`, with the note) and to its webhooks (`liquidity.updated`); what waits in
 * the queue is released at once if the new limit makes room.
 */
export async function setLiquidityLimits(
  ctx: ServiceContext,
  partnerId: string,
  currency: string,
  input: SetLiquidityLimitsBody,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const ns = await participant(tx, partnerId);
    const before = await lockedPosition(tx, partnerId, currency);
    const cap = input.cap === null ? null : BigInt(input.cap);
    const unlimited = input.unlimited ?? false;
    if (unlimited && cap !== null)
      throw new ValidationError(
        'unlimited must be left out or false when a cap is set: a cap is a limit',
        'unlimited',
      );
    const allowUnsecured = input.allow_unsecured ?? before.allowUnsecured;
    if (cap !== null && !allowUnsecured && cap > before.balance)
      throw new ValidationError(
        `cap of ${moneyWords(cap, currency)} exceeds the balance of ${moneyWords(before.balance, currency)}: record funds in first, or set allow_unsecured to lend beyond it`,
        'cap',
      );
    const thresholds = input.thresholds
      ? [...new Set(input.thresholds)].sort((a, b) => a - b)
      : before.thresholds;
    const [row] = await tx
      .update(lp)
      .set({ cap, unlimited, allowUnsecured, thresholds, updatedAt: new Date() })
      .where(onePosition(partnerId, currency))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'liquidity.limits_set',
      target: { type: 'liquidity', id: `${partnerId}/${currency}` },
      orgId: ns.orgId,
      partnerId,
      before: {
        cap: before.cap?.toString() ?? null,
        unlimited: before.unlimited,
        allow_unsecured: before.allowUnsecured,
        thresholds: before.thresholds,
      },
      after: {
        cap: row!.cap?.toString() ?? null,
        unlimited: row!.unlimited,
        allow_unsecured: row!.allowUnsecured,
        thresholds: row!.thresholds,
        note: input.note,
      },
    });
    await emitEvent(tx, {
      type: 'liquidity.updated',
      orgId: ns.orgId,
      partnerId,
      data: { change: 'limits', note: input.note, position: serializePosition(row!) },
    });
    return row!;
  });
  await releaseLiquidityQueue(ctx.db);
  return { position: serializePosition(await reread(ctx, partnerId, currency, result)), entry: null };
}

/**
 * Operator: funds placed with the settlement agent (`in`) or paid back (`out`), as a ledger entry
 * with the agent's reference and a note. Funds out never leave the balance below what the
 * participant's position and secured cap need: the balance must cover the net debit already run up
 * and, unless the operator lends (allow_unsecured), the cap — lower the cap first.
 */
export async function recordFunds(
  ctx: ServiceContext,
  partnerId: string,
  currency: string,
  input: RecordFundsBody,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const ns = await participant(tx, partnerId);
    const before = await lockedPosition(tx, partnerId, currency);
    const amount = BigInt(input.amount);
    const signed = input.direction === 'in' ? amount : -amount;
    const balance = before.balance + signed;
    // The bounds that keep every sum within a bigint (lib/domain/currencies.ts): the balance within
    // ±MAX_LIQUIDITY_MINOR, and the position no further than that from it.
    const position = before.position;
    const beyond =
      balance > MAX_LIQUIDITY_MINOR ||
      balance < -MAX_LIQUIDITY_MINOR ||
      position - balance > MAX_LIQUIDITY_MINOR ||
      balance - position > MAX_LIQUIDITY_MINOR;
    if (beyond)
      throw new ValidationError(
        `funds ${input.direction} of ${moneyWords(amount, currency)} would take the balance to ${balance} minor units, past the bound of ${MAX_LIQUIDITY_MINOR} minor units the network keeps a participant's balance (and its distance from the position) within`,
        'amount',
      );
    if (input.direction === 'out') {
      const netDebit = position > 0n ? position : 0n;
      const securedCap = before.cap !== null && !before.allowUnsecured ? before.cap : 0n;
      const needed = netDebit > securedCap ? netDebit : securedCap;
      if (balance < needed)
        throw new ValidationError(
          `funds out of ${moneyWords(amount, currency)} would leave ${moneyWords(balance, currency)}, below the ${moneyWords(needed, currency)} that ${needed === netDebit && netDebit > 0n ? "the participant's net debit position" : 'the net debit cap'} needs; at most ${moneyWords(before.balance - needed > 0n ? before.balance - needed : 0n, currency)} may go out now`,
          'amount',
        );
    }
    const [moved] = await tx
      .update(lp)
      .set({ balance, updatedAt: new Date() })
      .where(onePosition(partnerId, currency))
      .returning();
    const [entry] = await tx
      .insert(liquidityEntries)
      .values({
        id: newId('lqe'),
        partnerId,
        currency,
        kind: input.direction === 'in' ? 'funds_in' : 'funds_out',
        amount: signed,
        balanceAfter: balance,
        reference: input.reference,
        note: input.note,
        createdBy: operatorOf(ctx),
      })
      .returning();
    await recordAudit(tx, ctx, {
      action: 'liquidity.funds_recorded',
      target: { type: 'liquidity', id: `${partnerId}/${currency}` },
      orgId: ns.orgId,
      partnerId,
      before: { balance: before.balance.toString() },
      after: {
        balance: balance.toString(),
        direction: input.direction,
        amount: amount.toString(),
        reference: input.reference,
        note: input.note,
        entry: entry!.id,
      },
    });
    await emitEvent(tx, {
      type: 'liquidity.updated',
      orgId: ns.orgId,
      partnerId,
      data: { change: 'funds', entry: serializeEntry(entry!), position: serializePosition(moved!) },
    });
    return { row: moved!, entry: entry! };
  });
  if (input.direction === 'in') await releaseLiquidityQueue(ctx.db);
  return {
    position: serializePosition(await reread(ctx, partnerId, currency, result.row)),
    entry: serializeEntry(result.entry),
  };
}

/** The row after a release that may have moved it (its figures as the answer should show them). */
async function reread(
  ctx: ServiceContext,
  partnerId: string,
  currency: string,
  fallback: typeof lp.$inferSelect,
) {
  const [row] = await ctx.db.select().from(lp).where(onePosition(partnerId, currency)).limit(1);
  return row ?? fallback;
}

const onePosition = (partnerId: string, currency: string) =>
  and(eq(lp.partnerId, partnerId), eq(lp.currency, currency));

/** Operator: one participant's ledger (its history), newest first. */
export async function listParticipantEntries(
  ctx: ServiceContext,
  partnerId: string,
  q: ListLiquidityEntriesQuery,
) {
  const [ns] = await ctx.db
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(eq(namespaces.id, partnerId))
    .limit(1);
  if (!ns) throw new NotFoundError(`Namespace ${partnerId} not found`);
  return listEntriesOf(ctx.db, partnerId, q);
}
