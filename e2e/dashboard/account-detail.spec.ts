import { expect, test } from '@playwright/test';
import { actAs, expectAccessible, shoot, signUpSandbox, uniq } from './helpers';

test('account page: fields from the list’s link, verify in a sandbox, delete behind a confirmation', async ({
  page,
}) => {
  await signUpSandbox(page);
  await page.goto('/accounts');
  // Checked in the browser before anything is sent.
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('Enter a title')).toBeVisible();
  await expect(page.getByText('4 to 17 digits')).toBeVisible();
  await expect(page.getByText('Enter the bank name')).toBeVisible();
  const title = `Operating ${uniq()}`;
  await page.getByLabel('Account title').fill(title);
  await page.getByLabel('Account number').fill('000111222333');
  await page.getByLabel('Routing number', { exact: true }).first().fill('021000021');
  await page.getByLabel('Bank name').fill('First Clearing');
  await page.getByLabel('Type').selectOption('savings');
  await page.getByRole('button', { name: 'Add account' }).click();
  await page.getByRole('link', { name: title, exact: true }).click();

  await expect(page).toHaveURL(/\/accounts\/acct_/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const account = page.getByRole('region', { name: 'Account' });
  const bank = page.getByRole('region', { name: 'Institution' });
  await expect(account).toContainText('Account number****2333');
  await expect(account).toContainText('Routing number021000021');
  await expect(account).toContainText('TypeSavings');
  await expect(account).toContainText('Statusunverified');
  await expect(bank).toContainText('NameFirst Clearing');
  await expect(page.getByTestId('account-status')).toHaveText('unverified');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Verify (sandbox)' }).click();
  await expect(page.getByText('Account verified')).toBeVisible();
  await expect(page.getByTestId('account-status')).toHaveText('verified');
  await expect(page.getByRole('button', { name: 'Verify (sandbox)' })).toHaveCount(0);

  // Cancel keeps the account; confirming deletes it and the page shows it deleted.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'account-detail-confirm-delete');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('account-status')).toHaveText('verified');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(page.getByTestId('account-status')).toHaveText('deleted');
  await expect(page.getByText('This account is deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete account' })).toHaveCount(0);
  await shoot(page, 'account-detail-deleted');

  await page.getByRole('link', { name: 'Settlement accounts' }).click();
  await expect(page.getByRole('cell', { name: title, exact: true })).toHaveCount(0);
});

test('a production account cannot be verified from its page; an unknown id reads as not found', async ({
  page,
}) => {
  await actAs(page, 'admin');
  await page.goto('/accounts');
  await page.getByRole('link', { name: 'Settlement — operating', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settlement — operating', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify (sandbox)' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete account' })).toBeVisible();

  await page.goto('/accounts/acct_unknown');
  await expect(page.getByRole('heading', { name: 'Account acct_unknown not found' })).toBeVisible();
  await expect(page.getByText('There is no account with this id in the selected namespace.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Settlement accounts' })).toBeVisible();
});
