import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { SUBMISSION } from '@/lib/domain/statuses';
import type { ListPaymentsQuery } from '@/lib/schemas/payments';
import { requireNamespace } from '../guards';
import { paymentCount } from '../overview/counts';
import { keysetPage, unionFetch, type Keyset, type UnionBranch } from '../paging';
import { serializePayment } from './serialize';
import { submissionStatus } from './status';

const { payments, submissions, settlementQueue, transactions, settlementBatches } = schema;

/**
 * The payments list of a namespace at any size (docs/decisions.md "Lists"). A namespace sees the
 * payments it is a party to: as debtor, or as beneficiary of another namespace's debtor (so an
 * on-us payment is listed once). Each filter is served by two index ranges in (created_at, id)
 * order, merged:
 *
 * - no status: the payments indexes (debtor | beneficiary, created_at, id);
 * - pending, on hold, rejected, expired: the submissions indexes (debtor | beneficiary, status,
 *   payment_created_at, payment_pk), whose keys are copies of the payment's;
 * - settled: the payments ranges up to the last completed cut-off (nothing created after it can be
 *   settled), each row checked against its submission and transaction (admitted rows stay out of
 *   the submissions indexes, so that admitting a payment costs no index entry there);
 * - admitted (not yet settled): the settlement queue, which holds exactly the cleared transactions
 *   no cut-off has taken, by the same keys;
 * - unsubmitted: the payments ranges, each row checked for a submission;
 * - a payment_id prefix: the (debtor | beneficiary, payment_id collate "C", id) indexes, in
 *   payment_id order (byte order), the other filters checked per row.
 */
const NEWEST_FIRST = (created: SQLWrapper, id: SQLWrapper): Keyset => ({
  keys: [
    { column: created, type: 'timestamptz' },
    { column: id, type: 'text' },
  ],
  direction: 'desc',
});
const BY_PAYMENT_ID: Keyset = {
  keys: [
    { column: sql`${payments.paymentId} collate "C"`, type: 'text' },
    { column: payments.id, type: 'text' },
  ],
  direction: 'asc',
};

type Side = 'debtor' | 'beneficiary';
const SIDES: Side[] = ['debtor', 'beneficiary'];

/** The rows of one side: a namespace as debtor, or as beneficiary of another's debtor. */
function sideOf(side: Side, ns: string, debtor: SQLWrapper, beneficiary: SQLWrapper): SQL {
  return side === 'debtor' ? sql`${debtor} = ${ns}` : sql`${beneficiary} = ${ns} and ${debtor} <> ${ns}`;
}

/** Created-at bounds (inclusive Unix seconds: created_to takes its whole second, as cutoff_to does). */
function createdRange(q: ListPaymentsQuery, created: SQLWrapper): SQL {
  const parts: SQL[] = [];
  if (q.created_from !== undefined)
    parts.push(sql` and ${created} >= ${new Date(q.created_from * 1000).toISOString()}::timestamptz`);
  if (q.created_to !== undefined)
    parts.push(sql` and ${created} <= ${new Date(q.created_to * 1000 + 999).toISOString()}::timestamptz`);
  return sql.join(parts, sql``);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

function branches(q: ListPaymentsQuery, ns: string): UnionBranch[] {
  const status = q.status;
  if (q.payment_id) {
    const prefix = `${escapeLike(q.payment_id)}%`;
    const statusCheck = status ? sql` and ${paymentStatusIs(status)}` : sql``;
    return SIDES.map((side) => ({
      keyset: BY_PAYMENT_ID,
      id: payments.id,
      from: sql`from ${payments} where ${sideOf(side, ns, payments.debtorPartnerId, payments.beneficiaryPartnerId)} and ${payments.paymentId} collate "C" like ${prefix}${createdRange(q, payments.createdAt)}${statusCheck}`,
    }));
  }
  if (status === 'admitted') {
    const q_ = settlementQueue;
    return SIDES.map((side) => ({
      keyset: NEWEST_FIRST(q_.paymentCreatedAt, q_.paymentPk),
      id: q_.paymentPk,
      from: sql`from ${q_} where ${sideOf(side, ns, q_.debtorPartnerId, q_.beneficiaryPartnerId)}${createdRange(q, q_.paymentCreatedAt)}`,
    }));
  }
  if (status && status !== 'unsubmitted' && status !== 'settled') {
    // A literal, so the planner sees it matches the partial indexes (status <> 3).
    const stored = sql.raw(String(SUBMISSION[status]));
    return SIDES.map((side) => ({
      keyset: NEWEST_FIRST(submissions.paymentCreatedAt, submissions.paymentPk),
      id: submissions.paymentPk,
      from: sql`from ${submissions} where ${sideOf(side, ns, submissions.debtorPartnerId, submissions.beneficiaryPartnerId)} and ${submissions.status} = ${stored}${createdRange(q, submissions.paymentCreatedAt)}`,
    }));
  }
  // Per row: unsubmitted, or settled (admitted, its transaction settled; only payments created
  // before the last completed cut-off can be, which skips the recent ones by the range itself).
  const perRow =
    status === 'unsubmitted'
      ? sql` and not exists (select 1 from ${submissions} where ${submissions.paymentPk} = ${payments.id})`
      : status === 'settled'
        ? sql` and ${payments.createdAt} <= (select max(${settlementBatches.cutoffTime}) from ${settlementBatches} where ${settlementBatches.status} = 'COMPLETED')
            and exists (select 1 from ${submissions} join ${transactions} on ${transactions.id} = ${submissions.transactionId}
              where ${submissions.paymentPk} = ${payments.id} and ${submissions.status} = 3 and ${transactions.status} = 3)`
        : sql``;
  return SIDES.map((side) => ({
    keyset: NEWEST_FIRST(payments.createdAt, payments.id),
    id: payments.id,
    from: sql`from ${payments} where ${sideOf(side, ns, payments.debtorPartnerId, payments.beneficiaryPartnerId)}${createdRange(q, payments.createdAt)}${perRow}`,
  }));
}

/** A payment's status under a filter's name, checked per row (where no index range serves it). */
function paymentStatusIs(status: NonNullable<ListPaymentsQuery['status']>): SQL {
  if (status === 'unsubmitted')
    return sql`not exists (select 1 from ${submissions} where ${submissions.paymentPk} = ${payments.id})`;
  return sql`exists (select 1 from ${submissions} where ${submissions.paymentPk} = ${payments.id} and ${submissionStatus} = ${SUBMISSION[status]})`;
}

/** The page's payments with their submission status and transaction, by id. */
async function loadPayments(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ payment: payments, status: submissionStatus, transactionId: submissions.transactionId })
    .from(payments)
    .leftJoin(submissions, eq(submissions.paymentPk, payments.id))
    .where(and(inArray(payments.id, ids)));
  return rows.map((r) => ({ id: r.payment.id, ...r }));
}

export async function listPayments(ctx: ServiceContext, q: ListPaymentsQuery) {
  const ns = requireNamespace(ctx);
  const parts = branches(q, ns.id);
  const fetch = unionFetch(ctx.db, parts, (ids) => loadPayments(ctx.db, ids));
  // Without a date or id filter the count is the rollups' (exact at any size); with one, the
  // rows themselves are counted up to the cap.
  if (q.payment_id === undefined && q.created_from === undefined && q.created_to === undefined) {
    fetch.count = () => paymentCount(ctx.db, ns.id, q.status ?? null);
    fetch.exactCount = true;
  }
  const { rows, page } = await keysetPage(parts[0]!.keyset, q, fetch);
  return {
    ...page,
    payments: rows.map((r) => ({
      ...serializePayment(r.payment),
      submission_status: r.status ?? null,
      transaction_id: r.transactionId ?? null,
    })),
  };
}
