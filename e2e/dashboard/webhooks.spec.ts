import { expect, test, type Page } from '@playwright/test';
import { verifyWebhookSignature } from '../../lib/webhooks/sign';
import { startReceiver } from '../api/receiver';
import { actAs, downloadCsv, expectAccessible, nav, openSearch, ROLES, shootThemes, uniq } from './helpers';

const deliveries = (page: Page) => page.getByRole('table', { name: 'Deliveries' });

/** Opens the folded "Add an endpoint" section of the list. */
async function openAddForm(page: Page) {
  const summary = page.getByText('Add an endpoint', { exact: true });
  // A click toggles it: open it only if a previous step left it folded.
  if (!(await summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open))) await summary.click();
  await expect(page.getByLabel('Endpoint URL')).toBeVisible();
}

/** Adds an endpoint through the form; returns the secret shown once. */
async function addEndpoint(page: Page, url: string, description: string, types?: string[]) {
  await nav(page, 'Webhooks');
  await openAddForm(page);
  await page.getByLabel('Endpoint URL').fill(url);
  await page.getByLabel('Description').fill(description);
  if (types) {
    await page.getByLabel('Only the types chosen below').check();
    for (const t of types) await page.getByRole('checkbox', { name: t, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = page.getByTestId('revealed-secret');
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  return (await secret.textContent())!;
}

test('create a webhook, receive a test event on a local receiver, see it in the log; rotate shows the new secret once; delete behind a confirmation', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    await actAs(page, 'admin');
    await page.goto('/');
    await nav(page, 'Webhooks');
    // The seeded endpoint the gateway disabled after 5 days of failures.
    await expect(
      page.getByRole('alert', { name: 'Endpoint disabled: https://hooks.demo-bank.test/csp-events' }),
    ).toContainText('Disabled after 5 days of failed deliveries');

    // The picker refuses an empty choice before asking the gateway.
    await openAddForm(page);
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Only the types chosen below').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Choose at least one event type')).toBeVisible();

    const description = `Ledger ${uniq()}`;
    // Types the payments specs running beside this one never emit (cut-offs run after both groups):
    // the endpoint's log holds only what this test sends it.
    const secret = await addEndpoint(page, receiver.url, description, [
      'settlement.batch.completed',
      'api_key.rotated',
    ]);
    await expect(page.getByRole('cell', { name: description })).toBeVisible();
    await shootThemes(page, 'webhooks-created');
    await page.getByRole('link', { name: 'Open the endpoint to send a test event' }).click();

    await expect(page.getByRole('heading', { name: receiver.url })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Actions' })).toContainText('settlement.batch.completed');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(/Test event evt_\w+ sent/)).toBeVisible();
    await receiver.waitFor((r) => r.some((x) => x.json?.type === 'webhook.test'));
    const got = receiver.received.find((x) => x.json.type === 'webhook.test')!;
    expect(verifyWebhookSignature({ secret, headers: got.headers as never, body: got.body })).toBe(true);

    const row = deliveries(page).getByRole('row').filter({ hasText: got.json.id });
    await expect(row).toContainText('Succeeded');
    await expect(row).toContainText('HTTP 200');
    await row.getByText('1 attempt').click();
    await expect(row.getByRole('list', { name: `Attempts of ${got.json.id}` })).toContainText('ok');
    await shootThemes(page, 'webhook-detail');

    // Rotation: the new secret is shown once, and signs the next delivery.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByTestId('revealed-secret');
    await expect(rotated).toHaveText(/^whsec_/);
    const newSecret = (await rotated.textContent())!;
    expect(newSecret).not.toBe(secret);
    await shootThemes(page, 'webhook-rotated');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('revealed-secret')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: receiver.url })).toBeVisible();
    await expect(page.getByText(newSecret)).toHaveCount(0);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor((r) => r.filter((x) => x.json?.type === 'webhook.test').length === 2);
    const second = receiver.received.filter((x) => x.json.type === 'webhook.test')[1]!;
    expect(
      verifyWebhookSignature({ secret: newSecret, headers: second.headers as never, body: second.body }),
    ).toBe(true);

    // Delete: nothing happens until the dialog is confirmed.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await shootThemes(page, 'webhook-delete-confirm', { axe: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: receiver.url })).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await expect(page.getByText(`Endpoint ${receiver.url} deleted`)).toBeVisible();
    await expect(page.getByRole('cell', { name: description })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test('a failing endpoint: the log shows the refused attempt, a retry delivers it; disabled shows a banner and re-enabling clears it', async ({
  page,
}) => {
  // The first delivery is refused with 500, every later one accepted.
  const receiver = await startReceiver((n) => (n === 1 ? 500 : 200));
  try {
    await actAs(page, 'admin');
    await page.goto('/');
    await nav(page, 'Webhooks');
    const description = `Flaky ${uniq()}`;
    // A type nothing else triggers during the test: only the test events arrive.
    await addEndpoint(page, receiver.url, description, ['api_key.rotated']);
    await page.getByRole('link', { name: 'Open the endpoint to send a test event' }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor((r) => r.length === 1);

    const row = deliveries(page).getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('HTTP 500');
    await expect(page.getByRole('status', { name: 'Deliveries to this endpoint are failing' })).toBeVisible();
    await row.getByText('1 attempt').click();
    await expect(row.getByRole('listitem')).toContainText('nope');
    await page.getByLabel('Delivery status').selectOption('pending');
    await expect(page).toHaveURL(/status=pending/);
    await expect(row).toBeVisible();
    await shootThemes(page, 'webhook-failing');
    // The pending ones as CSV, each with its last attempt's answer.
    const csv = await downloadCsv(
      page,
      page.getByRole('link', { name: 'Export pending deliveries as CSV' }),
      'deliveries.csv',
    );
    expect(csv[0]).toBe(
      'delivery_id,event_id,event_type,status,attempts,last_status_code,last_error,last_response_excerpt,next_attempt_at,created_at',
    );
    expect(csv.slice(1).map((l) => l.split(',').slice(1, 8))).toEqual([
      [receiver.received[0]!.json.id, 'webhook.test', 'pending', '1', '500', '', 'nope'],
    ]);

    await row.getByRole('button', { name: /^Retry webhook\.test/ }).click();
    await expect(page.getByText('Delivery queued: it is sent again now')).toBeVisible();
    await receiver.waitFor((r) => r.length === 2);
    await page.getByLabel('Delivery status').selectOption('succeeded');
    await expect(row).toContainText('Succeeded');
    await expect(row).toContainText('2 attempts');
    await expect(page.getByRole('status', { name: 'Deliveries to this endpoint are failing' })).toHaveCount(
      0,
    );
    expect(receiver.received[1]!.json.id).toBe(receiver.received[0]!.json.id);

    // Disabled: a banner on the page and on the list, and the way back.
    await page.getByRole('button', { name: 'Disable' }).click();
    const banner = page.getByRole('alert', { name: 'This endpoint is disabled' });
    await expect(banner).toContainText('disabled by an administrator');
    await expect(banner).toContainText('kept as failed deliveries, which recovery sends again');
    await expect(page.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await shootThemes(page, 'webhook-disabled');
    await nav(page, 'Webhooks');
    const listBanner = page.getByRole('alert', { name: `Endpoint disabled: ${receiver.url}` });
    await expect(listBanner).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: description })).toContainText('Disabled');
    await shootThemes(page, 'webhooks-list');
    await listBanner.getByRole('button', { name: `Re-enable ${receiver.url}` }).click();
    await expect(page.getByText(`${receiver.url} re-enabled`)).toBeVisible();
    await expect(listBanner).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: description })).toContainText('Enabled');
  } finally {
    await receiver.close();
  }
});

test('support and viewer users read webhooks without the admin actions; API keys and users say they are for admins', async ({
  page,
}) => {
  for (const role of ['support', 'viewer'] as const) {
    const who = ROLES[role];
    await actAs(page, role);
    await page.goto('/');
    // The menu lists the screens they can read (lib/dashboard/permissions.ts): Webhooks, not API
    // keys or Users.
    const menu = page.getByRole('navigation', { name: 'Main' });
    for (const adminsOnly of ['API keys', 'Users'])
      await expect(menu.getByRole('link', { name: adminsOnly, exact: true })).toHaveCount(0);

    // The list: the endpoints and their banners, nothing to change them with.
    await menu.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page).toHaveURL(/\/webhooks$/);
    const disabled = page.getByRole('alert', {
      name: 'Endpoint disabled: https://hooks.demo-bank.test/csp-events',
    });
    await expect(disabled).toContainText('Disabled after 5 days of failed deliveries');
    await expect(disabled.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('status', { name: 'Read only' })).toContainText(
      "Only your organization's admins",
    );
    await expect(page.getByText('Add an endpoint', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Endpoint URL')).toHaveCount(0);

    // One endpoint: its events and delivery log, no test, rotate, disable, delete, edit or retry.
    await page.getByRole('link', { name: 'https://hooks.demo-bank.test/csp-events' }).click();
    await expect(
      page.getByRole('heading', { name: 'https://hooks.demo-bank.test/csp-events' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Events' })).toContainText('Read only');
    await expect(page.getByRole('table', { name: 'Deliveries' })).toBeVisible();
    for (const name of ['Send test event', 'Rotate secret', 'Disable', 'Delete', 'Re-enable endpoint'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    await expect(page.getByText('Edit settings')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Retry / })).toHaveCount(0);
    if (who.email.startsWith('viewer')) await shootThemes(page, 'webhook-detail-read-only');

    for (const [path, title] of [
      ['/api-keys', 'API keys'],
      ['/users', 'Users'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Admins only' })).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByRole('textbox')).toHaveCount(0);
    }
    if (who.email.startsWith('viewer')) await shootThemes(page, 'users-admins-only');
  }
});

test("a delivery's page shows the payload exactly as sent and each attempt's answer; recovery reports what it sent again", async ({
  page,
}) => {
  const receiver = await startReceiver((n) => (n === 1 ? 503 : 200));
  try {
    await actAs(page, 'admin');
    await page.goto('/');
    await nav(page, 'Webhooks');
    await addEndpoint(page, receiver.url, `Payloads ${uniq()}`, ['api_key.rotated']);
    await page.getByRole('link', { name: 'Open the endpoint to send a test event' }).click();
    await expect(page).toHaveURL(/\/webhooks\/wh_\w+$/);
    const endpoint = page.url();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor((r) => r.length === 1);
    const sent = receiver.received[0]!;

    await deliveries(page)
      .getByRole('link', { name: `Delivery of webhook.test ${sent.json.id}` })
      .click();
    await expect(page).toHaveURL(/\/webhooks\/wh_\w+\/deliveries\/dlv_\w+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('webhook.test');
    expect(JSON.parse((await page.getByLabel('Payload as sent').textContent())!)).toEqual(sent.json);
    const attempts = page.getByRole('list', { name: 'Attempts' });
    await expect(attempts.getByRole('listitem')).toHaveCount(1);
    await expect(attempts).toContainText('HTTP 503');
    await expect(attempts).toContainText('nope');
    await shootThemes(page, 'webhook-delivery');
    // Sent again from its page: the second attempt is accepted.
    await page.getByRole('button', { name: 'Send again' }).click();
    await receiver.waitFor((r) => r.length === 2);
    await expect(attempts.getByRole('listitem')).toHaveCount(2);
    await expect(attempts.getByRole('listitem').nth(1)).toContainText('HTTP 200');
    expect(receiver.received[1]!.body).toBe(sent.body);

    // The shell's search takes a delivery's id alone to its page.
    const deliveryUrl = page.url();
    await page.goto(endpoint);
    const search = await openSearch(page);
    await search.fill(deliveryUrl.split('/').at(-1)!);
    await search.press('Enter');
    await expect(page).toHaveURL(deliveryUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('webhook.test');

    // Recovery of what failed since January: nothing is failed (the one failure was sent again).
    await page.goto(endpoint);
    const form = page.getByRole('form', { name: 'Recover failed deliveries' });
    await form.getByLabel('Failed since (your time)').fill('2026-01-01T00:00');
    await form.getByRole('button', { name: 'Send failed deliveries again' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Nothing had failed since then.' }),
    ).toBeVisible();
    await shootThemes(page, 'webhook-recovery');
    expect(receiver.received).toHaveLength(2);
  } finally {
    await receiver.close();
  }
});
