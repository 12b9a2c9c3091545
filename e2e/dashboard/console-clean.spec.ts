import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { actAs, signInWhenReady } from './helpers';
import { ADMIN, go, heading, OPERATOR_SCREENS, SIGNED_OUT, type Screen } from './screen-list';

/**
 * No screen logs an error to the browser's console or throws: not a hydration mismatch (React's
 * #418, which every payment page logged), not a failed request (the API reference's icon, a 404),
 * not an uncaught exception. The browser's zone is not the server's (the server renders in UTC),
 * so a time formatted in the reader's zone during the server render or hydration mismatches here
 * as it does for every reader outside UTC.
 */
test.use({ timezoneId: 'Asia/Kolkata' });

/**
 * The record of a list's first row, loaded by its address (not by following the link, which
 * renders the page in the browser without hydrating it).
 */
const firstRecord = (list: string, table: string) => async (page: Page) => {
  await page.goto(list);
  const link = page.getByRole('table', { name: table }).getByRole('row').nth(1).getByRole('link').first();
  await page.goto((await link.getAttribute('href'))!);
};

/** The screens screen-list.ts does not take screenshots of, and records loaded by their address. */
const MORE_ADMIN: Screen[] = [
  // A payment of each kind the page shows differently: outgoing admitted, incoming waiting for
  // this namespace.
  { name: 'payment-admitted', open: go('/payments/inv-0990'), ready: heading('Payment inv-0990') },
  { name: 'payment-incoming', open: go('/payments/ucu-2003'), ready: heading('Payment ucu-2003') },
  {
    name: 'account',
    open: firstRecord('/accounts', 'Accounts'),
    ready: (p) => p.getByRole('link', { name: 'Settlement accounts' }),
  },
  { name: 'liquidity', open: go('/liquidity'), ready: heading('Liquidity') },
  { name: 'logs', open: go('/logs'), ready: heading('Request log') },
  {
    name: 'log-entry',
    // The dashboard's own calls: the demo's namespace has made no API call when this runs.
    open: firstRecord('/logs?source=all', 'Request log'),
    ready: (p) => p.getByRole('link', { name: '← Request log' }),
  },
  {
    name: 'webhook',
    open: firstRecord('/webhooks', 'Webhook endpoints'),
    ready: (p) => p.getByRole('link', { name: '← Webhooks' }),
  },
  { name: 'docs', open: go('/docs'), ready: heading('Payment Network Gateway — API reference') },
];

const MORE_OPERATOR: Screen[] = [
  // The operator's home: what awaits a decision, health, the last cut-off.
  { name: 'operator-home', open: go('/'), ready: (p) => p.getByTestId('last-cutoff') },
  { name: 'operator-liquidity', open: go('/operator/liquidity'), ready: heading('Liquidity desk') },
  {
    name: 'operator-organization',
    open: firstRecord('/operator', 'Organizations'),
    ready: (p) => p.getByRole('link', { name: '← Organizations' }),
  },
];

/**
 * What a screen logs by design: the page of an unknown address is answered with HTTP 404, which
 * the browser reports in the console as a failed load of the document itself.
 */
const EXPECTED: Record<string, (m: ConsoleMessage) => boolean> = {
  '404': (m) => m.text().includes('status of 404') && m.location().url.endsWith('/no-such-page'),
};

/** Opens each screen and waits until it is ready and settled; answers what the browser logged. */
async function visit(page: Page, screens: Screen[]): Promise<string[]> {
  const logged: string[] = [];
  let at = '';
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() === 'error' && !EXPECTED[at]?.(m)) logged.push(`${at}: ${m.text()} (${m.location().url})`);
  };
  const onError = (e: Error) => logged.push(`${at}: uncaught ${e.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  for (const s of screens) {
    at = s.name;
    await test.step(s.name, async () => {
      await s.open(page);
      await expect(s.ready(page)).toBeVisible();
      await expect(page.locator('.animate-pulse')).toHaveCount(0);
      // Hydration and the first reads are over when the network is quiet.
      await page.waitForLoadState('networkidle');
    });
  }
  page.off('console', onConsole);
  page.off('pageerror', onError);
  return logged;
}

test('signed-out screens log no error', async ({ page }) => {
  expect(await visit(page, SIGNED_OUT)).toEqual([]);
});

test('an admin’s screens log no error', async ({ page }) => {
  await actAs(page, 'admin');
  expect(await visit(page, [...ADMIN, ...MORE_ADMIN])).toEqual([]);
});

test('the operator’s screens log no error', async ({ page }) => {
  await actAs(page, 'operator');
  expect(await visit(page, [...OPERATOR_SCREENS, ...MORE_OPERATOR])).toEqual([]);
});

test('a sandbox organization’s overview (its checklist and snippets) logs no error', async ({ page }) => {
  await signInWhenReady(page, { email: 'founder@fintech.test', password: 'demo-password-1' });
  expect(
    await visit(page, [{ name: 'sandbox-overview', open: go('/'), ready: heading('Overview') }]),
  ).toEqual([]);
});

test('the API reference declares its icon, which is served (no 404 for /favicon.ico)', async ({
  page,
  request,
}) => {
  await page.goto('/docs');
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute('href', '/icon.svg');
  const served = await request.get((await icon.getAttribute('href'))!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/svg+xml');
});
