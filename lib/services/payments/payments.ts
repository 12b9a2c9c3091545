import { and, count, desc, eq, gte, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/api/context';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { perDatabase } from '@/lib/db/per-database';
import { slots, slotValues } from '@/lib/db/prepared-writes';
import { finalWrite } from '@/lib/api/idempotency';
import { eventsInsertSlots, eventValues } from '../events/emit';
import { pageOffset, requireNamespace } from '../guards';
import { parseAddress } from '../customers/customers';
import { SUBMISSION } from './model';
import { inJsonbOrder, serializePayment } from './serialize';
import { submissionStatus, submissionStatusIs } from '../settlement/status';

const { payments, namespaces, submissions, links } = schema;
export type PaymentRow = typeof payments.$inferSelect;

export interface PartyInput {
  payment_address: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  type?: string;
  billing?: { country?: string };
}

export interface CreatePaymentInput {
  payment_id: string;
  amount: { currency: string; total: string };
  beneficiary_party: PartyInput;
  debtor_party: PartyInput;
  reference?: string;
  payment_type: 'Type_Push' | 'Type_Pull';
  device?: Record<string, unknown>;
  location?: Record<string, unknown>;
}

type RoutedNamespace = { id: string; orgId: string; domain: string; enabled: boolean; linkId: string | null };

/**
 * The namespaces the payment's domains route to, each with whether it holds an established link
 * with the caller's namespace: one round trip for what used to be three lookups. Prepared once
 * per database (the hot path of payment creation).
 */
const routeDomains = perDatabase((db) => {
  const partner = sql.placeholder('partner');
  const pairedWith = (id: typeof namespaces.id) =>
    or(
      and(eq(links.partnerLow, id), eq(links.partnerHigh, partner)),
      and(eq(links.partnerLow, partner), eq(links.partnerHigh, id)),
    );
  return db
    .select({
      id: namespaces.id,
      orgId: namespaces.orgId,
      domain: namespaces.domain,
      enabled: namespaces.enabled,
      linkId: links.id,
    })
    .from(namespaces)
    .leftJoin(links, and(eq(links.status, 'established'), pairedWith(namespaces.id)))
    .where(or(eq(namespaces.domain, sql.placeholder('a')), eq(namespaces.domain, sql.placeholder('b'))))
    .prepare('payments_route_domains');
});

function routed(found: RoutedNamespace[], domain: string, field: string): RoutedNamespace {
  const ns = found.find((n) => n.domain === domain);
  if (!ns || !ns.enabled)
    throw new ValidationError(
      `${field}.payment_address: the domain ${domain} routes to no enabled namespace`,
    );
  return ns;
}

/** The namespaces a payment concerns with their organizations, once each (DESIGN §9 events). */
export function partiesOfNamespaces(list: Array<{ id: string; orgId: string }>): Parties {
  const parties: Parties = [];
  for (const n of list)
    if (!parties.some((p) => p.partnerId === n.id)) parties.push({ partnerId: n.id, orgId: n.orgId });
  return parties;
}

/**
 * Creates a payment. Push: the caller owns the debtor's address; Pull: the beneficiary's. The two
 * namespaces must be the same or hold an established link. Two round trips: the routing read
 * and the payment with its events as one prepared statement (atomic), which also stores the
 * request's idempotent answer when it is given (`finalWrite`).
 */
export async function createPayment(ctx: ServiceContext, input: CreatePaymentInput) {
  const ns = requireNamespace(ctx);
  const debtorAddress = parseAddress(input.debtor_party.payment_address);
  if (!debtorAddress) throw new ValidationError('debtor_party.payment_address must look like name@domain');
  const beneficiaryAddress = parseAddress(input.beneficiary_party.payment_address);
  const found = await routeDomains(ctx.db).execute({
    partner: ns.id,
    a: debtorAddress.domain,
    b: beneficiaryAddress?.domain ?? debtorAddress.domain,
  });
  const debtorNs = routed(found, debtorAddress.domain, 'debtor_party');
  if (!beneficiaryAddress)
    throw new ValidationError('beneficiary_party.payment_address must look like name@domain');
  const beneficiaryNs = routed(found, beneficiaryAddress.domain, 'beneficiary_party');
  const isPush = input.payment_type === 'Type_Push';
  const own = isPush ? debtorNs : beneficiaryNs;
  const counterparty = isPush ? beneficiaryNs : debtorNs;
  if (own.id !== ns.id) {
    const which = isPush ? 'debtor_party' : 'beneficiary_party';
    throw new ValidationError(
      `${which}.payment_address must belong to this namespace (${ns.domain}) for a ${input.payment_type} payment`,
    );
  }
  if (counterparty.id !== ns.id && !counterparty.linkId) {
    throw new ValidationError(`No established link between ${ns.domain} and ${counterparty.domain}`);
  }
  const now = new Date();
  // Stored as jsonb, which orders keys its own way; the answer shows them as a later read will.
  const normalizeParty = (p: PartyInput) =>
    inJsonbOrder({ ...p, payment_address: p.payment_address.trim().toLowerCase() });
  const row: PaymentRow = {
    id: newId('pay'),
    paymentId: input.payment_id,
    orgId: ns.orgId,
    partnerId: ns.id,
    debtorPartnerId: debtorNs.id,
    beneficiaryPartnerId: beneficiaryNs.id,
    paymentType: input.payment_type,
    currency: input.amount.currency,
    amountMinor: BigInt(input.amount.total),
    reference: input.reference ?? '',
    debtorParty: normalizeParty(input.debtor_party),
    beneficiaryParty: normalizeParty(input.beneficiary_party),
    device: inJsonbOrder(input.device ?? {}),
    location: inJsonbOrder(input.location ?? {}),
    initiatedAt: now,
    expiresAt: new Date(now.getTime() + ns.paymentTtlSeconds * 1000),
    createdAt: now,
  };
  const wire = serializePayment(row);
  const events = partiesOfNamespaces([ns, counterparty]).map((p) => ({
    type: 'payment.created' as const,
    ...p,
    data: { payment: wire },
  }));
  try {
    await finalWrite(
      ctx.db,
      ctx.idempotency,
      `payments_create_${events.length}`,
      () => [ctx.db.insert(payments).values(slots('p_', row)), eventsInsertSlots(ctx.db, events.length)],
      eventValues(events, slotValues('p_', row)),
      wire,
    );
  } catch (err) {
    if (isUniqueViolation(err))
      throw new ConflictError(
        `A payment with payment_id ${input.payment_id} already exists in this namespace`,
      );
    throw err;
  }
  return wire;
}

export type Parties = Array<{ partnerId: string; orgId: string }>;

const visibleTo = (partnerId: string | Placeholder) =>
  or(
    eq(payments.partnerId, partnerId),
    eq(payments.debtorPartnerId, partnerId),
    eq(payments.beneficiaryPartnerId, partnerId),
  )!;

/**
 * The internal key of the payment with this id that the caller may see: its own first, then one
 * it is party to. A subquery with placeholders `partner` and `paymentId`, for the prepared reads
 * of a payment and what hangs off it (one round trip each).
 */
export function visiblePaymentPk(db: Db) {
  const partner = sql.placeholder('partner');
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.paymentId, sql.placeholder('paymentId')), visibleTo(partner)))
    .orderBy(sql`(${payments.partnerId} = ${partner}) DESC`, payments.createdAt)
    .limit(1);
}

const visiblePayment = perDatabase((db) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.id, visiblePaymentPk(db)))
    .prepare('payments_visible'),
);

/** The payment with this id that the caller may see: its own first, then one it is party to. */
export async function findVisiblePayment(db: Db, partnerId: string, paymentId: string): Promise<PaymentRow> {
  const [row] = await visiblePayment(db).execute({ partner: partnerId, paymentId });
  if (!row) throw new NotFoundError(`Payment ${paymentId} not found`);
  return row;
}

export async function getPayment(ctx: ServiceContext, paymentId: string) {
  const ns = requireNamespace(ctx);
  return serializePayment(await findVisiblePayment(ctx.db, ns.id, paymentId));
}

export type PaymentStatusFilter = keyof typeof SUBMISSION | 'unsubmitted';

export async function listPayments(
  ctx: ServiceContext,
  q: {
    status?: PaymentStatusFilter;
    created_from?: number;
    created_to?: number;
    payment_id?: string;
    page: number;
    limit: number;
  },
) {
  const ns = requireNamespace(ctx);
  const where: SQL[] = [visibleTo(ns.id)];
  if (q.status === 'unsubmitted') where.push(isNull(submissions.id));
  else if (q.status) where.push(submissionStatusIs(SUBMISSION[q.status]));
  if (q.created_from !== undefined) where.push(gte(payments.createdAt, new Date(q.created_from * 1000)));
  // Both bounds are inclusive Unix seconds: created_to takes its whole second, as cutoff_to does.
  if (q.created_to !== undefined) where.push(lte(payments.createdAt, new Date(q.created_to * 1000 + 999)));
  if (q.payment_id)
    where.push(sql`${payments.paymentId} ILIKE ${q.payment_id.replace(/[\\%_]/g, '\\$&') + '%'}`);
  const cond = and(...where);
  const base = () =>
    ctx.db
      .select({ payment: payments, status: submissionStatus, transactionId: submissions.transactionId })
      .from(payments)
      .leftJoin(submissions, eq(submissions.paymentPk, payments.id));
  const [rows, [total]] = await Promise.all([
    base()
      .where(cond)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(q.limit)
      .offset(pageOffset(q.page, q.limit)),
    ctx.db
      .select({ n: count() })
      .from(payments)
      .leftJoin(submissions, eq(submissions.paymentPk, payments.id))
      .where(cond),
  ]);
  return {
    count: total!.n,
    payments: rows.map((r) => ({
      ...serializePayment(r.payment),
      submission_status: r.status ?? null,
      transaction_id: r.transactionId ?? null,
    })),
  };
}
