import { and, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import { schema, type Db } from '@/lib/db';
import { perDatabase } from '@/lib/db/prepared';
import { NotFoundError } from '@/lib/errors';
import { requireNamespace } from '../guards';
import { findVisiblePayment, visiblePaymentPk } from './payments';
import { serializeException, serializeTransaction } from '../lifecycle/serialize';

const { payments, transactions, transactionLines, paymentExceptions } = schema;
type TransactionRow = typeof transactions.$inferSelect;
type LineRow = typeof transactionLines.$inferSelect;

export async function listExceptions(ctx: ServiceContext, paymentId: string) {
  const ns = requireNamespace(ctx);
  const payment = await findVisiblePayment(ctx.db, ns.id, paymentId);
  const rows = await ctx.db
    .select()
    .from(paymentExceptions)
    .where(eq(paymentExceptions.paymentPk, payment.id))
    .orderBy(paymentExceptions.createdAt);
  return { count: rows.length, exceptions: rows.map((e) => serializeException(e, payment)) };
}

/**
 * The visible payment's transactions with their lines, in one round trip (prepared once per
 * database): one row per line, or one row without a transaction when the payment has none.
 * With `one`, only the transaction named by the `transactionId` placeholder.
 */
function transactionsWithLines(db: Db, one: boolean) {
  const onPayment = eq(transactions.paymentPk, payments.id);
  return db
    .select({ paymentPk: payments.id, txn: transactions, line: transactionLines })
    .from(payments)
    .leftJoin(
      transactions,
      one ? and(onPayment, eq(transactions.id, sql.placeholder('transactionId'))) : onPayment,
    )
    .leftJoin(transactionLines, eq(transactionLines.transactionId, transactions.id))
    .where(eq(payments.id, visiblePaymentPk(db)))
    .orderBy(transactions.createdAt, transactions.id, transactionLines.direction)
    .prepare(one ? 'records_payment_transaction' : 'records_payment_transactions');
}
const allTransactions = perDatabase((db) => transactionsWithLines(db, false));
const oneTransaction = perDatabase((db) => transactionsWithLines(db, true));

type Joined = { txn: TransactionRow | null; line: LineRow | null };

function serializeJoined(paymentId: string, rows: Joined[]) {
  if (rows.length === 0) throw new NotFoundError(`Payment ${paymentId} not found`);
  const byTxn = new Map<string, { txn: TransactionRow; lines: LineRow[] }>();
  for (const r of rows) {
    if (!r.txn) continue;
    const entry = byTxn.get(r.txn.id) ?? { txn: r.txn, lines: [] };
    if (r.line) entry.lines.push(r.line);
    byTxn.set(r.txn.id, entry);
  }
  return [...byTxn.values()].map((t) => serializeTransaction(t.txn, t.lines));
}

export async function getTransaction(ctx: ServiceContext, paymentId: string, transactionId: string) {
  const ns = requireNamespace(ctx);
  const rows = await oneTransaction(ctx.db).execute({ partner: ns.id, paymentId, transactionId });
  const [txn] = serializeJoined(paymentId, rows);
  if (!txn) throw new NotFoundError(`Transaction ${transactionId} not found`);
  return txn;
}

export async function listPaymentTransactions(ctx: ServiceContext, paymentId: string) {
  const ns = requireNamespace(ctx);
  const list = serializeJoined(
    paymentId,
    await allTransactions(ctx.db).execute({ partner: ns.id, paymentId }),
  );
  return { count: list.length, transactions: list };
}
