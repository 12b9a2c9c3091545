import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/api/context';
import type { DbOrTx } from '@/lib/db';
import { schema } from '@/lib/db';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { emitEvents } from '../events/emit';
import { pageOffset, requireNamespace } from '../guards';
import { isLinkEstablished, parseAddress } from '../customers/customers';
import { SUBMISSION } from './model';
import { serializePayment } from './serialize';
import { submissionStatus, submissionStatusIs } from '../settlement/status';

const { payments, namespaces, submissions } = schema;
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

async function namespaceOfAddress(db: DbOrTx, address: string, field: string) {
  const parsed = parseAddress(address);
  if (!parsed) throw new ValidationError(`${field}.payment_address must look like name@domain`);
  const [ns] = await db.select().from(namespaces).where(eq(namespaces.domain, parsed.domain)).limit(1);
  if (!ns || !ns.enabled) throw new ValidationError(`${field}.payment_address: the domain ${parsed.domain} routes to no enabled namespace`);
  return ns;
}

/**
 * Creates a payment. Push: the caller owns the debtor's address; Pull: the beneficiary's. The two
 * namespaces must be the same or hold an established link.
 */
export async function createPayment(ctx: ServiceContext, input: CreatePaymentInput) {
  const ns = requireNamespace(ctx);
  const debtorNs = await namespaceOfAddress(ctx.db, input.debtor_party.payment_address, 'debtor_party');
  const beneficiaryNs = await namespaceOfAddress(ctx.db, input.beneficiary_party.payment_address, 'beneficiary_party');
  const isPush = input.payment_type === 'Type_Push';
  const own = isPush ? debtorNs : beneficiaryNs;
  const counterparty = isPush ? beneficiaryNs : debtorNs;
  if (own.id !== ns.id) {
    const which = isPush ? 'debtor_party' : 'beneficiary_party';
    throw new ValidationError(`${which}.payment_address must belong to this namespace (${ns.domain}) for a ${input.payment_type} payment`);
  }
  if (counterparty.id !== ns.id && !(await isLinkEstablished(ctx.db, ns.id, counterparty.id))) {
    throw new ValidationError(`No established link between ${ns.domain} and ${counterparty.domain}`);
  }
  const now = new Date();
  const normalizeParty = (p: PartyInput) => ({ ...p, payment_address: p.payment_address.trim().toLowerCase() });
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({
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
          device: input.device ?? {},
          location: input.location ?? {},
          initiatedAt: now,
          expiresAt: new Date(now.getTime() + ns.paymentTtlSeconds * 1000),
        })
        .returning();
      const wire = serializePayment(row!);
      await emitEvents(tx, (await partiesOf(tx, row!)).map((p) => ({ type: 'payment.created' as const, orgId: p.orgId, partnerId: p.partnerId, data: { payment: wire } })));
      return wire;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`A payment with payment_id ${input.payment_id} already exists in this namespace`);
    throw err;
  }
}

/** The namespaces a payment concerns, with their organizations: the creator and the counterparty. */
export async function partiesOf(db: DbOrTx, p: PaymentRow): Promise<Array<{ partnerId: string; orgId: string }>> {
  const ids = [...new Set([p.partnerId, p.debtorPartnerId, p.beneficiaryPartnerId])];
  const rows = await db.select({ partnerId: namespaces.id, orgId: namespaces.orgId }).from(namespaces).where(inArray(namespaces.id, ids));
  return rows;
}

const visibleTo = (partnerId: string) =>
  or(eq(payments.partnerId, partnerId), eq(payments.debtorPartnerId, partnerId), eq(payments.beneficiaryPartnerId, partnerId))!;

/** The payment with this id that the caller may see: its own first, then one it is party to. */
export async function findVisiblePayment(db: DbOrTx, partnerId: string, paymentId: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentId, paymentId), visibleTo(partnerId)))
    .orderBy(sql`(${payments.partnerId} = ${partnerId}) DESC`, payments.createdAt)
    .limit(1);
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
  q: { status?: PaymentStatusFilter; created_from?: number; created_to?: number; payment_id?: string; page: number; limit: number },
) {
  const ns = requireNamespace(ctx);
  const where: SQL[] = [visibleTo(ns.id)];
  if (q.status === 'unsubmitted') where.push(isNull(submissions.id));
  else if (q.status) where.push(submissionStatusIs(SUBMISSION[q.status]));
  if (q.created_from !== undefined) where.push(gte(payments.createdAt, new Date(q.created_from * 1000)));
  if (q.created_to !== undefined) where.push(lte(payments.createdAt, new Date(q.created_to * 1000)));
  if (q.payment_id) where.push(sql`${payments.paymentId} ILIKE ${q.payment_id.replace(/[\\%_]/g, '\\$&') + '%'}`);
  const cond = and(...where);
  const base = () => ctx.db.select({ payment: payments, status: submissionStatus, transactionId: submissions.transactionId }).from(payments).leftJoin(submissions, eq(submissions.paymentPk, payments.id));
  const [rows, [total]] = await Promise.all([
    base().where(cond).orderBy(desc(payments.createdAt), desc(payments.id)).limit(q.limit).offset(pageOffset(q.page, q.limit)),
    ctx.db.select({ n: count() }).from(payments).leftJoin(submissions, eq(submissions.paymentPk, payments.id)).where(cond),
  ]);
  return {
    count: total!.n,
    payments: rows.map((r) => ({ ...serializePayment(r.payment), submission_status: r.status ?? null, transaction_id: r.transactionId ?? null })),
  };
}
