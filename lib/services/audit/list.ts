import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { ForbiddenError } from '@/lib/errors';
import type { ServiceContext } from '@/lib/services/context';
import { inOrder, keysetPage, tableFetch, type Keyset } from '../paging';
import type { AuditEvent, ExportAuditEventsQuery, ListAuditEventsQuery } from '@/lib/schemas/audit';
import { NETWORK_CHAIN } from './chain';
import { keysetCsv } from '../export';

const { auditEvents } = schema;
type Row = typeof auditEvents.$inferSelect;

/**
 * Newest first. Every filter has an index ending in (occurred_at, seq) after the organization
 * (lib/db/schema/audit.ts), so each page is a range scan at any size of the trail.
 */
const NEWEST_FIRST: Keyset = {
  keys: [
    { column: auditEvents.occurredAt, type: 'timestamptz' },
    { column: auditEvents.seq, type: 'bigint' },
  ],
  direction: 'desc',
};

/**
 * The rows the caller may read, filtered: an organization's admin and support read their own
 * organization's trail; the operator reads every trail, or one (`org_id`, `network` for its own).
 */
function scope(ctx: ServiceContext, q: ExportAuditEventsQuery): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  const operator = ctx.principal.kind === 'user' && ctx.principal.role === 'operator';
  if (operator) {
    if (q.org_id === NETWORK_CHAIN) where.push(isNull(auditEvents.orgId));
    else if (q.org_id) where.push(eq(auditEvents.orgId, q.org_id));
  } else {
    if (!ctx.orgId) throw new ForbiddenError('The audit trail is read with an organization credential');
    if (q.org_id !== undefined && q.org_id !== ctx.orgId)
      throw new ForbiddenError("org_id: only the operator reads another organization's trail");
    where.push(eq(auditEvents.orgId, ctx.orgId));
  }
  if (q.action) where.push(eq(auditEvents.action, q.action));
  if (q.actor)
    where.push(eq(auditEvents.actorLabel, q.actor.includes('@') ? q.actor.toLowerCase() : q.actor));
  if (q.target) where.push(eq(auditEvents.targetId, q.target));
  if (q.occurred_from !== undefined)
    where.push(sql`${auditEvents.occurredAt} >= to_timestamp(${q.occurred_from})`);
  if (q.occurred_to !== undefined)
    where.push(sql`${auditEvents.occurredAt} < to_timestamp(${q.occurred_to})`);
  return and(...where);
}

function serializeAuditEvent(r: Row): AuditEvent {
  return {
    token: r.id,
    occurred_at: Math.floor(r.occurredAt.getTime() / 1000),
    occurred_at_ms: r.occurredAt.getTime(),
    org_id: r.orgId,
    partner_id: r.partnerId,
    actor: { kind: r.actorKind, id: r.actorId, label: r.actorLabel },
    action: r.action,
    target: { type: r.targetType, id: r.targetId },
    changes: r.changes ?? null,
    request_id: r.requestId,
    ip: r.ip,
    user_agent: r.userAgent,
  };
}

/** The trail's rows under a filter, read by keyset (the list's and the export's one fetch). */
const auditFetch = (ctx: ServiceContext, where: SQL | undefined) =>
  tableFetch(ctx.db, NEWEST_FIRST, where, auditEvents);

export async function listAuditEvents(ctx: ServiceContext, q: ListAuditEventsQuery) {
  const { rows, page } = await keysetPage(NEWEST_FIRST, q, auditFetch(ctx, scope(ctx, q)));
  return {
    ...page,
    audit_events: rows.map((r) => serializeAuditEvent(r.row)),
    archived_through: await archivedThrough(ctx, q),
  };
}

/** The time of the last archived entry of the one trail read (none for the operator's every trail). */
async function archivedThrough(ctx: ServiceContext, q: ListAuditEventsQuery): Promise<number | null> {
  const operator = ctx.principal.kind === 'user' && ctx.principal.role === 'operator';
  const chain = operator ? q.org_id : ctx.orgId;
  if (!chain) return null;
  const [last] = await ctx.db
    .select({ at: schema.auditArchives.lastOccurredAt })
    .from(schema.auditArchives)
    .where(eq(schema.auditArchives.chain, chain))
    .orderBy(desc(schema.auditArchives.throughPos))
    .limit(1);
  return last ? Math.floor(last.at.getTime() / 1000) : null;
}

const CSV_COLUMNS = [
  'occurred_at',
  'token',
  'org_id',
  'partner_id',
  'actor_kind',
  'actor_id',
  'actor',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'request_id',
  'ip',
  'user_agent',
];

/**
 * The filtered trail as CSV, newest first (or oldest first: `order`), read a page at a time by keyset as the client takes
 * it (never built in memory): the stream's consumer pulls, and each pull reads one page.
 */
export async function exportAuditEvents(
  ctx: ServiceContext,
  q: ExportAuditEventsQuery,
): Promise<AsyncIterable<string>> {
  const where = scope(ctx, q); // refusals before the first byte
  return keysetCsv(CSV_COLUMNS, inOrder(NEWEST_FIRST, auditFetch(ctx, where), q.order), ({ row: r }) => [
    r.occurredAt.toISOString(),
    r.id,
    r.orgId,
    r.partnerId,
    r.actorKind,
    r.actorId,
    r.actorLabel,
    r.action,
    r.targetType,
    r.targetId,
    r.changes?.before,
    r.changes?.after,
    r.requestId,
    r.ip,
    r.userAgent,
  ]);
}
