import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, expectAccessible, shoot, signInAs } from './helpers';

test('a screen whose data fails to load shows the gateway’s message and recovers with Try again', async ({
  page,
}) => {
  await signInAs(page, DEMO_ADMIN);
  // The gateway answers 500 for the accounts list (the shell keeps working around it).
  let failing = true;
  await page.route('**/api/proxy/account?*', (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'error.internal', message: 'Internal error (request req_test)' }),
        })
      : route.continue(),
  );
  await page.goto('/accounts');
  const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('heading', { name: 'Internal error (request req_test)' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'error-boundary');

  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('cell', { name: 'Settlement — operating', exact: true })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('a refusal (4xx) is not retried: the gateway’s message reaches the error boundary at once', async ({
  page,
}) => {
  await signInAs(page, DEMO_ADMIN);
  let calls = 0;
  page.on('request', (req) => {
    if (req.url().includes('/api/proxy/payments?')) calls += 1;
  });
  // A filter value the gateway refuses, typed into the URL.
  await page.goto('/payments?status=bogus');
  await expect(page.getByRole('heading', { name: /^status: status must be pending, on_hold/ })).toBeVisible();
  // A retry would come after react-query's one-second back-off.
  await page.waitForTimeout(1500);
  expect(calls).toBe(1);

  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole('link', { name: 'inv-0993', exact: true })).toBeVisible();
});

test('a record screen shows its skeleton while the page loads', async ({ page }) => {
  await signInAs(page, DEMO_ADMIN);
  const isPage = (url: URL) => url.pathname === '/payments/inv-0993';
  // Next.js prefetches the page up to its loading boundary when the link shows; the render itself
  // is held back so the skeleton has time to be seen.
  const prefetched = page.waitForResponse(
    (r) => isPage(new URL(r.url())) && r.request().headers()['next-router-prefetch'] === '1',
  );
  await page.route(isPage, async (route) => {
    if (!route.request().headers()['next-router-prefetch']) await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/payments');
  // The prefetch answer is a stream: its loading boundary is usable once the body has arrived, not
  // at its headers (a click before that navigates without the boundary, straight to the page).
  await (await prefetched).finished();
  await page.getByRole('link', { name: 'inv-0993', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading the payment…' })).toBeVisible();
  await shoot(page, 'payment-loading');
  await expect(page.getByRole('heading', { name: 'Payment inv-0993' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading the payment…' })).toHaveCount(0);
});
