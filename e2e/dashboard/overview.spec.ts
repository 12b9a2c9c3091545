import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '../../lib/client/format';
import { startReceiver } from '../api/receiver';
import { actAs, expectAccessible, nav, shootThemes, uniq } from './helpers';

/** The signed-in user's organization and first namespace, through the dashboard's proxy. */
async function tenant(page: Page, domain?: string) {
  const me = await (await page.request.get('/api/proxy/me')).json();
  const ns = me.data.partners.find((p: { domain: string }) => !domain || p.domain === domain);
  return {
    orgId: me.data.organization.token as string,
    partnerId: ns.token as string,
    domain: ns.domain as string,
  };
}

test('the overview shows the namespace’s figures and both charts', async ({ page }) => {
  await actAs(page, 'admin');
  await page.goto('/');
  // The figures come with the page (its largest paint is a figure, not a skeleton).
  await expect(page.getByTestId('kpi-payments-today')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Key figures: loading' })).toHaveCount(0);
  // Another period is fetched by the browser: held back until released, so the loading state is
  // checked too; later calls pass straight on.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/proxy/overview*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Period').selectOption('30');
  await expect(page.getByRole('status', { name: 'Key figures: loading' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Daily payment volume by status: loading' })).toBeVisible();
  await expectAccessible(page);
  release();
  const { partnerId } = await tenant(page, 'demo-bank.test');
  const api = await page.request.get('/api/proxy/overview', { headers: { 'x-partner-id': partnerId } });
  expect(api.status()).toBe(200);
  const o = (await api.json()).data;

  await nav(page, 'Overview');
  await expect(page.getByTestId('kpi-payments-today')).toContainText(String(o.payments_today.count));
  // The demo data is made when the server starts: a run that crosses midnight (UTC) has none today.
  await expect(page.getByTestId('kpi-payments-today')).toContainText(
    o.payments_today.count > 0 ? 'USD' : 'None yet today (UTC)',
  );
  await expect(page.getByTestId('kpi-admitted-rate')).toContainText(`${o.decisions.admitted} admitted`);
  await expect(page.getByTestId('kpi-admitted-rate')).toContainText(`${o.decisions.rejected} rejected`);
  await expect(page.getByTestId('kpi-tasks-waiting')).toContainText(
    `${o.tasks_waiting.pending} pending · ${o.tasks_waiting.on_hold} on hold`,
  );
  // A cut-off may have run meanwhile (every 5 minutes): the cards follow what the API said.
  const awaiting = page.getByTestId('kpi-awaiting-settlement');
  if (o.awaiting_settlement.length === 0)
    await expect(awaiting).toContainText('Nothing cleared since the last cut-off');
  for (const c of o.awaiting_settlement) {
    await expect(awaiting).toContainText(
      `in ${formatMoney(c.incoming, c.currency)} · out ${formatMoney(c.outgoing, c.currency)}`,
    );
  }
  await expect(page.getByTestId('kpi-last-batch')).toContainText(
    o.last_batch_positions.length ? 'USD' : 'No settled batch yet',
  );
  // The sandbox checklist is for sandbox organizations only.
  await expect(page.getByRole('region', { name: 'Getting started in the sandbox' })).toHaveCount(0);

  const volume = page.getByRole('figure', { name: 'Daily payment volume by status' });
  await expect(volume.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(volume.locator('.recharts-legend-wrapper')).toContainText('Admitted');
  const exceptions = page.getByRole('figure', { name: 'Exceptions by code and blame' });
  await expect(exceptions.locator('.recharts-bar-rectangle').first()).toBeVisible();
  // The seeded rejection (inv-0993) is blamed on the beneficiary's side.
  await expect(exceptions.locator('.recharts-wrapper')).toContainText('account closed');
  await expect(exceptions.getByRole('table')).toContainText('ACCOUNT_CLOSED');
  await shootThemes(page, 'overview-kpis');

  await volume.getByLabel('Measure').selectOption('USD');
  await expect(volume).toContainText('value in USD');
  await page.getByLabel('Period').selectOption('30');
  await expect(page).toHaveURL(/days=30/);
  await expect(volume).toContainText('Last 30 days');
  await expectAccessible(page);
});

test('the sandbox checklist ticks itself from a key, a test payment and a webhook', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await page.goto('/signup');
    await page.getByLabel('Organization name').fill(`Checklist ${uniq()}`);
    await page.getByLabel('Email').fill(`check-${uniq()}@example.test`);
    await page.getByLabel('Password').fill('checklist-password');
    await page.getByRole('button', { name: 'Create organization' }).click();
    const checklist = page.getByRole('region', { name: 'Getting started in the sandbox' });
    await expect(checklist).toBeVisible();
    await expect(page.getByTestId('checklist-progress')).toHaveText('0 of 3 done');
    await expect(checklist.getByRole('link', { name: 'Make one in the dashboard' })).toHaveAttribute(
      'href',
      '/payments?new=1',
    );
    await checklist.getByText('Show the two calls').click();
    await shootThemes(page, 'overview-sandbox-start');

    // 1. A key, made from the checklist: it comes with the access the printed calls need.
    await checklist.getByRole('link', { name: 'Create a key' }).click();
    await expect(page).toHaveURL(/\/api-keys\?for=first-payment/);
    await expect(page.getByLabel('Key name')).toHaveValue('Sandbox test payments');
    await expect(page.getByLabel('transactions_write')).toBeChecked();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('revealed-secret').textContent())!.trim();
    await expect(page.getByText('Set it as KEY in the calls shown on the Overview')).toBeVisible();
    await nav(page, 'Overview');
    await expect(page.getByTestId('checklist-api_key')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('checklist-progress')).toHaveText('1 of 3 done');

    // 2. A test payment to the Sandbox Bank: the two calls exactly as printed, run by a shell with
    // KEY set to that key.
    await checklist.getByText('Show the two calls').click();
    const printed = (await checklist.locator('pre').textContent())!;
    expect(printed).toContain('"total": "2500"');
    await expect(checklist).toContainText('"2500" is USD 25.00');
    const [, create, submit] = printed.split(/\n\n(?=curl )/);
    expect(create).toMatch(/^curl -X POST .*\/payments /);
    expect(submit).toMatch(/^curl -X POST .*\/submissions/);
    for (const call of [create, submit]) {
      const answer = JSON.parse(
        execFileSync('bash', ['-c', `uuidgen() { cat /proc/sys/kernel/random/uuid; }\n${call} -sS`], {
          env: { ...process.env, KEY: key },
          encoding: 'utf8',
        }),
      );
      expect(answer.ok, JSON.stringify(answer)).toBe(true);
    }
    await page.reload();
    await expect(page.getByTestId('checklist-sandbox_payment')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('checklist-progress')).toHaveText('2 of 3 done');

    // 3. A webhook.
    await page
      .getByRole('region', { name: 'Getting started in the sandbox' })
      .getByRole('link', { name: 'Add an endpoint' })
      .click();
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByTestId('revealed-secret')).toBeVisible();
    await nav(page, 'Overview');
    await expect(page.getByTestId('checklist-progress')).toHaveText('3 of 3 done');
    for (const item of ['api_key', 'sandbox_payment', 'webhook']) {
      await expect(page.getByTestId(`checklist-${item}`)).toHaveAttribute('data-done', 'true');
    }
    // The Sandbox Bank's answer shows in the figures: the payment admitted, its value cleared.
    await expect(page.getByTestId('kpi-admitted-rate')).toContainText('1 admitted');
    await expect(page.getByTestId('kpi-awaiting-settlement')).toContainText('USD 25.00');
    await shootThemes(page, 'overview-sandbox-done');
  } finally {
    await receiver.close();
  }
});
