import type { Page } from '@playwright/test';

/** The dashboard's screens, each with how to open it and what shows it is ready (screens, phone specs). */
export type Screen = {
  name: string;
  open: (page: Page) => Promise<unknown>;
  ready: (page: Page) => ReturnType<Page['getByRole']>;
};

export const heading = (name: string) => (page: Page) =>
  page.getByRole('heading', { name, exact: true, level: 1 });
export const go = (path: string) => (page: Page) => page.goto(path);

export const SIGNED_OUT: Screen[] = [
  { name: 'signin', open: go('/signin'), ready: heading('Sign in') },
  { name: 'signup', open: go('/signup'), ready: heading('Create a sandbox organization') },
];

export const ADMIN: Screen[] = [
  { name: 'overview', open: go('/'), ready: heading('Overview') },
  {
    name: 'namespaces',
    open: go('/namespaces'),
    ready: (p) => p.getByRole('cell', { name: 'demo-bank.test', exact: true }),
  },
  {
    name: 'links',
    open: go('/links'),
    ready: (p) => p.getByRole('cell', { name: 'union-cu.test', exact: true }),
  },
  {
    name: 'accounts',
    open: go('/accounts'),
    ready: (p) => p.getByRole('cell', { name: 'Settlement — operating', exact: true }),
  },
  {
    name: 'account-detail',
    open: async (p) => {
      await p.goto('/accounts');
      await p.getByRole('link', { name: 'Settlement — operating', exact: true }).click();
    },
    ready: heading('Settlement — operating'),
  },
  {
    name: 'api-keys',
    open: go('/api-keys'),
    ready: (p) => p.getByRole('table', { name: 'API keys' }).getByRole('row').nth(1),
  },
  {
    name: 'customers',
    open: go('/customers'),
    ready: (p) => p.getByRole('cell', { name: 'jane@demo-bank.test', exact: true }),
  },
  {
    name: 'users',
    open: go('/users'),
    // The signed-in admin's row, marked "(you)".
    ready: (p) => p.getByRole('cell', { name: /^admin@demo-bank\.test\s*\(you\)$/ }),
  },
  {
    name: 'payments',
    open: go('/payments'),
    ready: (p) => p.getByRole('link', { name: 'inv-0993', exact: true }),
  },
  { name: 'payment', open: go('/payments/inv-0993'), ready: heading('Payment inv-0993') },
  {
    name: 'tasks',
    open: go('/tasks'),
    ready: (p) => p.getByRole('list', { name: 'Tasks' }).getByRole('button').first(),
  },
  {
    name: 'payment-not-found',
    open: go('/payments/does-not-exist'),
    ready: heading('Payment does-not-exist not found'),
  },
  {
    name: 'account-not-found',
    open: go('/accounts/acct_unknown'),
    ready: heading('Account acct_unknown not found'),
  },
  { name: '404', open: go('/no-such-page'), ready: heading('Page not found') },
  { name: 'settlements', open: go('/settlements'), ready: heading('Settlements') },
  {
    name: 'settlement-statement',
    open: go('/settlements/statement'),
    ready: (p) => p.getByRole('heading', { name: 'Totals per currency', exact: true }),
  },
  { name: 'webhooks', open: go('/webhooks'), ready: heading('Webhooks') },
  { name: 'sessions', open: go('/sessions'), ready: (p) => p.getByText('This browser', { exact: true }) },
  // The admin's own sign-in is in the trail, whatever else the demo has.
  {
    name: 'audit',
    open: go('/audit'),
    ready: (p) => p.getByRole('cell', { name: 'Signed in', exact: true }).first(),
  },
];

export const OPERATOR_SCREENS: Screen[] = [
  { name: 'operator', open: go('/operator'), ready: heading('Organizations') },
  { name: 'network', open: go('/operator/network'), ready: heading('Network') },
  { name: 'operator-accounts', open: go('/operator/accounts'), ready: heading('Accounts to verify') },
  {
    name: 'operator-audit',
    open: go('/audit'),
    ready: (p) => p.getByRole('cell', { name: 'Signed in', exact: true }).first(),
  },
];
