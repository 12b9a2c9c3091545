import { expect, test } from '@playwright/test';
import { firstNamespace, FROM_DASHBOARD, shootThemes, signUpSandbox } from './helpers';

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
  await row.getByRole('button', { name: 'Disable' }).click();
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
