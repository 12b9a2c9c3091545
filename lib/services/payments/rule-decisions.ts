import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { logger } from '@/lib/log/logger';
import {
  effectiveAction,
  firstMatch,
  ruleNote,
  velocityWindows,
  type RuleAction,
  type RuleDefinition,
  type TaskFacts,
} from '@/lib/domain/rules';
import { SUBMISSION } from '@/lib/domain/statuses';
import type { TaskUpdateInput } from './task-machine';
import type { schema } from '@/lib/db';
import { applyTaskUpdate } from './task-update';
import { namespaceRules, type NamespaceRules } from '../rules/cache';
import { localMinutes } from '../rules/clock';

type TaskRow = typeof schema.admissionTasks.$inferSelect;
type PaymentRow = typeof schema.payments.$inferSelect;

/** A new task with what its rules read beyond the payment: its namespace's rules and its counterparty. */
export interface NewTask {
  task: TaskRow;
  /** The assignee namespace's `rules_version`, read with the payment. */
  rulesVersion: number;
  counterparty: { id: string; domain: string };
  /** The assignee namespace's name: a rule's decision is shown to other organizations as `<name> (rule)`. */
  namespaceName: string;
}

/** A rule's decision of a new task, applied once the task is written (`applyRuleDecisions`). */
export interface RuleDecision {
  taskId: string;
  rule: RuleDefinition;
  action: RuleAction;
  /** Who decided, as other organizations see it. */
  label: string;
}

/**
 * The new tasks with their namespaces' rules; empty when none has any (the common case: no read).
 * `db`: where to read (the caller's transaction, if any: PGlite has one connection); `root`: the
 * database whose cache holds them.
 */
export async function tasksWithRules(
  db: DbOrTx,
  root: Db,
  tasks: NewTask[],
): Promise<Array<NewTask & { rules: NamespaceRules }>> {
  const out: Array<NewTask & { rules: NamespaceRules }> = [];
  for (const t of tasks) {
    if (t.rulesVersion === 0) continue;
    const rules = await namespaceRules(db, root, t.task.partnerId, t.rulesVersion);
    if (rules) out.push({ ...t, rules });
  }
  return out;
}

/** The payer of a payment: its debtor's address. */
export const payerOf = (p: PaymentRow): string =>
  String((p.debtorParty as { payment_address?: unknown }).payment_address ?? '');

/** Whether evaluating these tasks reads a payer's velocity: then it runs in a transaction, locked. */
export const needsPayerLock = (tasks: Array<{ rules: NamespaceRules }>) =>
  tasks.some((t) => t.rules.velocity);

/**
 * Serializes the evaluations of one payer's payments in each namespace with a velocity rule, to
 * the end of the caller's transaction: the count read after the lock sees every earlier payment's
 * task committed, so concurrent payments of one payer are counted exactly (the sixth of six sent
 * at once is the sixth). Locks are taken in one order, so two namespaces never deadlock.
 */
export async function lockPayer(
  tx: DbOrTx,
  tasks: Array<{ task: TaskRow; rules: NamespaceRules }>,
  payer: string,
) {
  const keys = [
    ...new Set(tasks.filter((t) => t.rules.velocity).map((t) => `${t.task.partnerId}|${payer}`)),
  ].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The payer's payments (distinct, with tasks of the namespace) since `now − window`, and their sum. */
async function payerFigures(
  tx: DbOrTx,
  partnerId: string,
  payer: string,
  windows: number[],
  now: Date,
  payment: PaymentRow,
): Promise<Map<number, { count: number; amount: bigint }>> {
  const figures = new Map<number, { count: number; amount: bigint }>();
  for (const w of windows) {
    const since = new Date(now.getTime() - w * 60_000);
    const [row] = rowsOf(
      await tx.execute(sql`
        select count(*)::int as n, coalesce(sum(p.amount_minor), 0)::text as total from payments p
        where p.id in (select t.payment_pk from admission_tasks t
          where t.partner_id = ${partnerId} and t.payer_address = ${payer} and t.created_at >= ${since.toISOString()}::timestamptz)
          and p.id <> ${payment.id}`),
    );
    figures.set(w, {
      count: Number(row?.n ?? 0) + 1,
      amount: BigInt(String(row?.total ?? '0')) + payment.amountMinor,
    });
  }
  return figures;
}

/** Whether a payment between the two namespaces was admitted before (either way). */
async function counterpartyKnown(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = rowsOf(
    await db.execute(sql`
      select exists (select 1 from payments p join submissions s on s.payment_pk = p.id
        where s.status in (${SUBMISSION.admitted}, ${SUBMISSION.settled})
          and ((p.debtor_partner_id = ${a} and p.beneficiary_partner_id = ${b})
            or (p.debtor_partner_id = ${b} and p.beneficiary_partner_id = ${a}))) as known`),
  );
  return row?.known === true || row?.known === 't';
}

/**
 * Matches each new task against its namespace's rules (DESIGN §13: the first enabled match
 * decides) and marks it before it is written: the rule that matched, and the payer where the
 * namespace counts velocity; a `review` (or an accept that four eyes cover) is its note, written
 * with the task. Answers the decisions to apply once the task exists. Reads only what the rules
 * need: the counterparty's history, the payer's figures (under `lockPayer`).
 */
export async function matchNewTasks(
  tx: DbOrTx,
  tasks: Array<NewTask & { rules: NamespaceRules }>,
  payment: PaymentRow,
  now: Date,
): Promise<RuleDecision[]> {
  const decisions: RuleDecision[] = [];
  const payer = payerOf(payment);
  for (const t of tasks) {
    const { rules } = t.rules;
    const known = rules.some((r) => r.conditions.counterparty_known !== undefined)
      ? await counterpartyKnown(tx, t.task.partnerId, t.counterparty.id)
      : false;
    const windows = velocityWindows(rules);
    const facts: TaskFacts = {
      taskName: t.task.name,
      amount: payment.amountMinor,
      currency: payment.currency,
      counterpartyDomain: t.counterparty.domain,
      counterpartyKnown: known,
      reference: payment.reference,
      payer: windows.length
        ? await payerFigures(tx, t.task.partnerId, payer, windows, now, payment)
        : new Map(),
      localMinutes: (timeZone) => localMinutes(now, timeZone),
    };
    if (t.rules.velocity) t.task.payerAddress = payer;
    const rule = firstMatch(rules, facts);
    if (!rule) continue;
    const fourEyes = t.task.fourEyesApprovals > 0;
    const action = effectiveAction(rule.action, fourEyes);
    t.task.ruleId = rule.id;
    t.task.ruleName = rule.name;
    t.task.ruleAction = rule.action;
    if (action === 'review') t.task.note = ruleNote(rule, fourEyes);
    else decisions.push({ taskId: t.task.id, rule, action, label: `${t.namespaceName} (rule)` });
  }
  return decisions;
}

/** The task update a rule's action makes. */
function updateOf(d: RuleDecision): TaskUpdateInput {
  const note = ruleNote(d.rule, false);
  if (d.action === 'accept') return { status: 'completed', status_reason: 'accepted', note };
  if (d.action === 'reject')
    return { status: 'failed', status_reason: d.rule.reason ?? 'business_reasons', note };
  return { status: 'on_hold', status_reason: d.rule.reason ?? 'business_reasons', note };
}

/**
 * Applies the rules' decisions of tasks just written, each through the task's state machine as a
 * person's decision goes (its history, the submission, the transaction or exception, liquidity,
 * events), by `rule:<id>` with the rule's name, and in the audit trail as the system acting for
 * the namespace. A decision the payment no longer allows (a sibling task's rule rejected it
 * first) is skipped: the payment was decided.
 */
export async function applyRuleDecisions(db: Db, decisions: RuleDecision[], requestId = ''): Promise<void> {
  for (const d of decisions) {
    const by = `rule:${d.rule.id}`;
    try {
      await applyTaskUpdate(db, d.taskId, updateOf(d), { by, label: d.label }, undefined, {
        principal: { kind: 'anonymous' },
        orgId: null,
        namespace: null,
        requestId,
        system: { id: by, label: d.rule.name },
      });
    } catch (err) {
      logger.debug({ err, task: d.taskId, rule: d.rule.id }, 'a rule decision was not applied');
    }
  }
}
