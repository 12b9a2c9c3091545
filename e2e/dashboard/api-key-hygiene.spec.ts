import { expect, test, type Locator } from '@playwright/test';
import { expectAccessible, FROM_DASHBOARD, shoot, signUpSandbox } from './helpers';

const ALL = {
  customers_read: true,
  customers_write: false,
  transactions_read: true,
  transactions_write: false,
};

test('the keys screen shows when each key was last used and flags one about to expire, one expired and one unused for 90 days', async ({
  page,
}) => {
  await signUpSandbox(page);
  const me = await (await page.request.get('/api/proxy/me')).json();
  const ns = me.data.partners[0] as { token: string };
  const headers = { 'x-partner-id': ns.token, 'content-type': 'application/json', ...FROM_DASHBOARD };
  const soon = Math.floor(Date.now() / 1000) + 3 * 86_400;
  const expiring = await page.request.post('/api/proxy/apikey', {
    headers,
    data: { name: 'Quarterly export', access: ALL, expires_at: soon },
  });
  expect(expiring.status()).toBe(200);
  const used = (
    await (
      await page.request.post('/api/proxy/apikey', { headers, data: { name: 'Core banking', access: ALL } })
    ).json()
  ).data;
  // The core banking key signs one request.
  const call = await page.request.get('/api/v1/csp/customer', {
    headers: {
      'x-service-api-key': used.secret_key,
      'x-org-id': me.data.organization.token,
      'x-partner-id': ns.token,
    },
  });
  expect(call.status()).toBe(200);

  await page.goto('/api-keys');
  // A new key can be given an expiry.
  await expect(page.getByLabel('Expires')).toHaveValue('');
  await page.getByLabel('Expires').selectOption('90');
  const table = page.getByRole('table', { name: 'API keys' });
  const rows = table.getByRole('row');
  const quarterly = rows.filter({ hasText: 'Quarterly export' });
  await expect(quarterly.getByText(/^Expires /)).toBeVisible();
  // A row's cell by its column's header: two columns may read "Never" (Last used, Expires).
  const columns = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim().toLowerCase());
  const column = (name: string) => (row: Locator) => row.getByRole('cell').nth(columns.indexOf(name));
  const lastUsed = column('last used');
  const expires = column('expires');
  expect(columns.indexOf('last used')).toBeGreaterThan(0);
  expect(columns.indexOf('expires')).toBeGreaterThan(0);
  await expect(lastUsed(quarterly)).toHaveText('Never');
  await expect(expires(quarterly)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  const core = rows.filter({ hasText: 'Core banking' });
  await expect(expires(core)).toHaveText('Never');
  // A key's use is recorded after the answer (lib/api/credentials.ts): reloaded until it shows.
  await expect(async () => {
    await page.reload();
    await expect(lastUsed(core)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M /, {
      timeout: 1000,
    });
  }).toPass({ timeout: 10_000 });
  await expect(core.getByText(/^Expires /)).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'api-keys-hygiene');

  // 91 days on (the browser's clock; the gateway keeps its own): the core banking key, last used
  // today, is flagged unused, and the quarterly key has expired (and is not also called unused).
  await page.clock.setFixedTime(Date.now() + 91 * 86_400_000);
  await page.reload();
  await expect(core.getByText('Unused 90+ days')).toBeVisible();
  await expect(quarterly.getByText('Expired', { exact: true })).toBeVisible();
  await expect(quarterly.getByText(/^Expires /)).toHaveCount(0);
  await expect(quarterly.getByText('Unused 90+ days')).toHaveCount(0);
  await expect(core.getByText('Expired', { exact: true })).toHaveCount(0);
  await shoot(page, 'api-keys-hygiene-later');
});
