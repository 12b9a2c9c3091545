/** Who signs in to the dashboard: an organization's admins, support staff and viewers, and the operator. */
export type Role = 'admin' | 'support' | 'viewer' | 'operator';

const ORG: Role[] = ['admin', 'support', 'viewer'];
const EVERYONE: Role[] = [...ORG, 'operator'];

/**
 * The dashboard's screens and who may open each: the sidebar lists a screen to these roles, and a
 * page opened by anyone else says whose it is (components/ui/admins-only.tsx) instead of calling
 * the gateway. What a role may change on a screen it can open is the gateway's to enforce; the
 * pages hide the controls only admins may use (`canManage`). One table for both.
 */
export const SCREENS: ReadonlyArray<{ href: string; label: string; roles: readonly Role[] }> = [
  { href: '/', label: 'Overview', roles: EVERYONE },
  { href: '/payments', label: 'Payments', roles: ORG },
  { href: '/tasks', label: 'Task queue', roles: ['admin', 'support'] },
  { href: '/returns', label: 'Returns', roles: ORG },
  { href: '/settlements', label: 'Settlements', roles: ORG },
  { href: '/liquidity', label: 'Liquidity', roles: ORG },
  { href: '/namespaces', label: 'Namespaces', roles: ORG },
  { href: '/links', label: 'Links', roles: ORG },
  { href: '/accounts', label: 'Accounts', roles: ORG },
  { href: '/customers', label: 'Customers', roles: ORG },
  { href: '/api-keys', label: 'API keys', roles: ['admin'] },
  { href: '/webhooks', label: 'Webhooks', roles: ORG },
  { href: '/logs', label: 'Request log', roles: ORG },
  { href: '/users', label: 'Users', roles: ['admin'] },
  { href: '/operator', label: 'Organizations', roles: ['operator'] },
  { href: '/operator/network', label: 'Network', roles: ['operator'] },
  { href: '/operator/liquidity', label: 'Liquidity', roles: ['operator'] },
  { href: '/operator/accounts', label: 'Accounts to verify', roles: ['operator'] },
  { href: '/audit', label: 'Audit trail', roles: ['admin', 'support', 'operator'] },
  { href: '/sessions', label: 'Sessions', roles: EVERYONE },
  { href: '/docs', label: 'API reference', roles: EVERYONE },
];

/** Whether `role` may open the screen at `href` (a screen of SCREENS). */
export function canOpen(role: Role, href: string): boolean {
  const screen = SCREENS.find((s) => s.href === href);
  if (!screen) throw new Error(`No screen ${href} in SCREENS`);
  return screen.roles.includes(role);
}

/**
 * Whether `role` sees the controls that change what a screen shows (create, edit, verify, retry…):
 * the organization's admins. The gateway enforces the same rule; this only hides what would be refused.
 */
export const canManage = (role: Role): boolean => role === 'admin';

/**
 * Whether `role` may ask for a payment back or give it back (`POST /payments/{id}/returns`):
 * admins, and support staff, who take the customer's call. The gateway enforces the same rule.
 */
export const canReturnPayments = (role: Role): boolean => role === 'admin' || role === 'support';
