'use client';

/** The browser's fetch wrapper: every call goes through the dashboard's proxy route. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A refusal saying the record does not exist (for the caller): the screen shows RecordNotFound. */
export const isNotFound = (e: unknown) => e instanceof ApiClientError && e.status === 404;

let activePartner: string | null = null;
/** The namespace the shell's switcher selected; sent as x-partner-id on every call. */
export function setActivePartner(id: string | null) {
  activePartner = id;
}
/** The namespace calls are made in (set by the shell before its page renders). */
export const getActivePartner = () => activePartner;

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`/api/proxy${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(activePartner ? { 'x-partner-id': activePartner } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const body = await res.json().catch(() => null);
  if (!res.ok)
    throw new ApiClientError(
      res.status,
      body?.code ?? 'error.unknown',
      body?.message ?? `Request failed (${res.status})`,
    );
  return body.data as T;
}
