import { aliasedTable, and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { perDatabase, slot, slots, slotValues } from '@/lib/db/prepared';
import { finalWrite, type AttachedWrite } from '@/lib/db/final-write';
import { rowsOf } from '@/lib/db/rows';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { taskRequirement } from '@/lib/domain/four-eyes';
import { partiesOfNamespaces } from '@/lib/domain/links';
import { REASONS } from '@/lib/domain/reasons';
import { taskStatusName } from '@/lib/domain/statuses';
import { eventsInsertSlots, eventValues } from '@/lib/events/emit';
import { auditInsertSlots, auditValues, type AuditContext } from '../audit/record';
import {
  capAlertSlots,
  capAlertValues,
  isOverCap,
  positionsMoveSlots,
  positionsMoveValues,
  queueSlots,
  queueValues,
  withinCap,
} from '../liquidity/admission';
import { openSandboxCurrency } from '../liquidity/positions';
import {
  awaitingAdded,
  deltasInsertSlots,
  deltaValues,
  exceptionAdded,
  paymentMoved,
  submissionStatusName,
  taskMoved,
  type RollupDelta,
} from '../overview/deltas';
import { serializeReturn } from '../lifecycle/serialize';
import { serializeTask, type TaskActor } from '../lifecycle/serialize';
import {
  checkReason,
  decide,
  NO_PROVENANCE,
  type Change,
  type Provenance,
  type State,
  type TaskUpdateInput,
} from './task-machine';

const {
  admissionTasks,
  submissions,
  payments,
  transactions,
  transactionLines,
  paymentExceptions,
  namespaces,
  apiKeys,
  users,
  liquidityPositions,
} = schema;
export type { TaskUpdateInput } from './task-machine';

/** A task by id; from the API also by its assignee, admission and payment_id (else 404). */
export type TaskSelector = { taskId: string; assignee?: string; admissionId?: string; paymentId?: string };

/** A concurrent change of the same admission makes the write fail; read again this often. */
const ATTEMPTS = 8;

const debtorNs = aliasedTable(namespaces, 'debtor_ns');
const beneficiaryNs = aliasedTable(namespaces, 'beneficiary_ns');
const assigneeNs = aliasedTable(namespaces, 'assignee_ns');
const sibling = aliasedTable(admissionTasks, 'sibling');

/**
 * Everything a task update decides on, in one prepared read: the task, its submission (with its
 * version), the payment, the organizations of the payment's two namespaces (the parties of its
 * events), the assignee namespace's four-eyes policy and the status of every task of the
 * admission (one row per task). One snapshot, so the statuses and the version agree.
 */
function taskStateQuery(db: Db, scoped: boolean) {
  const match = [eq(admissionTasks.id, slot('taskId'))];
  if (scoped)
    match.push(
      eq(admissionTasks.partnerId, slot('assignee')),
      eq(admissionTasks.admissionId, slot('admissionId')),
      eq(admissionTasks.paymentId, slot('paymentId')),
    );
  return db
    .select({
      task: admissionTasks,
      sub: submissions,
      payment: payments,
      debtorOrgId: debtorNs.orgId,
      beneficiaryOrgId: beneficiaryNs.orgId,
      policy: {
        fourEyesThreshold: assigneeNs.fourEyesThreshold,
        fourEyesApprovals: assigneeNs.fourEyesApprovals,
        fourEyesKeysApprove: assigneeNs.fourEyesKeysApprove,
      },
      debtorOnCap: debtorNs.onCap,
      debtorEnvironment: debtorNs.environment,
      debtorLiquidity: {
        balance: liquidityPositions.balance,
        cap: liquidityPositions.cap,
        unlimited: liquidityPositions.unlimited,
        allowUnsecured: liquidityPositions.allowUnsecured,
        position: liquidityPositions.position,
        queuedCount: liquidityPositions.queuedCount,
        queuedAmount: liquidityPositions.queuedAmount,
      },
      sibling: { id: sibling.id, status: sibling.status, partnerId: sibling.partnerId },
    })
    .from(admissionTasks)
    .innerJoin(submissions, eq(submissions.id, admissionTasks.submissionId))
    .innerJoin(payments, eq(payments.id, submissions.paymentPk))
    .innerJoin(debtorNs, eq(debtorNs.id, payments.debtorPartnerId))
    .innerJoin(beneficiaryNs, eq(beneficiaryNs.id, payments.beneficiaryPartnerId))
    .innerJoin(assigneeNs, eq(assigneeNs.id, admissionTasks.partnerId))
    .innerJoin(sibling, eq(sibling.admissionId, admissionTasks.admissionId))
    .leftJoin(
      liquidityPositions,
      and(
        eq(liquidityPositions.partnerId, payments.debtorPartnerId),
        eq(liquidityPositions.currency, payments.currency),
      ),
    )
    .where(and(...match))
    .prepare(scoped ? 'tasks_state_scoped' : 'tasks_state');
}
const taskState = perDatabase((db) => taskStateQuery(db, false));
const scopedTaskState = perDatabase((db) => taskStateQuery(db, true));

/**
 * The state machine and its consequences (DESIGN §5), written with optimistic concurrency: read
 * the state (one round trip), decide, then write the task, the submission, the transaction or
 * exception and the events as one prepared statement (one round trip) that first moves the
 * submission's `version` on, but only from the version read. If another update of the same
 * admission (or the expiry sweeper) came first, the whole statement fails and we read again, so
 * concurrent updates are serialized and each real change writes exactly one
 * `admission_task.updated` event. Used by the API and by the Sandbox Bank worker. `actor` is who
 * changes the task (a plain string: the same name for every viewer); the answer is the task as
 * the assignee's organization sees it (only the assignee updates a task).
 */
export async function applyTaskUpdate(
  db: Db,
  task: string | TaskSelector,
  input: TaskUpdateInput,
  actor: string | TaskActor,
  attached?: AttachedWrite,
  /** Who decides, for the audit trail: a person's or a key's decision (the Sandbox Bank's are not). */
  audit?: AuditContext,
) {
  checkReason(input);
  const by: TaskActor = typeof actor === 'string' ? { by: actor, label: actor } : actor;
  const sel: TaskSelector = typeof task === 'string' ? { taskId: task } : task;
  // Set when the admitting statement found the payment past the debtor's net debit cap: decided again as such.
  let overCap = false;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const rows =
      sel.assignee === undefined
        ? await taskState(db).execute({ taskId: sel.taskId })
        : await scopedTaskState(db).execute({
            taskId: sel.taskId,
            assignee: sel.assignee,
            admissionId: sel.admissionId,
            paymentId: sel.paymentId,
          });
    if (rows.length === 0) throw new NotFoundError(`Task ${sel.taskId} not found`);
    const state = rows[0]!;
    const covered =
      input.status === 'completed' &&
      by.credential !== undefined &&
      taskRequirement(state.task, state.policy, state.payment.amountMinor).approvals > 0;
    const change = decide(
      state,
      rows.map((r) => r.sibling),
      input,
      by,
      covered ? await fourEyesProvenance(db, state, by) : NO_PROVENANCE,
      overCap,
      new Date(),
    );
    const { task: current } = rows[0]!;
    if (!change) return serializeTask(current, current.orgId); // the same final answer again: unchanged, no event
    // A sandbox debtor's first payment out in a currency opens it (its demo balance and cap), then
    // the state is read again: no credit without a limit, and sandboxes work in any currency.
    if (change.liquidity?.kind === 'move' && opensSandboxCurrency(state)) {
      const { debtor, currency } = change.liquidity.move;
      await db.transaction((tx) => openSandboxCurrency(tx, debtor, currency));
      continue;
    }
    // A return's decision is news of the return too (DESIGN §12): read only for return payments.
    if (state.payment.returnOf !== null) await addReturnEvents(db, state, change);
    try {
      const answer = serializeTask(change.task, change.task.orgId);
      await writeChange(db, change, attached, answer, audit);
      return answer;
    } catch (err) {
      if (isOverCap(err)) overCap = true;
      else if (!isLostRace(err)) throw err;
    }
  }
  throw new ConflictError(`Task ${sel.taskId} is being changed by other requests; try again`);
}

/** Whether the debtor is a sandbox namespace whose position in the payment's currency is not open yet. */
const opensSandboxCurrency = (state: State) =>
  state.debtorEnvironment === 'sandbox' &&
  (state.debtorLiquidity === null ||
    (state.debtorLiquidity.cap === null && !state.debtorLiquidity.unlimited));

/**
 * Read only for an approval the four-eyes policy covers (two lookups by primary key): the people
 * who received the secrets of the API keys that created or submitted the payment or that decide,
 * and where a deciding person's password came from.
 */
async function fourEyesProvenance(db: Db, state: State, actor: TaskActor): Promise<Provenance> {
  const keyId = (c: string | null | undefined) =>
    c?.startsWith('key:') ? c.slice('key:'.length) : undefined;
  const makerKeys = [state.payment.createdBy, state.sub.submittedBy].map(keyId);
  const checkerKey = keyId(actor.credential);
  const keyIds = [...makerKeys, checkerKey].filter((id): id is string => id !== undefined);
  const keys = keyIds.length
    ? await db
        .select({ id: apiKeys.id, createdBy: apiKeys.createdBy, rotatedBy: apiKeys.rotatedBy })
        .from(apiKeys)
        .where(inArray(apiKeys.id, keyIds))
    : [];
  const holdersOf = (ids: Array<string | undefined>) =>
    keys
      .filter((k) => ids.includes(k.id))
      .flatMap((k) => [k.createdBy, k.rotatedBy])
      .filter((c): c is string => c !== null);
  const userId = actor.credential?.startsWith('usr:') ? actor.credential.slice('usr:'.length) : undefined;
  const [account] = userId
    ? await db
        .select({ credentialsIssuedBy: users.credentialsIssuedBy, credentialsSetAt: users.credentialsSetAt })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
    : [];
  return {
    keyHolders: holdersOf(makerKeys),
    account: account ?? null,
    checkerKeyHolders: holdersOf([checkerKey]),
  };
}

/**
 * The events of a return's decision: `return.decided` to both sides when its request is accepted
 * (the return payment admitted) or refused (rejected), and `payment.returned` with how much of
 * the original is returned when the money goes back. A decision that leaves the request open
 * (held, a first of two approvals, queued for the cap) is not one.
 */
async function addReturnEvents(db: Db, state: State, change: Change): Promise<void> {
  const decided = change.outcome === 'admitted' || change.outcome === 'rejected';
  if (!decided) return;
  const [ret] = await db
    .select()
    .from(schema.paymentReturns)
    .where(eq(schema.paymentReturns.paymentPk, state.payment.id))
    .limit(1);
  if (!ret) return;
  const [returned] = rowsOf(
    await db.execute(sql`
      SELECT coalesce(sum(r.amount_minor), 0)::text AS total FROM payment_returns r
      JOIN submissions s ON s.payment_pk = r.payment_pk WHERE r.original_pk = ${ret.originalPk} AND s.status = 3`),
  );
  const after = {
    status: change.sub.status,
    transactionId: change.sub.transactionId,
    taskId: change.task.name === 'return_request' ? change.task.id : null,
    decidedAt: change.sub.updatedAt,
    exceptionCode: change.exception?.exceptionCode ?? null,
    exceptionMessage: change.exception?.exceptionMessage ?? null,
  };
  const parties = partiesOfNamespaces([
    { id: state.payment.debtorPartnerId, orgId: state.debtorOrgId },
    { id: state.payment.beneficiaryPartnerId, orgId: state.beneficiaryOrgId },
  ]);
  for (const p of parties) {
    const seen = serializeReturn(ret, after, p.partnerId);
    change.events.push({ type: 'return.decided', ...p, data: { return: seen } });
    if (change.outcome === 'admitted')
      change.events.push({
        type: 'payment.returned',
        ...p,
        data: {
          return: seen,
          returned_amount: (BigInt(String(returned?.total ?? '0')) + ret.amountMinor).toString(),
        },
      });
  }
}

/**
 * The change as one prepared statement, with the caller's attached write (the fast path) when one is
 * given (`finalWrite`). Its part `guard` moves the submission to its new status and version only
 * if it still has the version and status that were read; the task's new `updated_at` is taken
 * from the guard's output through `csp_guard_passed`, which aborts the whole statement (nothing is
 * written) with the SQLSTATE `LOST_RACE` when the guard matched no row.
 */
async function writeChange(
  db: Db,
  change: Change,
  attached: AttachedWrite | undefined,
  answer: unknown,
  audit: AuditContext | undefined,
) {
  const deltas = rollupDeltas(change);
  const parts = () => {
    const writes: Array<SQLWrapper | [string, SQLWrapper]> = [
      [
        'guard',
        db
          .update(submissions)
          .set({
            version: sql`${submissions.version} + 1`,
            status: slot('s_status'),
            transactionId: slot('s_transactionId'),
            updatedAt: slot('s_updatedAt'),
            // A nullable time travels as text: the column's encoder takes no null.
            liquidityQueuedAt: sql`${slot('s_liquidityQueuedAt')}::timestamptz`,
          })
          .where(
            and(
              eq(submissions.id, slot('s_id')),
              eq(submissions.version, slot('s_version')),
              eq(submissions.status, slot('s_seenStatus')),
            ),
          )
          .returning({ id: submissions.id }),
      ],
      db
        .update(admissionTasks)
        .set({
          status: slot('t_status'),
          statusReason: slot('t_statusReason'),
          note: slot('t_note'),
          updatedBy: slot('t_updatedBy'),
          // Aborts the statement with LOST_RACE when the guard matched no row (migration 0012).
          updatedAt: sql`csp_guard_passed((select ${slot('t_updatedAt')}::timestamptz from guard))`,
          // Appended here, not rewritten: only the new entry travels (as text, cast once).
          history: sql`${admissionTasks.history} || jsonb_build_array(${slot('t_entry')}::text::jsonb)`,
          ...(change.approval
            ? {
                approvals: sql`${admissionTasks.approvals} || jsonb_build_array(${slot('t_approval')}::text::jsonb)`,
              }
            : {}),
        })
        .where(eq(admissionTasks.id, slot('t_id'))),
    ];
    if (change.exception) writes.push(db.insert(paymentExceptions).values(slots('x_', change.exception)));
    const liquidity = change.liquidity;
    if (liquidity?.kind === 'move') writes.push(positionsMoveSlots(db));
    if (liquidity?.kind === 'queue') writes.push(...queueSlots(db));
    if (liquidity && liquidity.kind !== 'move') writes.push(capAlertSlots(db));
    if (change.txn && change.lines) {
      // With the debtor's position guarded, the transaction exists only if the position moved.
      const row = slots('txn_', change.txn);
      writes.push(
        db
          .insert(transactions)
          .values(liquidity?.kind === 'move' ? { ...row, status: withinCap(slot('txn_status')) } : row),
      );
      writes.push(db.insert(transactionLines).values(change.lines.map((l, i) => slots(`l${i}_`, l))));
    }
    writes.push(eventsInsertSlots(db, change.events.length));
    writes.push(deltasInsertSlots());
    if (audit) writes.push(auditInsertSlots(db));
    return writes;
  };
  const { task, sub, seen } = change;
  const values: Record<string, unknown> = {
    s_id: sub.id,
    s_status: sub.status,
    s_transactionId: sub.transactionId,
    s_updatedAt: sub.updatedAt,
    s_liquidityQueuedAt: sub.liquidityQueuedAt?.toISOString() ?? null,
    s_version: seen.version,
    s_seenStatus: seen.status,
    t_id: task.id,
    t_status: task.status,
    t_statusReason: task.statusReason,
    t_note: task.note,
    t_updatedBy: task.updatedBy,
    t_updatedAt: task.updatedAt.toISOString(),
    t_entry: JSON.stringify(task.history[task.history.length - 1]),
  };
  if (change.approval) values.t_approval = JSON.stringify(change.approval);
  if (change.liquidity?.kind === 'move') positionsMoveValues(change.liquidity.move, values);
  if (change.liquidity?.kind === 'queue') queueValues(change.liquidity.queued, values);
  if (change.liquidity && change.liquidity.kind !== 'move') capAlertValues(change.liquidity.alert, values);
  if (change.exception) slotValues('x_', change.exception, values);
  if (change.txn) slotValues('txn_', change.txn, values);
  change.lines?.forEach((l, i) => slotValues(`l${i}_`, l, values));
  if (audit) {
    auditValues(
      audit,
      {
        action: change.approval ? 'task.approved' : `task.${taskStatusName(task.status)}`,
        target: { type: 'task', id: task.id },
        orgId: task.orgId,
        partnerId: task.partnerId,
        before: { status: taskStatusName(change.taskBefore) },
        after: {
          status: taskStatusName(task.status),
          status_reason: task.statusReason ? (REASONS[task.statusReason - 1] ?? task.statusReason) : null,
          note: task.note,
          payment_id: change.payment.paymentId,
          admission_id: task.admissionId,
          ...(change.approval ? { approvals: task.approvals.length, approvals_required: 2 } : {}),
        },
      },
      values,
    );
  }
  const name = `tasks_update_${change.outcome}_${change.events.length}${audit ? '_audited' : ''}${change.approval ? '_approval' : ''}${change.liquidity ? `_lq_${change.liquidity.kind}` : ''}`;
  await finalWrite(
    db,
    attached,
    name,
    parts,
    deltaValues(deltas, eventValues(change.events, values)),
    answer,
  );
}

/** What the change moves in the overview's figures (lib/services/overview/deltas.ts). */
function rollupDeltas(change: Change): RollupDelta[] {
  const deltas = [
    ...taskMoved(
      change.task.partnerId,
      taskStatusName(change.taskBefore),
      taskStatusName(change.task.status),
    ),
  ];
  if (change.sub.status !== change.seen.status)
    deltas.push(
      ...paymentMoved(
        change.payment,
        submissionStatusName(change.seen.status),
        submissionStatusName(change.sub.status),
      ),
    );
  if (change.exception)
    deltas.push(
      ...exceptionAdded(
        change.payment,
        change.exception.createdAt ?? new Date(),
        change.exception.exceptionCode,
        change.exception.blame,
      ),
    );
  if (change.txn) deltas.push(...awaitingAdded(change.txn));
  for (const t of change.closed ?? [])
    deltas.push(...taskMoved(t.partnerId, taskStatusName(t.status), 'closed'));
  return deltas;
}

/** The SQLSTATE of `csp_guard_passed` (migration 0012): another change of the admission came first. */
const LOST_RACE = 'CSP01';

/** The guard of `writeChange` found the submission changed since it was read. */
function isLostRace(err: unknown): boolean {
  for (let e = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++)
    if ((e as { code?: string }).code === LOST_RACE) return true;
  return false;
}
