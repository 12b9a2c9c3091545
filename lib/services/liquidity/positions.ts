import { and, eq, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@/lib/db';
import { headroom, liquidityLimit, utilisation } from '@/lib/domain/liquidity';
import { unixSeconds } from '@/lib/schemas/common';
import type { ListNetworkLiquidityQuery } from '@/lib/schemas/liquidity';
import type { ServiceContext } from '@/lib/services/context';
import { newId } from '@/lib/ids';
import { requireNamespace } from '../guards';
import { keysetPage, queryFetch, type Keyset } from '../paging';

const { liquidityPositions: lp, liquidityEntries, namespaces, organizations } = schema;
type PositionRow = typeof lp.$inferSelect;

export function serializePosition(r: PositionRow) {
  const limit = liquidityLimit(r);
  const room = headroom(r);
  return {
    partner_id: r.partnerId,
    currency: r.currency,
    balance: r.balance.toString(),
    cap: r.cap?.toString() ?? null,
    unlimited: r.unlimited,
    allow_unsecured: r.allowUnsecured,
    limit: limit?.toString() ?? null,
    position: r.position.toString(),
    headroom: room?.toString() ?? null,
    utilisation: utilisation(r),
    queued_count: r.queuedCount,
    queued_amount: r.queuedAmount.toString(),
    thresholds: r.thresholds,
    updated_at: unixSeconds(r.updatedAt),
  };
}

/** The namespace's liquidity in each currency it transacts in or holds funds in. */
export async function getLiquidity(ctx: ServiceContext) {
  const ns = requireNamespace(ctx);
  const [rows, [own]] = await Promise.all([
    ctx.db.select().from(lp).where(eq(lp.partnerId, ns.id)).orderBy(lp.currency),
    ctx.db.select({ onCap: namespaces.onCap }).from(namespaces).where(eq(namespaces.id, ns.id)).limit(1),
  ]);
  return { on_cap: own?.onCap ?? 'reject', positions: rows.map(serializePosition) };
}

/**
 * Highest utilisation first: the stored utilisation (hundredths of a percent, −1 when unlimited,
 * computed by the row's own writes) along its index, read backwards.
 */
const BY_UTILISATION: Keyset = {
  keys: [
    { column: lp.utilisation, type: 'bigint' },
    { column: lp.partnerId, type: 'text' },
    { column: lp.currency, type: 'text' },
  ],
  direction: 'desc',
};

/**
 * Operator: every participant and currency, highest utilisation first (those without a cap last).
 * One row per namespace and currency, read whole: the network's participants, not its payments.
 */
export async function listNetworkLiquidity(ctx: ServiceContext, q: ListNetworkLiquidityQuery) {
  const where = q.currency ? eq(lp.currency, q.currency) : undefined;
  const { rows, page } = await keysetPage(
    BY_UTILISATION,
    q,
    queryFetch<{ row: PositionRow; ns: { name: string; domain: string }; org: string }>(
      ctx.db,
      BY_UTILISATION,
      where,
      (keys) =>
        ctx.db
          .select({
            row: lp,
            ns: { name: namespaces.name, domain: namespaces.domain },
            org: organizations.name,
            keys,
          })
          .from(lp)
          .innerJoin(namespaces, eq(namespaces.id, lp.partnerId))
          .innerJoin(organizations, eq(organizations.id, namespaces.orgId))
          .$dynamic(),
      () =>
        ctx.db
          .select({ one: sql`1` })
          .from(lp)
          .$dynamic(),
    ),
  );
  return {
    ...page,
    positions: rows.map((r) => ({
      ...serializePosition(r.row),
      partner_name: r.ns.name,
      partner_domain: r.ns.domain,
      organization_name: r.org,
    })),
  };
}

/** The row of (namespace, currency), made when missing, locked for the caller's transaction. */
export async function lockedPosition(tx: DbOrTx, partnerId: string, currency: string): Promise<PositionRow> {
  await tx.insert(lp).values({ partnerId, currency }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(lp)
    .where(and(eq(lp.partnerId, partnerId), eq(lp.currency, currency)))
    .for('update');
  return row!;
}

/** A sandbox namespace's demo liquidity (DESIGN §11): a balance and a cap to try the rules with. */
const SANDBOX_DEMO = { balance: 100_000_000n, cap: 100_000_000n } as const;

/**
 * The Sandbox Bank's cap in each currency (the counterparty of every sandbox: it pays their pull
 * payments and returns): unsecured, as it holds no funds, and bounded like anyone's.
 */
const SANDBOX_BANK_CAP = 1_000_000_000_000n;

/** Gives a new sandbox namespace its demo balance (a funds-in entry, as the ledger requires) and cap in USD. */
export async function provisionSandboxLiquidity(tx: DbOrTx, partnerId: string): Promise<void> {
  await openPosition(tx, {
    partnerId,
    currency: 'USD',
    ...SANDBOX_DEMO,
    reference: 'sandbox',
    note: 'Demo balance of a sandbox namespace',
  });
}

/**
 * Opens `currency` for a sandbox namespace on its first payment out in it (no credit without a
 * limit, and sandboxes work in any currency out of the box): the demo balance, as a funds-in
 * entry, and the demo cap — for the Sandbox Bank an unsecured cap without funds. Does nothing for
 * a production namespace (its operator opens currencies) or a currency already open. Returns
 * whether it opened it. Locks the row, so two first payments open it once.
 */
export async function openSandboxCurrency(tx: DbOrTx, partnerId: string, currency: string): Promise<boolean> {
  const [ns] = await tx
    .select({ environment: namespaces.environment, isSystem: namespaces.isSystem })
    .from(namespaces)
    .where(eq(namespaces.id, partnerId))
    .limit(1);
  if (ns?.environment !== 'sandbox') return false;
  const row = await lockedPosition(tx, partnerId, currency);
  if (row.cap !== null || row.unlimited) return false;
  if (ns.isSystem) {
    await tx
      .update(lp)
      .set({ cap: SANDBOX_BANK_CAP, allowUnsecured: true, updatedAt: new Date() })
      .where(onePosition(partnerId, currency));
    return true;
  }
  const balance = row.balance + SANDBOX_DEMO.balance;
  await tx
    .update(lp)
    .set({ balance, cap: SANDBOX_DEMO.cap, updatedAt: new Date() })
    .where(onePosition(partnerId, currency));
  await tx.insert(liquidityEntries).values({
    id: newId('lqe'),
    partnerId,
    currency,
    kind: 'funds_in',
    amount: SANDBOX_DEMO.balance,
    balanceAfter: balance,
    reference: 'sandbox',
    note: `Demo balance of a sandbox namespace, opened for ${currency} on its first payment out in it`,
  });
  return true;
}

const onePosition = (partnerId: string, currency: string) =>
  and(eq(lp.partnerId, partnerId), eq(lp.currency, currency));

/** A new position row with its opening balance, recorded as the ledger's first entry, and a cap. */
export async function openPosition(
  tx: DbOrTx,
  p: {
    partnerId: string;
    currency: string;
    balance: bigint;
    cap: bigint | null;
    reference: string;
    note: string;
  },
): Promise<void> {
  await tx
    .insert(lp)
    .values({ partnerId: p.partnerId, currency: p.currency, balance: p.balance, cap: p.cap });
  await tx.insert(liquidityEntries).values({
    id: newId('lqe'),
    partnerId: p.partnerId,
    currency: p.currency,
    kind: 'funds_in',
    amount: p.balance,
    balanceAfter: p.balance,
    reference: p.reference,
    note: p.note,
  });
}
