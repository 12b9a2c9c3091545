import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS, type Action, can, canOpen, keyMay, type Role, SCREENS, whoMay } from './permissions';

const root = path.resolve(import.meta.dirname, '../..');
const ROLES: Role[] = ['admin', 'support', 'viewer', 'operator'];
const who = (action: Action) => ROLES.filter((r) => can(r, action));
const NO_FLAGS = {
  customers_read: false,
  customers_write: false,
  transactions_read: false,
  transactions_write: false,
};

describe('the table of actions', () => {
  it('gives each action the roles DESIGN §3 names', () => {
    expect(who('payments.read')).toEqual(['admin', 'support', 'viewer']);
    expect(who('payments.create')).toEqual(['admin']);
    expect(who('tasks.decide')).toEqual(['admin', 'support']);
    expect(who('returns.create')).toEqual(['admin', 'support']);
    expect(who('audit.read')).toEqual(['admin', 'support', 'operator']);
    expect(who('self.manage')).toEqual(ROLES);
    expect(who('organizations.verify')).toEqual(['operator']);
  });

  it('lets an API key do an action only with its flag', () => {
    expect(keyMay({ ...NO_FLAGS, transactions_write: true }, 'payments.create')).toBe(true);
    expect(keyMay({ ...NO_FLAGS, transactions_read: true }, 'payments.create')).toBe(false);
    expect(keyMay({ ...NO_FLAGS, customers_read: true }, 'customers.read')).toBe(true);
    // Management is people's: no flag opens it.
    const all = {
      customers_read: true,
      customers_write: true,
      transactions_read: true,
      transactions_write: true,
    };
    expect(keyMay(all, 'api_keys.manage')).toBe(false);
  });

  it("gives API keys a namespace's transactions and customers only, never management (DESIGN §3)", () => {
    const forKeys = (Object.keys(ACTIONS) as Action[]).filter((a) => ACTIONS[a].key !== null);
    expect(forKeys.sort()).toEqual([
      'customers.create',
      'customers.read',
      'liquidity.read',
      'overview.read',
      'payments.create',
      'payments.read',
      'payments.submit',
      'request_logs.read',
      'returns.create',
      'returns.read',
      'settlements.read',
      'tasks.decide',
      'tasks.read',
    ]);
    // A key acts for one namespace, which the operator holds none of.
    expect(forKeys.filter((a) => can('operator', a))).toEqual([]);
  });
});

describe('the table of screens', () => {
  it('names only screens the app has', () => {
    const missing = SCREENS.filter(
      (s) =>
        !existsSync(path.join(root, 'app/(dashboard)', s.href, 'page.tsx')) &&
        !existsSync(path.join(root, 'app', s.href, 'route.ts')),
    ).map((s) => s.href);
    expect(missing).toEqual([]);
  });

  it('opens a screen to those who may do its action', () => {
    expect(ROLES.filter((r) => canOpen(r, '/operator'))).toEqual(['operator']);
    expect(ROLES.filter((r) => canOpen(r, '/webhooks'))).toEqual(['admin', 'support', 'viewer']);
    expect(ROLES.filter((r) => canOpen(r, '/tasks'))).toEqual(['admin', 'support']);
    // Everyone of the organization reads the rules that decide its tasks; admins write them.
    expect(ROLES.filter((r) => canOpen(r, '/rules'))).toEqual(['admin', 'support', 'viewer']);
    expect(ROLES.filter((r) => can(r, 'rules.manage'))).toEqual(['admin']);
    expect(ROLES.filter((r) => canOpen(r, '/api-keys'))).toEqual(['admin']);
    expect(ROLES.filter((r) => canOpen(r, '/docs'))).toEqual(ROLES);
    expect(canOpen('viewer', '/audit')).toBe(false);
    expect(() => canOpen('admin', '/nowhere')).toThrow('No screen /nowhere');
  });
});

describe('whose a screen is, said to someone who may not open it', () => {
  it('names the roles that may, or the participants to the operator, or the operator', () => {
    expect(whoMay('viewer', 'api_keys.manage')).toBe('Admins only');
    expect(whoMay('viewer', 'tasks.decide')).toBe('Admins and support only');
    expect(whoMay('operator', 'tasks.decide')).toBe("For the network's participants");
    expect(whoMay('operator', 'returns.read')).toBe("For the network's participants");
    expect(whoMay('admin', 'organizations.review')).toBe('For the network operator only');
  });
});
