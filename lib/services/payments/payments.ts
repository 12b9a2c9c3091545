import { and, eq, or, sql, type Placeholder } from 'drizzle-orm';
import { credentialId, type ServiceContext } from '@/lib/services/context';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { perDatabase } from '@/lib/db/prepared';
import { slots, slotValues } from '@/lib/db/prepared';
import { finalWrite } from '@/lib/db/final-write';
import { rowsOf } from '@/lib/db/rows';
import { auditInsertSlots, auditValues } from '../audit/record';
import { eventsInsertSlots, eventValues } from '@/lib/events/emit';
import { checkPaymentMaximum, requireNamespace } from '../guards';
import { parseAddress } from '@/lib/domain/address';
import { SUBMISSION } from '@/lib/domain/statuses';
import { partiesOfNamespaces } from '@/lib/domain/links';
import { inJsonbOrder, serializePayment } from '../lifecycle/serialize';

import type { CreatePaymentBody, Party } from '@/lib/schemas/payments';
import { linkJoins } from '../links/linked';
import { customerName } from '@/lib/db/schema/tenancy';
import { deltasInsertSlots, deltaValues, paymentMoved } from '../overview/deltas';

const { payments, namespaces, links, customers } = schema;
export type PaymentRow = typeof payments.$inferSelect;

type RoutedNamespace = { id: string; orgId: string; domain: string; enabled: boolean; linkId: string | null };

/**
 * The namespaces the payment's domains route to, each with whether it holds an established link
 * with the caller's namespace: one round trip for what used to be three lookups. Prepared once
 * per database (the hot path of payment creation).
 */
/** The name of the customer record of an address (a placeholder), '' when it has none. */
const customerNameOf = (db: Db, address: Placeholder) =>
  sql<string>`coalesce((${db
    .select({ name: customerName(customers) })
    .from(customers)
    .where(eq(customers.paymentAddress, address))}), '')`;

const routeDomains = perDatabase((db) => {
  const partner = sql.placeholder('partner');
  return db
    .select({
      id: namespaces.id,
      orgId: namespaces.orgId,
      domain: namespaces.domain,
      enabled: namespaces.enabled,
      linkId: links.id,
      // The parties' customer names, kept on the payment for search (read here: no round trip more).
      debtorCustomerName: customerNameOf(db, sql.placeholder('da')),
      beneficiaryCustomerName: customerNameOf(db, sql.placeholder('ba')),
    })
    .from(namespaces)
    .leftJoin(links, and(eq(links.status, 'established'), linkJoins(namespaces.id, partner)))
    .where(or(eq(namespaces.domain, sql.placeholder('a')), eq(namespaces.domain, sql.placeholder('b'))))
    .prepare('payments_route_domains');
});

function routed(found: RoutedNamespace[], domain: string, field: string): RoutedNamespace {
  const ns = found.find((n) => n.domain === domain);
  if (!ns || !ns.enabled)
    throw new ValidationError(
      `${field}.payment_address: the domain ${domain} routes to no enabled namespace`,
      `${field}.payment_address`,
    );
  return ns;
}

/**
 * Creates a payment. Push: the caller owns the debtor's address; Pull: the beneficiary's. The two
 * namespaces must be the same or hold an established link. Two round trips: the routing read
 * and the payment with its events as one prepared statement (atomic), which also stores the
 * request's idempotent answer when it is given (`finalWrite`).
 */
export async function createPayment(ctx: ServiceContext, input: CreatePaymentBody) {
  const ns = requireNamespace(ctx);
  checkPaymentMaximum(input.amount.total, 'amount.total');
  const debtorAddress = parseAddress(input.debtor_party.payment_address);
  if (!debtorAddress)
    throw new ValidationError(
      'debtor_party.payment_address must look like name@domain',
      'debtor_party.payment_address',
    );
  const beneficiaryAddress = parseAddress(input.beneficiary_party.payment_address);
  const found = await routeDomains(ctx.db).execute({
    partner: ns.id,
    a: debtorAddress.domain,
    b: beneficiaryAddress?.domain ?? debtorAddress.domain,
    da: `${debtorAddress.local}@${debtorAddress.domain}`,
    ba: beneficiaryAddress ? `${beneficiaryAddress.local}@${beneficiaryAddress.domain}` : '',
  });
  const debtorNs = routed(found, debtorAddress.domain, 'debtor_party');
  if (!beneficiaryAddress)
    throw new ValidationError(
      'beneficiary_party.payment_address must look like name@domain',
      'beneficiary_party.payment_address',
    );
  const beneficiaryNs = routed(found, beneficiaryAddress.domain, 'beneficiary_party');
  const isPush = input.payment_type === 'Type_Push';
  const own = isPush ? debtorNs : beneficiaryNs;
  const counterparty = isPush ? beneficiaryNs : debtorNs;
  if (own.id !== ns.id) {
    const which = isPush ? 'debtor_party' : 'beneficiary_party';
    throw new ValidationError(
      `${which}.payment_address must belong to this namespace (${ns.domain}) for a ${input.payment_type} payment`,
      `${which}.payment_address`,
    );
  }
  if (counterparty.id !== ns.id && !counterparty.linkId) {
    throw new ValidationError(`No established link between ${ns.domain} and ${counterparty.domain}`, null);
  }
  const now = new Date();
  // Stored as jsonb, which orders keys its own way; the answer shows them as a later read will.
  const normalizeParty = (p: Party) =>
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
    createdBy: credentialId(ctx.principal),
    returnOf: null,
    debtorCustomerName: found[0]?.debtorCustomerName ?? '',
    beneficiaryCustomerName: found[0]?.beneficiaryCustomerName ?? '',
  };
  const wire = serializePayment(row);
  const events = partiesOfNamespaces([ns, counterparty]).map((p) => ({
    type: 'payment.created' as const,
    ...p,
    data: { payment: wire },
  }));
  const deltas = paymentMoved(row, null, 'unsubmitted');
  // A person's payment is in the audit trail; an API key's are the payments themselves (DESIGN §5).
  const audited = ctx.principal.kind === 'user';
  const values = deltaValues(deltas, eventValues(events, slotValues('p_', row)));
  if (audited)
    auditValues(
      ctx,
      {
        action: 'payment.created',
        target: { type: 'payment', id: row.paymentId },
        after: {
          payment_id: row.paymentId,
          amount: row.amountMinor.toString(),
          currency: row.currency,
          payment_type: row.paymentType,
          counterparty: counterparty.id,
        },
      },
      values,
    );
  try {
    await finalWrite(
      ctx.db,
      ctx.attachedWrite,
      `payments_create_${events.length}${audited ? '_audited' : ''}`,
      () => [
        ctx.db.insert(payments).values(slots('p_', row)),
        eventsInsertSlots(ctx.db, events.length),
        deltasInsertSlots(),
        ...(audited ? [auditInsertSlots(ctx.db)] : []),
      ],
      values,
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

/**
 * The payments a namespace may see: those it is the debtor or the beneficiary of (it created each
 * as one of the two). Looked up by payment_id through the (debtor | beneficiary, payment_id
 * collate "C") indexes, hence the collation on the column.
 */
const visibleTo = (partnerId: string | Placeholder) =>
  or(eq(payments.debtorPartnerId, partnerId), eq(payments.beneficiaryPartnerId, partnerId))!;
const paymentIdIs = (paymentId: Placeholder) => eq(sql`${payments.paymentId} collate "C"`, paymentId);

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
    .where(and(paymentIdIs(sql.placeholder('paymentId')), visibleTo(partner)))
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

/**
 * A payment, with what has been returned of it (DESIGN §12, as a charge carries `amount_refunded`):
 * the sum of its admitted returns, read along payment_returns' index of originals — here only,
 * not on the lists, which would pay the read for every row.
 */
export async function getPayment(ctx: ServiceContext, paymentId: string) {
  const ns = requireNamespace(ctx);
  const payment = await findVisiblePayment(ctx.db, ns.id, paymentId);
  const [row] = rowsOf(
    await ctx.db.execute(sql`
      SELECT coalesce(sum(r.amount_minor), 0)::text AS total FROM payment_returns r
      JOIN submissions s ON s.payment_pk = r.payment_pk
      WHERE r.original_pk = ${payment.id} AND s.status IN (${SUBMISSION.admitted}, ${SUBMISSION.settled})`),
  );
  return { ...serializePayment(payment), returned_amount: String(row?.total ?? '0') };
}
