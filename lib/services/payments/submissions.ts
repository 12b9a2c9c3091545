import { and, eq, sql } from 'drizzle-orm';
import { credentialId, type NamespaceInfo, type ServiceContext } from '@/lib/services/context';
import { schema, type Db } from '@/lib/db';
import { perDatabase } from '@/lib/db/prepared';
import { slots, slotValues } from '@/lib/db/prepared';
import { finalWrite } from '@/lib/db/final-write';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { auditInsertSlots, auditValues } from '../audit/record';
import { eventsInsertSlots, eventValues, type EventInput } from '@/lib/events/emit';
import { requireNamespace } from '../guards';
import { ASSIGNEE, SUBMISSION } from '@/lib/domain/statuses';
import { fixedFourEyes, requirementOf, type FourEyesPolicy } from '@/lib/domain/four-eyes';
import { partiesOfNamespaces } from '@/lib/domain/links';
import { visiblePaymentPk, type PaymentRow } from './payments';
import { serializeSubmission, serializeTask } from '../lifecycle/serialize';
import { submissionStatus } from './status';
import { pendingTask } from './task-machine';
import { mayTransact } from '../links/linked';
import { deltasInsertSlots, deltaValues, paymentMoved, taskMoved } from '../overview/deltas';
import {
  applyRuleDecisions,
  lockPayer,
  matchNewTasks,
  needsPayerLock,
  payerOf,
  tasksWithRules,
  type RuleDecision,
} from './rule-decisions';

const { submissions, admissionTasks, namespaces, payments } = schema;
/** A new submission: never queued yet (`liquidity_queued_at` is left to its default, null). */
type SubmissionRow = Omit<typeof submissions.$inferSelect, 'liquidityQueuedAt'>;
type TaskRow = typeof admissionTasks.$inferSelect;

interface TaskPlan {
  name: string;
  partnerId: string;
  orgId: string;
  assignee: number;
  /** The assignee namespace's four-eyes policy, which the task keeps what it requires of. */
  policy: FourEyesPolicy;
}

/**
 * The caller's own payment with its counterparty's namespace (organization, domain, four-eyes
 * policy) and whether
 * the two namespaces still hold an established link, in one round trip (prepared once per
 * database). Only the creating namespace submits.
 */
const ownPaymentWithCounterparty = perDatabase((db) =>
  db
    .select({
      payment: payments,
      counterpartyOrgId: namespaces.orgId,
      counterpartyDomain: namespaces.domain,
      counterpartyName: namespaces.name,
      // Read here so that a namespace without admission rules costs nothing more (lib/services/rules/cache.ts).
      counterpartyRulesVersion: namespaces.rulesVersion,
      counterpartyIsSystem: namespaces.isSystem,
      creatorRulesVersion:
        sql<number>`(select n.rules_version from ${namespaces} n where n.id = ${payments.partnerId})`.mapWith(
          Number,
        ),
      counterpartyPolicy: {
        fourEyesThreshold: namespaces.fourEyesThreshold,
        fourEyesApprovals: namespaces.fourEyesApprovals,
        fourEyesKeysApprove: namespaces.fourEyesKeysApprove,
      },
      linked: mayTransact(namespaces.id, payments.partnerId).mapWith(Boolean),
    })
    .from(payments)
    .innerJoin(
      namespaces,
      eq(
        namespaces.id,
        sql`case when ${payments.paymentType} = 'Type_Push' then ${payments.beneficiaryPartnerId} else ${payments.debtorPartnerId} end`,
      ),
    )
    .where(
      and(
        eq(payments.partnerId, sql.placeholder('partner')),
        eq(payments.paymentId, sql.placeholder('paymentId')),
      ),
    )
    .limit(1)
    .prepare('submissions_own_payment'),
);

/**
 * push.v1: the beneficiary's namespace admits; pull.v1: the debtor's namespace authorizes. Both add
 * a compliance review for the creator when the amount reaches its review threshold.
 */
function planTasks(
  ns: NamespaceInfo,
  p: PaymentRow,
  counterparty: { orgId: string; policy: FourEyesPolicy },
): { workflow: string; tasks: TaskPlan[] } {
  const counterpartyOrgId = counterparty.orgId;
  const isPush = p.paymentType === 'Type_Push';
  const counterpartyId = isPush ? p.beneficiaryPartnerId : p.debtorPartnerId;
  const tasks: TaskPlan[] = [
    isPush
      ? {
          name: 'beneficiary_admission',
          partnerId: counterpartyId,
          orgId: counterpartyOrgId,
          assignee: ASSIGNEE.beneficiary,
          policy: counterparty.policy,
        }
      : {
          name: 'debtor_authorization',
          partnerId: counterpartyId,
          orgId: counterpartyOrgId,
          assignee: ASSIGNEE.debtor,
          policy: counterparty.policy,
        },
  ];
  if (p.amountMinor >= ns.reviewThreshold) {
    tasks.push({
      name: 'compliance_review',
      partnerId: p.partnerId,
      orgId: p.orgId,
      assignee: isPush ? ASSIGNEE.debtor : ASSIGNEE.beneficiary,
      policy: ns,
    });
  }
  return { workflow: isPush ? 'push.v1' : 'pull.v1', tasks };
}

/**
 * Submits a payment once: the submission, its admission and tasks, and their events, written as
 * one prepared statement (atomic; the unique submission per payment refuses a second one). Two
 * round trips with the read of the payment.
 */
export async function submitPayment(ctx: ServiceContext, paymentId: string) {
  const ns = requireNamespace(ctx);
  const [found] = await ownPaymentWithCounterparty(ctx.db).execute({ partner: ns.id, paymentId });
  if (!found) throw new NotFoundError(`Payment ${paymentId} not found`);
  const { payment, counterpartyOrgId } = found;
  if (payment.expiresAt.getTime() <= Date.now())
    throw new ConflictError(`Payment ${paymentId} expired at ${payment.expiresAt.toISOString()}`);
  // DESIGN §4: a payment between two namespaces needs an established link; one suspended since
  // the payment was created cannot be submitted either.
  if (!found.linked)
    throw new ValidationError(
      `No established link between ${ns.domain} and ${found.counterpartyDomain}`,
      null,
    );
  const plan = planTasks(ns, payment, { orgId: counterpartyOrgId, policy: found.counterpartyPolicy });
  const now = new Date();
  const admissionId = newId('adm');
  const sub: SubmissionRow = {
    id: newId('sub'),
    paymentPk: payment.id,
    paymentId: payment.paymentId,
    orgId: payment.orgId,
    partnerId: payment.partnerId,
    admissionId,
    workflow: plan.workflow,
    status: SUBMISSION.pending,
    transactionId: null,
    version: 0,
    debtorPartnerId: payment.debtorPartnerId,
    beneficiaryPartnerId: payment.beneficiaryPartnerId,
    paymentCreatedAt: payment.createdAt,
    expiresAt: payment.expiresAt,
    submittedAt: now,
    updatedAt: now,
    submittedBy: credentialId(ctx.principal),
  };
  // Each task keeps what four eyes require of it now: a later weakening of the policy never
  // lowers it (docs/decisions.md, "Four eyes"). Written with the task, no statement more.
  const tasks: TaskRow[] = plan.tasks.map((t) =>
    pendingTask(
      {
        admissionId,
        submissionId: sub.id,
        paymentPk: payment.id,
        paymentId: payment.paymentId,
        orgId: t.orgId,
        partnerId: t.partnerId,
        name: t.name,
        workflow: plan.workflow,
        assignee: t.assignee,
        expiresAt: payment.expiresAt,
        ...fixedFourEyes(requirementOf(t.policy, t.name, payment.amountMinor)),
      },
      now,
    ),
  );
  // Admission rules (DESIGN §13): each task's namespace's, matched before the task is written.
  const counterpartyId = plan.tasks[0]!.partnerId;
  const withRules = await tasksWithRules(
    ctx.db,
    ctx.db,
    tasks.map((t) =>
      t.partnerId === counterpartyId
        ? {
            task: t,
            // The Sandbox Bank applies its rules a few seconds later (lib/services/payments/sandbox-bank.ts).
            rulesVersion: found.counterpartyIsSystem ? 0 : found.counterpartyRulesVersion,
            counterparty: { id: ns.id, domain: ns.domain },
            namespaceName: found.counterpartyName,
          }
        : {
            task: t,
            rulesVersion: found.creatorRulesVersion,
            counterparty: { id: counterpartyId, domain: found.counterpartyDomain },
            namespaceName: ns.name,
          },
    ),
  );
  const wire = serializeSubmission(sub, payment);
  const write = async (db: Db): Promise<RuleDecision[]> => {
    const decisions = withRules.length ? await matchNewTasks(db, withRules, payment, now) : [];
    const parties = partiesOfNamespaces([
      { id: payment.partnerId, orgId: payment.orgId },
      { id: plan.tasks[0]!.partnerId, orgId: counterpartyOrgId },
    ]);
    const events: EventInput[] = parties.map((p) => ({
      type: 'payment.submitted',
      ...p,
      data: { submission: wire },
    }));
    for (const t of tasks)
      events.push({
        type: 'admission_task.created',
        orgId: t.orgId,
        partnerId: t.partnerId,
        data: { task: serializeTask(t, t.orgId) },
      });
    const values = slotValues('s_', sub);
    tasks.forEach((t, i) => slotValues(`t${i}_`, asInserted(t), values));
    const deltas = [
      ...paymentMoved(payment, 'unsubmitted', 'pending'),
      ...tasks.flatMap((t) => taskMoved(t.partnerId, null, 'pending')),
    ];
    // A person's submission is in the audit trail; an API key's are the submissions themselves.
    const audited = ctx.principal.kind === 'user';
    if (audited)
      auditValues(
        ctx,
        {
          action: 'payment.submitted',
          target: { type: 'payment', id: payment.paymentId },
          after: { submission_id: sub.id, tasks: tasks.map((t) => t.name) },
        },
        values,
      );
    try {
      await finalWrite(
        db,
        ctx.attachedWrite,
        `submissions_submit_${tasks.length}_${events.length}${audited ? '_audited' : ''}`,
        () => [
          db.insert(submissions).values(slots('s_', sub)),
          // history is left to its default ([]): one parameter less per task.
          db.insert(admissionTasks).values(tasks.map((t, i) => slots(`t${i}_`, asInserted(t)))),
          eventsInsertSlots(db, events.length),
          deltasInsertSlots(),
          ...(audited ? [auditInsertSlots(db)] : []),
        ],
        deltaValues(deltas, eventValues(events, values)),
        wire,
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(`Payment ${paymentId} has already been submitted`);
      throw err;
    }
    return decisions;
  };
  const decisions = needsPayerLock(withRules)
    ? // A payer's velocity is counted under a lock held to the commit: exact under concurrency.
      await ctx.db.transaction(async (tx) => {
        await lockPayer(tx, withRules, payerOf(payment));
        return write(tx as unknown as Db);
      })
    : await write(ctx.db);
  if (decisions.length) await applyRuleDecisions(ctx.db, decisions, ctx.requestId);
  return wire;
}

/** The new task's columns that are not their defaults: history, approvals and claim start empty. */
function asInserted(task: TaskRow) {
  const row: Partial<TaskRow> = { ...task };
  for (const key of ['history', 'approvals', 'claimedBy', 'claimedByLabel', 'claimedUntil'] as const)
    delete row[key];
  return row as Omit<TaskRow, 'history' | 'approvals' | 'claimedBy' | 'claimedByLabel' | 'claimedUntil'>;
}

/** The visible payment with its submission (or the named one), in one round trip; prepared. */
function paymentWithSubmission(db: Db, named: boolean) {
  const onPayment = eq(submissions.paymentPk, payments.id);
  return db
    .select({ payment: payments, sub: submissions, subStatus: submissionStatus })
    .from(payments)
    .leftJoin(
      submissions,
      named ? and(onPayment, eq(submissions.id, sql.placeholder('submissionId'))) : onPayment,
    )
    .where(eq(payments.id, visiblePaymentPk(db)))
    .prepare(named ? 'submissions_named' : 'submissions_of_payment');
}
const submissionOfPayment = perDatabase((db) => paymentWithSubmission(db, false));
const namedSubmission = perDatabase((db) => paymentWithSubmission(db, true));

export async function getPaymentSubmission(ctx: ServiceContext, paymentId: string, submissionId?: string) {
  const ns = requireNamespace(ctx);
  const [row] = submissionId
    ? await namedSubmission(ctx.db).execute({ partner: ns.id, paymentId, submissionId })
    : await submissionOfPayment(ctx.db).execute({ partner: ns.id, paymentId });
  if (!row) throw new NotFoundError(`Payment ${paymentId} not found`);
  if (!row.sub)
    throw new NotFoundError(
      submissionId ? `Submission ${submissionId} not found` : `Payment ${paymentId} has not been submitted`,
    );
  return serializeSubmission({ ...row.sub, status: row.subStatus! }, row.payment);
}

/** The tasks of one admission of the visible payment, in one round trip; prepared. */
const admissionTasksOfPayment = perDatabase((db) =>
  db
    .select({ paymentPk: payments.id, task: admissionTasks })
    .from(payments)
    .leftJoin(
      admissionTasks,
      and(
        eq(admissionTasks.paymentPk, payments.id),
        eq(admissionTasks.admissionId, sql.placeholder('admissionId')),
      ),
    )
    .where(eq(payments.id, visiblePaymentPk(db)))
    .orderBy(admissionTasks.createdAt, admissionTasks.id)
    .prepare('submissions_admission_tasks'),
);

export async function listAdmissionTasks(ctx: ServiceContext, paymentId: string, admissionId: string) {
  const ns = requireNamespace(ctx);
  const rows = await admissionTasksOfPayment(ctx.db).execute({ partner: ns.id, paymentId, admissionId });
  if (rows.length === 0) throw new NotFoundError(`Payment ${paymentId} not found`);
  const tasks = rows.flatMap((r) => (r.task ? [r.task] : []));
  if (tasks.length === 0) throw new NotFoundError(`Admission ${admissionId} not found`);
  // The creator reads the counterparty's tasks, and the counterparty the creator's review.
  return { count: tasks.length, tasks: tasks.map((t) => serializeTask(t, ctx.orgId)) };
}
