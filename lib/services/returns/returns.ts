import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Tx } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { ASSIGNEE, SUBMISSION, SUBMISSION_NAMES } from '@/lib/domain/statuses';
import { partiesOfNamespaces } from '@/lib/domain/links';
import { fixedFourEyes, requirementOf } from '@/lib/domain/four-eyes';
import { RETURN_REASONS, type ReturnReason } from '@/lib/domain/returns';
import type { CreateReturnBody, ListReturnsQuery } from '@/lib/schemas/returns';
import { credentialId, type ServiceContext } from '@/lib/services/context';
import { checkPaymentMaximum, requireNamespace } from '../guards';
import { recordAudit } from '../audit/record';
import { emitEvents, type EventInput } from '@/lib/events/emit';
import { awaitingAdded, paymentMoved, taskMoved, writeDeltas } from '../overview/deltas';
import { findVisiblePayment, type PaymentRow } from '../payments/payments';
import { admissionOf } from '../lifecycle/admitted';
import {
  serializePayment,
  serializeReturn,
  serializeSubmission,
  serializeTask,
  type ReturnState,
} from '../lifecycle/serialize';
import { pendingTask } from '../payments/task-machine';
import {
  applyRuleDecisions,
  lockPayer,
  matchNewTasks,
  needsPayerLock,
  payerOf,
  tasksWithRules,
  type RuleDecision,
} from '../payments/rule-decisions';
import { moveCheckedPositions } from '../liquidity/admission';
import { openSandboxCurrency } from '../liquidity/positions';
import { byTime, keysetPage, queryFetch, unionFetch, type KeysetFetch } from '../paging';
import { keysetCsv } from '../export';
import { unitsOf } from '@/lib/domain/money';

const { payments, submissions, transactions, transactionLines, admissionTasks, paymentReturns, namespaces } =
  schema;
type ReturnRow = typeof paymentReturns.$inferSelect;

/**
 * Returns of funds (DESIGN §12, docs/decisions.md "Returns"). A return is a payment in the other
 * direction (`return_of` the original), its payment_id the return's id (`rtn_…`):
 * - **requested** by the original debtor's namespace: a pull created by it, submitted at once with
 *   the workflow `return.v1` and one task, `return_request`, for the original beneficiary's
 *   namespace — worked like any admission task (queue, claims, four eyes, audit); completing it
 *   admits the return payment (and the money goes back at the next cut-off), failing it refuses
 *   the request with the reason given;
 * - **made** by the original beneficiary on its own initiative: a push admitted at once.
 * Both draw on what remains of the original: the original's row is locked while a return is made,
 * so two at once cannot return more than it carried. A return moves positions like any payment
 * and is bounded by the returning side's net debit cap.
 */
export async function createReturn(ctx: ServiceContext, paymentId: string, input: CreateReturnBody) {
  const ns = requireNamespace(ctx);
  const original = await findVisiblePayment(ctx.db, ns.id, paymentId);
  if (original.returnOf !== null)
    throw new ConflictError(`Payment ${paymentId} is a return: it is not returned in turn`);
  const kind = ns.id === original.beneficiaryPartnerId ? 'initiative' : 'request';
  if (original.debtorPartnerId === original.beneficiaryPartnerId)
    throw new ConflictError(
      `Payment ${paymentId} stayed inside one namespace: there is no other side to return it`,
    );
  checkPaymentMaximum(input.amount, 'amount');
  const amount = BigInt(input.amount);
  const reason = input.reason as ReturnReason;
  const now = new Date();
  let decisions: RuleDecision[] = [];
  const made = await ctx.db.transaction(async (tx) => {
    // Concurrent returns of one payment are decided one after the other.
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, original.id)).for('update');
    const [state] = await tx
      .select({ status: submissions.status, clearedAt: transactions.clearedAt })
      .from(submissions)
      .leftJoin(transactions, eq(transactions.id, submissions.transactionId))
      .where(eq(submissions.paymentPk, original.id))
      .limit(1);
    if (!state || state.status !== SUBMISSION.admitted || !state.clearedAt)
      throw new ConflictError(
        `Payment ${paymentId} is ${state ? SUBMISSION_NAMES[state.status] : 'not submitted'}: only an admitted or settled payment can be returned`,
      );
    const parties = await tx
      .select()
      .from(namespaces)
      .where(inArray(namespaces.id, [original.debtorPartnerId, original.beneficiaryPartnerId]));
    const debtorNs = parties.find((n) => n.id === original.debtorPartnerId)!;
    const beneficiaryNs = parties.find((n) => n.id === original.beneficiaryPartnerId)!;
    const windowEnds = state.clearedAt.getTime() + beneficiaryNs.returnWindowDays * 86_400_000;
    if (now.getTime() > windowEnds)
      throw new ConflictError(
        `Payment ${paymentId} was admitted on ${state.clearedAt.toISOString().slice(0, 10)}: past ${beneficiaryNs.name}'s return window of ${beneficiaryNs.returnWindowDays} days`,
      );
    const outstanding = await outstandingOf(tx, original.id);
    const remaining = original.amountMinor - outstanding;
    if (amount > remaining)
      throw new ValidationError(
        `amount: at most ${remaining} minor units remain to be returned of the payment's ${original.amountMinor} (${outstanding} returned or requested already)`,
        'amount',
      );
    const id = newId('rtn');
    const creator = kind === 'request' ? debtorNs : beneficiaryNs;
    const payment: PaymentRow = {
      id: newId('pay'),
      paymentId: id,
      orgId: creator.orgId,
      partnerId: creator.id,
      debtorPartnerId: original.beneficiaryPartnerId,
      beneficiaryPartnerId: original.debtorPartnerId,
      paymentType: kind === 'request' ? 'Type_Pull' : 'Type_Push',
      currency: original.currency,
      amountMinor: amount,
      reference: `Return of ${original.paymentId} (${reason}: ${RETURN_REASONS[reason].toLowerCase()})`,
      debtorParty: original.beneficiaryParty,
      beneficiaryParty: original.debtorParty,
      device: {},
      location: {},
      initiatedAt: now,
      expiresAt: new Date(now.getTime() + creator.paymentTtlSeconds * 1000),
      createdAt: now,
      createdBy: credentialId(ctx.principal),
      returnOf: original.paymentId,
      // The same parties the other way round: their customers' names with them.
      debtorCustomerName: original.beneficiaryCustomerName,
      beneficiaryCustomerName: original.debtorCustomerName,
    };
    const row: ReturnRow = {
      id,
      originalPk: original.id,
      originalPaymentId: original.paymentId,
      paymentPk: payment.id,
      debtorPartnerId: original.debtorPartnerId,
      beneficiaryPartnerId: original.beneficiaryPartnerId,
      kind,
      currency: original.currency,
      amountMinor: amount,
      reason,
      note: input.note?.trim() || null,
      createdBy: credentialId(ctx.principal),
      createdAt: now,
      status: kind === 'request' ? 'requested' : 'returned',
    };
    await tx.insert(payments).values(payment);
    await tx.insert(paymentReturns).values(row);
    const both = partiesOfNamespaces([debtorNs, beneficiaryNs]);
    const events: EventInput[] = both.map((p) => ({
      type: 'payment.created',
      ...p,
      data: { payment: serializePayment(payment) },
    }));
    const deltas = paymentMoved(payment, null, 'unsubmitted');
    const sub = {
      id: newId('sub'),
      paymentPk: payment.id,
      paymentId: payment.paymentId,
      orgId: payment.orgId,
      partnerId: payment.partnerId,
      admissionId: newId('adm'),
      workflow: 'return.v1',
      status: SUBMISSION.pending,
      transactionId: null as string | null,
      version: 0,
      debtorPartnerId: payment.debtorPartnerId,
      beneficiaryPartnerId: payment.beneficiaryPartnerId,
      paymentCreatedAt: now,
      expiresAt: payment.expiresAt,
      submittedAt: now,
      updatedAt: now,
      submittedBy: credentialId(ctx.principal),
      liquidityQueuedAt: null,
    };
    let task: typeof admissionTasks.$inferSelect | null = null;
    let transactionId: string | null = null;
    if (kind === 'request') {
      task = pendingTask(
        {
          admissionId: sub.admissionId,
          submissionId: sub.id,
          paymentPk: payment.id,
          paymentId: payment.paymentId,
          orgId: beneficiaryNs.orgId,
          partnerId: beneficiaryNs.id,
          name: 'return_request',
          workflow: 'return.v1',
          assignee: ASSIGNEE.debtor,
          expiresAt: payment.expiresAt,
          // What four eyes require of it under the assignee's policy now, kept (lib/domain/four-eyes.ts).
          ...fixedFourEyes(requirementOf(beneficiaryNs, 'return_request', amount)),
        },
        now,
      );
      // The beneficiary's admission rules (DESIGN §13), matched before the task is written.
      const withRules = await tasksWithRules(tx, ctx.db, [
        {
          task,
          rulesVersion: beneficiaryNs.isSystem ? 0 : beneficiaryNs.rulesVersion,
          counterparty: { id: debtorNs.id, domain: debtorNs.domain },
          namespaceName: beneficiaryNs.name,
        },
      ]);
      if (needsPayerLock(withRules)) await lockPayer(tx, withRules, payerOf(payment));
      if (withRules.length) decisions = await matchNewTasks(tx, withRules, payment, now);
      await tx.insert(submissions).values(sub);
      await tx.insert(admissionTasks).values(task);
      const wire = serializeSubmission(sub, payment);
      for (const p of both) events.push({ type: 'payment.submitted', ...p, data: { submission: wire } });
      events.push({
        type: 'admission_task.created',
        orgId: task.orgId,
        partnerId: task.partnerId,
        data: { task: serializeTask(task, task.orgId) },
      });
      deltas.push(
        ...paymentMoved(payment, 'unsubmitted', 'pending'),
        ...taskMoved(task.partnerId, null, 'pending'),
      );
    } else {
      // The beneficiary's own return goes at once, within its net debit cap (a sandbox's currency
      // opened on its first payment out in it, lib/services/liquidity/positions.ts).
      await openSandboxCurrency(tx, payment.debtorPartnerId, payment.currency);
      const fit = await moveCheckedPositions(tx, {
        debtor: payment.debtorPartnerId,
        beneficiary: payment.beneficiaryPartnerId,
        currency: payment.currency,
        amount,
      });
      if (!fit.ok)
        throw new ConflictError(
          `The return does not fit under your net debit cap: ${fit.headroom} ${payment.currency} minor units of headroom before the next cut-off`,
        );
      const admitted = admissionOf(payment, sub, now, both);
      transactionId = admitted.txn.id;
      await tx.insert(submissions).values(admitted.sub);
      await tx.insert(transactions).values(admitted.txn);
      await tx.insert(transactionLines).values(admitted.lines);
      events.push(...admitted.events);
      deltas.push(...paymentMoved(payment, 'unsubmitted', 'admitted'), ...awaitingAdded(admitted.txn));
    }
    const wire = serializeReturn(
      row,
      {
        status: kind === 'request' ? SUBMISSION.pending : SUBMISSION.admitted,
        transactionId,
        taskId: task?.id ?? null,
        decidedAt: kind === 'request' ? null : now,
        exceptionCode: null,
        exceptionMessage: null,
      },
      ns.id,
    );
    for (const p of both) {
      const seen = {
        ...wire,
        direction: p.partnerId === row.debtorPartnerId ? ('incoming' as const) : ('outgoing' as const),
      };
      events.push(
        kind === 'request'
          ? { type: 'return.requested', ...p, data: { return: seen } }
          : {
              type: 'payment.returned',
              ...p,
              data: { return: seen, returned_amount: (outstanding + amount).toString() },
            },
      );
    }
    await emitEvents(tx, events);
    await writeDeltas(tx, deltas);
    await recordAudit(tx, ctx, {
      action: kind === 'request' ? 'return.requested' : 'return.made',
      target: { type: 'payment', id: original.paymentId },
      after: {
        return_id: id,
        amount: amount.toString(),
        currency: original.currency,
        reason,
        note: row.note,
      },
    });
    return wire;
  });
  if (decisions.length) await applyRuleDecisions(ctx.db, decisions, ctx.requestId);
  return made;
}

/** What of an original is returned or asked back already: its returns still requested or returned. */
async function outstandingOf(tx: Tx, originalPk: string): Promise<bigint> {
  const [row] = rowsOf(
    await tx.execute(sql`
      SELECT coalesce(sum(r.amount_minor), 0)::text AS total FROM payment_returns r
      JOIN submissions s ON s.payment_pk = r.payment_pk
      WHERE r.original_pk = ${originalPk} AND s.status IN (1, 2, 3)`),
  );
  return BigInt(String(row?.total ?? '0'));
}

/** The select of a return with its state: its payment's submission, its task, its latest exception. */
function withState(db: ServiceContext['db'], keys?: SQL<string[]>) {
  return db
    .select({
      row: paymentReturns,
      status: submissions.status,
      transactionId: submissions.transactionId,
      updatedAt: submissions.updatedAt,
      taskId: sql<
        string | null
      >`(SELECT t.id FROM admission_tasks t WHERE t.submission_id = ${submissions.id} AND t.name = 'return_request' LIMIT 1)`,
      exceptionCode: sql<
        string | null
      >`(SELECT e.exception_code FROM payment_exceptions e WHERE e.submission_id = ${submissions.id} ORDER BY e.created_at DESC LIMIT 1)`,
      exceptionMessage: sql<
        string | null
      >`(SELECT e.exception_message FROM payment_exceptions e WHERE e.submission_id = ${submissions.id} ORDER BY e.created_at DESC LIMIT 1)`,
      ...(keys ? { keys } : {}),
    })
    .from(paymentReturns)
    .leftJoin(submissions, eq(submissions.paymentPk, paymentReturns.paymentPk));
}

type WithState = {
  row: ReturnRow;
  status: number | null;
  transactionId: string | null;
  updatedAt: Date | null;
  taskId: string | null;
  exceptionCode: string | null;
  exceptionMessage: string | null;
};

const stateOf = (r: WithState): ReturnState => ({
  status: r.status,
  transactionId: r.transactionId,
  taskId: r.taskId,
  decidedAt: r.updatedAt,
  exceptionCode: r.exceptionCode,
  exceptionMessage: r.exceptionMessage,
});

const NEWEST_FIRST = byTime(paymentReturns.createdAt, paymentReturns.id, 'desc');

// The return's status as stored with its submission's writes (migration 0051): each side's status
// index answers a filter, however rare the status.
const STATUS_CONDITION = (status: string) => eq(paymentReturns.status, status as ReturnRow['status']);

/**
 * The namespace's returns both ways (or one), newest first. Each side is a range of its own index
 * (debtor | beneficiary, created_at, id); both ways, the two ranges are merged (`unionFetch`), as
 * the payments list merges its two, so the first page costs two short index reads at any size.
 */
export async function listReturns(ctx: ServiceContext, q: ListReturnsQuery) {
  const ns = requireNamespace(ctx);
  const { rows, page } = await keysetPage(NEWEST_FIRST, q, returnsFetch(ctx, ns.id, q));
  return { ...page, returns: rows.map((r) => serializeReturn(r.row, stateOf(r), ns.id)) };
}

function returnsFetch(ctx: ServiceContext, partnerId: string, q: ReturnFilters): KeysetFetch<WithState> {
  const filters = and(
    q.status ? STATUS_CONDITION(q.status) : undefined,
    q.created_from !== undefined
      ? sql`${paymentReturns.createdAt} >= to_timestamp(${q.created_from})`
      : undefined,
    q.created_to !== undefined
      ? sql`${paymentReturns.createdAt} <= to_timestamp(${q.created_to})`
      : undefined,
  );
  const sideOf = (direction: 'incoming' | 'outgoing') =>
    direction === 'incoming'
      ? eq(paymentReturns.debtorPartnerId, partnerId)
      : eq(paymentReturns.beneficiaryPartnerId, partnerId);
  if (q.direction)
    return queryFetch<WithState>(
      ctx.db,
      NEWEST_FIRST,
      and(sideOf(q.direction), filters),
      (keys) => withState(ctx.db, keys).$dynamic(),
      () =>
        ctx.db
          .select({ one: sql`1` })
          .from(paymentReturns)
          .leftJoin(submissions, eq(submissions.paymentPk, paymentReturns.paymentPk))
          .$dynamic(),
    );
  return unionFetch<WithState & { id: string }>(
    ctx.db,
    (['incoming', 'outgoing'] as const).map((direction) => ({
      keyset: NEWEST_FIRST,
      id: paymentReturns.id,
      from: sql`from ${paymentReturns} left join ${submissions} on ${submissions.paymentPk} = ${paymentReturns.paymentPk} where ${and(sideOf(direction), filters)}`,
    })),
    async (ids) =>
      (await withState(ctx.db).where(inArray(paymentReturns.id, ids))).map((r) => ({ ...r, id: r.row.id })),
  );
}

type ReturnFilters = Pick<ListReturnsQuery, 'status' | 'direction' | 'created_from' | 'created_to'>;

/** The filtered list as CSV, newest first (a page per read, constant memory); amounts in minor units and in units. */
export function exportReturns(ctx: ServiceContext, q: ReturnFilters) {
  const ns = requireNamespace(ctx);
  return keysetCsv(
    [
      'return_id',
      'created_at',
      'payment_id',
      'kind',
      'direction',
      'status',
      'currency',
      'amount_minor',
      'amount',
      'reason',
      'note',
      'refusal',
      'decided_at',
      'transaction_id',
    ],
    returnsFetch(ctx, ns.id, q),
    (r) => {
      const ret = serializeReturn(r.row, stateOf(r), ns.id);
      return [
        ret.token,
        r.row.createdAt.toISOString(),
        ret.payment_id,
        ret.kind,
        ret.direction,
        ret.status,
        r.row.currency,
        r.row.amountMinor,
        unitsOf(r.row.amountMinor, r.row.currency),
        ret.reason,
        ret.note ?? '',
        ret.refusal ? `${ret.refusal.code}: ${ret.refusal.message}` : '',
        ret.decided_at === null ? '' : new Date(ret.decided_at * 1000).toISOString(),
        ret.transaction_id ?? '',
      ];
    },
  );
}

/** One return, to either of its sides (anyone else: 404). */
export async function getReturn(ctx: ServiceContext, returnId: string) {
  const ns = requireNamespace(ctx);
  const [r] = await withState(ctx.db)
    .where(
      and(
        eq(paymentReturns.id, returnId),
        or(eq(paymentReturns.debtorPartnerId, ns.id), eq(paymentReturns.beneficiaryPartnerId, ns.id)),
      ),
    )
    .limit(1);
  if (!r) throw new NotFoundError(`Return ${returnId} not found`);
  return serializeReturn(r.row, stateOf(r), ns.id);
}

/** An original payment's returns, newest first, and how much of it is returned. */
export async function returnsOfPayment(ctx: ServiceContext, paymentId: string) {
  const ns = requireNamespace(ctx);
  const original = await findVisiblePayment(ctx.db, ns.id, paymentId);
  const rows = await withState(ctx.db)
    .where(eq(paymentReturns.originalPk, original.id))
    .orderBy(desc(paymentReturns.createdAt), desc(paymentReturns.id));
  const returns = rows.map((r) => serializeReturn(r.row, stateOf(r), ns.id));
  const returned = rows
    .filter((r) => r.status === SUBMISSION.admitted)
    .reduce((sum, r) => sum + r.row.amountMinor, 0n);
  return {
    payment_id: original.paymentId,
    amount: { currency: original.currency, total: original.amountMinor.toString() },
    returned_amount: returned.toString(),
    returns,
  };
}
