/**
 * A typed client of the payment network's gateway (`/api/v1/csp`), generated from the OpenAPI
 * document the gateway serves (./schema.d.ts) and carried by openapi-fetch: every path, parameter,
 * body and answer is typed as the gateway declares it.
 *
 * What it adds to openapi-fetch: the credential (an API key or a user's access token) and the
 * tenant headers on every request; an idempotency key on every write that names none (one per
 * call, so a retry of the same call must pass its own key: `params.header['idempotency-key']`);
 * `unwrap`, which answers the `data` of a success and throws the gateway's error envelope as a
 * `CspError`; and `pages`, which follows a list's cursors.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths };

export interface ClientOptions {
  /** The gateway's origin, e.g. `https://gateway.example` (the paths carry `/api/v1/csp`). */
  baseUrl: string;
  /** A namespace's API key secret (`sk_sandbox_…`, `sk_live_…`), sent as X-SERVICE-API-KEY. */
  apiKey?: string;
  /** A user's `access_token` (POST /organization/signin), sent as a bearer token. */
  accessToken?: string;
  /** The namespace the calls act in (x-partner-id). */
  partnerId?: string;
  /** The organization (x-org-id). */
  orgId?: string;
  /** A fetch of your own (a proxy, a test double); the global one by default. */
  fetch?: typeof fetch;
}

/** The gateway's error envelope (DESIGN §8): its code, its message and the field at fault, if one. */
export class CspError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** The request's id (X-Request-Id), to quote to the network's support. */
  readonly requestId: string | null;

  constructor(
    status: number,
    body: { code?: string; message?: string; field?: string } | undefined,
    requestId: string | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'CspError';
    this.status = status;
    this.code = body?.code ?? 'error.unknown';
    this.field = body?.field;
    this.requestId = requestId;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The client: openapi-fetch's, typed by the gateway's paths, with the options' headers on every call. */
export function createClient(options: ClientOptions): Client<paths> {
  const client = createFetchClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  client.use({
    onRequest({ request }) {
      const h = request.headers;
      if (options.apiKey && !h.has('x-service-api-key')) h.set('x-service-api-key', options.apiKey);
      if (options.accessToken && !h.has('authorization'))
        h.set('authorization', `Bearer ${options.accessToken}`);
      if (options.partnerId && !h.has('x-partner-id')) h.set('x-partner-id', options.partnerId);
      if (options.orgId && !h.has('x-org-id')) h.set('x-org-id', options.orgId);
      if (WRITES.has(request.method) && !h.has('idempotency-key'))
        h.set('idempotency-key', crypto.randomUUID());
      return request;
    },
  });
  return client;
}

/** What openapi-fetch answers: the success's body, or the error's, and the response. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The `data` of a success; the gateway's refusal as a CspError. */
export async function unwrap<T extends { data?: unknown }>(
  call: Promise<Answer<T>> | Answer<T>,
): Promise<NonNullable<T['data']>> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined || !response.ok)
    throw new CspError(
      response.status,
      error as { code?: string; message?: string; field?: string } | undefined,
      response.headers.get('x-request-id'),
    );
  return data.data as NonNullable<T['data']>;
}

/** A page of a cursor-paged list: its rows under their plural, and the cursor of the next page. */
type Page<K extends string, R> = { [P in K]: R[] } & { next_cursor?: string | null };

/**
 * Every row of a list, page after page, following `next_cursor`: `fetchPage(cursor)` reads one page
 * (undefined: the first), `rows` names the list's plural ("payments").
 */
export async function* pages<K extends string, R>(
  fetchPage: (cursor: string | undefined) => Promise<Page<K, R>>,
  rows: K,
): AsyncGenerator<R> {
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page[rows];
    if (!page.next_cursor) return;
    cursor = page.next_cursor;
  }
}
