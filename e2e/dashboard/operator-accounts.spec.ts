import { expect, test } from '@playwright/test';
import { actAs, API, DEMO_ADMIN, headersOf, shootThemes, uniq } from './helpers';

test('the operator verifies a production account with a note; the organization sees the note on it', async ({
  page,
  request,
}) => {
  // Demo Bank (verified) adds a settlement account to its production namespace.
  const demo = await headersOf(request, DEMO_ADMIN, 'demo-bank.test');
  const title = `Reserve ${uniq()}`;
  const created = await request.post(`${API}/account`, {
    headers: { ...demo, 'idempotency-key': crypto.randomUUID() },
    data: {
      account_title: title,
      account_number: '000987654321',
      routing_number: '021000021',
      type: 'checking',
      institution: {
        name: 'First Clearing',
        phone_number: '+1 212 555 0100',
        address: { address: '1 Main St', city: 'Springfield', postal_code: '12345', state: 'IL' },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const accountId = (await created.json()).data.token as string;

  await actAs(page, 'operator');
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Accounts to verify' })
    .click();
  const table = page.getByRole('table', { name: 'Accounts awaiting verification' });
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Demo Bank');
  await expect(row).toContainText('demo-bank.test');
  await expect(row).toContainText('****4321');
  await shootThemes(page, 'operator-accounts');
  await row.getByRole('button', { name: `Verify ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Verify “${title}”?` });
  await dialog.getByRole('button', { name: 'Verify account' }).click();
  await expect(dialog.getByText('Enter a note: it is kept with the decision')).toBeVisible();
  await dialog.getByLabel('Note (required, shown to the organization)').fill('Bank letter checked');
  await dialog.getByRole('button', { name: 'Verify account' }).click();
  await expect(page.getByText(`${title} (demo-bank.test) verified`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await actAs(page, 'admin');
  await page.goto(`/accounts/${accountId}`);
  await expect(page.getByTestId('account-status')).toHaveText('verified');
  await expect(page.getByText(/Verified by the network operator on .*: Bank letter checked\./)).toBeVisible();
});
