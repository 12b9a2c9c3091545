import { expect, test } from '@playwright/test';
import { shootThemes, signUpSandbox } from './helpers';

test('an inbox endpoint receives a test event of the type chosen and shows it with a valid signature', async ({
  page,
}) => {
  await signUpSandbox(page);
  await page.goto('/webhooks');
  await expect(page.getByRole('heading', { name: 'No public URL yet? Use an inbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Add an inbox' }).click();
  await expect(page).toHaveURL(/\/webhooks\/wh_/);
  await expect(page.getByRole('heading', { name: 'Inbox endpoint' })).toBeVisible();
  const inbox = page.getByRole('region', { name: 'Inbox' });
  await expect(inbox).toContainText('Nothing received yet');

  await page.getByLabel('Test event type').selectOption('payment.admitted');
  await page.getByRole('button', { name: 'Send test event' }).click();
  const message = inbox.getByTestId('inbox-message');
  await expect(message).toHaveCount(1);
  await expect(message).toContainText('payment.admitted');
  await expect(message).toContainText('Signature valid');

  // Opened: the headers a receiver gets and the body that was signed.
  await message.locator('summary').click();
  await expect(message.getByRole('rowheader', { name: 'webhook-signature' })).toBeVisible();
  await expect(message.getByRole('rowheader', { name: 'webhook-timestamp' })).toBeVisible();
  await expect(message.locator('pre')).toContainText('"type": "payment.admitted"');
  await expect(message.locator('pre')).toContainText('"status_name": "admitted"');
  await shootThemes(page, 'webhook-inbox');

  // The list names it for what it is.
  await page.goto('/webhooks');
  await expect(page.getByRole('link', { name: 'Inbox (in the dashboard)' })).toBeVisible();
  await shootThemes(page, 'webhooks-inbox-offer');
});
