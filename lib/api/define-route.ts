import { createRoute, z, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { isDeepStrictEqual } from 'node:util';
import { getDatabase } from '@/lib/db';
import { config } from '@/lib/config';
import {
  AppError,
  ForbiddenError,
  KeyRefusedError,
  statusDescription,
  UnsupportedMediaTypeError,
  ValidationError,
  violatesConstraint,
} from '@/lib/errors';
import { type Action, ACTIONS, can, keyFlagOf, keyMay } from '@/lib/domain/permissions';
import { credentialId, type ServiceContext } from '@/lib/services/context';
import { resolveCredential, type AuthMode, type HeaderRule } from './credentials';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  idempotencyKeyOf,
  idempotencyScope,
  storeAnswer,
  attachedRecord,
  IDEMPOTENCY_KEY_CONSTRAINT,
} from './idempotency';
import { checkJsonBody } from './input-rules';
import { envelope, errorSchema } from '@/lib/schemas/common';
import { ANSWER_CACHE_CONTROL } from './envelope';
import { getAnonymousLimiters, getRateLimiter } from './limiter-instance';
import { addressBucket, clientAddress } from './client-address';
import type { GatewayEnv } from './env';
import type { AttachedWrite } from '@/lib/db/final-write';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteSpec<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  R extends z.ZodType,
> {
  method: Method;
  /** OpenAPI path relative to /api/v1/csp, e.g. `/payments/{payment_id}`. */
  path: string;
  /**
   * The operation's name in the OpenAPI document, unique across the gateway: a verb and the
   * resource in camelCase (`createPayment`, `rotateApiKey`). Client generators name their methods
   * after it, so it never changes once published.
   */
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /**
   * What the route does, named in the table of actions (lib/domain/permissions.ts), which says
   * who may: the roles of the people who may call it (others get 403), and the access flag an API
   * key needs (one without it gets 403); an action keys may not do takes a JWT only (a key gets
   * 401). `'public'`: no credential (health, sign-up, sign-in, invitations).
   */
  action: Action | 'public';
  /**
   * false: not rate-limited (liveness). Otherwise requests count per credential, or per client
   * address when there is none (lib/api/rate-limit.ts) — a write without a credential under the
   * lower anonymous-write limit; `'sign-up'` also under the sign-ups an hour per address.
   */
  rateLimited?: false | 'sign-up';
  partner?: HeaderRule;
  org?: HeaderRule;
  idempotent?: boolean;
  /**
   * The handler's service stores the answer of an idempotent request in its own final statement
   * (`ServiceContext.idempotency`, lib/api/idempotency.ts): no claim and completion round trips.
   */
  storesAnswer?: boolean;
  /**
   * The answer holds a secret (an API key's, a webhook's signing secret, a JWT): the idempotency
   * record keeps it encrypted (lib/api/idempotency.ts), and a replay returns it unchanged.
   */
  answerHoldsSecret?: boolean;
  /**
   * A user who must still set up a second factor (their organization requires one) may call it:
   * who they are, setting one up, their sessions and signing out. Every other route answers 403.
   */
  beforeSecondFactor?: boolean;
  body?: B;
  /**
   * The body may be left out (no `content-type`, no content): the handler then gets `{}`. For
   * optional details of an action that stands without them (an operator's note on a decision).
   */
  bodyOptional?: boolean;
  query?: Q;
  params?: P;
  response: R;
  /**
   * The answer is a file streamed as it is read rather than the JSON envelope: the handler returns
   * its lines (an async iterable of text), sent as `type` with `filename` as the download's name.
   * `response` then documents the content (a string).
   */
  stream?: { type: 'text/csv'; filename: string };
  /** Extra error statuses beyond 400/401 (e.g. 404, 409). */
  errors?: number[];
  /**
   * The body is one of the spec's shapes (sign-in, a payment, a task's update): fields it does
   * not name are ignored, as DESIGN §8 says, so a spec-conformant client that sends more than we
   * read is not refused. Every other operation's body refuses a field it does not take.
   */
  specBody?: boolean;
  /**
   * The answer names its tenant (the spec lists X-Partner-Id and X-Org-Id on settlement answers):
   * set on a success from the request's credential, and declared in the document.
   */
  tenantHeaders?: boolean;
  handler: (
    ctx: ServiceContext,
    input: {
      body: B extends z.ZodType ? z.output<B> : undefined;
      query: Q extends z.ZodType ? z.output<Q> : undefined;
      params: P extends z.ZodType ? z.output<P> : undefined;
    },
    c: Context<GatewayEnv>,
  ) => Promise<z.input<R> | AsyncIterable<string>>;
}

/**
 * The headers the gateway sends, declared on the answers that carry them (lib/api/app.ts sets the
 * first three on every answer, X-Request-Log on an error the request log recorded).
 */
const header = (description: string) => ({ description, schema: { type: 'string' as const } });
const ANSWER_HEADERS = {
  'X-Request-Id': header(
    "The request's id: the one sent in X-Request-Id when it is valid, else the gateway's own (req_…)",
  ),
  'X-Csp-Version': header('The gateway version, `gateway-csp/v0.1.0`'),
  'Cache-Control': header(
    `\`${ANSWER_CACHE_CONTROL}\`: an answer is kept by no cache and changed (compressed) by no intermediary`,
  ),
};
const ERROR_HEADERS = {
  'X-Request-Log': header(
    'Where the request log keeps this refusal (GET /request-logs/{request_id}), when it recorded it',
  ),
};
const RETRY_HEADER = {
  'Retry-After': header('Seconds until a request of this credential may be sent again'),
};
const REPLAY_HEADER = {
  'Idempotent-Replayed': header(
    '`true` when this is the stored answer of an earlier request with the same idempotency key',
  ),
};
const TENANT_HEADERS = {
  'X-Partner-Id': header('The namespace the answer is of'),
  'X-Org-Id': header('The organization the answer is of'),
};

/** Sent by the API reference's "Try it out" (app/docs/route.ts). */
const TRY_IT_OUT_HEADER = 'x-csp-try-it-out';
const ANONYMOUS_LIMITED = 'Too many requests from this address; retry later';
const SIGN_UPS_LIMITED = 'Too many sign-ups from this address; retry later';

function headerSchema(spec: {
  auth: AuthMode;
  partner?: HeaderRule;
  org?: HeaderRule;
  idempotent?: boolean;
}) {
  const shape: Record<string, z.ZodType> = {};
  // Validated as optional: a missing header is refused by the credential and idempotency layers,
  // after the credential (401 before 400) and with their own messages; the document says which
  // headers a route requires.
  const h = (name: string, required: boolean, description: string) =>
    z
      .string()
      .optional()
      .openapi({ param: { name, in: 'header', required }, description });
  if (spec.auth === 'apikey' || spec.auth === 'either')
    shape['x-service-api-key'] = h(
      'x-service-api-key',
      spec.auth === 'apikey',
      'API key secret (X-SERVICE-API-KEY)',
    );
  if (spec.partner && spec.partner !== 'none')
    shape['x-partner-id'] = h('x-partner-id', spec.partner === 'required', 'Namespace identifier');
  if (spec.org && spec.org !== 'none')
    shape['x-org-id'] = h('x-org-id', spec.org === 'required', 'Organization identifier');
  if (spec.idempotent)
    shape['idempotency-key'] = h(
      'idempotency-key',
      true,
      'A unique key per operation, usually a UUID (DESIGN §7: replayed, 409 while in flight, 422 with another body)',
    );
  return Object.keys(shape).length ? z.object(shape) : undefined;
}

/** The credential an action takes: a JWT, or also an API key where keys may do it. */
function authOf(action: Action | 'public'): AuthMode {
  if (action === 'public') return 'none';
  return keyFlagOf(action) ? 'either' : 'jwt';
}

/** The operation's description with who may call it, from the table of actions. */
function withWhoMay(description: string | undefined, action: Action | 'public'): string | undefined {
  if (action === 'public') return description;
  const flag = keyFlagOf(action);
  const who = `Who may call (action \`${action}\`): the roles ${ACTIONS[action].roles.join(', ')}; ${flag ? `API keys with \`${flag}\`` : 'no API key'}.`;
  return description ? `${description}\n\n${who}` : who;
}

/** Declares one gateway route: docs, credential, tenancy, validation, idempotency, envelope. */
export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(app: OpenAPIHono<GatewayEnv>, spec: RouteSpec<B, Q, P, R>): void {
  const partnerRule = spec.partner ?? 'none';
  const orgRule = spec.org ?? 'none';
  const auth = authOf(spec.action);
  const statuses = new Set([400, ...(auth === 'none' ? [] : [401]), ...(spec.errors ?? [])]);
  // Any credential may be refused: its role or its key's flags, a second factor still to set up,
  // a production call from "Try it out".
  if (auth !== 'none') statuses.add(403);
  if (spec.idempotent) [409, 422].forEach((s) => statuses.add(s));
  if (spec.body) statuses.add(415);
  // The body limit refuses an oversized body whatever the operation reads: any method but GET may carry one.
  if (spec.body || spec.method !== 'get') statuses.add(413);
  if (spec.rateLimited !== false) statuses.add(429);

  const success = {
    ...ANSWER_HEADERS,
    ...(spec.idempotent ? REPLAY_HEADER : {}),
    ...(spec.tenantHeaders ? TENANT_HEADERS : {}),
  };
  const responses: RouteConfig['responses'] = {
    200: spec.stream
      ? {
          description: 'Success',
          headers: success,
          content: { [spec.stream.type]: { schema: spec.response } },
        }
      : {
          description: 'Success',
          headers: success,
          content: { 'application/json': { schema: envelope(spec.response) } },
        },
  };
  for (const s of [...statuses].sort()) {
    responses[s] = {
      description: statusDescription(s) ?? 'Error',
      // A stored refusal is replayed like a success: with Idempotent-Replayed.
      headers: {
        ...ANSWER_HEADERS,
        ...ERROR_HEADERS,
        ...(s === 429 ? RETRY_HEADER : {}),
        ...(spec.idempotent ? REPLAY_HEADER : {}),
      },
      content: { 'application/json': { schema: errorSchema } },
    };
  }

  const security: RouteConfig['security'] =
    auth === 'none' ? [] : auth === 'jwt' ? [{ bearer: [] }] : [{ bearer: [] }, { apiKey: [] }];

  const route = createRoute({
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: withWhoMay(spec.description, spec.action),
    ...(spec.action === 'public' ? {} : { 'x-action': spec.action }),
    security,
    middleware: [
      authenticate({ ...spec, auth }, partnerRule, orgRule),
      refuseUnknownQuery(spec.query),
    ] as const,
    request: {
      headers: headerSchema({ ...spec, auth }) as never,
      params: spec.params as never,
      query: spec.query as never,
      body: spec.body
        ? {
            required: !spec.bodyOptional,
            content: { 'application/json': { schema: spec.body as z.ZodType } },
          }
        : undefined,
    },
    responses,
  });

  app.openapi(route, (async (c: Context<GatewayEnv>) => {
    const ctx = c.get('service');
    const input = {
      body: spec.body ? (c.req.valid as (t: string) => unknown)('json') : undefined,
      query: spec.query ? (c.req.valid as (t: string) => unknown)('query') : undefined,
      params: spec.params ? (c.req.valid as (t: string) => unknown)('param') : undefined,
    } as Parameters<typeof spec.handler>[1];

    const render = (data: unknown) => {
      if (config.checkResponses)
        checkResponse(spec.response, data, `${spec.method.toUpperCase()} ${spec.path}`);
      return JSON.stringify({ ok: true, data });
    };
    const run = async () => {
      const data = await spec.handler(ctx, input, c);
      if (spec.tenantHeaders) {
        if (ctx.namespace) c.header('X-Partner-Id', ctx.namespace.id);
        if (ctx.orgId) c.header('X-Org-Id', ctx.orgId);
      }
      return render(data);
    };

    if (spec.stream)
      return streamResponse(spec.stream, (await spec.handler(ctx, input, c)) as AsyncIterable<string>);

    if (!spec.idempotent) return jsonResponse(c, 200, await run());

    // The fingerprint is of the request's JSON as sent, not as validated: another body is another request.
    const request = {
      key: c.req.header('idempotency-key'),
      scope: idempotencyScope(credentialId(ctx.principal), spec.method, c.req.path),
      body: spec.body && !bodyLeftOut(spec, c) ? await c.req.json() : null,
    };
    if (spec.storesAnswer) {
      const answered = await answerWithStoredRecord(
        ctx.db,
        (attachedWrite) => spec.handler({ ...ctx, attachedWrite }, input, c),
        { ...idempotencyKeyOf(request), render, seal: spec.answerHoldsSecret },
      );
      if (answered !== undefined) return jsonResponse(c, 200, answered);
    }

    const claim = await claimIdempotencyKey(ctx.db, request);
    if (claim.kind === 'replay') {
      c.header('Idempotent-Replayed', 'true');
      return jsonResponse(c, claim.response.status, claim.response.body);
    }
    c.set('idempotencyKeyHash', claim.keyHash);
    c.set('idempotencySealed', spec.answerHoldsSecret);
    const body = await run();
    await completeIdempotencyKey(ctx.db, claim.keyHash, { status: 200, body }, spec.answerHoldsSecret);
    c.set('idempotencyKeyHash', undefined);
    return jsonResponse(c, 200, body);
  }) as never);
}

/**
 * The fast path (docs/architecture.md): the service stores the answer of an idempotent request in
 * its own final statement, with its change (`attachedRecord`, an `AttachedWrite` the service only
 * appends). Returns the body sent, or undefined when the ordinary path must decide: the key was
 * taken (a replay, or an identical request at the same moment, which waited on the key's row) or
 * the service refused the request — in both cases its statement wrote nothing, and the ordinary
 * path replays a stored answer, answers 409/422, or runs the operation again under its claim so
 * that a refusal is stored as the key's answer. Any other error is the request's error.
 */
async function answerWithStoredRecord(
  db: ServiceContext['db'],
  run: (attachedWrite: AttachedWrite) => Promise<unknown>,
  recordInput: Parameters<typeof attachedRecord>[0],
): Promise<string | undefined> {
  const record = attachedRecord(recordInput);
  try {
    const data = await run(record);
    if (record.stored !== undefined) return record.stored;
    // Answered without a write of its own (e.g. a task given the same final status again).
    const body = recordInput.render(data);
    return (await storeAnswer(db, recordInput, body)) ? body : undefined;
  } catch (err) {
    if (err instanceof AppError || violatesConstraint(err, IDEMPOTENCY_KEY_CONSTRAINT)) return undefined;
    throw err;
  }
}

/**
 * A response must be exactly what its schema documents: valid, and as JSON equal to what the
 * schema makes of it (no undocumented field, no value the schema would change). Run where
 * `config.checkResponses` is on; the body sent is the serializer's either way.
 */
export function checkResponse(schema: z.ZodType, data: unknown, route: string): void {
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new Error(`The response of ${route} does not match its schema: ${parsed.error.message}`);
  const [sent, documented] = [JSON.parse(JSON.stringify(data)), JSON.parse(JSON.stringify(parsed.data))];
  if (!isDeepStrictEqual(sent, documented))
    throw new Error(`The response of ${route} holds what its schema does not document`);
}

/** An optional body that was not sent: no content type, no length, no chunked content. */
function bodyLeftOut(spec: { bodyOptional?: boolean }, c: Context): boolean {
  return (
    Boolean(spec.bodyOptional) &&
    !c.req.header('content-type') &&
    !Number(c.req.header('content-length') ?? '0') &&
    !c.req.header('transfer-encoding')
  );
}

/**
 * A file sent as its lines are produced: the first is read before answering, so a refusal found
 * there is still an error envelope; a failure later ends the stream early (the status is sent).
 */
async function streamResponse(file: { type: string; filename: string }, lines: AsyncIterable<string>) {
  const it = lines[Symbol.asyncIterator]();
  const first = await it.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(first.value));
      if (first.done) controller.close();
    },
    async pull(controller) {
      try {
        const next = await it.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await it.return?.();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': `${file.type}; charset=UTF-8`,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}

function jsonResponse(c: Context<GatewayEnv>, status: number, body: string): Response {
  c.set('responseText', body);
  // Content-Length explicitly: the spec lists it on responses. The standalone host sends it; the
  // Next.js host drops it and streams every route handler's answer (docs/decisions.md, "Hosting").
  return c.body(body, status as 200, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': String(Buffer.byteLength(body)),
  });
}

/**
 * A query parameter the operation does not take is a 400 naming it and the ones it takes, as
 * Stripe answers: `?page_size=5` was a typo that silently answered the default page (issue 54).
 * Checked after the credential, with the query's other refusals.
 */
/**
 * A top-level body field the operation does not take is a 400 naming it and the ones it takes
 * (docs/decisions.md, "Unknown fields"): a misspelt `descripton` was silently dropped. Nested
 * objects are the schemas' to check.
 */
async function refuseUnknownFields(c: Context<GatewayEnv>, body: unknown): Promise<void> {
  const shape = (body as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return;
  const sent = await c.req.bodyCache.json;
  if (!sent || typeof sent !== 'object' || Array.isArray(sent)) return;
  const taken = Object.keys(shape);
  const unknown = Object.keys(sent as object).filter((k) => !(k in shape));
  if (unknown.length === 0) return;
  const names = unknown.slice(0, 5).map((k) => JSON.stringify(k.slice(0, 40)));
  throw new ValidationError(
    `Unknown field${unknown.length > 1 ? 's' : ''} ${names.join(', ')}: this operation's body takes ${taken.join(', ')}`,
    unknown.length === 1 ? unknown[0]!.slice(0, 40) : null,
  );
}

function refuseUnknownQuery(query: z.ZodType | undefined): MiddlewareHandler<GatewayEnv> {
  const taken = Object.keys((query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
  const known = new Set(taken);
  return async (c, next) => {
    const unknown = Object.keys(c.req.queries()).filter((k) => !known.has(k));
    if (unknown.length) {
      const names = unknown.slice(0, 5).map((k) => JSON.stringify(k.slice(0, 40)));
      throw new ValidationError(
        `Unknown query parameter${unknown.length > 1 ? 's' : ''} ${names.join(', ')}: this operation takes ${taken.length ? taken.join(', ') : 'none'}`,
        unknown.length === 1 ? unknown[0]!.slice(0, 40) : null,
      );
    }
    await next();
  };
}

function authenticate(
  spec: {
    method: Method;
    auth: AuthMode;
    action: Action | 'public';
    body?: unknown;
    bodyOptional?: boolean;
    specBody?: boolean;
    idempotent?: boolean;
    rateLimited?: false | 'sign-up';
    beforeSecondFactor?: boolean;
  },
  partner: HeaderRule,
  org: HeaderRule,
): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const { db } = await getDatabase();
    const limiter = getRateLimiter(db);
    const resolved = await resolveCredential(
      db,
      {
        authorization: c.req.header('authorization'),
        apiKey: c.req.header('x-service-api-key'),
        orgId: c.req.header('x-org-id'),
        partnerId: c.req.header('x-partner-id'),
      },
      spec.auth,
      { partner, org },
    ).catch((err: unknown) => {
      // A known key's refusal goes to its own namespace's request log (never the headers' one).
      if (err instanceof KeyRefusedError) c.set('refusedKey', { ...err.key, db });
      throw err;
    });
    const p = resolved.principal;
    c.set('caller', { ...resolved, db });
    if (p.kind !== 'anonymous') limiter.check(credentialId(p));
    else if (spec.rateLimited !== false) {
      const address = addressBucket(clientAddress(c));
      if (spec.method === 'get') limiter.check(`ip:${address}`, undefined, ANONYMOUS_LIMITED);
      else {
        const anonymous = getAnonymousLimiters(db);
        anonymous.writes.check(`anon-write:${address}`, undefined, ANONYMOUS_LIMITED);
        if (spec.rateLimited === 'sign-up')
          anonymous.signUps.check(`sign-up:${address}`, undefined, SIGN_UPS_LIMITED);
      }
    }
    if (p.kind === 'user' && spec.action !== 'public' && !can(p.role, spec.action))
      throw new ForbiddenError(`The ${p.role} role may not perform this operation`);
    if (resolved.mustSetUpSecondFactor && !spec.beforeSecondFactor)
      throw new ForbiddenError(
        'Your organization requires a second factor: set up an authenticator app (Sessions screen, POST /me/second-factor/totp) first',
      );
    // The API reference's "Try it out" acts on sandboxes only: a production change made from a
    // documentation page by mistake is not undone. A safeguard for people, not a credential check.
    if (c.req.header(TRY_IT_OUT_HEADER) !== undefined && p.kind !== 'anonymous') {
      const sandbox = resolved.namespace
        ? resolved.namespace.environment === 'sandbox'
        : resolved.orgStatus === 'sandbox';
      if (!sandbox)
        throw new ForbiddenError(
          '"Try it out" in the API reference takes sandbox credentials only: call a production namespace from your back end',
        );
    }
    // A key reaches here only for an action keys may do (authOf): it needs the action's flag.
    if (p.kind === 'apikey' && spec.action !== 'public' && !keyMay(p.access, spec.action))
      throw new ForbiddenError(`This API key lacks the ${keyFlagOf(spec.action)} permission`);
    if (spec.body && !bodyLeftOut(spec, c)) {
      const type = c.req.header('content-type') ?? '';
      const length = Number(c.req.header('content-length') ?? '0');
      if (!type && !length && !c.req.header('transfer-encoding'))
        throw new ValidationError('Request body must be a JSON object', null);
      if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) throw new UnsupportedMediaTypeError();
      await checkJsonBody(c);
      if (!spec.specBody) await refuseUnknownFields(c, spec.body);
    }
    c.set('service', {
      db,
      principal: p,
      orgId: resolved.orgId,
      orgStatus: resolved.orgStatus,
      namespace: resolved.namespace,
      requestId: c.get('requestId'),
      client: { ip: clientAddress(c), userAgent: c.req.header('user-agent')?.slice(0, 256) ?? null },
    });
    await next();
  };
}
