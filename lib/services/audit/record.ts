import type { DbOrTx } from '@/lib/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import type { AuditAction } from '@/lib/domain/audit';
import { slots, slotValues } from '@/lib/db/prepared';
import type { ServiceContext } from '@/lib/services/context';

/** Who acted and from where: what a service context says of it. */
export type AuditContext = Pick<
  ServiceContext,
  'principal' | 'orgId' | 'namespace' | 'requestId' | 'client'
> & {
  /** The system acting on the namespace's behalf (an admission rule: `rule:<id>`, its name). */
  system?: { id: string; label: string };
};

export interface AuditEntry {
  /** `<entity>.<verb>`, past tense (lib/domain/audit.ts lists them). */
  action: AuditAction;
  target: { type: string; id: string | null };
  /** The changed fields before and after (only those that differ are kept); never a secret. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** The trail it belongs to: the caller's organization unless given (null: the network's). */
  orgId?: string | null;
  /** The namespace it concerns: the caller's unless given. */
  partnerId?: string | null;
  /** For an anonymous caller: who they said they were (a refused sign-in's e-mail). */
  claimedActor?: string;
  /**
   * An edit of fields (not an act such as a rotation or a replay): when no field differs between
   * `before` and `after`, nothing is recorded.
   */
  edit?: true;
}

// A field of these names never reaches the trail, whatever a caller passes (defence in depth: the
// callers pass named fields only). The last four characters of a secret are not a secret.
const SENSITIVE = /secret|password|hash|token_value|recovery/i;
const keep = (name: string) => !SENSITIVE.test(name) || /last4$/i.test(name);

function clean(fields: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).filter(([k, v]) => keep(k) && v !== undefined));
}

/** `before` and `after` reduced to the fields that changed (all of them when one side is absent). */
function changedFields(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): { before?: Record<string, unknown>; after?: Record<string, unknown> } | null {
  const b = clean(before);
  const a = clean(after);
  if (!b && !a) return null;
  if (!b || !a) return { ...(b ? { before: b } : {}), ...(a ? { after: a } : {}) };
  const names = new Set([...Object.keys(b), ...Object.keys(a)]);
  const differs = [...names].filter((n) => JSON.stringify(b[n]) !== JSON.stringify(a[n]));
  const side = (fields: Record<string, unknown>) => {
    const kept = differs.filter((n) => n in fields);
    return kept.length ? Object.fromEntries(kept.map((n) => [n, fields[n]])) : undefined;
  };
  const [was, is] = [side(b), side(a)];
  return { ...(was ? { before: was } : {}), ...(is ? { after: is } : {}) };
}

/** The actor columns of an entry. */
function actorOf(ctx: Pick<AuditContext, 'principal' | 'system'>, claimed?: string) {
  if (ctx.system)
    return { actorKind: 'system' as const, actorId: ctx.system.id, actorLabel: ctx.system.label };
  const p = ctx.principal;
  if (p.kind === 'user') return { actorKind: 'user' as const, actorId: p.userId, actorLabel: p.email };
  if (p.kind === 'apikey') return { actorKind: 'apikey' as const, actorId: p.keyId, actorLabel: p.name };
  return { actorKind: 'anonymous' as const, actorId: claimed ?? null, actorLabel: claimed ?? 'anonymous' };
}

/** The row of an entry, for a caller that writes it inside a statement of its own. */
function auditRow(ctx: AuditContext, entry: AuditEntry): typeof schema.auditEvents.$inferInsert {
  return {
    id: newId('aud'),
    orgId: entry.orgId !== undefined ? entry.orgId : ctx.orgId,
    partnerId: entry.partnerId !== undefined ? entry.partnerId : (ctx.namespace?.id ?? null),
    ...actorOf(ctx, entry.claimedActor),
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    changes: changedFields(entry.before, entry.after),
    requestId: ctx.requestId || null,
    ip: ctx.client?.ip ?? null,
    userAgent: ctx.client?.userAgent ?? null,
  };
}

/**
 * Records who changed what, in the caller's transaction (`tx`), so the entry commits with the
 * change or not at all. The sealer chains it shortly after (lib/services/audit/seal.ts).
 */
export async function recordAudit(tx: DbOrTx, ctx: AuditContext, ...entries: AuditEntry[]): Promise<void> {
  const changes = entries.filter((e) => !changesNothing(e));
  if (!changes.length) return;
  await tx.insert(schema.auditEvents).values(changes.map((e) => auditRow(ctx, e)));
}

/**
 * An edit that leaves every field as it was (a PATCH with the values already held, verifying a
 * verified account) is not a change: it leaves no entry.
 */
function changesNothing(entry: AuditEntry): boolean {
  if (!entry.edit || !entry.before || !entry.after) return false;
  const c = changedFields(entry.before, entry.after);
  return !c?.before && !c?.after;
}

const AUDIT_FIELDS: Required<Omit<typeof schema.auditEvents.$inferInsert, 'seq' | 'occurredAt'>> = {
  id: '',
  orgId: '',
  partnerId: '',
  actorKind: 'user',
  actorId: '',
  actorLabel: '',
  action: '',
  targetType: '',
  targetId: '',
  changes: {},
  requestId: '',
  ip: '',
  userAgent: '',
};

/**
 * An entry as a part of a service's one prepared statement (the fast path, lib/db/final-write.ts):
 * the insert with `slot`s, filled by `auditValues`.
 */
export function auditInsertSlots(db: DbOrTx) {
  return db.insert(schema.auditEvents).values(slots('a_', AUDIT_FIELDS));
}

export function auditValues(
  ctx: AuditContext,
  entry: AuditEntry,
  into: Record<string, unknown>,
): Record<string, unknown> {
  return slotValues('a_', auditRow(ctx, entry), into);
}
