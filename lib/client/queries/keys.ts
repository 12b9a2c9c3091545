/**
 * Every query key of the dashboard has one shape: `[resource, namespace, filters]` — what is read,
 * in which namespace (null on the operator's screens, which have none), and everything else that
 * changes the answer in one object: a list's filters with its cursor and limit, a record's `id`, a
 * part of a record (`{ id, part: 'tasks' }`), a view of the resource (`{ of: 'queue', … }`).
 *
 * The prefixes invalidate: `[resource]` every copy in every namespace, `[resource, ns]` one
 * namespace's. TanStack Query matches a key's object partially, so `{ id }` also refreshes the
 * record's parts (`{ id, part }`), and `{ of: 'entries' }` every page of a ledger.
 */
export type KeyFilters = Readonly<Record<string, unknown>>;

/** A read's key: `[resource, ns, filters]`. */
function queryKey<R extends string, F extends KeyFilters>(ns: string | null, resource: R, filters: F) {
  return [resource, ns, filters] as const;
}

/**
 * A resource's keys (a TkDodo key factory on the one shape): `all` (every namespace), `namespace(ns)`,
 * and `of(ns, filters)`, one read. A query module makes its keys with it; a screen never writes one.
 */
export function keysOf<R extends string>(resource: R) {
  return {
    all: [resource] as const,
    namespace: (ns: string | null) => [resource, ns] as const,
    of: <F extends KeyFilters>(ns: string | null, filters: F) => queryKey(ns, resource, filters),
  };
}

/**
 * A list's query as the gateway names it — its filters, the cursor and the limit, all in one object
 * (the key's and the request's); empty ones are left out of the request.
 */
export type ListFilters = Readonly<Record<string, string | number | undefined | null>>;

/** The query string of a list's filters, the empty ones left out. */
export function listSearch(filters: ListFilters): URLSearchParams {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(filters))
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  return qs;
}
