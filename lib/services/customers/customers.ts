import { and, eq, sql } from 'drizzle-orm';
import { keysetCsv } from '../export';
import { containing } from '@/lib/db/like';
import type { ServiceContext } from '@/lib/services/context';
import { schema } from '@/lib/db';
import { customerSearchText } from '@/lib/db/schema/tenancy';
import { searchText } from '@/lib/db/schema/payments';
import type { Db } from '@/lib/db';
import { slots, slotValues } from '@/lib/db/prepared';
import { finalWrite } from '@/lib/db/final-write';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/schemas/common';
import { auditInsertSlots, auditValues } from '../audit/record';
import { requireNamespace } from '../guards';
import { byTime, inOrder, keysetPage, tableFetch } from '../paging';
import { isLinkEstablished } from '../links/linked';
import { parseAddress } from '@/lib/domain/address';
import { customerStatusName } from '@/lib/domain/statuses';
import type { CreateCustomerBody, ListCustomersQuery } from '@/lib/schemas/customers';

const { customers, namespaces, payments } = schema;

/** A namespace's customers, newest first (index customers_partner_idx). */
const NEWEST_FIRST = byTime(customers.createdAt, customers.id, 'desc');
type CustomerRow = typeof customers.$inferSelect;

function serializeCustomer(c: CustomerRow) {
  return {
    token: c.id,
    partner_id: c.partnerId,
    payment_address: c.paymentAddress,
    first_name: c.firstName,
    last_name: c.lastName,
    nick_name: c.nickName,
    status: c.status,
    status_name: customerStatusName(c.status),
    created_at: toSeconds(c.createdAt),
    updated_at: toSeconds(c.updatedAt),
  };
}

export async function createCustomer(ctx: ServiceContext, input: CreateCustomerBody) {
  const ns = requireNamespace(ctx);
  const parsed = parseAddress(input.payment_address);
  if (!parsed) throw new ValidationError('payment_address must look like name@domain', 'payment_address');
  if (parsed.domain !== ns.domain) {
    throw new ValidationError(
      `payment_address must be in this namespace's domain ${ns.domain}`,
      'payment_address',
    );
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
    const values = auditValues(
      ctx,
      {
        action: 'customer.created',
        target: { type: 'customer', id: row.id },
        after: {
          payment_address: row.paymentAddress,
          first_name: row.firstName,
          last_name: row.lastName,
          nick_name: row.nickName,
        },
      },
      slotValues('c_', row),
    );
    await finalWrite(
      ctx.db,
      ctx.attachedWrite,
      'customers_create_audited',
      () => [ctx.db.insert(customers).values(slots('c_', row)), auditInsertSlots(ctx.db)],
      values,
      wire,
    );
  } catch (err) {
    if (isUniqueViolation(err))
      throw new ConflictError(`A customer with payment_address ${input.payment_address} already exists`).at(
        'payment_address',
      );
    throw err;
  }
  await nameOnPayments(ctx.db, ns.id, row);
  return wire;
}

/**
 * Writes a customer's name on the payments of its address made before it had a record (a
 * payment made after reads it as it is written: lib/services/payments/payments.ts), so that the
 * payments search finds them by it. Usually none: found through the search's trigram index by the
 * address's local part and its "@" (the domain's trigrams are in every payment of the namespace:
 * asked with them, the index read their posting lists nearly whole, 0.9 s at 10^6 against 0.17 s),
 * unprepared so that the plan is made for it, then checked by the party's address and namespace.
 */
async function nameOnPayments(db: Db, partnerId: string, c: CustomerRow) {
  const name = `${c.firstName} ${c.lastName}`.trim();
  if (!name) return;
  const address = c.paymentAddress;
  const isDebtor = sql`(${payments.debtorPartnerId} = ${partnerId} and ${payments.debtorParty} ->> 'payment_address' = ${address})`;
  const isBeneficiary = sql`(${payments.beneficiaryPartnerId} = ${partnerId} and ${payments.beneficiaryParty} ->> 'payment_address' = ${address})`;
  await db
    .update(payments)
    .set({
      debtorCustomerName: sql`case when ${isDebtor} then ${name} else ${payments.debtorCustomerName} end`,
      beneficiaryCustomerName: sql`case when ${isBeneficiary} then ${name} else ${payments.beneficiaryCustomerName} end`,
    })
    .where(
      sql`${searchText(payments)} like ${containing(address.slice(0, address.lastIndexOf('@') + 1))} and (${isDebtor} or ${isBeneficiary})`,
    );
}

/** The namespace's customers matching `q`, newest first: what the list pages and the export streams. */
function customersFetch(ctx: ServiceContext, q: Pick<ListCustomersQuery, 'q'>) {
  const ns = requireNamespace(ctx);
  // `q`: the customer's id, or a fragment of its address or name ("first last"), any case; `%`
  // and `_` are themselves. The fragment is served by the trigram index of `customerSearchText`.
  const text = q.q?.trim();
  const cond = text
    ? and(
        eq(customers.partnerId, ns.id),
        sql`(${customers.id} = ${text} or ${customerSearchText(customers)} like ${containing(text.toLowerCase())})`,
      )
    : eq(customers.partnerId, ns.id);
  return tableFetch(ctx.db, NEWEST_FIRST, cond, customers);
}

export async function listCustomers(ctx: ServiceContext, q: ListCustomersQuery) {
  const { rows, page } = await keysetPage(NEWEST_FIRST, q, customersFetch(ctx, q));
  return { ...page, customers: rows.map((r) => serializeCustomer(r.row)) };
}

/** The customers list (the same `q`) as CSV, newest first, streamed (lib/services/export.ts). */
export async function exportCustomers(ctx: ServiceContext, q: Pick<ListCustomersQuery, 'q' | 'order'>) {
  return keysetCsv(
    [
      'customer_id',
      'payment_address',
      'first_name',
      'last_name',
      'nick_name',
      'status',
      'created_at',
      'updated_at',
    ],
    inOrder(NEWEST_FIRST, customersFetch(ctx, q), q.order),
    ({ row: c }) => [
      c.id,
      c.paymentAddress,
      c.firstName,
      c.lastName,
      c.nickName,
      c.status,
      c.createdAt.toISOString(),
      c.updatedAt.toISOString(),
    ],
  );
}

/**
 * Resolves an address in the caller's namespace or in a namespace linked to it (established);
 * anything else is "not found", so the answer never reveals customers of unrelated namespaces.
 */
export async function resolveCustomer(ctx: ServiceContext, address: string) {
  const ns = requireNamespace(ctx);
  const parsed = parseAddress(address);
  if (!parsed) throw new ValidationError('payment_address must look like name@domain', 'payment_address');
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
