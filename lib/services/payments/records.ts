import { and, eq, inArray } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/api/context';
import { schema } from '@/lib/db';
import { NotFoundError } from '@/lib/errors';
import { requireNamespace } from '../guards';
import { findVisiblePayment } from './payments';
import { serializeException, serializeTransaction } from './serialize';

const { transactions, transactionLines, paymentExceptions } = schema;

export async function listExceptions(ctx: ServiceContext, paymentId: string) {
  const ns = requireNamespace(ctx);
  const payment = await findVisiblePayment(ctx.db, ns.id, paymentId);
  const rows = await ctx.db.select().from(paymentExceptions).where(eq(paymentExceptions.paymentPk, payment.id)).orderBy(paymentExceptions.createdAt);
  return { count: rows.length, exceptions: rows.map((e) => serializeException(e, payment)) };
}

async function withLines(ctx: ServiceContext, rows: Array<typeof transactions.$inferSelect>) {
  if (rows.length === 0) return [];
  const lines = await ctx.db.select().from(transactionLines).where(inArray(transactionLines.transactionId, rows.map((r) => r.id))).orderBy(transactionLines.direction);
  return rows.map((t) => serializeTransaction(t, lines.filter((l) => l.transactionId === t.id)));
}

export async function getTransaction(ctx: ServiceContext, paymentId: string, transactionId: string) {
  const ns = requireNamespace(ctx);
  const payment = await findVisiblePayment(ctx.db, ns.id, paymentId);
  const rows = await ctx.db.select().from(transactions).where(and(eq(transactions.paymentPk, payment.id), eq(transactions.id, transactionId))).limit(1);
  if (rows.length === 0) throw new NotFoundError(`Transaction ${transactionId} not found`);
  return (await withLines(ctx, rows))[0]!;
}

export async function listPaymentTransactions(ctx: ServiceContext, paymentId: string) {
  const ns = requireNamespace(ctx);
  const payment = await findVisiblePayment(ctx.db, ns.id, paymentId);
  const rows = await ctx.db.select().from(transactions).where(eq(transactions.paymentPk, payment.id));
  return { count: rows.length, transactions: await withLines(ctx, rows) };
}
