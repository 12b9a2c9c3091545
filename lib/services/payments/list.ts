import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { containing, startingWith } from '@/lib/db/like';
import type { ServiceContext } from '@/lib/services/context';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { partyText, searchText } from '@/lib/db/schema/payments';
import { ValidationError } from '@/lib/errors';
import { SUBMISSION } from '@/lib/domain/statuses';
import type { ExportPaymentsQuery, ListPaymentsQuery } from '@/lib/schemas/payments';
import { SUBMISSION_NAMES } from '@/lib/domain/statuses';
import { unitsOf } from '@/lib/domain/money';
import { csvExport } from '../export';
import { requireNamespace } from '../guards';
import { paymentCount } from '../overview/counts';
import { byTime, inOrder, keysetPage, unionFetch, type Keyset, type UnionBranch } from '../paging';
import { serializePayment } from '../lifecycle/serialize';
import { submissionStatus } from './status';

const { payments, submissions, settlementQueue, transactions, settlementBatches, admissionTasks } = schema;

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
 *   payment_id order (byte order), the other filters checked per row;
 * - a search (an id of the payment's records, a party or reference fragment, an amount range, a
 *   counterparty): the payments' rows, through the index of the most selective filter (see
 *   `searchConditions`), newest first, the status checked per row.
 */
const NEWEST_FIRST = (created: SQLWrapper, id: SQLWrapper) => byTime(created, id, 'desc');
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
function createdRange(q: ExportPaymentsQuery, created: SQLWrapper): SQL {
  const parts: SQL[] = [];
  if (q.created_from !== undefined)
    parts.push(sql` and ${created} >= ${new Date(q.created_from * 1000).toISOString()}::timestamptz`);
  if (q.created_to !== undefined)
    parts.push(sql` and ${created} <= ${new Date(q.created_to * 1000 + 999).toISOString()}::timestamptz`);
  return sql.join(parts, sql``);
}

/** A "contains" pattern for a lower-cased text. */
const containingLower = (fragment: string) => containing(fragment.toLowerCase());

/** A word pg_trgm makes trigrams of: three letters or digits in a row. */
const TRIGRAM_WORD = /[\p{L}\p{N}]{3,}/u;

/**
 * What the trigram index is asked for a fragment. A fragment with numbers in it ("invoice
 * 123456") is asked by its words that hold a digit, each a LIKE on `searchText` of its own: the
 * number is what tells one payment from another, and a word every reference shares ("invoice")
 * has the index's longest posting lists, which GIN reads nearly whole whenever that word is part
 * of what it is asked (250 ms at 10^6 against 30 ms for the number alone). The whole fragment is
 * still checked on each candidate (`confirming`). Any other fragment is asked as a whole, as
 * typed: split into words, a name ("fatima okafor") was estimated word by word and PostgreSQL read
 * both words' matches where the whole name's were fewer (7x slower with a status). Sound because a
 * text holding the fragment holds each of its words.
 */
function fragmentKeys(fragment: string): SQL {
  const lower = fragment.toLowerCase();
  const words = [...new Set(lower.split(/\s+/).filter((w) => TRIGRAM_WORD.test(w) && /\p{N}/u.test(w)))];
  const keys = words.length > 0 && words.join(' ') !== lower ? words : [lower];
  return sql.join(
    keys.map((w) => sql`${searchText(payments)} like ${containing(w)}`),
    sql` and `,
  );
}

/**
 * The per-row check that confirms a trigram match (the fragment is in a party, not only in the
 * reference), hidden from the planner's estimate: as LIKEs on expressions without statistics
 * (0.5 % each) it made a fragment common to many payments look like one row, and PostgreSQL read
 * and sorted its whole trigram bitmap (150 ms at 10^6, seconds at 10^7) instead of the namespace's
 * newest payments until 20 matched (3 ms). A CASE is estimated at one half: a rare fragment still
 * reads the bitmap, which is then the cheap way.
 */
const confirming = (check: SQL) => sql`(case when ${check} then true else false end)`;

/**
 * The search filters on a payment's own row (`payments` in the FROM list), for one side. Each is
 * served by an index when it is the most selective of the query (PostgreSQL chooses): the ids by
 * their tables' keys, the counterparty by (debtor, beneficiary, created_at), an amount by
 * (party, amount_minor, created_at), a fragment by the trigram index of `searchText`; the currency
 * alone is checked per row (a namespace holds few).
 */
function searchConditions(q: ExportPaymentsQuery, side: Side): SQL[] {
  const p = payments;
  const out: SQL[] = [];
  if (q.transaction_id !== undefined)
    out.push(
      sql`${p.id} = (select ${transactions.paymentPk} from ${transactions} where ${transactions.id} = ${q.transaction_id})`,
    );
  if (q.admission_id !== undefined)
    out.push(
      sql`${p.id} = (select ${submissions.paymentPk} from ${submissions} where ${submissions.admissionId} = ${q.admission_id})`,
    );
  if (q.task_id !== undefined)
    out.push(
      sql`${p.id} = (select ${admissionTasks.paymentPk} from ${admissionTasks} where ${admissionTasks.id} = ${q.task_id})`,
    );
  if (q.party !== undefined) {
    const pattern = containingLower(q.party);
    out.push(
      sql`${fragmentKeys(q.party)} and ${confirming(sql`lower(${partyText(p.debtorParty)}) like ${pattern} or lower(${partyText(p.beneficiaryParty)}) like ${pattern} or lower(${p.debtorCustomerName}) like ${pattern} or lower(${p.beneficiaryCustomerName}) like ${pattern}`)}`,
    );
  }
  if (q.reference !== undefined) {
    const pattern = containingLower(q.reference);
    out.push(sql`${fragmentKeys(q.reference)} and ${confirming(sql`lower(${p.reference}) like ${pattern}`)}`);
  }
  if (q.amount_min !== undefined) out.push(sql`${p.amountMinor} >= ${q.amount_min}::bigint`);
  if (q.amount_max !== undefined) out.push(sql`${p.amountMinor} <= ${q.amount_max}::bigint`);
  if (q.currency !== undefined) out.push(sql`${p.currency} = ${q.currency}`);
  if (q.counterparty !== undefined)
    out.push(
      side === 'debtor'
        ? sql`${p.beneficiaryPartnerId} = ${q.counterparty}`
        : sql`${p.debtorPartnerId} = ${q.counterparty}`,
    );
  return out;
}

/** Filters that pick out few payments, so that the list is read from the payments' indexes. */
const SEARCH_FILTERS = [
  'transaction_id',
  'admission_id',
  'task_id',
  'party',
  'reference',
  'amount_min',
  'amount_max',
  'counterparty',
] as const;
const searching = (q: ExportPaymentsQuery) => SEARCH_FILTERS.some((name) => q[name] !== undefined);

const andAll = (conditions: SQL[]) =>
  sql.join(
    conditions.map((c) => sql` and ${c}`),
    sql``,
  );

/**
 * How a list is counted: `rollups`, exactly from the namespace's rollups (a status or nothing);
 * `cap`, its rows up to COUNT_CAP; `page`, no further than its page's end — where the rows a
 * count would read are each checked against another table one by one, or matched through the
 * trigram index's bitmap (lossy for a common fragment), counting up to the cap costs milliseconds
 * to seconds at 10^7 while the page, read newest first, stops at its rows (docs/decisions.md,
 * "Lists"; docs/benchmarks.md, "Searches at 10^7, counts and the search text's statistics" and
 * "Counts of a status checked per row").
 */
type Counted = 'rollups' | 'cap' | 'page';

/** The list's reads, one per side, and how it is counted. */
function branches(q: ExportPaymentsQuery, ns: string): { parts: UnionBranch[]; counted: Counted } {
  const status = q.status;
  if (q.payment_id || searching(q)) {
    // Read from the payments' own indexes (PostgreSQL picks the filter's), the status per row.
    const byPrefix = Boolean(q.payment_id);
    const prefix = byPrefix
      ? sql` and ${payments.paymentId} collate "C" like ${startingWith(q.payment_id!)}`
      : sql``;
    const statusCheck = status ? sql` and ${paymentStatusIs(status)}` : sql``;
    return {
      parts: SIDES.map((side) => ({
        keyset: byPrefix ? BY_PAYMENT_ID : NEWEST_FIRST(payments.createdAt, payments.id),
        id: payments.id,
        from: sql`from ${payments} where ${sideOf(side, ns, payments.debtorPartnerId, payments.beneficiaryPartnerId)}${prefix}${andAll(searchConditions(q, side))}${createdRange(q, payments.createdAt)}${statusCheck}`,
      })),
      // A fragment (a common one reads the whole bitmap), or a status checked per row.
      counted: q.party !== undefined || q.reference !== undefined || status !== undefined ? 'page' : 'cap',
    };
  }
  // By status (and date, currency): the ranges of the status's own rows, the currency per row.
  const currencyOf = (pk: SQLWrapper) =>
    q.currency === undefined
      ? sql``
      : sql` and exists (select 1 from ${payments} where ${payments.id} = ${pk} and ${payments.currency} = ${q.currency})`;
  // The currency is checked per row; a date range alone reads the status's own range.
  const dated = q.created_from !== undefined || q.created_to !== undefined;
  const counted: Counted = q.currency !== undefined ? 'page' : dated ? 'cap' : 'rollups';
  if (status === 'admitted') {
    const q_ = settlementQueue;
    return {
      parts: SIDES.map((side) => ({
        keyset: NEWEST_FIRST(q_.paymentCreatedAt, q_.paymentPk),
        id: q_.paymentPk,
        from: sql`from ${q_} where ${sideOf(side, ns, q_.debtorPartnerId, q_.beneficiaryPartnerId)}${createdRange(q, q_.paymentCreatedAt)}${currencyOf(q_.paymentPk)}`,
      })),
      counted,
    };
  }
  if (status && status !== 'unsubmitted' && status !== 'settled') {
    // A literal, so the planner sees it matches the partial indexes (status <> 3).
    const stored = sql.raw(String(SUBMISSION[status]));
    return {
      parts: SIDES.map((side) => ({
        keyset: NEWEST_FIRST(submissions.paymentCreatedAt, submissions.paymentPk),
        id: submissions.paymentPk,
        from: sql`from ${submissions} where ${sideOf(side, ns, submissions.debtorPartnerId, submissions.beneficiaryPartnerId)} and ${submissions.status} = ${stored}${createdRange(q, submissions.paymentCreatedAt)}${currencyOf(submissions.paymentPk)}`,
      })),
      counted,
    };
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
  return {
    parts: SIDES.map((side) => ({
      keyset: NEWEST_FIRST(payments.createdAt, payments.id),
      id: payments.id,
      from: sql`from ${payments} where ${sideOf(side, ns, payments.debtorPartnerId, payments.beneficiaryPartnerId)}${createdRange(q, payments.createdAt)}${andAll(searchConditions(q, side))}${perRow}`,
    })),
    // Unsubmitted or settled is checked per row: with a currency or a date range it is counted no
    // further than its page (102-106 ms to count 10,000 a side over 30 days at 10^7); alone, the
    // rollups count it. Without a status the range and the currency are counted up to the cap.
    counted: counted === 'rollups' ? 'rollups' : status !== undefined ? 'page' : 'cap',
  };
}

/** A payment's status under a filter's name, checked per row (where no index range serves it). */
function paymentStatusIs(status: NonNullable<ExportPaymentsQuery['status']>): SQL {
  if (status === 'unsubmitted')
    return sql`not exists (select 1 from ${submissions} where ${submissions.paymentPk} = ${payments.id})`;
  // Only admitted and settled need the derived status; every other one is the stored column, whose
  // statistics the planner reads (a rejected payment is 1 in 7 here): compared through the derived
  // expression it was estimated at 1 in 200, and PostgreSQL read a common fragment's whole trigram
  // bitmap instead of the namespace's newest payments (5 s at 10^7, 0.4 s now).
  const status_ =
    status === 'admitted' || status === 'settled' ? submissionStatus : sql`${submissions.status}`;
  return sql`exists (select 1 from ${submissions} where ${submissions.paymentPk} = ${payments.id} and ${status_} = ${SUBMISSION[status]})`;
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

function checkFilters(q: ExportPaymentsQuery) {
  if (q.amount_min !== undefined && q.amount_max !== undefined && BigInt(q.amount_min) > BigInt(q.amount_max))
    throw new ValidationError('amount_min must not exceed amount_max', 'amount_min');
}

export async function listPayments(ctx: ServiceContext, q: ListPaymentsQuery) {
  const ns = requireNamespace(ctx);
  checkFilters(q);
  const { parts, counted } = branches(q, ns.id);
  const fetch = unionFetch(ctx.db, parts, (ids) => loadPayments(ctx.db, ids));
  if (counted === 'rollups') {
    fetch.count = () => paymentCount(ctx.db, ns.id, q.status ?? null);
    fetch.exactCount = true;
  }
  if (counted === 'page') fetch.pageCountOnly = true;
  const { rows, page } = await keysetPage(parts[0]!.keyset, q, fetch);
  return {
    ...page,
    payments: rows.map((r) => ({
      ...serializePayment(r.payment),
      submission_status: r.status ?? null,
      submission_status_name: r.status ? SUBMISSION_NAMES[r.status]! : ('unsubmitted' as const),
      transaction_id: r.transactionId ?? null,
    })),
  };
}

const CSV_COLUMNS = [
  'payment_id',
  'created_at',
  'direction',
  'payment_type',
  'status',
  'currency',
  'amount_minor',
  'amount',
  'debtor_address',
  'debtor_name',
  'debtor_namespace',
  'beneficiary_address',
  'beneficiary_name',
  'beneficiary_namespace',
  'reference',
  'transaction_id',
];

type PartyJson = { payment_address?: string; first_name?: string; last_name?: string };
const nameOf = (p: PartyJson) => [p.first_name, p.last_name].filter(Boolean).join(' ');

/**
 * The filtered list as CSV in the list's order (lib/services/export.ts: a page per read, constant
 * memory): amounts in minor units and in the currency's units, times in UTC ISO 8601, the direction
 * as the namespace sees it.
 */
export async function exportPayments(ctx: ServiceContext, q: ExportPaymentsQuery) {
  const ns = requireNamespace(ctx);
  checkFilters(q); // refusals before the first byte
  const { parts } = branches(q, ns.id);
  const fetch = inOrder(
    parts[0]!.keyset,
    unionFetch(ctx.db, parts, (ids) => loadPayments(ctx.db, ids)),
    q.order,
  );
  return csvExport(
    CSV_COLUMNS,
    (after, limit) => fetch.rows(after && { values: after, side: 'after' }, false, limit, 0),
    ({ payment: p, status, transactionId }) => {
      const debtor = p.debtorParty as PartyJson;
      const beneficiary = p.beneficiaryParty as PartyJson;
      return [
        p.paymentId,
        p.createdAt.toISOString(),
        p.debtorPartnerId === ns.id ? (p.beneficiaryPartnerId === ns.id ? 'on-us' : 'outgoing') : 'incoming',
        p.paymentType,
        status ? SUBMISSION_NAMES[status] : 'unsubmitted',
        p.currency,
        p.amountMinor,
        unitsOf(p.amountMinor, p.currency),
        debtor.payment_address,
        nameOf(debtor),
        p.debtorPartnerId,
        beneficiary.payment_address,
        nameOf(beneficiary),
        p.beneficiaryPartnerId,
        p.reference,
        transactionId,
      ];
    },
  );
}
