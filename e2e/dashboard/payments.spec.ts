import { expect, test } from '@playwright/test';
import { expectAccessible, shoot, signInAs } from './helpers';

const SUPPORT = { email: 'support@demo-bank.test', password: 'demo-password-1' };
const UNION = { email: 'admin@union-cu.test', password: 'demo-password-1' };
const nav = (page: import('@playwright/test').Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

test('payment lookup shows parties, amount, timeline, transaction lines and exceptions', async ({ page }) => {
  await signInAs(page, SUPPORT);
  await nav(page, 'Payments');
  await page.getByLabel('Status').selectOption('rejected');
  await expect(page).toHaveURL(/status=rejected/);
  await page.getByRole('link', { name: 'inv-0993' }).click();
  await expect(page.getByRole('heading', { name: 'Payment inv-0993' })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Rejected');
  await expect(page.getByText('USD 9,900.00')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Exceptions' })).toContainText('ACCOUNT_CLOSED');
  await expect(page.getByRole('region', { name: 'Exceptions' })).toContainText('blame beneficiary party');
  await expectAccessible(page);
  await shoot(page, 'payment-rejected');

  await page.goto('/payments/inv-0990');
  await expect(page.getByTestId('payment-status')).toHaveText('Admitted');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Submitted (push.v1)');
  await expect(page.getByRole('region', { name: 'Transaction' })).toContainText('Debit USD 750.00');
  await expect(page.getByRole('region', { name: 'Transaction' })).toContainText('Credit USD 750.00');
  await shoot(page, 'payment-admitted');

  await page.goto('/payments/does-not-exist');
  await expect(page.getByText('Payment does-not-exist not found')).toBeVisible();
});

test('support works the queue with the keyboard and the payment is admitted; failing needs a note and records the exception', async ({ page }) => {
  await signInAs(page, SUPPORT);
  await nav(page, 'Task queue');
  const rows = page.getByRole('list', { name: 'Tasks' }).getByRole('button');
  await expect(rows.first()).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'task-queue');
  // ucu-2002 (USD 15.00) is waiting for Demo Bank's admission
  const target = rows.filter({ hasText: 'ucu-2002' });
  await target.click();
  await page.keyboard.press('c');
  await expect(page.getByText('Task for ucu-2002 completed')).toBeVisible();
  await page.goto('/payments/ucu-2002');
  await expect(page.getByTestId('payment-status')).toHaveText('Admitted');

  await nav(page, 'Task queue');
  await rows.filter({ hasText: 'ucu-2001' }).click();
  await page.keyboard.press('f');
  await page.getByLabel('Reason').selectOption('account_closed');
  await expect(page.getByRole('button', { name: 'Fail the task' })).toBeDisabled();
  await page.getByLabel('Note (required)').fill('Account closed last week');
  await page.getByRole('button', { name: 'Fail the task' }).click();
  await expect(page.getByText('Task for ucu-2001 failed')).toBeVisible();
  await page.goto('/payments/ucu-2001');
  await expect(page.getByRole('region', { name: 'Exceptions' })).toContainText('ACCOUNT_CLOSED');
});

test('a credit union admin sees its own queue, not the other bank’s', async ({ page }) => {
  await signInAs(page, UNION);
  await nav(page, 'Task queue');
  await expect(page.getByRole('list', { name: 'Tasks' })).toContainText('inv-1001');
  await expect(page.getByRole('list', { name: 'Tasks' })).not.toContainText('ucu-2003 · beneficiary');
});
