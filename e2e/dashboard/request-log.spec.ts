import { expect, test } from '@playwright/test';
import { firstNamespace, FROM_DASHBOARD, shootThemes, signUpSandbox, uniq } from './helpers';

test('an error toast links the refused request to its entry in the request log', async ({ page }) => {
  await signUpSandbox(page);
  await page.goto('/api-keys');
  // The form loads after the page: filled once it is there.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Key name').fill('Soon revoked');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('revealed-secret')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Soon revoked' });
  await expect(row).toBeVisible();
  // Revoked behind the screen's back (another tab): the screen's next change of it is refused.
  const partner = { 'x-partner-id': (await firstNamespace(page)).token };
  const keys = await (await page.request.get('/api/proxy/apikey', { headers: partner })).json();
  const token = keys.data.api_keys.find((k: { name: string }) => k.name === 'Soon revoked').token;
  expect(
    (
      await page.request.delete(`/api/proxy/apikey/${token}`, { headers: { ...FROM_DASHBOARD, ...partner } })
    ).status(),
  ).toBe(200);
  await row.getByRole('button', { name: 'More actions for Soon revoked' }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'not found' });
  const link = toast.getByRole('link', { name: /^Request req_/ });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/logs\/req_/);
  await expect(page.getByRole('heading', { name: `PATCH /api/v1/csp/apikey/${token}` })).toBeVisible();
  await expect(page.getByText('error.not_found', { exact: true })).toBeVisible();
  await shootThemes(page, 'request-log-from-toast');
  await expect(page.getByRole('region', { name: 'Request body' })).toContainText('"enabled": false');
});

test("the request log shows API calls by default, a revoked key's refusals among them; the dashboard's own calls under Calls", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpSandbox(page);
  const ns = await firstNamespace(page);
  const headers = { 'x-partner-id': ns.token, 'content-type': 'application/json', ...FROM_DASHBOARD };
  const me = await (await page.request.get('/api/proxy/me')).json();
  const name = `Integration ${uniq()}`;
  const made = await page.request.post('/api/proxy/apikey', {
    headers,
    data: {
      name,
      access: {
        customers_read: true,
        customers_write: false,
        transactions_read: false,
        transactions_write: false,
      },
    },
  });
  expect(made.status()).toBe(200);
  const key = (await made.json()).data;
  const call = () =>
    request.get('/api/v1/csp/customer', {
      headers: {
        'x-service-api-key': key.secret_key,
        'x-org-id': me.data.organization.token,
        'x-partner-id': ns.token,
      },
    });
  expect((await call()).status()).toBe(200);
  expect((await page.request.delete(`/api/proxy/apikey/${key.token}`, { headers })).status()).toBe(200);
  expect((await call()).status()).toBe(401);
  // Entries are written a moment after their answers.
  await expect
    .poll(
      async () => (await (await page.request.get('/api/proxy/request-logs', { headers })).json()).data.count,
    )
    .toBe(2);

  await page.goto('/logs');
  await expect(page.getByLabel('Calls')).toHaveValue('api');
  const table = page.getByRole('table', { name: 'Request log' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('401');
  await expect(rows.first()).toContainText(`${name} (API key)`);
  await expect(rows.last()).toContainText('200');
  await expect(table).not.toContainText('(dashboard)');
  await shootThemes(page, 'request-log-api-calls-1440');

  await page.getByLabel('Calls').selectOption({ label: 'Dashboard' });
  await expect(page).toHaveURL(/source=dashboard/);
  await expect(table.getByText(/\(dashboard\)$/).first()).toBeVisible();
  await expect(table).not.toContainText('(API key)');
  await shootThemes(page, 'request-log-dashboard-1440');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/logs');
  await expect(rows).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shootThemes(page, 'request-log-api-calls-390');
});
