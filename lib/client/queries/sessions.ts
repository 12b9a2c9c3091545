import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { Me } from '@/lib/schemas/organizations';
import type { Passkeys, Session } from '@/lib/schemas/sessions';
import { keysOf } from './keys';
import { resourceQueries } from './resource';

/** The signed-in user's sessions (`/me/sessions`). */
export const sessionQueries = resourceQueries<Session, 'sessions'>('sessions', '/me/sessions');

/**
 * The signed-in user's keys, `[me, ns, { part }]`: invalidating `all` (no namespace) refreshes
 * `/me` and the passkeys in every namespace.
 */
export const meKeys = keysOf('me');

/** The signed-in user as the gateway answers `/me` (second factor, organization policy). */
export const meQuery = (ns: string | null) =>
  queryOptions({
    queryKey: meKeys.of(ns, { part: 'me' }),
    queryFn: () => apiFetch<Me>('/me', { partner: ns }),
  });

/** The user's passkeys; a change of the second factor refreshes it with `meQuery`. */
export const passkeysQuery = (ns: string | null) =>
  queryOptions({
    queryKey: meKeys.of(ns, { part: 'passkeys' }),
    queryFn: () => apiFetch<Passkeys>('/me/second-factor/passkeys', { partner: ns }),
  });
