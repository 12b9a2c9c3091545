import { expect, test } from '@playwright/test';
import { actAs, expectAccessible, firstNamespace, FROM_DASHBOARD, shoot, stateOf } from './helpers';

// Demo Bank's admin, signed in once for the run (auth.setup.ts).
test.use({ storageState: stateOf('admin') });

test('a screen whose data fails to load shows the gateway’s message and recovers with Try again', async ({
  page,
}) => {
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
  let calls = 0;
  page.on('request', (req) => {
    if (req.url().includes('/api/proxy/payments?')) calls += 1;
  });
  // A filter value the gateway refuses, typed into the URL: a transaction id longer than any. (An
  // unknown status is left out by the list's filters, lib/client/url-filters.ts, and never sent.)
  await page.goto(`/payments?transaction_id=${'t'.repeat(65)}`);
  await expect(page.getByRole('heading', { name: /^transaction_id: / })).toBeVisible();
  // A retry would come after react-query's one-second back-off.
  await page.waitForTimeout(1500);
  expect(calls).toBe(1);

  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(page).toHaveURL(/\/payments$/);
  // The list is back (its newest payment, whichever: the payments specs create some meanwhile).
  await expect(
    page.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1).getByRole('link').first(),
  ).toBeVisible();
});

test('a record screen says what is still loading instead of guessing', async ({ page }) => {
  // The payment comes with the page; its submission is read after. Held back, the status must say
  // it is loading — never "Not submitted" for a payment that was submitted and rejected.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/proxy/payments/inv-0993/submissions', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/payments/inv-0993');
  await expect(page.getByRole('heading', { name: 'Payment inv-0993' })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Loading status…');
  const tasks = page.getByRole('region', { name: 'Admission tasks' });
  await expect(tasks).toContainText('Loading…');
  await expect(tasks).not.toContainText('No tasks.');
  await shoot(page, 'payment-loading');
  release();
  await expect(page.getByTestId('payment-status')).toHaveText('Rejected');
  await expect(tasks).not.toContainText('Loading…');
});

test('every record screen says a record that does not exist is not found, with the way back', async ({
  page,
}) => {
  const screens = [
    [
      '/settlements/batch_nope',
      'Settlement batch batch_nope not found',
      'Back to settlements',
      '/settlements',
    ],
    ['/webhooks/wh_nope', 'Webhook wh_nope not found', 'Back to webhooks', '/webhooks'],
    [
      '/webhooks/wh_nope/deliveries/dlv_nope',
      'Delivery dlv_nope not found',
      'Back to the webhook',
      '/webhooks/wh_nope',
    ],
    ['/payments/nope-1', 'Payment nope-1 not found', 'Back to payments', '/payments'],
    ['/accounts/acct_nope', 'Account acct_nope not found', 'Back to accounts', '/accounts'],
  ] as const;
  for (const [path, heading, back, href] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page.getByText('in the selected namespace')).toBeVisible();
    await expect(page.getByRole('link', { name: back })).toHaveAttribute('href', href);
  }
  await shoot(page, 'record-not-found-account');
  await actAs(page, 'operator');
  for (const [path, heading] of [
    ['/operator/organizations/org_nope', 'Organization org_nope not found'],
    ['/operator/network/batches/batch_nope', 'Settlement batch batch_nope not found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page.getByText('on the network. The link may be mistyped.')).toBeVisible();
  }
  await expectAccessible(page);
  await shoot(page, 'record-not-found-operator');
});

test('a page address that is not valid percent-encoding is not a server error', async ({ page }) => {
  for (const path of ['/payments/%zz', '/webhooks/%ED%A0%80', '/settlements/%']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
  await shoot(page, 'page-address-not-decodable');
  await page.getByRole('link', { name: 'Back to the overview' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
});

test('the dashboard’s proxy refuses a body over 64 KiB in the gateway’s envelope; nothing is created', async ({
  page,
}) => {
  const res = await page.request.post('/api/proxy/customer', {
    headers: { 'content-type': 'application/json', ...FROM_DASHBOARD },
    data: JSON.stringify({ payment_address: 'big@demo-bank.test', padding: 'x'.repeat(70 * 1024) }),
  });
  expect(res.status(), await res.text()).toBe(413);
  expect(await res.json()).toEqual({
    code: 'error.payload_too_large',
    message: 'Request body exceeds the 64 KiB limit',
  });
  const ns = await firstNamespace(page);
  const list = await page.request.get('/api/proxy/customer?q=big%40demo-bank.test', {
    headers: { 'x-partner-id': ns.token },
  });
  expect(list.status(), await list.text()).toBe(200);
  expect((await list.json()).data.count).toBe(0);
});
