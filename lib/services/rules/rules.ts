import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { schema, type DbOrTx, type Tx } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import { emitEvent } from '@/lib/events/emit';
import { newId } from '@/lib/ids';
import { unixSeconds } from '@/lib/schemas/common';
import { MAX_RULES } from '@/lib/schemas/rules';
import type { CreateRuleBody, ReorderRulesBody, Rule, UpdateRuleBody } from '@/lib/schemas/rules';
import type { RuleConditions } from '@/lib/domain/rules';
import { actorLabel, type ServiceContext } from '@/lib/services/context';
import { recordAudit } from '../audit/record';
import { requireNamespace } from '../guards';

const { admissionRules, namespaces } = schema;
type RuleRow = typeof admissionRules.$inferSelect;
type Hits = { last_24h: number; last_30d: number };

const NO_HITS: Hits = { last_24h: 0, last_30d: 0 };

function serializeRule(r: RuleRow, hits: Hits = NO_HITS): Rule {
  return {
    id: r.id,
    partner_id: r.partnerId,
    name: r.name,
    task_names: r.taskNames,
    conditions: r.conditions as Record<string, unknown>,
    action: r.action,
    reason: (r.reason as Rule['reason']) ?? null,
    note: r.note,
    enabled: r.enabled,
    position: r.position,
    hits,
    created_by: r.createdBy,
    updated_by: r.updatedBy,
    created_at: unixSeconds(r.createdAt),
    updated_at: unixSeconds(r.updatedAt),
  };
}

/** What the audit trail and the events keep of a rule. */
const audited = (r: RuleRow) => ({
  name: r.name,
  task_names: r.taskNames,
  conditions: r.conditions,
  action: r.action,
  reason: r.reason,
  note: r.note,
  enabled: r.enabled,
  position: r.position,
});

/** Hit counts of the namespace's rules: the tasks each matched in 24 h and 30 days (index tasks_rule_idx). */
async function hitsOf(db: DbOrTx, ids: string[]): Promise<Map<string, Hits>> {
  const hits = new Map<string, Hits>();
  if (ids.length === 0) return hits;
  const rows = rowsOf(
    await db.execute(sql`
      select rule_id, count(*) filter (where created_at > now() - interval '24 hours')::int as day,
        count(*)::int as month
      from admission_tasks
      where rule_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and created_at > now() - interval '30 days'
      group by rule_id`),
  );
  for (const r of rows) hits.set(String(r.rule_id), { last_24h: Number(r.day), last_30d: Number(r.month) });
  return hits;
}

/**
 * A change of the namespace's rules moves its `rules_version` in the same transaction, so every
 * instance's cached copy is stale from its commit on (lib/services/rules/cache.ts).
 */
async function bumpVersion(tx: Tx, partnerId: string) {
  await tx
    .update(namespaces)
    .set({ rulesVersion: sql`${namespaces.rulesVersion} + 1` })
    .where(eq(namespaces.id, partnerId));
}

/**
 * Payer velocity counts the tasks that keep their payer (tasks_payer_idx), which a namespace's
 * tasks do while it has a velocity rule: a new or changed one first gives its window's tasks
 * their payer, so the count is exact from the moment it applies.
 */
async function keepPayers(tx: Tx, partnerId: string, conditions: RuleConditions) {
  const window = conditions.payer_velocity?.window_minutes;
  if (!window) return;
  await tx.execute(sql`
    update admission_tasks t set payer_address = p.debtor_party->>'payment_address'
    from payments p
    where p.id = t.payment_pk and t.partner_id = ${partnerId} and t.payer_address is null
      and t.created_at > now() - make_interval(mins => ${window})`);
}

async function orderedRules(db: DbOrTx, partnerId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(admissionRules)
    .where(eq(admissionRules.partnerId, partnerId))
    .orderBy(asc(admissionRules.position), asc(admissionRules.id));
}

export async function listRules(ctx: ServiceContext) {
  const ns = requireNamespace(ctx);
  const rows = await orderedRules(ctx.db, ns.id);
  const hits = await hitsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { count: rows.length, rules: rows.map((r) => serializeRule(r, hits.get(r.id))) };
}

async function ruleOrThrow(db: DbOrTx, partnerId: string, id: string, lock = false): Promise<RuleRow> {
  const query = db
    .select()
    .from(admissionRules)
    .where(and(eq(admissionRules.id, id), eq(admissionRules.partnerId, partnerId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError(`Rule ${id} not found`);
  return row;
}

export async function getRule(ctx: ServiceContext, id: string) {
  const ns = requireNamespace(ctx);
  const row = await ruleOrThrow(ctx.db, ns.id, id);
  const hits = await hitsOf(ctx.db, [row.id]);
  return serializeRule(row, hits.get(row.id));
}

/** Serializes the namespace's rule changes (positions are renumbered under it). */
async function lockNamespace(tx: Tx, partnerId: string) {
  await tx.select({ id: namespaces.id }).from(namespaces).where(eq(namespaces.id, partnerId)).for('update');
}

export async function createRule(ctx: ServiceContext, input: CreateRuleBody) {
  const ns = requireNamespace(ctx);
  const by = actorLabel(ctx.principal);
  const row = await ctx.db.transaction(async (tx) => {
    await lockNamespace(tx, ns.id);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(admissionRules)
      .where(eq(admissionRules.partnerId, ns.id));
    if (n >= MAX_RULES)
      throw new ConflictError(`The namespace has ${MAX_RULES} rules, the most it keeps: delete one first`);
    const position = Math.min(input.position ?? n + 1, n + 1);
    // Those at and after its place move one down.
    await tx
      .update(admissionRules)
      .set({ position: sql`${admissionRules.position} + 1` })
      .where(and(eq(admissionRules.partnerId, ns.id), gt(admissionRules.position, position - 1)));
    const now = new Date();
    const [created] = await tx
      .insert(admissionRules)
      .values({
        id: newId('rul'),
        orgId: ns.orgId,
        partnerId: ns.id,
        name: input.name.trim(),
        taskNames: input.task_names ?? null,
        conditions: input.conditions,
        action: input.action,
        reason: input.action === 'hold' ? (input.reason ?? 'business_reasons') : (input.reason ?? null),
        note: input.note?.trim() || null,
        enabled: input.enabled,
        position,
        createdBy: by,
        updatedBy: by,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await bumpVersion(tx, ns.id);
    if (created!.enabled) await keepPayers(tx, ns.id, created!.conditions);
    await recordAudit(tx, ctx, {
      action: 'rule.created',
      target: { type: 'rule', id: created!.id },
      after: audited(created!),
    });
    await emitEvent(tx, {
      type: 'rule.created',
      orgId: ns.orgId,
      partnerId: ns.id,
      data: { rule: serializeRule(created!) },
    });
    return created!;
  });
  return serializeRule(row);
}

export async function updateRule(ctx: ServiceContext, id: string, input: UpdateRuleBody) {
  const ns = requireNamespace(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    await lockNamespace(tx, ns.id);
    const current = await ruleOrThrow(tx, ns.id, id, true);
    const action = input.action ?? current.action;
    let reason = input.reason !== undefined ? input.reason : (current.reason as CreateRuleBody['reason']);
    // A changed action drops a reason it does not take, and a hold keeps one.
    if (input.reason === undefined && (action === 'accept' || action === 'review')) reason = null;
    if (action === 'hold' && !reason) reason = 'business_reasons';
    if (action === 'reject' && (!reason || reason === 'accepted'))
      throw new ValidationError('a reject rule needs a failure reason', 'reason');
    if ((action === 'accept' || action === 'review') && reason)
      throw new ValidationError(`an ${action} rule takes no reason`, 'reason');
    const [updated] = await tx
      .update(admissionRules)
      .set({
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.task_names !== undefined ? { taskNames: input.task_names } : {}),
        ...(input.conditions !== undefined ? { conditions: input.conditions } : {}),
        action,
        reason: reason ?? null,
        ...(input.note !== undefined ? { note: input.note?.trim() || null } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        updatedBy: actorLabel(ctx.principal),
        updatedAt: new Date(),
      })
      .where(eq(admissionRules.id, current.id))
      .returning();
    await bumpVersion(tx, ns.id);
    if (updated!.enabled) await keepPayers(tx, ns.id, updated!.conditions);
    await recordAudit(tx, ctx, {
      action: 'rule.updated',
      target: { type: 'rule', id },
      before: audited(current),
      after: audited(updated!),
      edit: true,
    });
    await emitEvent(tx, {
      type: 'rule.updated',
      orgId: ns.orgId,
      partnerId: ns.id,
      data: { rule: serializeRule(updated!) },
    });
    return updated!;
  });
  const hits = await hitsOf(ctx.db, [row.id]);
  return serializeRule(row, hits.get(row.id));
}

export async function deleteRule(ctx: ServiceContext, id: string) {
  const ns = requireNamespace(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockNamespace(tx, ns.id);
    const current = await ruleOrThrow(tx, ns.id, id, true);
    await tx.delete(admissionRules).where(eq(admissionRules.id, current.id));
    await tx
      .update(admissionRules)
      .set({ position: sql`${admissionRules.position} - 1` })
      .where(and(eq(admissionRules.partnerId, ns.id), gt(admissionRules.position, current.position)));
    await bumpVersion(tx, ns.id);
    await recordAudit(tx, ctx, {
      action: 'rule.deleted',
      target: { type: 'rule', id },
      before: audited(current),
    });
    await emitEvent(tx, {
      type: 'rule.deleted',
      orgId: ns.orgId,
      partnerId: ns.id,
      data: { rule: serializeRule(current) },
    });
  });
  return {};
}

/** The namespace's rules in a new order: `ids` names every rule once. */
export async function reorderRules(ctx: ServiceContext, input: ReorderRulesBody) {
  const ns = requireNamespace(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockNamespace(tx, ns.id);
    const rows = await orderedRules(tx, ns.id);
    const known = new Set(rows.map((r) => r.id));
    const unknown = input.ids.find((id) => !known.has(id));
    if (unknown) throw new NotFoundError(`Rule ${unknown} not found`);
    if (new Set(input.ids).size !== input.ids.length || input.ids.length !== rows.length)
      throw new ValidationError(`ids must name each of the namespace's ${rows.length} rules once`, 'ids');
    const before = rows.map((r) => r.id);
    for (const [i, id] of input.ids.entries()) {
      const row = rows.find((r) => r.id === id)!;
      if (row.position !== i + 1)
        await tx
          .update(admissionRules)
          .set({ position: i + 1, updatedAt: new Date() })
          .where(eq(admissionRules.id, id));
    }
    await bumpVersion(tx, ns.id);
    await recordAudit(tx, ctx, {
      action: 'rule.reordered',
      target: { type: 'namespace', id: ns.id },
      before: { order: before },
      after: { order: input.ids },
      edit: true,
    });
    for (const id of input.ids) {
      const row = rows.find((r) => r.id === id)!;
      if (row.position !== input.ids.indexOf(id) + 1)
        await emitEvent(tx, {
          type: 'rule.updated',
          orgId: ns.orgId,
          partnerId: ns.id,
          data: { rule: serializeRule({ ...row, position: input.ids.indexOf(id) + 1 }) },
        });
    }
  });
  return listRules(ctx);
}
