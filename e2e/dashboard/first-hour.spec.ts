import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../ports';
import { nav, shootThemes, signUpSandbox } from './helpers';

/**
 * The integrator's first hour, as a new sandbox user lives it: every snippet the dashboard prints
 * is copied with its Copy button and run by bash against this server, exactly as copied.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The text the snippet's Copy button puts on the clipboard. */
async function copySnippet(page: Page, testId: string): Promise<string> {
  const snippet = page.getByTestId(testId);
  await expect(snippet.locator('pre')).not.toHaveText('Loading…');
  const button = snippet.getByRole('button', { name: /^Copy/ });
  const shown = await snippet.locator('pre').textContent();
  // "Copied" shows for 1.5 s: on a loaded host a poll can miss it, so the page notes it when it
  // happens; and the clipboard, emptied first, must come to hold the snippet's text exactly.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await button.evaluate((el) => {
    const seen = () => el.textContent === 'Copied' && el.setAttribute('data-seen-copied', '');
    new MutationObserver(seen).observe(el, { subtree: true, childList: true, characterData: true });
  });
  await button.click();
  await expect(button).toHaveAttribute('data-seen-copied', '');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  return shown!;
}

/** Runs a script with bash, as a terminal would (a bare environment: no KEY, no uuidgen helper). */
function runBash(script: string): Array<{ ok: boolean; data?: any; code?: string; message?: string }> {
  const out = execFileSync('bash', ['-c', script], {
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

const replaceKey = (script: string, secret: string) => script.replace(/^KEY=.*$/m, `KEY=${secret}`);

test('the checklist, a new key, a payment and a webhook: every snippet runs as printed', async ({ page }) => {
  // Signs up, creates a key and a webhook, and runs each printed snippet as a process: 1.5 min alone on
  // a slow host, over 2 beside the API suites, 3.4 on the slowest seen.
  test.setTimeout(360_000);
  await signUpSandbox(page);
  const checklist = page.getByRole('region', { name: 'Getting started in the sandbox' });
  await expect(page.getByTestId('checklist-progress')).toHaveText('0 of 3 done');

  // Before a key exists, the calls say where the key goes, with the deployment's absolute URL.
  await checklist.getByText('Show the two calls').click();
  const before = await copySnippet(page, 'snippet-first-payment');
  expect(before).toMatch(/^KEY=paste-the-secret-of-your-api-key-here$/m);
  expect(before).toContain(`curl -X POST ${new URL(page.url()).origin}/api/v1/csp/payments \\`);
  expect(before).not.toContain('uuidgen');

  // A key from the checklist: its page prints the test payment with the secret filled in.
  await checklist.getByRole('link', { name: 'Create a key' }).click();
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('revealed-secret').textContent())!.trim();
  const onKeyPage = await copySnippet(page, 'snippet-key-created');
  expect(onKeyPage).toContain(`KEY=${secret}\n`);
  await shootThemes(page, 'api-key-created-snippet');

  // Back on the overview (same tab), the checklist's calls hold that key: run as copied.
  await nav(page, 'Overview');
  await expect(page.getByTestId('checklist-api_key')).toHaveAttribute('data-done', 'true');
  await checklist.getByText('Show the two calls').click();
  await expect(page.getByTestId('snippet-first-payment')).toContainText(`KEY=${secret}`);
  await shootThemes(page, 'overview-checklist-snippet');
  const calls = await copySnippet(page, 'snippet-first-payment');
  const [created, submitted] = runBash(calls);
  expect(created, JSON.stringify(created)).toMatchObject({ ok: true });
  expect(submitted, JSON.stringify(submitted)).toMatchObject({ ok: true });
  const paymentId = created!.data.payment_id as string;
  await page.reload();
  await expect(page.getByTestId('checklist-sandbox_payment')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('checklist-progress')).toHaveText('2 of 3 done');

  // The same calls again fail (the payment id is taken): the request log has the refusal, with
  // what was sent and answered, at the request id it was answered with.
  const [again409] = runBash(calls);
  expect(again409).toMatchObject({ code: 'error.conflict' });
  await nav(page, 'Request log');
  await expect(page.getByRole('heading', { name: 'Request log', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('4xx');
  await page.getByRole('textbox', { name: 'Path' }).fill('/api/v1/csp/payments');
  await expect(page).toHaveURL(/path=/);
  const refused = page.getByRole('row').filter({ hasText: '409' }).first();
  await expect(refused).toContainText('POST /api/v1/csp/payments');
  await expect(refused).toContainText('error.conflict');
  await shootThemes(page, 'request-log');
  const requestId = (await refused.locator('td').last().textContent())!.trim();
  expect(requestId).toMatch(/^req_/);
  await refused.getByRole('link').first().click();
  await expect(page).toHaveURL(`/logs/${requestId}`);
  await expect(page.getByRole('heading', { name: 'POST /api/v1/csp/payments', exact: true })).toBeVisible();
  await expect(page.getByText('error.conflict', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Request body' })).toContainText(
    `"payment_id": "${paymentId}"`,
  );
  await expect(page.getByRole('region', { name: 'Response body' })).toContainText('"code": "error.conflict"');
  await expect(page.getByRole('region', { name: 'Request', exact: true })).toContainText(
    'Sandbox test payments (API key)',
  );
  await shootThemes(page, 'request-log-entry');

  // A read-only key: its first call reads the payments.
  await nav(page, 'API keys');
  await page.getByLabel('Key name').fill('Reader');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('snippet-key-created')).toContainText('/payments?limit=5');
  const [list] = runBash(await copySnippet(page, 'snippet-key-created'));
  expect(list!.data.payments.map((p: { payment_id: string }) => p.payment_id)).toContain(paymentId);

  // The payment's page, after a reload (the page no longer holds a key): a KEY line to fill in.
  await page.goto(`/payments/${paymentId}`);
  await page.getByText('As an API call').click();
  const read = await copySnippet(page, 'snippet-payment-read');
  expect(read).toMatch(/^KEY=paste-the-secret-of-your-api-key-here$/m);
  const [payment, submission] = runBash(replaceKey(read, secret));
  expect(payment!.data.payment_id).toBe(paymentId);
  expect(submission!.data.relationships.payment.payment_id).toBe(paymentId);
  const [again, againSubmitted] = runBash(
    replaceKey(await copySnippet(page, 'snippet-payment-again'), secret),
  );
  expect(again, JSON.stringify(again)).toMatchObject({ ok: true, data: { amount: { total: '2500' } } });
  expect(againSubmitted!.ok).toBe(true);
  await shootThemes(page, 'payment-as-api-call');

  // A webhook: the receiver printed with its secret runs, and verifies the test event.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/hooks/csp`;
  await page.goto('/webhooks?add=1');
  await page.getByLabel('Endpoint URL').fill(url);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const receiver = await copySnippet(page, 'snippet-webhook-receiver');
  await shootThemes(page, 'webhook-created-snippet');
  const child = spawn('bash', ['-c', receiver], { cwd: mkdtempSync(path.join(tmpdir(), 'receiver-')) });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  try {
    await expect.poll(() => out).toContain('receiving on');
    await page.getByRole('link', { name: 'Open the endpoint to send a test event' }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => out).toMatch(/verified webhook\.test evt_/);
  } finally {
    child.kill();
  }
  await nav(page, 'Overview');
  await expect(page.getByTestId('checklist-progress')).toHaveText('3 of 3 done');
});
