import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/api/context';
import { schema } from '@/lib/db';
import { ForbiddenError, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/api/schemas';
import { requireNamespace } from '../guards';
import { paged, totalRows } from '../paged';

const { accounts } = schema;
type AccountRow = typeof accounts.$inferSelect;

export interface Institution {
  name: string;
  phone_number: string;
  routing_number?: string;
  address: { address: string; city: string; postal_code: string; state: string };
}

/** ABA routing number: 9 digits whose weighted sum 3-7-1 is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export const STATUS_FILTER = { AS_Verified: 'verified', AS_Unverified: 'unverified', AS_Deleted: 'deleted' } as const;

export function serializeAccount(a: AccountRow) {
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
    institution: {
      name: inst.name,
      phone_number: inst.phone_number,
      routing_number: inst.routing_number ?? a.routingNumber,
      address: inst.address,
    },
  };
}

export async function createAccount(
  ctx: ServiceContext,
  input: { account_title: string; account_number: string; routing_number: string; type: 'checking' | 'savings'; institution: Institution },
) {
  const ns = requireNamespace(ctx);
  if (!isValidRoutingNumber(input.routing_number)) {
    throw new ValidationError('routing_number must be a valid 9-digit ABA routing number');
  }
  if (input.institution.routing_number && !isValidRoutingNumber(input.institution.routing_number)) {
    throw new ValidationError('institution.routing_number must be a valid 9-digit ABA routing number');
  }
  const [row] = await ctx.db
    .insert(accounts)
    .values({
      id: newId('acct'),
      orgId: ns.orgId,
      partnerId: ns.id,
      accountTitle: input.account_title.trim(),
      accountNumberLast4: input.account_number.slice(-4),
      routingNumber: input.routing_number,
      type: input.type,
      institution: { ...input.institution, routing_number: input.institution.routing_number ?? input.routing_number },
    })
    .returning();
  return serializeAccount(row!);
}

export async function listAccounts(
  ctx: ServiceContext,
  q: { account_title?: string; routing_number?: string; status?: keyof typeof STATUS_FILTER; page: number; limit: number },
) {
  const ns = requireNamespace(ctx);
  const where: SQL[] = [eq(accounts.partnerId, ns.id)];
  // Deleted accounts are only listed when asked for with AS_Deleted.
  where.push(q.status ? eq(accounts.status, STATUS_FILTER[q.status]) : ne(accounts.status, 'deleted'));
  if (q.account_title) where.push(sql`${accounts.accountTitle} ILIKE ${'%' + q.account_title.replace(/[\\%_]/g, '\\$&') + '%'}`);
  if (q.routing_number) where.push(eq(accounts.routingNumber, q.routing_number));
  const cond = and(...where);
  const { count: total, rows } = await paged(
    q,
    (limit, offset) =>
      ctx.db.select({ row: accounts, total: totalRows() }).from(accounts).where(cond).orderBy(desc(accounts.createdAt), desc(accounts.id)).limit(limit).offset(offset),
    () => ctx.db.select({ n: count() }).from(accounts).where(cond),
  );
  return { count: total, accounts: rows.map((r) => serializeAccount(r.row)) };
}

async function getAccountOrThrow(ctx: ServiceContext, id: string): Promise<AccountRow> {
  const ns = requireNamespace(ctx);
  const [row] = await ctx.db.select().from(accounts).where(and(eq(accounts.id, id), eq(accounts.partnerId, ns.id))).limit(1);
  if (!row) throw new NotFoundError(`Account ${id} not found`);
  return row;
}

export async function getAccount(ctx: ServiceContext, id: string) {
  return serializeAccount(await getAccountOrThrow(ctx, id));
}

/** Soft delete: the account stays readable (AS_Deleted); deleting it again is a 404. */
export async function deleteAccount(ctx: ServiceContext, id: string) {
  const ns = requireNamespace(ctx);
  const rows = await ctx.db
    .update(accounts)
    .set({ status: 'deleted', updatedAt: new Date() })
    .where(and(eq(accounts.id, id), eq(accounts.partnerId, ns.id), ne(accounts.status, 'deleted')))
    .returning({ id: accounts.id });
  if (rows.length === 0) throw new NotFoundError(`Account ${id} not found`);
  return {};
}

/** Sandbox namespaces verify their accounts themselves; production accounts are verified by the operator. */
export async function verifyAccount(ctx: ServiceContext, id: string) {
  const ns = requireNamespace(ctx);
  const current = await getAccountOrThrow(ctx, id);
  if (ns.environment !== 'sandbox') throw new ForbiddenError('Production accounts are verified by the network operator');
  if (current.status === 'deleted') throw new NotFoundError(`Account ${id} not found`);
  const [row] = await ctx.db.update(accounts).set({ status: 'verified', updatedAt: new Date() }).where(eq(accounts.id, id)).returning();
  return serializeAccount(row!);
}
