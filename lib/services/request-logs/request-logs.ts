import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import { schema } from '@/lib/db';
import { config } from '@/lib/config';
import { idAt } from '@/lib/ids';
import { NotFoundError, ValidationError } from '@/lib/errors';
import type { ListRequestLogsQuery, UpdateRequestLogSettingsBody } from '@/lib/schemas/request-logs';
import { recordAudit } from '../audit/record';
import { requireNamespace } from '../guards';
import { keysetPage, queryFetch, type Keyset } from '../paging';

const { requestLogs, requestLogSettings } = schema;
type Row = typeof requestLogs.$inferSelect;

/** A namespace's log, newest first: its primary key (partner_id, id), the id being time first. */
const NEWEST_FIRST: Keyset = { keys: [{ column: requestLogs.id, type: 'text' }], direction: 'desc' };

/** The columns a list shows: the bodies are read by one entry's page only. */
const listed = {
  partnerId: requestLogs.partnerId,
  id: requestLogs.id,
  requestId: requestLogs.requestId,
  at: requestLogs.at,
  method: requestLogs.method,
  path: requestLogs.path,
  route: requestLogs.route,
  query: requestLogs.query,
  status: requestLogs.status,
  latencyMs: requestLogs.latencyMs,
  credential: requestLogs.credential,
  actor: requestLogs.actor,
  source: requestLogs.source,
  idempotencyKey: requestLogs.idempotencyKey,
  replayed: requestLogs.replayed,
  errorCode: requestLogs.errorCode,
  errorMessage: requestLogs.errorMessage,
};
type Listed = Pick<Row, keyof typeof listed>;

function serialize(r: Listed) {
  const [kind, id] = r.credential.split(':') as ['key' | 'usr', string];
  return {
    token: r.id,
    request_id: r.requestId,
    at: Math.floor(r.at.getTime() / 1000),
    at_ms: r.at.getTime(),
    method: r.method,
    path: r.path,
    route: r.route,
    query: r.query,
    status: r.status,
    latency_ms: Math.round(r.latencyMs * 10) / 10,
    credential: id,
    credential_kind: kind === 'key' ? ('api_key' as const) : ('user' as const),
    actor: r.actor,
    source: r.source,
    idempotency_key: r.idempotencyKey,
    replayed: r.replayed,
    error_code: r.errorCode,
    error_message: r.errorMessage,
  };
}

/** Whether the namespace's log keeps bodies: always in a sandbox, by its admins' choice otherwise. */
async function bodiesKept(ctx: ServiceContext, ns: { id: string; environment: string }): Promise<boolean> {
  if (ns.environment === 'sandbox') return true;
  const [s] = await ctx.db
    .select({ keep: requestLogSettings.keepBodies })
    .from(requestLogSettings)
    .where(eq(requestLogSettings.partnerId, ns.id));
  return s?.keep ?? false;
}

/** The namespace's API requests, newest first, by status class, path, credential and time. */
export async function listRequestLogs(ctx: ServiceContext, q: ListRequestLogsQuery) {
  const ns = requireNamespace(ctx);
  const where: SQL[] = [eq(requestLogs.partnerId, ns.id)];
  // The class as a constant (one of four): the planner then sees it within the partial index of
  // refusals and errors (status_class >= 3).
  if (q.status_class)
    where.push(sql`${requestLogs.statusClass} = ${sql.raw(String(Number(q.status_class[0])))}`);
  if (q.path) where.push(eq(requestLogs.path, q.path));
  // API calls by default: the dashboard's own polling would otherwise fill the list. An API key's
  // calls are all API calls: with a key named, the source is known without reading a row (and a
  // key's entries are read along the credential's index alone).
  const keyNamed = q.credential?.startsWith('api_') ?? false;
  if (keyNamed && q.source === 'dashboard') where.push(sql`false`);
  else if (q.source !== 'all' && !keyNamed) where.push(eq(requestLogs.source, q.source));
  if (q.credential)
    where.push(
      eq(requestLogs.credential, `${q.credential.startsWith('api_') ? 'key' : 'usr'}:${q.credential}`),
    );
  // A time range is a range of ids (time first): read along the same index as the rest.
  if (q.from !== undefined) where.push(gte(requestLogs.id, idAt('req', new Date(q.from * 1000))));
  if (q.to !== undefined) where.push(lt(requestLogs.id, idAt('req', new Date((q.to + 1) * 1000))));
  if (q.from !== undefined && q.to !== undefined && q.from > q.to)
    throw new ValidationError('from must not be after to', 'from');
  const cond = and(...where);
  const [{ rows, page }, kept] = await Promise.all([
    keysetPage(
      NEWEST_FIRST,
      q,
      queryFetch<Listed>(
        ctx.db,
        NEWEST_FIRST,
        cond,
        (keys) =>
          ctx.db
            .select({ ...listed, keys })
            .from(requestLogs)
            .$dynamic(),
        () =>
          ctx.db
            .select({ one: sql`1` })
            .from(requestLogs)
            .$dynamic(),
      ),
    ),
    bodiesKept(ctx, ns),
  ]);
  return {
    ...page,
    bodies_kept: kept,
    retention_seconds: config.retention.requestLogSeconds,
    request_logs: rows.map(serialize),
  };
}

/**
 * One request with its bodies, by its request id: the gateway's own (the entry's id, `req_…`) or
 * one the client sent as X-Request-Id (its latest entry). Another namespace's is a 404.
 */
export async function getRequestLog(ctx: ServiceContext, requestId: string) {
  const ns = requireNamespace(ctx);
  const byId = () =>
    ctx.db
      .select()
      .from(requestLogs)
      .where(and(eq(requestLogs.partnerId, ns.id), eq(requestLogs.id, requestId)));
  // A client's own request id, through its partial index (request_id <> id).
  const byClientId = () =>
    ctx.db
      .select()
      .from(requestLogs)
      .where(
        and(
          eq(requestLogs.partnerId, ns.id),
          eq(requestLogs.requestId, requestId),
          sql`${requestLogs.requestId} <> ${requestLogs.id}`,
        ),
      )
      .orderBy(desc(requestLogs.id))
      .limit(1);
  let [row] = requestId.startsWith('req_') ? await byId() : [];
  if (!row) [row] = await byClientId();
  if (!row) throw new NotFoundError(`No request ${requestId} in this namespace's log`);
  return {
    ...serialize(row),
    request_body: row.requestBody,
    response_body: row.responseBody,
    bodies_kept: await bodiesKept(ctx, ns),
  };
}

export async function getRequestLogSettings(ctx: ServiceContext) {
  const ns = requireNamespace(ctx);
  return {
    bodies_kept: await bodiesKept(ctx, ns),
    environment: ns.environment,
    retention_seconds: config.retention.requestLogSeconds,
  };
}

/** A production namespace's admins choose whether its log keeps bodies (from the next request). */
export async function updateRequestLogSettings(ctx: ServiceContext, input: UpdateRequestLogSettingsBody) {
  const ns = requireNamespace(ctx);
  if (ns.environment === 'sandbox')
    throw new ValidationError(
      'keep_bodies: a sandbox namespace always keeps request and response bodies',
      'keep_bodies',
    );
  const before = await bodiesKept(ctx, ns);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(requestLogSettings)
      .values({ partnerId: ns.id, keepBodies: input.keep_bodies })
      .onConflictDoUpdate({
        target: requestLogSettings.partnerId,
        set: { keepBodies: input.keep_bodies, updatedAt: new Date() },
      });
    await recordAudit(tx, ctx, {
      action: 'request_log.settings_updated',
      target: { type: 'namespace', id: ns.id },
      before: { keep_bodies: before },
      after: { keep_bodies: input.keep_bodies },
      edit: true,
    });
  });
  return getRequestLogSettings(ctx);
}
