import type { Context } from 'hono';
import { credentialId } from '@/lib/services/context';
import { requestLogWriter } from '@/lib/services/request-logs/writer';
import { redactPath } from '@/lib/log/logger';
import { newId } from '@/lib/ids';
import { DASHBOARD_HEADER } from '@/lib/security/same-origin';
import type { GatewayEnv } from './env';

const API_PREFIX = '/api/v1/csp';

/**
 * Records a finished request in its namespace's request log (docs/decisions.md, "Request log"):
 * every request whose credential resolved to a namespace — an API key, or a user naming one with
 * x-partner-id — refused ones included (403, 409, 422, 429…), and the 401s of a known API key
 * (revoked, disabled, expired, a secret a rotation replaced), in that key's namespace. Called after the answer is made; the
 * entry waits in memory and is written in a batch (RequestLogWriter), so the request's latency
 * and transaction do not carry it. Answers the entry's id, or undefined when nothing is recorded.
 */
export async function recordRequest(c: Context<GatewayEnv>, arrived: Date, latencyMs: number) {
  const who = whoCalled(c);
  if (!who) return undefined;
  // Reading the log is not logged: the log screen would otherwise fill its own list.
  if (c.req.routePath.startsWith(`${API_PREFIX}/request-log`)) return undefined;
  const requestId = c.get('requestId');
  const id = c.get('requestIdGenerated') ? requestId : newId('req');
  const method = c.req.method;
  const status = c.res.status;
  // The body as received: what the operation parsed (kept by Hono), or read now for a request
  // refused before it was. Not for a body refused for its size or type.
  let requestBody: string | null = null;
  if (method !== 'GET' && method !== 'HEAD' && status !== 413 && status !== 415) {
    requestBody = await c.req.text().catch(() => null);
  }
  const responseText = c.get('responseText') ?? null;
  let errorCode: string | null = null;
  let errorMessage: string | null = null;
  if (status >= 400 && responseText) {
    try {
      const body = JSON.parse(responseText) as { code?: unknown; message?: unknown };
      errorCode = typeof body.code === 'string' ? body.code : null;
      errorMessage = typeof body.message === 'string' ? body.message : null;
    } catch {
      // not an envelope
    }
  }
  const url = c.req.url;
  const q = url.indexOf('?');
  const template = c.req.routePath;
  requestLogWriter(who.db).record({
    partnerId: who.partnerId,
    id,
    requestId,
    orgId: who.orgId,
    at: arrived.toISOString(),
    method,
    path: redactPath(c.req.path),
    route: template && !template.endsWith('*') ? template.replace(/:(\w+)/g, '{$1}') : null,
    query: q < 0 ? null : url.slice(q + 1),
    status,
    latencyMs,
    credential: who.credential,
    actor: who.actor,
    source: who.source,
    idempotencyKey: c.req.header('idempotency-key')?.slice(0, 255) ?? null,
    replayed: c.res.headers.get('idempotent-replayed') === 'true',
    errorCode,
    errorMessage,
    sandbox: who.sandbox,
    requestBody,
    responseBody: responseText,
  });
  return id;
}

/**
 * The namespace whose log records the request, and who made it: the resolved credential's
 * namespace (an API key's, or the one a user named), or the namespace of a known API key that was
 * refused (revoked, disabled, expired, a secret a rotation replaced). An unknown secret resolves
 * to no namespace, so nobody can write into another's log by sending a made-up key and headers.
 */
function whoCalled(c: Context<GatewayEnv>) {
  const caller = c.get('caller');
  if (caller?.namespace && caller.principal.kind !== 'anonymous') {
    const p = caller.principal;
    return {
      db: caller.db,
      partnerId: caller.namespace.id,
      orgId: caller.namespace.orgId,
      sandbox: caller.namespace.environment === 'sandbox',
      credential: credentialId(p),
      actor: p.kind === 'apikey' ? p.name : p.email,
      // The dashboard's server marks its calls with the header its pages send it (gateway-client.ts).
      // Only a user's calls are filed so: a person who sends it by hand hides only their own
      // calls from the list's default.
      source:
        p.kind === 'user' && c.req.header(DASHBOARD_HEADER) === '1'
          ? ('dashboard' as const)
          : ('api' as const),
    };
  }
  const refused = c.get('refusedKey');
  if (!refused) return undefined;
  return {
    db: refused.db,
    partnerId: refused.partnerId,
    orgId: refused.orgId,
    sandbox: refused.sandbox,
    credential: `key:${refused.id}`,
    actor: refused.name,
    source: 'api' as const,
  };
}
