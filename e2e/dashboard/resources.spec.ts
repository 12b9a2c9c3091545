import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, expectAccessible, shoot, signInAs, uniq } from './helpers';

const nav = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

test('accounts: add with a checked routing number, filter, verify is refused in production, delete behind a confirmation', async ({
  page,
}) => {
  await signInAs(page, DEMO_ADMIN);
  await nav(page, 'Accounts');
  await expect(page.getByRole('cell', { name: 'Settlement — operating', exact: true })).toBeVisible();
  const title = `Payroll ${uniq()}`;
  await page.getByLabel('Account title').fill(title);
  await page.getByLabel('Account number').fill('000111222333');
  await page.getByLabel('Routing number', { exact: true }).first().fill('021000022');
  await page.getByLabel('Bank name').fill('First Clearing');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText(/valid 9-digit ABA routing number/)).toBeVisible();
  await page.getByLabel('Routing number', { exact: true }).first().fill('021000021');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  await page.getByLabel('Title contains').fill('payroll');
  await page.getByLabel('Title contains').blur();
  await expect(page).toHaveURL(/account_title=payroll/);
  await expect(page.getByRole('cell', { name: 'Settlement — operating', exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'accounts');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page
    .getByRole('dialog', { name: `Delete “${title}”?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(page.getByRole('cell', { name: title, exact: true })).toHaveCount(0);
  await page.getByLabel('Status', { exact: true }).selectOption('AS_Deleted');
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
});

test('customers: resolve a linked address and create one', async ({ page }) => {
  await signInAs(page, DEMO_ADMIN);
  await nav(page, 'Customers');
  await page.getByLabel('Resolve a payment address').fill('maria@union-cu.test');
  await page.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Maria Garcia')).toBeVisible();
  await page.getByLabel('Resolve a payment address').fill('nobody@nowhere.test');
  await page.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText(/No customer nobody@nowhere.test/)).toBeVisible();
  const address = `new-${uniq()}@demo-bank.test`;
  await page.getByLabel('Payment address', { exact: true }).fill(address);
  await page.getByLabel('First name', { exact: true }).fill('New');
  await page.getByLabel('Last name', { exact: true }).fill('Customer');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('cell', { name: address, exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'customers');
});

test('users: invite, change role, remove', async ({ page }) => {
  await signInAs(page, DEMO_ADMIN);
  await nav(page, 'Users');
  const email = `teammate-${uniq()}@demo-bank.test`;
  await page.getByLabel('User email').fill(email);
  await page.getByLabel('Initial password').fill('teammate-password');
  await page.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
  const role = page.getByLabel(`Role of ${email}`);
  await role.evaluate((el) => el.setAttribute('data-marked', ''));
  await role.selectOption('viewer');
  await expect(page.getByText('Role changed')).toBeVisible();
  // The re-renders of the change update the row's cells in place, never remount them (a remounted
  // select loses focus and keyboard position): the element is the one marked before.
  await expect(role).toHaveValue('viewer');
  await expect(role).toHaveAttribute('data-marked', '');
  await expectAccessible(page);
  await shoot(page, 'users');
  await page.getByRole('button', { name: `Remove ${email}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${email}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByRole('cell', { name: email, exact: true })).toHaveCount(0);
});

test('links: the established link can be suspended and resumed', async ({ page }) => {
  await signInAs(page, DEMO_ADMIN);
  await nav(page, 'Links');
  await expect(page.getByRole('cell', { name: 'union-cu.test', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'suspend link with union-cu.test' }).click();
  await expect(page.getByText('Link is now suspended')).toBeVisible();
  await page.getByRole('button', { name: 'resume link with union-cu.test' }).click();
  await expect(page.getByText('Link is now established')).toBeVisible();
  await page.getByRole('tab', { name: 'Incoming' }).click();
  await expect(page).toHaveURL(/direction=incoming/);
  await expectAccessible(page);
  await shoot(page, 'links');
});
