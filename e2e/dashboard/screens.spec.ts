import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, OPERATOR, expectAccessible, shoot, signInAs } from './helpers';

/**
 * Every screen in light and dark mode: no serious or critical axe violation, and a full-page
 * screenshot in e2e/screenshots/screen-<name>-<theme>.png to look at.
 */
type Screen = {
  name: string;
  open: (page: Page) => Promise<unknown>;
  ready: (page: Page) => ReturnType<Page['getByRole']>;
};

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true, level: 1 });
const go = (path: string) => (page: Page) => page.goto(path);

const SIGNED_OUT: Screen[] = [
  { name: 'signin', open: go('/signin'), ready: heading('Sign in') },
  { name: 'signup', open: go('/signup'), ready: heading('Create a sandbox organization') },
];

const ADMIN: Screen[] = [
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
    ready: (p) => p.getByRole('cell', { name: 'admin@demo-bank.test', exact: true }),
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
];

const OPERATOR_SCREENS: Screen[] = [
  { name: 'operator', open: go('/operator'), ready: heading('Organizations') },
];

async function visit(page: Page, screens: Screen[], theme: 'light' | 'dark') {
  for (const s of screens) {
    await test.step(`${s.name} (${theme})`, async () => {
      await s.open(page);
      await expect(s.ready(page)).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      // Skeletons and pending rows gone: the screen as a user reads it.
      await expect(page.locator('.animate-pulse')).toHaveCount(0);
      await expectAccessible(page);
      await shoot(page, `screen-${s.name}-${theme}`);
    });
  }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} mode`, () => {
    test.use({ colorScheme: theme });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    test('signed-out screens', async ({ page }) => {
      await visit(page, SIGNED_OUT, theme);
    });

    test('an admin’s screens', async ({ page }) => {
      // Fourteen screens, each with an axe run and a full-page screenshot.
      test.setTimeout(240_000);
      await signInAs(page, DEMO_ADMIN);
      await visit(page, ADMIN, theme);
    });

    test('the operator’s screen', async ({ page }) => {
      await signInAs(page, OPERATOR);
      await visit(page, OPERATOR_SCREENS, theme);
    });
  });
}
