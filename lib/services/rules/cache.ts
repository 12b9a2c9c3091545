import { asc, eq } from 'drizzle-orm';
import { schema, type DbOrTx } from '@/lib/db';
import { perDatabase } from '@/lib/db/prepared';
import type { Reason } from '@/lib/domain/reasons';
import type { RuleAction, RuleDefinition } from '@/lib/domain/rules';

const { admissionRules } = schema;

/** A namespace's enabled rules in evaluation order, as of its `rules_version`. */
export interface NamespaceRules {
  version: number;
  rules: RuleDefinition[];
  /** Some enabled rule reads the payer's velocity: its tasks keep the payer, counted under a lock. */
  velocity: boolean;
}

/** How many namespaces' rules one process keeps; past it the oldest entry goes. */
const KEPT = 5000;

/** Per database handle: namespace id → its rules at the version read. */
const cached = perDatabase(() => new Map<string, NamespaceRules>());

function toDefinition(r: typeof admissionRules.$inferSelect): RuleDefinition {
  return {
    id: r.id,
    name: r.name,
    task_names: r.taskNames,
    conditions: r.conditions,
    action: r.action as RuleAction,
    reason: (r.reason as Reason | null) ?? null,
    note: r.note,
    enabled: r.enabled,
  };
}

/**
 * The namespace's rules at `version` — the `rules_version` read with the task's other facts, in
 * the statement that reads them anyway — so a namespace without rules (version 0) costs nothing,
 * and one with rules costs a read only when they changed since this process last read them (any
 * instance's change moves the version in the same transaction).
 */
export async function namespaceRules(
  db: DbOrTx,
  cacheDb: Parameters<typeof cached>[0],
  partnerId: string,
  version: number,
): Promise<NamespaceRules | null> {
  if (version === 0) return null;
  const map = cached(cacheDb);
  const hit = map.get(partnerId);
  if (hit && hit.version === version) return hit.rules.length ? hit : null;
  const rows = await db
    .select()
    .from(admissionRules)
    .where(eq(admissionRules.partnerId, partnerId))
    .orderBy(asc(admissionRules.position), asc(admissionRules.id));
  const rules = rows.filter((r) => r.enabled).map(toDefinition);
  const entry: NamespaceRules = {
    version,
    rules,
    velocity: rules.some((r) => r.conditions.payer_velocity !== undefined),
  };
  // A version read before a concurrent change may be older than the cached one: keep the newer.
  if (!hit || hit.version < version) {
    map.delete(partnerId);
    if (map.size >= KEPT) map.delete(map.keys().next().value!);
    map.set(partnerId, entry);
  }
  return rules.length ? entry : null;
}
