import { expect, test } from '@playwright/test';
import {
  downloadCsv,
  expectAccessible,
  firstNamespace,
  FROM_DASHBOARD,
  nav,
  shoot,
  signUpSandbox,
} from './helpers';

const NO_ACCESS = {
  customers_read: false,
  customers_write: false,
  transactions_read: false,
  transactions_write: false,
};

test('an admin finds who renamed a key, reads the change and exports the filtered trail', async ({
  page,
}) => {
  const who = await signUpSandbox(page);
  const ns = await firstNamespace(page);
  const headers = {
    'x-partner-id': ns.token,
    'content-type': 'application/json',
    ...FROM_DASHBOARD,
  };
  const created = await page.request.post('/api/proxy/apikey', {
    headers,
    data: { name: 'Payouts', access: NO_ACCESS },
  });
  expect(created.status()).toBe(200);
  const key = (await created.json()).data;
  const renamed = await page.request.patch(`/api/proxy/apikey/${key.token}`, {
    headers,
    data: { name: 'Payouts EU' },
  });
  expect(renamed.status()).toBe(200);

  await nav(page, 'Audit trail');
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit trail' });
  for (const what of ['Organization signed up', 'Namespace created', 'API key created', 'API key updated'])
    await expect(table.getByRole('cell', { name: what, exact: true })).toBeVisible();
  await shoot(page, 'audit-trail');

  await page.getByLabel('Action').selectOption('api_key.updated');
  await expect(page).toHaveURL(/action=api_key\.updated/);
  await expect(table.getByRole('row')).toHaveCount(2); // the header and one entry
  await table.getByRole('button', { name: 'Details' }).click();
  const detail = page.getByRole('complementary', { name: 'Audit entry' });
  await expect(detail.getByRole('heading', { name: 'API key updated' })).toBeVisible();
  await expect(detail).toContainText(`Who${who.email}`);
  await expect(detail).toContainText('BeforenamePayouts');
  await expect(detail).toContainText('AfternamePayouts EU');
  await expect(detail).toContainText(`Targetapi_key ${key.token}`);
  await expectAccessible(page);
  await shoot(page, 'audit-trail-detail');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(page).not.toHaveURL(/entry=/);

  // The filtered set, streamed as CSV: the header and the one entry.
  const lines = await downloadCsv(
    page,
    page.getByRole('link', { name: 'Export these entries as CSV' }),
    'audit-events.csv',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${who.email},api_key.updated,api_key,${key.token},`);

  // The actor filter from the row, then back to everything.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/action=/);
  // Oldest first from the When header: the trail begins with the sign-up, and the rename is last.
  const when = table.getByRole('columnheader', { name: /When/ });
  await expect(when).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText('API key updated');
  await when.getByRole('button').click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(when).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('row').nth(1)).toContainText(/Organization signed up|Namespace created/);
  await expect(table.getByRole('row').last()).toContainText('API key updated');
  await when.getByRole('button').click();
  await expect(page).not.toHaveURL(/order=/);
  await table.getByRole('button', { name: who.email }).first().click();
  await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(who.email).replace(/\./g, '\\.')}`));
  await expect(page.getByLabel('Who (e-mail or key name)')).toHaveValue(who.email);
});
