import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/api/context';
import { schema } from '@/lib/db';
import { slots, slotValues } from '@/lib/db/prepared-writes';
import { finalWrite } from '@/lib/api/idempotency';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/api/schemas';
import { requireNamespace } from '../guards';
import { paged, totalRows } from '../paged';
import { isLinkEstablished } from '../links/links';

export { isLinkEstablished };

const { customers, namespaces } = schema;
type CustomerRow = typeof customers.$inferSelect;

export const ADDRESS_RE = /^[a-z0-9][a-z0-9._+-]{0,63}@[a-z0-9.-]{3,253}$/;

export function serializeCustomer(c: CustomerRow) {
  return {
    token: c.id,
    partner_id: c.partnerId,
    payment_address: c.paymentAddress,
    first_name: c.firstName,
    last_name: c.lastName,
    nick_name: c.nickName,
    status: c.status,
    created_at: toSeconds(c.createdAt),
    updated_at: toSeconds(c.updatedAt),
  };
}

export function parseAddress(address: string): { local: string; domain: string } | null {
  const a = address.trim().toLowerCase();
  if (!ADDRESS_RE.test(a)) return null;
  const at = a.lastIndexOf('@');
  return { local: a.slice(0, at), domain: a.slice(at + 1) };
}

export async function createCustomer(
  ctx: ServiceContext,
  input: { payment_address: string; first_name: string; last_name: string; nick_name?: string },
) {
  const ns = requireNamespace(ctx);
  const parsed = parseAddress(input.payment_address);
  if (!parsed) throw new ValidationError('payment_address must look like name@domain');
  if (parsed.domain !== ns.domain) {
    throw new ValidationError(`payment_address must be in this namespace's domain ${ns.domain}`);
  }
  const now = new Date();
  const row: CustomerRow = {
    id: newId('cus'),
    orgId: ns.orgId,
    partnerId: ns.id,
    paymentAddress: `${parsed.local}@${parsed.domain}`,
    firstName: input.first_name.trim(),
    lastName: input.last_name.trim(),
    nickName: input.nick_name?.trim() ?? '',
    status: 1,
    createdAt: now,
    updatedAt: now,
  };
  const wire = serializeCustomer(row);
  try {
    // Customer creation is the gateway's most frequent write after payments: one prepared
    // statement, with the idempotency record when the request stores its answer here.
    await finalWrite(
      ctx.db,
      ctx.idempotency,
      'customers_create',
      () => [ctx.db.insert(customers).values(slots('c_', row))],
      slotValues('c_', row),
      wire,
    );
  } catch (err) {
    if (isUniqueViolation(err))
      throw new ConflictError(`A customer with payment_address ${input.payment_address} already exists`);
    throw err;
  }
  return wire;
}

export async function listCustomers(ctx: ServiceContext, q: { page: number; limit: number; q?: string }) {
  const ns = requireNamespace(ctx);
  const cond = q.q
    ? and(
        eq(customers.partnerId, ns.id),
        sql`(${customers.paymentAddress} ILIKE ${'%' + q.q + '%'} OR ${customers.firstName} || ' ' || ${customers.lastName} ILIKE ${'%' + q.q + '%'})`,
      )
    : eq(customers.partnerId, ns.id);
  const { count: total, rows } = await paged(
    q,
    (limit, offset) =>
      ctx.db
        .select({ row: customers, total: totalRows() })
        .from(customers)
        .where(cond)
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(limit)
        .offset(offset),
    () => ctx.db.select({ n: count() }).from(customers).where(cond),
  );
  return { count: total, customers: rows.map((r) => serializeCustomer(r.row)) };
}

/**
 * Resolves an address in the caller's namespace or in a namespace linked to it (established);
 * anything else is "not found", so the answer never reveals customers of unrelated namespaces.
 */
export async function resolveCustomer(ctx: ServiceContext, address: string) {
  const ns = requireNamespace(ctx);
  const parsed = parseAddress(address);
  if (!parsed) throw new ValidationError('payment_address must look like name@domain');
  const [row] = await ctx.db
    .select({ customer: customers, nsEnabled: namespaces.enabled })
    .from(customers)
    .innerJoin(namespaces, eq(namespaces.id, customers.partnerId))
    .where(eq(customers.paymentAddress, `${parsed.local}@${parsed.domain}`))
    .limit(1);
  const notFound = new NotFoundError(`No customer ${address} is reachable from this namespace`);
  if (!row || !row.nsEnabled) throw notFound;
  const owner = row.customer.partnerId;
  if (owner !== ns.id && !(await isLinkEstablished(ctx.db, ns.id, owner))) throw notFound;
  return serializeCustomer(row.customer);
}
