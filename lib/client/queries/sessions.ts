import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { Me } from '@/lib/schemas/organizations';
import type { Passkeys, Session } from '@/lib/schemas/sessions';
import { resourceQueries } from './resource';

/** The signed-in user's sessions (`/me/sessions`). */
export const sessionQueries = resourceQueries<Session, 'sessions'>('sessions', '/me/sessions');

/** The signed-in user as the gateway answers `/me` (second factor, organization policy). */
export const meQuery = () => queryOptions({ queryKey: ['me'] as const, queryFn: () => apiFetch<Me>('/me') });

/** The user's passkeys; a change of the second factor refreshes it with `meQuery`. */
export const passkeysQuery = () =>
  queryOptions({
    queryKey: ['me', 'passkeys'] as const,
    queryFn: () => apiFetch<Passkeys>('/me/second-factor/passkeys'),
  });
