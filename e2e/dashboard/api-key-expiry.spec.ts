import { expect, test } from '@playwright/test';
import { firstNamespace, FROM_DASHBOARD, shootThemes, uniq } from './helpers';

test('the API keys list shows when each key expires, "Never" for a key without an expiry', async ({
  page,
}) => {
  // A fresh sandbox organization (its own keys); the first sign-up of a fresh server may take a while.
  await page.goto('/signup');
  await page.getByLabel('Organization name').fill(`Keys ${uniq()}`);
  await page.getByLabel('Email').fill(`keys-${uniq()}@example.test`);
  await page.getByLabel('Password').fill('sandbox-password');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByText('Sandbox — awaiting verification')).toBeVisible();
  const ns = await firstNamespace(page);
  const headers = { 'x-partner-id': ns.token, 'content-type': 'application/json', ...FROM_DASHBOARD };
  const u = uniq();
  const access = {
    customers_read: true,
    customers_write: false,
    transactions_read: true,
    transactions_write: false,
  };
  // Ten days ahead: within the fortnight that earns the "Expires …" badge as well.
  const expiresAt = Math.floor(Date.now() / 1000) + 10 * 86_400;
  for (const data of [
    { name: `expiring-${u}`, access, expires_at: expiresAt },
    { name: `lasting-${u}`, access },
  ]) {
    const res = await page.request.post('/api/proxy/apikey', { headers, data });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.goto('/api-keys');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Expires' })).toBeVisible();
  const column = await table.getByRole('columnheader').allTextContents();
  const at = column.indexOf('Expires');
  const cell = (name: string) => table.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(at);
  const year = String(new Date(expiresAt * 1000).getFullYear());
  await expect(cell(`expiring-${u}`)).toContainText(year);
  await expect(table.getByRole('row').filter({ hasText: `expiring-${u}` })).toContainText('Expires ');
  await expect(cell(`lasting-${u}`)).toHaveText('Never');
  await shootThemes(page, 'api-keys-expires');
});
