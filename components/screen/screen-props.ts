import type { ListFilters } from '@/lib/client/queries/keys';
import type { ServerRead } from '@/lib/client/server-read';
import type { Role } from '@/lib/domain/permissions';

/**
 * What a screen's page (`screenPage`, a server component) gives its client screen: who reads it
 * and in which namespace, all of it serializable. A control is shown when `can(role, action)`
 * (lib/domain/permissions.ts); the gateway enforces the same action.
 */
export interface ScreenProps {
  role: Role;
  /** The signed-in user (their own row in a list). */
  userId: string;
  /** The namespace selected when the page was rendered (null: none, as for the operator). */
  partnerId: string | null;
  /** The organization is verified: it may create production namespaces. */
  verified: boolean;
  /** A list's first page, read with the page's HTML, and the filters it was read with. */
  initial?: (ServerRead<unknown> & { filters: ListFilters }) | null;
}
