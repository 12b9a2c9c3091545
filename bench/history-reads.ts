/**
 * The reads `npm run bench:history` times (bench/history.ts), one entry each. To measure another
 * read, add an entry; to measure a deep page by cursor, give the entry a `prepare` that finds the
 * cursor first (not timed) and use it in `path`.
 */
import { paymentIdOf, PAYMENT_ID_PREFIX } from './history-data';

/** What the reads address, found once per size (bench/history.ts, `fixtures`). */
export interface Fixtures {
  /** Payments of the home namespace (all visible to it). */
  payments: number;
  homeId: string;
  homeOrgId: string;
  webhookId: string;
  /** Deliveries of that webhook. */
  deliveries: number;
  /** The home namespace's largest settlement batch, and its transactions in it. */
  batchId: string | null;
  batchTxns: number;
  /** Unix seconds, one day before the newest payment. */
  createdFrom: number;
  /** payment_ids of submitted payments, spread over the history (a different one per call). */
  submitted: string[];
  /** Ids of the transactions and admission tasks of some of those payments. */
  transactions: string[];
  tasks: string[];
  /** One of the linked counterparties (a quarter of the payments each). */
  counterpartyId: string;
}

export interface ReadHelpers {
  /** GET on the gateway as the home namespace's admin; the answer's `data`. */
  get(path: string): Promise<Record<string, unknown>>;
  /** A query on the benchmark's database (e.g. the row at some position of a list's order). */
  sql(text: string, values?: unknown[]): Promise<Array<Record<string, unknown>>>;
}

export interface Read {
  name: string;
  /**
   * The path after /api/v1/csp for repetition `i` (reads of one object vary it); null when the
   * read does not apply at this size. `vars` is what `prepare` returned.
   */
  path(fx: Fixtures, i: number, vars: Record<string, string>): string | null;
  /** Untimed work before the read, e.g. walking to a cursor for a deep page. */
  prepare?(fx: Fixtures, helpers: ReadHelpers): Promise<Record<string, string>>;
  /** Signed in as the network operator instead of the namespace's admin. */
  operator?: boolean;
  /** Part of the issue's list of reads (the summary marks the others). */
  issue?: boolean;
  /** Rows and count of the answer for the report, when not its first array and count/total. */
  shape?(data: Record<string, unknown>): { rows: number | null; count: number | null };
}

const LIMIT = 20;
/** The page holding row `row` (1-based) of a list of `count`, or its last page when it is shorter. */
const pageAt = (row: number, count: number) =>
  Math.floor((Math.max(1, Math.min(row, count)) - 1) / LIMIT) + 1;
const MILLION = 1_000_000;
/** A different payment for each repetition, spread over all of them (a multiplicative hash). */
export const someG = (fx: Pick<Fixtures, 'payments'>, i: number) =>
  Number((BigInt(i + 1) * 2654435761n) % BigInt(Math.max(1, fx.payments)));

export const READS: Read[] = [
  { name: 'payments, first page', issue: true, path: () => '/payments?limit=20' },
  { name: 'payments, status=rejected', issue: true, path: () => '/payments?status=rejected&limit=20' },
  { name: 'payments, page=2000', issue: true, path: () => '/payments?page=2000&limit=20' },
  {
    name: 'payments, page at row 10^6 (offset)',
    path: (fx) => `/payments?page=${pageAt(MILLION, fx.payments)}&limit=20`,
  },
  // payment_id hist-00000012: a prefix of 10 payments (g = 120…129), present at every size.
  {
    name: 'payments, payment_id prefix (10 match)',
    issue: true,
    path: () => `/payments?payment_id=${PAYMENT_ID_PREFIX}00000012&limit=20`,
  },
  {
    name: 'payments, created_from 1 day ago',
    issue: true,
    path: (fx) => `/payments?created_from=${fx.createdFrom}&limit=20`,
  },
  { name: 'payments, status=settled', path: () => '/payments?status=settled&limit=20' },
  // A status checked per row (settled: its transaction; unsubmitted: no submission) within a date
  // range, which the rollups cannot count (counted no further than the page), and a stored one.
  {
    name: 'payments, status=settled + created_from 30 days ago',
    path: (fx) => `/payments?status=settled&created_from=${fx.createdFrom - 29 * 86_400}&limit=20`,
  },
  {
    name: 'payments, status=unsubmitted + created_from 30 days ago',
    path: (fx) => `/payments?status=unsubmitted&created_from=${fx.createdFrom - 29 * 86_400}&limit=20`,
  },
  {
    name: 'payments, status=rejected + created_from 30 days ago',
    path: (fx) => `/payments?status=rejected&created_from=${fx.createdFrom - 29 * 86_400}&limit=20`,
  },
  // The other direction of each list's order (`order`): the same index ranges, read the other way.
  { name: 'payments, oldest first', issue: true, path: () => '/payments?order=asc&limit=20' },
  {
    name: 'payments, status=pending, oldest first',
    issue: true,
    path: () => '/payments?status=pending&order=asc&limit=20',
  },
  {
    name: 'payments, status=admitted, oldest first',
    path: () => '/payments?status=admitted&order=asc&limit=20',
  },
  {
    name: 'payments, status=settled, oldest first',
    path: () => '/payments?status=settled&order=asc&limit=20',
  },
  {
    name: 'payments, search: party name, oldest first',
    path: () => '/payments?party=fatima%20okafor&order=asc&limit=20',
  },
  // Search (bench/history-data.ts: party addresses c<k>@…, 64 first/last name pairs typed on the
  // payments in equal shares, the home namespace's 200,000 customers named from other pools (256
  // pairs, and one Jane Doe), references "Invoice <g> order <m>", amounts log-uniform from 1.00 to
  // 31,622.78, 90 % USD).
  {
    name: 'payments, search: party address fragment (~100 match at 10^7)',
    issue: true,
    path: () => '/payments?party=c123457%40&limit=20',
  },
  {
    name: 'payments, search: party name (1 in 64)',
    issue: true,
    path: () => '/payments?party=fatima%20okafor&limit=20',
  },
  {
    name: 'payments, search: customer name, one customer (jane doe)',
    issue: true,
    path: () => '/payments?party=jane%20doe&limit=20',
  },
  {
    name: 'payments, search: customer last name, one customer (doe)',
    issue: true,
    path: () => '/payments?party=doe&limit=20',
  },
  {
    name: 'payments, search: customer first name, one customer (jane)',
    issue: true,
    path: () => '/payments?party=jane&limit=20',
  },
  {
    name: 'payments, search: customer name, 1 customer in 256 (marta quispe)',
    issue: true,
    path: () => '/payments?party=marta%20quispe&limit=20',
  },
  {
    name: 'payments, search: reference with a word every reference shares (invoice 123457, 1–11 match)',
    issue: true,
    path: () => '/payments?reference=invoice%20123457&limit=20',
  },
  {
    name: 'payments, search: reference number alone (123457)',
    issue: true,
    path: () => '/payments?reference=123457&limit=20',
  },
  {
    name: 'payments, search: exact amount',
    issue: true,
    path: () => '/payments?amount_min=250000&amount_max=250000&limit=20',
  },
  {
    name: 'payments, search: amount range (~0.1 %)',
    issue: true,
    path: () => '/payments?amount_min=1000000&amount_max=1010000&limit=20',
  },
  {
    name: 'payments, search: counterparty',
    issue: true,
    path: (fx) => `/payments?counterparty=${fx.counterpartyId}&limit=20`,
  },
  { name: 'payments, search: currency=EUR', issue: true, path: () => '/payments?currency=EUR&limit=20' },
  {
    name: 'payments, search: transaction id',
    issue: true,
    path: (fx, i) =>
      fx.transactions.length
        ? `/payments?transaction_id=${fx.transactions[i % fx.transactions.length]}`
        : null,
  },
  {
    name: 'payments, search: task id',
    issue: true,
    path: (fx, i) => (fx.tasks.length ? `/payments?task_id=${fx.tasks[i % fx.tasks.length]}` : null),
  },
  {
    name: 'payments, search: party name + status=rejected',
    issue: true,
    path: () => '/payments?party=fatima%20okafor&status=rejected&limit=20',
  },
  {
    name: 'payments, search: party address fragment + status=rejected',
    issue: true,
    path: () => '/payments?party=c123457%40&status=rejected&limit=20',
  },
  {
    name: 'payments, search: counterparty + status=rejected',
    issue: true,
    path: (fx) => `/payments?counterparty=${fx.counterpartyId}&status=rejected&limit=20`,
  },
  {
    name: 'payments, search: counterparty + amount ≥ 10,000.00',
    issue: true,
    path: (fx) => `/payments?counterparty=${fx.counterpartyId}&amount_min=1000000&limit=20`,
  },
  {
    name: 'payments, search: currency=EUR + status=pending',
    issue: true,
    path: () => '/payments?currency=EUR&status=pending&limit=20',
  },
  {
    name: 'overview (14 days)',
    issue: true,
    path: () => '/overview',
    // rows: daily volume rows; count: the window's payments by outcome.
    shape: (d) => ({
      rows: (d.daily_volume as unknown[]).length,
      count: Object.values(d.decisions as Record<string, number>).reduce((a, b) => a + b, 0),
    }),
  },
  { name: 'payment by id', issue: true, path: (fx, i) => `/payments/${paymentIdOf(someG(fx, i))}` },
  {
    name: "payment's submission",
    path: (fx, i) => `/payments/${fx.submitted[i % fx.submitted.length]}/submissions`,
  },
  { name: 'task queue, status=pending', issue: true, path: () => '/tasks?status=pending&limit=20' },
  { name: 'task queue, all statuses', path: () => '/tasks?limit=20' },
  {
    name: 'task queue, status=pending, latest expiry first',
    issue: true,
    path: () => '/tasks?status=pending&order=desc&limit=20',
  },
  { name: 'settlements list', issue: true, path: () => '/settlements?limit=20' },
  { name: 'settlements list, oldest first', path: () => '/settlements?order=asc&limit=20' },
  { name: 'batch details', path: (fx) => (fx.batchId ? `/settlements/${fx.batchId}` : null) },
  {
    name: "batch's transactions, first page",
    issue: true,
    path: (fx) => (fx.batchId ? `/settlements/${fx.batchId}/transactions?limit=20` : null),
  },
  {
    name: "batch's transactions, page=2000",
    issue: true,
    path: (fx) => (fx.batchId ? `/settlements/${fx.batchId}/transactions?page=2000&limit=20` : null),
  },
  {
    name: "batch's transactions, page at row 10^6 (offset)",
    path: (fx) =>
      fx.batchId
        ? `/settlements/${fx.batchId}/transactions?page=${pageAt(MILLION, fx.batchTxns)}&limit=20`
        : null,
  },
  { name: 'webhooks list', path: () => '/webhook?limit=20' },
  {
    name: 'webhook deliveries, first page',
    issue: true,
    path: (fx) => `/webhook/${fx.webhookId}/deliveries?limit=20`,
  },
  {
    name: 'webhook deliveries, page at row 10^6 (offset)',
    issue: true,
    path: (fx) => `/webhook/${fx.webhookId}/deliveries?page=${pageAt(MILLION, fx.deliveries)}&limit=20`,
  },
  {
    name: 'webhook deliveries, oldest first',
    issue: true,
    path: (fx) => `/webhook/${fx.webhookId}/deliveries?order=asc&limit=20`,
  },
  {
    name: 'webhook deliveries, status=failed',
    path: (fx) => `/webhook/${fx.webhookId}/deliveries?status=failed&limit=20`,
  },
  { name: 'operator: network stats', operator: true, path: () => '/operator/stats' },
  { name: 'operator: settlement batches', operator: true, path: () => '/operator/settlements?limit=20' },
  // Deep pages by cursor: `prepare` (untimed) finds the list's row before the millionth in the
  // list's own order by SQL and makes the cursor the answer would have given there, with the
  // filter digest of the list's first page; the timed read is the page after it.
  {
    name: 'payments, page at row 10^6 (cursor)',
    issue: true,
    prepare: (fx, h) =>
      cursorAt(
        h,
        '/payments?limit=20',
        'payments',
        MILLION,
        fx.payments,
        [fx.homeId],
        `
        SELECT created_at::text AS k0, id AS k1 FROM payments
        WHERE debtor_partner_id = $1 OR (beneficiary_partner_id = $1 AND debtor_partner_id <> $1)
        ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
      ),
    path: (fx, i, v) => (v.cursor ? `/payments?limit=20&cursor=${v.cursor}` : null),
  },
  {
    name: "batch's transactions, page at row 10^6 (cursor)",
    issue: true,
    prepare: (fx, h) =>
      fx.batchId
        ? cursorAt(
            h,
            `/settlements/${fx.batchId}/transactions?limit=20`,
            'transactions',
            MILLION,
            fx.batchTxns,
            [fx.homeId, fx.batchId],
            `
            SELECT cleared_at::text AS k0, id AS k1 FROM transactions
            WHERE batch_id = $2 AND (debtor_partner_id = $1 OR (beneficiary_partner_id = $1 AND debtor_partner_id <> $1))
            ORDER BY cleared_at, id OFFSET $3 LIMIT 1`,
          )
        : Promise.resolve({}),
    path: (fx, i, v) =>
      fx.batchId && v.cursor ? `/settlements/${fx.batchId}/transactions?limit=20&cursor=${v.cursor}` : null,
  },
  {
    name: 'webhook deliveries, page at row 10^6 (cursor)',
    issue: true,
    prepare: (fx, h) =>
      cursorAt(
        h,
        `/webhook/${fx.webhookId}/deliveries?limit=20`,
        'deliveries',
        MILLION,
        fx.deliveries,
        [fx.webhookId],
        `
        SELECT created_at::text AS k0, id AS k1 FROM webhook_deliveries WHERE webhook_id = $1
        ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
      ),
    path: (fx, i, v) => (v.cursor ? `/webhook/${fx.webhookId}/deliveries?limit=20&cursor=${v.cursor}` : null),
  },
];

/**
 * The cursor of the page after row `row - 1` of a list (its last row when shorter): the row's sort
 * keys by `query` (parameters: `params`, then the offset), the filter digest from the cursor of
 * the list's first page (`firstPage`), as the gateway would have answered it there.
 */
async function cursorAt(
  h: ReadHelpers,
  firstPage: string,
  rowsKey: string,
  row: number,
  count: number,
  params: unknown[],
  query: string,
): Promise<Record<string, string>> {
  const first = await h.get(firstPage);
  if (!Array.isArray(first[rowsKey]) || typeof first.next_cursor !== 'string') return {};
  const { f } = JSON.parse(Buffer.from(first.next_cursor, 'base64url').toString('utf8')) as { f: string };
  const [keys] = await h.sql(query, [...params, Math.max(0, Math.min(row, count) - 2)]);
  if (!keys) return {};
  const cursor = Buffer.from(JSON.stringify({ k: [keys.k0, keys.k1], d: 'a', f })).toString('base64url');
  return { cursor };
}

/** The rows of an answer (its first array) and its count or total, for the report. */
export function answerShape(
  read: Read,
  data: Record<string, unknown>,
): { rows: number | null; count: number | null } {
  if (read.shape) return read.shape(data);
  const list = Object.values(data).find((v) => Array.isArray(v)) as unknown[] | undefined;
  const count =
    typeof data.count === 'number' ? data.count : typeof data.total === 'number' ? data.total : null;
  return { rows: list ? list.length : null, count };
}
