'use client';

import { DASHBOARD_HEADER } from '@/lib/security/same-origin';

/** The browser's fetch wrapper: every call goes through the dashboard's proxy route. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The answer's X-Request-Id: the request log's entry when `logged` (X-Request-Log). */
    readonly requestId: string | null = null,
    readonly logged = false,
    /** The request's field at fault, when the refusal names one (the envelope's `field`). */
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

/**
 * The request ids of the last refusals, by message: a toast showing one of these messages links
 * the request's entry in the request log (components/ui/toast.tsx), whichever screen raised it.
 */
const recentRefusals = new Map<string, { requestId: string; at: number }>();

/** The logged request behind an error message shown within the last minute, if any. */
export function requestOfMessage(message: string): string | null {
  const seen = recentRefusals.get(message);
  return seen && Date.now() - seen.at < 60_000 ? seen.requestId : null;
}

/**
 * The refusal a response of the dashboard's own routes carries (sign-up, an invitation's
 * acceptance: called without a session, not through `apiFetch`), for `showServerError`.
 */
export async function refusalOf(res: Response, fallback: string): Promise<ApiClientError> {
  const body = await res.json().catch(() => null);
  const field = typeof body?.field === 'string' ? body.field : null;
  return new ApiClientError(
    res.status,
    body?.code ?? 'error.unknown',
    body?.message ?? fallback,
    null,
    false,
    field,
  );
}

/** A refusal saying the record does not exist (for the caller): the screen shows RecordNotFound. */
export const isNotFound = (e: unknown) => e instanceof ApiClientError && e.status === 404;

/**
 * One call to the gateway, in the namespace the caller names (`partner`, sent as x-partner-id):
 * the one its query key carries, or the one `useNamespace()` gives a mutation. Null (the operator,
 * the organization's own screens before a namespace exists) sends none.
 */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; partner?: string | null } = {},
): Promise<T> {
  const res = await fetch(`/api/proxy${path}`, {
    method: init.method ?? 'GET',
    headers: {
      // The proof that a change comes from the dashboard's own pages (lib/security/same-origin.ts).
      [DASHBOARD_HEADER]: '1',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.partner ? { 'x-partner-id': init.partner } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const requestId = res.headers.get('x-request-id');
    const logged = requestId !== null && res.headers.get('x-request-log') !== null;
    const message = body?.message ?? `Request failed (${res.status})`;
    if (logged) {
      if (recentRefusals.size > 50) recentRefusals.delete(recentRefusals.keys().next().value!);
      recentRefusals.set(message, { requestId, at: Date.now() });
    }
    throw new ApiClientError(
      res.status,
      body?.code ?? 'error.unknown',
      message,
      requestId,
      logged,
      typeof body?.field === 'string' ? body.field : null,
    );
  }
  return body.data as T;
}
