import { expect, test } from '@playwright/test';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('the API reference shows each operation’s samples in curl, Node.js and Python, ready to copy', async ({
  page,
}) => {
  // Opened at the operation's own address: Swagger UI lists more than 150 tags and operations
  // virtually (only those near the viewport are in the page), and deep linking scrolls to the
  // operation and opens it.
  await page.goto('/docs#/Payments/createPayment');
  await expect(page.getByRole('link', { name: 'Postman collection' })).toHaveAttribute(
    'href',
    '/api/v1/csp/postman.json',
  );
  // The server this deployment answers at (Try it out sends there), once Swagger UI (1 MB of
  // script) has rendered the document.
  await expect(page.locator('.servers select')).toContainText(new URL(page.url()).origin);
  await expect(page.locator('#operations-Payments-createPayment')).toHaveClass(/is-open/);
  const samples = page
    .locator('#operations-Payments-createPayment')
    .getByRole('region', { name: 'Code samples' });
  await expect(samples.locator('pre')).toContainText(
    `curl -X POST ${new URL(page.url()).origin}/api/v1/csp/payments`,
  );
  await expect(samples.locator('pre')).toContainText('idempotency-key: $(od -An -N16 -tx1 /dev/urandom');
  await samples.getByRole('tab', { name: 'Node.js' }).click();
  await expect(samples.locator('pre')).toContainText('"idempotency-key": crypto.randomUUID()');
  await samples.getByRole('tab', { name: 'Python' }).click();
  await expect(samples.locator('pre')).toContainText('str(uuid.uuid4())');
  await samples.getByRole('button', { name: 'Copy' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('import requests');
  await page
    .locator('#operations-Payments-createPayment')
    .screenshot({ path: 'e2e/screenshots/api-reference-samples.png' });
});
