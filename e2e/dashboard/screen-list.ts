import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, shoot } from './helpers';

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
    // The newest payment's link, whichever it is: the payments specs create Demo Bank payments
    // while this runs (playwright.config.ts).
    ready: (p) =>
      p.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1).getByRole('link').first(),
  },
  { name: 'payment', open: go('/payments/inv-0993'), ready: heading('Payment inv-0993') },
  {
    name: 'tasks',
    open: go('/tasks'),
    ready: (p) => p.getByRole('list', { name: 'Tasks' }).getByRole('button').first(),
  },
  { name: 'returns', open: go('/returns'), ready: heading('Returns') },
  {
    name: 'rules',
    open: go('/rules'),
    // The demo's own rule (lib/seed/rules.ts), in words.
    ready: (p) =>
      p
        .getByRole('table', { name: 'Admission rules' })
        .getByText('Payroll from known counterparties up to 5,000.00'),
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
  // The demo's changes, sign-ins and the tests' own are in the trail: its newest entry.
  {
    name: 'audit',
    open: go('/audit'),
    ready: (p) => p.getByRole('table', { name: 'Audit trail' }).getByRole('row').nth(1),
  },
];

export const OPERATOR_SCREENS: Screen[] = [
  { name: 'operator', open: go('/operator'), ready: heading('Organizations') },
  { name: 'network', open: go('/operator/network'), ready: heading('Network') },
  { name: 'operator-accounts', open: go('/operator/accounts'), ready: heading('Accounts to verify') },
  {
    name: 'operator-audit',
    open: go('/audit'),
    ready: (p) => p.getByRole('table', { name: 'Audit trail' }).getByRole('row').nth(1),
  },
];

/**
 * Opens the screen and lets it settle: ready, scrolled to its end and back (what renders when it
 * comes into view, the overview's charts, does) and no skeleton left.
 */
export async function openSettled(page: Page, s: Screen) {
  await s.open(page);
  await expect(s.ready(page)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Opens each screen in `theme`: no serious or critical axe violation once it is ready (in dark
 * mode, of the colour rules: the light-mode run checks the rest), and a
 * full-page screenshot in e2e/screenshots/screen-<name>-<theme>.png to look at.
 */
export async function checkScreens(page: Page, screens: Screen[], theme: 'light' | 'dark') {
  for (const s of screens) {
    await test.step(`${s.name} (${theme})`, async () => {
      await s.open(page);
      await expect(s.ready(page)).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      // Skeletons and pending rows gone: the screen as a user reads it.
      await expect(page.locator('.animate-pulse')).toHaveCount(0);
      // Every rule in light mode; in dark mode (its markup the same) the colour rules.
      await expectAccessible(page, { coloursOnly: theme === 'dark' });
      await shoot(page, `screen-${s.name}-${theme}`);
    });
  }
}

/** The browser in `theme`, as its toggle would have left it (for checkScreens). */
export function useTheme(theme: 'light' | 'dark') {
  test.use({ colorScheme: theme });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  });
}
