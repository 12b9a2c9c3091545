/** Who signs in to the dashboard: an organization's admins, support staff and viewers, and the operator. */
export type Role = 'admin' | 'support' | 'viewer' | 'operator';

/** The roles an organization's users can have (the operator is the network's own account). */
export const ORGANIZATION_ROLES = ['admin', 'support', 'viewer'] as const satisfies readonly Role[];

/** The role an invitation offers first: support, who work payments and change no settings. */
export const INVITED_ROLE = 'support' satisfies Role;

/** An API key's access flags (DESIGN §3): what a key may do is one of these, per action. */
export type AccessFlag = 'customers_read' | 'customers_write' | 'transactions_read' | 'transactions_write';

const ORG = ORGANIZATION_ROLES;
const ADMINS: readonly Role[] = ['admin'];
const CASE_WORKERS: readonly Role[] = ['admin', 'support'];
const OPERATOR: readonly Role[] = ['operator'];

/**
 * Every action of the network, and who may do it: the roles of the people who may (`roles`), and
 * the access flag an API key needs for it, or null where keys may not (DESIGN §3: organizations,
 * users, keys, webhooks, accounts and namespaces are managed by people only; such a route takes a
 * JWT, and a key is answered 401). The gateway's routes each name one (`defineRoute({ action })`,
 * which derives the credential it takes, its 403 and its documentation), and the dashboard opens
 * screens and shows controls by the same names (`SCREENS`, `can`). A new action is a line here.
 */
export const ACTIONS = {
  // Everyone who signs in, the operator included.
  /** Who they are, their sessions, password and second factors, signing out. */
  'self.manage': { roles: [...ORG, 'operator'], key: null },

  // An organization's people.
  'organization.read': { roles: ORG, key: null },
  /** The organization's policies (a second factor required of everyone). */
  'organization.manage': { roles: ADMINS, key: null },
  /** Invite users, change their roles, reset or end their access. */
  'users.manage': { roles: ADMINS, key: null },
  /** The organization's namespaces and their settings (the request log's included). */
  'namespaces.read': { roles: ORG, key: null },
  /** Choose the namespace one's dashboard opens in. */
  'namespaces.choose': { roles: ORG, key: null },
  'namespaces.manage': { roles: ADMINS, key: null },
  'api_keys.manage': { roles: ADMINS, key: null },
  'customers.read': { roles: ORG, key: 'customers_read' },
  'customers.create': { roles: ADMINS, key: 'customers_write' },
  'accounts.read': { roles: ORG, key: null },
  /** Add, verify (sandbox) and delete the namespace's settlement accounts. */
  'accounts.manage': { roles: ADMINS, key: null },
  'links.read': { roles: ORG, key: null },
  /** Propose, accept and end links with other namespaces. */
  'links.manage': { roles: ADMINS, key: null },
  /** Payments with their submissions, admissions, exceptions and transactions. */
  'payments.read': { roles: ORG, key: 'transactions_read' },
  'payments.create': { roles: ADMINS, key: 'transactions_write' },
  'payments.submit': { roles: ADMINS, key: 'transactions_write' },
  'tasks.read': { roles: ORG, key: 'transactions_read' },
  /** Claim, release, note and decide admission tasks. */
  'tasks.decide': { roles: CASE_WORKERS, key: 'transactions_write' },
  'returns.read': { roles: ORG, key: 'transactions_read' },
  /** Ask for a payment back or give it back: support takes the customer's call. */
  'returns.create': { roles: CASE_WORKERS, key: 'transactions_write' },
  'settlements.read': { roles: ORG, key: 'transactions_read' },
  'liquidity.read': { roles: ORG, key: 'transactions_read' },
  'overview.read': { roles: ORG, key: 'transactions_read' },
  'request_logs.read': { roles: ORG, key: 'transactions_read' },
  /** The namespace's admission rules and their hit counts (DESIGN §13). */
  'rules.read': { roles: ORG, key: null },
  /** Write, reorder, enable and backtest admission rules. */
  'rules.manage': { roles: ADMINS, key: null },
  /** Endpoints, their deliveries and inbox. */
  'webhooks.read': { roles: ORG, key: null },
  /** Add, change, test and delete endpoints, rotate their secrets, retry and recover deliveries. */
  'webhooks.manage': { roles: ADMINS, key: null },
  /** The audit trail: an organization's own, and every trail to the operator. */
  'audit.read': { roles: [...CASE_WORKERS, 'operator'], key: null },

  // The network operator.
  'organizations.review': { roles: OPERATOR, key: null },
  /** Verify or reject an organization. */
  'organizations.verify': { roles: OPERATOR, key: null },
  /** Production accounts awaiting verification: list, verify, reject. */
  'accounts.review': { roles: OPERATOR, key: null },
  /** The network's settlements, liquidity, figures and health. */
  'network.read': { roles: OPERATOR, key: null },
  'settlements.run_cutoff': { roles: OPERATOR, key: null },
  /** A participant's net debit cap and its terms. */
  'liquidity.set_cap': { roles: OPERATOR, key: null },
  /** Funds a participant paid in or took out of its settlement balance. */
  'liquidity.record_funds': { roles: OPERATOR, key: null },
} as const satisfies Record<string, { roles: readonly Role[]; key: AccessFlag | null }>;

export type Action = keyof typeof ACTIONS;

/** Whether a person of `role` may do `action`. */
export function can(role: Role, action: Action): boolean {
  return (ACTIONS[action].roles as readonly Role[]).includes(role);
}

/** The access flag an API key needs for `action`; null when keys may not do it at all. */
export function keyFlagOf(action: Action): AccessFlag | null {
  return ACTIONS[action].key;
}

/** Whether an API key with these access flags may do `action`. */
export function keyMay(access: Readonly<Record<AccessFlag, boolean>>, action: Action): boolean {
  const flag = keyFlagOf(action);
  return flag !== null && access[flag];
}

/**
 * The dashboard's screens and the action each needs: the sidebar lists a screen to those who may
 * do it, and a page opened by anyone else says whose it is (components/ui/admins-only.tsx) instead
 * of calling the gateway. A screen without an action is everyone's. What a screen's controls
 * change is checked with `can` against the gateway's own actions, which the gateway enforces.
 */
export const SCREENS: ReadonlyArray<{ href: string; label: string; action?: Action }> = [
  { href: '/', label: 'Overview' },
  { href: '/payments', label: 'Payments', action: 'payments.read' },
  { href: '/tasks', label: 'Task queue', action: 'tasks.decide' },
  { href: '/rules', label: 'Rules', action: 'rules.read' },
  { href: '/returns', label: 'Returns', action: 'returns.read' },
  { href: '/settlements', label: 'Settlements', action: 'settlements.read' },
  { href: '/liquidity', label: 'Liquidity', action: 'liquidity.read' },
  { href: '/namespaces', label: 'Namespaces', action: 'namespaces.read' },
  { href: '/links', label: 'Links', action: 'links.read' },
  { href: '/accounts', label: 'Accounts', action: 'accounts.read' },
  { href: '/customers', label: 'Customers', action: 'customers.read' },
  { href: '/api-keys', label: 'API keys', action: 'api_keys.manage' },
  { href: '/webhooks', label: 'Webhooks', action: 'webhooks.read' },
  { href: '/logs', label: 'Request log', action: 'request_logs.read' },
  { href: '/users', label: 'Users', action: 'users.manage' },
  { href: '/operator', label: 'Organizations', action: 'organizations.review' },
  { href: '/operator/network', label: 'Network', action: 'network.read' },
  { href: '/operator/liquidity', label: 'Liquidity', action: 'network.read' },
  { href: '/operator/accounts', label: 'Accounts to verify', action: 'accounts.review' },
  { href: '/audit', label: 'Audit trail', action: 'audit.read' },
  { href: '/sessions', label: 'Sessions', action: 'self.manage' },
  { href: '/docs', label: 'API reference' },
];

/** Whether `role` may open the screen at `href` (a screen of SCREENS). */
export function canOpen(role: Role, href: string): boolean {
  const screen = SCREENS.find((s) => s.href === href);
  if (!screen) throw new Error(`No screen ${href} in SCREENS`);
  return screen.action === undefined || can(role, screen.action);
}

/** Whether `role` is one of an organization's people (else the network operator, who holds no namespace). */
export function isOrganizationMember(role: Role): boolean {
  return (ORGANIZATION_ROLES as readonly Role[]).includes(role);
}

/** The organization's roles as a refusal names the people who may: "Admins and support only". */
const ROLE_PEOPLE: Record<(typeof ORGANIZATION_ROLES)[number], string> = {
  admin: 'admins',
  support: 'support',
  viewer: 'viewers',
};

/**
 * Whose a screen is, said to someone of `role` who may not open it (its action, `action`): the
 * network operator, who holds no namespace, is told the screen is the participants'; an
 * organization's people, which of them may ("Admins only") or that it is the operator's.
 */
export function whoMay(role: Role, action: Action): string {
  const roles = ACTIONS[action].roles as readonly Role[];
  const people = ORGANIZATION_ROLES.filter((r) => roles.includes(r));
  if (!isOrganizationMember(role) && people.length > 0) return "For the network's participants";
  if (people.length === 0) return 'For the network operator only';
  const names = people.map((r) => ROLE_PEOPLE[r]).join(' and ');
  return `${names.charAt(0).toUpperCase()}${names.slice(1)} only`;
}
