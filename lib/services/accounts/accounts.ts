import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { containing } from '@/lib/db/like';
import type { ServiceContext } from '@/lib/services/context';
import { schema } from '@/lib/db';
import { ForbiddenError, NotFoundError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/schemas/common';
import { recordAudit } from '../audit/record';
import { requireNamespace } from '../guards';
import { keysetCsv } from '../export';
import { byTime, inOrder, keysetPage, queryFetch } from '../paging';
import {
  ACCOUNT_STATUS_FILTER,
  type Account,
  type CreateAccountInput,
  type AccountFilters,
  type ListAccountsQuery,
} from '@/lib/schemas/accounts';

const { accounts } = schema;
type AccountRow = typeof accounts.$inferSelect;

/** A namespace's accounts, newest first (index accounts_partner_created_idx). */
const NEWEST_FIRST = byTime(accounts.createdAt, accounts.id, 'desc');

type Institution = CreateAccountInput['institution'];

export function serializeAccount(a: AccountRow): Account {
  const inst = a.institution as Institution;
  return {
    token: a.id,
    partner_id: a.partnerId,
    account_title: a.accountTitle,
    masked_account_number: `****${a.accountNumberLast4}`,
    routing_number: a.routingNumber,
    status: a.status,
    type: a.type,
    created_at: toSeconds(a.createdAt),
    updated_at: toSeconds(a.updatedAt),
    review: a.reviewedAt
      ? {
          decision: a.rejected ? ('rejected' as const) : ('verified' as const),
          note: a.reviewNote,
          at: toSeconds(a.reviewedAt),
        }
      : null,
    institution: {
      name: inst.name,
      phone_number: inst.phone_number,
      routing_number: inst.routing_number ?? a.routingNumber,
      address: inst.address,
    },
  };
}

const audited = (a: AccountRow) => ({
  account_title: a.accountTitle,
  account_number_last4: a.accountNumberLast4,
  routing_number: a.routingNumber,
  type: a.type,
  status: a.status,
});
const target = (a: AccountRow) => ({ type: 'account', id: a.id });

/** `input` as its schema (lib/schemas/accounts.ts) validated it: the routing numbers are checked there. */
export async function createAccount(ctx: ServiceContext, input: CreateAccountInput) {
  const ns = requireNamespace(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(accounts)
      .values({
        id: newId('acct'),
        orgId: ns.orgId,
        partnerId: ns.id,
        accountTitle: input.account_title.trim(),
        accountNumberLast4: input.account_number.slice(-4),
        routingNumber: input.routing_number,
        type: input.type,
        institution: {
          ...input.institution,
          routing_number: input.institution.routing_number ?? input.routing_number,
        },
      })
      .returning();
    await recordAudit(tx, ctx, {
      action: 'account.created',
      target: target(created!),
      after: audited(created!),
    });
    return created!;
  });
  return serializeAccount(row);
}

/** The namespace's accounts matching the list's filters, newest first: what the list pages and the export streams. */
function accountsFetch(ctx: ServiceContext, q: AccountFilters) {
  const ns = requireNamespace(ctx);
  const where: SQL[] = [eq(accounts.partnerId, ns.id)];
  // Deleted accounts are only listed when asked for with AS_Deleted.
  where.push(
    q.status ? eq(accounts.status, ACCOUNT_STATUS_FILTER[q.status]) : ne(accounts.status, 'deleted'),
  );
  if (q.account_title) where.push(sql`${accounts.accountTitle} ILIKE ${containing(q.account_title)}`);
  if (q.routing_number) where.push(eq(accounts.routingNumber, q.routing_number));
  return queryFetch<{ row: AccountRow }>(
    ctx.db,
    NEWEST_FIRST,
    and(...where),
    (keys) => ctx.db.select({ row: accounts, keys }).from(accounts).$dynamic(),
    () =>
      ctx.db
        .select({ one: sql`1` })
        .from(accounts)
        .$dynamic(),
  );
}

export async function listAccounts(ctx: ServiceContext, q: ListAccountsQuery) {
  const { rows, page } = await keysetPage(NEWEST_FIRST, q, accountsFetch(ctx, q));
  return { ...page, accounts: rows.map((r) => serializeAccount(r.row)) };
}

/** The accounts list (the same filters) as CSV, newest first, streamed (lib/services/export.ts). */
export async function exportAccounts(ctx: ServiceContext, q: AccountFilters) {
  return keysetCsv(
    [
      'account_id',
      'account_title',
      'masked_account_number',
      'routing_number',
      'type',
      'status',
      'institution',
      'review',
      'review_note',
      'reviewed_at',
      'created_at',
      'updated_at',
    ],
    inOrder(NEWEST_FIRST, accountsFetch(ctx, q), q.order),
    ({ row: a }) => [
      a.id,
      a.accountTitle,
      `****${a.accountNumberLast4}`,
      a.routingNumber,
      a.type,
      a.status,
      (a.institution as Institution).name,
      a.reviewedAt ? (a.rejected ? 'rejected' : 'verified') : '',
      a.reviewNote ?? '',
      a.reviewedAt?.toISOString() ?? '',
      a.createdAt.toISOString(),
      a.updatedAt.toISOString(),
    ],
  );
}

async function getAccountOrThrow(ctx: ServiceContext, id: string): Promise<AccountRow> {
  const ns = requireNamespace(ctx);
  const [row] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.partnerId, ns.id)))
    .limit(1);
  if (!row) throw new NotFoundError(`Account ${id} not found`);
  return row;
}

export async function getAccount(ctx: ServiceContext, id: string) {
  return serializeAccount(await getAccountOrThrow(ctx, id));
}

/** Soft delete: the account stays readable (AS_Deleted); deleting it again is a 404. */
export async function deleteAccount(ctx: ServiceContext, id: string) {
  const ns = requireNamespace(ctx);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id), eq(accounts.partnerId, ns.id), ne(accounts.status, 'deleted')))
      .for('update');
    if (!current) throw new NotFoundError(`Account ${id} not found`);
    const [row] = await tx
      .update(accounts)
      .set({ status: 'deleted', updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'account.deleted',
      target: target(current),
      before: audited(current),
      after: audited(row!),
    });
  });
  return {};
}

/** Sandbox namespaces verify their accounts themselves; production accounts are verified by the operator. */
export async function verifyAccount(ctx: ServiceContext, id: string) {
  const ns = requireNamespace(ctx);
  const current = await getAccountOrThrow(ctx, id);
  if (ns.environment !== 'sandbox')
    throw new ForbiddenError('Production accounts are verified by the network operator');
  if (current.status === 'deleted') throw new NotFoundError(`Account ${id} not found`);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(accounts)
      .set({ status: 'verified', updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'account.verified',
      target: target(current),
      before: audited(current),
      after: audited(updated!),
      edit: true,
    });
    return updated!;
  });
  return serializeAccount(row);
}
