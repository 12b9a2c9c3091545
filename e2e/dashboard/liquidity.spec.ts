import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  expectAccessible,
  firstNamespace,
  nav,
  OPERATOR,
  paySandboxBank,
  readAs,
  shoot,
  shootThemes,
  signInWhenReady,
  signUpSandbox,
  uniq,
  openCutoffDialog,
} from './helpers';
import { newOrganization } from './settlement-data';

/**
 * Liquidity (DESIGN §11) in the browser: a participant's balance, cap, position, headroom, queue
 * and ledger, the banner near its cap, and the operator's desk. A cut-off settles the whole network:
 * these tests run one after the other, and what they assert of positions holds whoever ran it.
 */
test.describe.configure({ mode: 'serial' });

interface Position {
  currency: string;
  utilisation: number | null;
  headroom: string | null;
}

/** The card of one currency on /liquidity, and one of its figures. */
const figure = (page: Page, currency: string, name: string): Locator =>
  page.getByTestId(`${currency}-${name}`);

/** The page's user's payment's submission status (1 pending … 3 admitted, 6 settled). */
async function submissionStatus(page: Page, ns: { token: string }, paymentId: string): Promise<number> {
  const res = await page.request.get(`/api/proxy/payments/${encodeURIComponent(paymentId)}/submissions`, {
    headers: { 'x-partner-id': ns.token },
  });
  return (await res.json()).data.status;
}

/**
 * A second browser signed in as the operator. Through the form, not the saved session: e2e/.auth is
 * one folder for every run in this tree, and a run beside this one saves its own server's sessions there.
 */
async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWhenReady(page, OPERATOR);
  return page;
}

/**
 * The desk's USD row of the participant named by `text` (its domain, or its name): the desk is
 * sorted by utilisation, so the row is found by paging on (a participant at 0 % may be past the
 * first page when many tests ran).
 */
async function deskRow(page: Page, text: string): Promise<Locator> {
  await page.goto('/operator/liquidity?currency=USD');
  const table = page.getByRole('table', { name: 'Participants by utilisation' });
  const row = table.getByRole('row').filter({ hasText: text });
  await expect(page.getByTestId('pager-summary')).toBeVisible();
  for (let i = 0; i < 50 && (await row.count()) === 0; i++) {
    const next = page.getByRole('button', { name: 'Next' });
    if (await next.isDisabled()) break;
    const first = await table.getByRole('row').nth(1).textContent();
    await next.click();
    await expect(table.getByRole('row').nth(1)).not.toHaveText(first!);
  }
  await expect(row).toBeVisible();
  return row;
}

test('the banner follows the selected namespace’s utilisation: Demo Bank retail near its USD cap', async ({
  page,
}) => {
  await signInWhenReady(page, DEMO_ADMIN);
  const positions = (await readAs<{ positions: Position[] }>(page, 'demo-bank.test', '/liquidity')).positions;
  const usd = positions.find((p) => p.currency === 'USD')!;
  const banner = page.getByTestId('liquidity-banner');
  // The demo leaves it at about 77 %, unless a cut-off of another test settled it meanwhile.
  if (usd.utilisation !== null && usd.utilisation >= 75) {
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('data-level', usd.utilisation >= 90 ? 'danger' : 'warning');
    await expect(banner).toContainText(`Net debit position at ${usd.utilisation}`);
    await expect(banner).toContainText('of the USD');
    await expect(banner).toContainText('Payments past it are rejected.');
    await expect(banner.getByRole('link', { name: 'See liquidity' })).toHaveAttribute('href', '/liquidity');
    await shootThemes(page, 'liquidity-banner-demo');
    // On every page of the shell.
    await page.goto('/payments');
    await expect(banner).toBeVisible();
  } else {
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
  }
});

test('the participant sees position, headroom and chart move as a payment is admitted, and settle at a cut-off', async ({
  page,
  browser,
}) => {
  await signUpSandbox(page);
  const ns = await firstNamespace(page);
  await nav(page, 'Liquidity');
  await expect(page.getByRole('heading', { name: 'Liquidity', level: 1 })).toBeVisible();
  // A sandbox namespace starts with a USD balance and a cap of 1,000,000.00.
  await expect(figure(page, 'USD', 'balance')).toHaveText('USD 1,000,000.00');
  await expect(figure(page, 'USD', 'cap')).toHaveText('USD 1,000,000.00');
  await expect(figure(page, 'USD', 'position')).toHaveText('USD 0.00');
  await expect(figure(page, 'USD', 'headroom')).toHaveText('USD 1,000,000.00');
  await expect(page.getByTestId('on-cap-note')).toContainText('rejects it');
  const ledger = page.getByRole('table', { name: 'Settlement ledger' });
  await expect(ledger.getByRole('row').filter({ hasText: 'Funds in' })).toContainText('USD 1,000,000.00');

  // A payment of 250.00 to the Sandbox Bank, which admits it a moment later.
  const paymentId = `liq-${uniq()}`;
  await paySandboxBank(page, ns, { paymentId: paymentId, total: '25000', reference: 'Liquidity test' });
  await expect(figure(page, 'USD', 'position')).toHaveText('USD 250.00 (net debit)');
  await expect(figure(page, 'USD', 'headroom')).toHaveText('USD 999,750.00');
  await expect(page.getByRole('meter', { name: 'USD utilisation of the limit' })).toHaveAttribute(
    'aria-valuetext',
    '0.0 %',
  );
  // The chart's last step is the position now (it reads every 15 s).
  const chart = page.getByTestId('intraday-chart');
  await expect(chart).toHaveAttribute('data-latest-position', '25000');
  await expect(chart.locator('.recharts-area-area')).toHaveCount(1);
  // On the window of the day's movement (the 24 hours on request), its times on the reader's
  // clock, the zone named.
  const figureOf = page.getByRole('figure', { name: /^USD position since \d\d:\d\d \S+$/ });
  await expect(figureOf).toContainText('against the limit of USD 1,000,000.00');
  await expect(figureOf).toContainText(/times in (UTC|GMT[+-][\d:]+|[A-Z]{2,4}T), your time zone/);
  await shootThemes(page, 'liquidity');

  // The operator runs a cut-off: the position is settled into the balance.
  const operator = await operatorPage(browser);
  await operator.goto('/operator/network');
  await (
    await openCutoffDialog(operator)
  )
    .getByRole('button', { name: /^(Settle \d+ transactions?|Run cut-off)$/ })
    .click();
  await expect(operator.getByTestId('cutoff-outcome')).toContainText('Cut-off ran');
  await operator.context().close();

  await expect(figure(page, 'USD', 'position')).toHaveText('USD 0.00');
  await expect(figure(page, 'USD', 'balance')).toHaveText('USD 999,750.00');
  await expect(figure(page, 'USD', 'headroom')).toHaveText('USD 999,750.00');
  const settlement = ledger.getByRole('row').filter({ hasText: 'Settlement' });
  await expect(settlement).toHaveCount(1);
  await expect(settlement).toContainText('−USD 250.00');
  await expect(settlement).toContainText('USD 999,750.00');
  await expect(settlement.getByRole('link', { name: /^batch_/ })).toBeVisible();
  // The chart marks the cut-off and falls back to zero.
  await expect(chart).toHaveAttribute('data-latest-position', '0');
  await expect(chart.locator('.cutoff-line')).toHaveCount(1);
  expect(await submissionStatus(page, ns, paymentId)).toBe(6);

  // A second payment and cut-off a minute later: one line for both, labelled once, where two
  // labels were drawn over each other ("CuCut-off").
  await paySandboxBank(page, ns, {
    paymentId: `${paymentId}-2`,
    total: '10000',
    reference: 'Liquidity test 2',
  });
  await expect(figure(page, 'USD', 'position')).toHaveText('USD 100.00 (net debit)');
  const again = await operatorPage(browser);
  await again.goto('/operator/network');
  await (await openCutoffDialog(again)).getByRole('button', { name: /^Settle \d+ transactions?$/ }).click();
  await expect(again.getByTestId('cutoff-outcome')).toContainText('Cut-off ran');
  await again.context().close();
  await expect(chart).toHaveAttribute('data-latest-position', '0');
  await expect(chart.locator('.cutoff-line')).toHaveCount(1);
  await expect(chart.locator('.cutoff-label')).toHaveText(['2 cut-offs']);
  // The day's movement fills the plot: a window of an hour (the narrowest), not 24.
  const span = Number(await chart.getAttribute('data-to')) - Number(await chart.getAttribute('data-from'));
  expect(span).toBe(3600);
  // The time axis's labels are clock times, apart from each other.
  // (Recharts draws the axes' labels in a layer of their own: the time axis's are the clock times.)
  const ticks = chart.locator('.recharts-cartesian-axis-tick-value').filter({ hasText: /^\d\d:\d\d$/ });
  await expect(ticks.first()).toBeVisible();
  const boxes = await ticks.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (let i = 1; i < boxes.length; i++) expect(boxes[i].left).toBeGreaterThan(boxes[i - 1].right);
  await shootThemes(page, 'liquidity-chart');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('intraday-chart').scrollIntoViewIfNeeded();
  await shootThemes(page, 'phone-liquidity-chart', { axe: false });
  await page.setViewportSize({ width: 1280, height: 720 });
  // The ledger's filter lives in the URL and its export has the same filter.
  await page.getByLabel('Currency').selectOption('USD');
  await expect(page).toHaveURL(/currency=USD/);
  await expect(page.getByRole('link', { name: 'Export the USD entries as CSV' })).toHaveAttribute(
    'href',
    new RegExp(`^/api/proxy/liquidity/entries/export\\?currency=USD&partner=${ns.token}$`),
  );
  await expectAccessible(page);
  await shootThemes(page, 'liquidity-settled');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'phone-liquidity');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});

test('a queuing participant: the operator lowers its cap, a payment waits in its queue, a higher cap admits it', async ({
  page,
  browser,
  request,
}) => {
  const org = await newOrganization(request);
  const ns = { token: org.first.token, domain: org.first.domain };
  await signInWhenReady(page, { email: org.email, password: org.password });
  const { name } = await firstNamespace(page);

  // Its admin makes the namespace queue payments past its cap, from the link on /liquidity.
  await page.goto('/liquidity');
  await expect(page.getByTestId('on-cap-note')).toContainText('rejects it');
  await page.getByRole('link', { name: "Change it in the namespace's settings" }).click();
  const settings = page.getByRole('dialog', { name: `Settings of ${ns.domain}` });
  await expect(settings).toBeVisible();
  await settings.getByLabel('Queue it until headroom returns (it expires with the payment)').check();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: ns.domain })).toContainText('Queue');
  await page.goto('/liquidity');
  await expect(page.getByTestId('on-cap-note')).toContainText('queues it until headroom returns');

  // The operator sets a cap of 50.00 on the desk, confirming its effect on the headroom.
  const operator = await operatorPage(browser);
  let row = await deskRow(operator, ns.domain);
  await row.getByRole('button', { name: /^Set cap of / }).click();
  let dialog = operator.getByRole('dialog', { name: 'Set the USD cap' });
  await expect(dialog).toContainText(org.first.domain);
  const cap = dialog.getByLabel('Net debit cap (USD)');
  await cap.fill('50');
  await expect(dialog.getByText('50.00 USD = 5000 minor units')).toBeVisible();
  await dialog.getByRole('button', { name: 'Review' }).click();
  // The note is required.
  await expect(
    dialog.getByText('Enter a note: it goes to the participant and the audit trail'),
  ).toBeVisible();
  await dialog.getByLabel('Note (required, shown to the participant)').fill('Lowered for the queue test');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByTestId('change-review')).toContainText(
    'cap USD 1,000,000.00 → USD 50.00; headroom USD 1,000,000.00 → USD 50.00.',
  );
  await shootThemes(operator, 'liquidity-set-cap-confirm');
  await dialog.getByRole('button', { name: 'Set cap', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('USD 50.00');

  // Funds out past what the cap needs: the gateway's refusal is shown on the amount.
  await row.getByRole('button', { name: /^Record funds of / }).click();
  dialog = operator.getByRole('dialog', { name: 'Record USD funds' });
  await dialog.getByLabel('Funds out: paid back to the participant').check();
  await dialog.getByLabel('Amount (USD)').fill('999,990.00');
  await expect(dialog.getByText('999,990.00 USD = 99999000 minor units')).toBeVisible();
  await dialog.getByLabel("Reference (the settlement agent's)").fill(`OUT-${uniq()}`);
  await dialog.getByLabel('Note (required, shown to the participant)').fill('Too much out');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByTestId('change-review')).toContainText(
    'funds out USD 999,990.00; balance USD 1,000,000.00 → USD 10.00',
  );
  await dialog.getByRole('button', { name: 'Record funds', exact: true }).click();
  const amount = dialog.getByLabel('Amount (USD)');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(
    dialog.getByText(/^funds out of USD 999,990\.00 .* at most USD 999,950\.00 .*may go out now$/),
  ).toBeVisible();
  await shootThemes(operator, 'liquidity-funds-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // 40.00 admitted: 80 % of the cap, the amber banner.
  await paySandboxBank(page, ns, { paymentId: `q1-${uniq()}`, total: '4000', reference: 'Liquidity test' });
  const banner = page.getByTestId('liquidity-banner');
  await expect(figure(page, 'USD', 'position')).toHaveText('USD 40.00 (net debit)');
  await page.reload(); // the banner reads on focus and every minute; a page load reads it at once
  await expect(banner).toHaveAttribute('data-level', 'warning');
  await expect(banner).toContainText('Net debit position at 80.0 % of the USD cap — headroom USD 10.00.');
  await expect(banner).toContainText('Payments past it wait in the liquidity queue until headroom returns.');
  await shootThemes(page, 'liquidity-banner-amber');
  // 6.00 more: 92 %, red.
  await paySandboxBank(page, ns, { paymentId: `q2-${uniq()}`, total: '600', reference: 'Liquidity test' });
  await expect(figure(page, 'USD', 'position')).toHaveText('USD 46.00 (net debit)');
  await page.reload();
  await expect(banner).toHaveAttribute('data-level', 'danger');
  await expect(banner).toContainText('Net debit position at 92.0 % of the USD cap — headroom USD 4.00.');
  await shootThemes(page, 'liquidity-banner-red');

  // 100.00 does not fit: it waits in the queue.
  const queuedId = `q3-${uniq()}`;
  await paySandboxBank(page, ns, { paymentId: queuedId, total: '10000', reference: 'Liquidity test' });
  const queue = page.getByRole('table', { name: 'Liquidity queue' });
  const waiting = queue.getByRole('row').filter({ hasText: queuedId });
  await expect(waiting).toBeVisible({ timeout: 20_000 });
  await expect(waiting).toContainText('USD 100.00');
  await expect(waiting).toContainText(/waiting \d+ s/);
  await expect(waiting).toContainText(/in (1 d|2\d h \d+ min)/); // a sandbox payment lives 24 h
  await expect(figure(page, 'USD', 'queued')).toHaveText('1 payment · USD 100.00');
  expect(await submissionStatus(page, ns, queuedId)).toBe(1);
  await shootThemes(page, 'liquidity-queued');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'phone-liquidity-queued');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Its page says it waits, since when and for what, and links the queue; its timeline has it queued.
  const queuedSub = await readAs<{ liquidity_queued_at: number }>(
    page,
    ns.domain,
    `/payments/${queuedId}/submissions`,
  );
  await page.goto(`/payments/${queuedId}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Pending');
  await expect(page.getByText('Queued for liquidity', { exact: true }).first()).toBeVisible();
  const wait = page.getByTestId('liquidity-wait');
  await expect(wait).toContainText('since');
  await expect(wait.locator('time').first()).toHaveAttribute(
    'datetime',
    new Date(queuedSub.liquidity_queued_at * 1000).toISOString(),
  );
  await expect(page.getByTestId('liquidity-headroom')).toContainText(
    'It needs USD 100.00 of headroom; USD 4.00 is left now under the limit of USD 50.00. 1 payment (USD 100.00) waits in the queue, oldest first.',
  );
  await expect(wait.getByRole('link', { name: 'See the liquidity queue' })).toHaveAttribute(
    'href',
    '/liquidity',
  );
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const queuedStep = timeline.getByRole('listitem').filter({ hasText: 'Queued for liquidity' });
  await expect(queuedStep.locator('time')).toHaveAttribute(
    'datetime',
    new Date(queuedSub.liquidity_queued_at * 1000).toISOString(),
  );
  await expect(timeline).not.toContainText('Admitted');
  await shootThemes(page, 'payment-queued-for-liquidity');
  await page.goto('/liquidity');
  await expect(waiting).toBeVisible();

  // The network page lists it among the participants at 90 % or more, linking to its history.
  await operator.goto('/operator/network');
  const near = operator.getByTestId('near-cap');
  await expect(near.getByRole('meter', { name: `USD utilisation of ${name}` })).toHaveAttribute(
    'aria-valuetext',
    '92.0 %',
  );
  await shootThemes(operator, 'liquidity-network-near-cap');
  await near.getByRole('link', { name: `${name} (${name.replace(/ sandbox$/, '')}) · USD` }).click();
  await expect(operator).toHaveURL(new RegExp(`/operator/liquidity\\?currency=USD&history=${ns.token}$`));
  const history = operator.getByRole('complementary', { name: `History of ${name}` });
  await expect(history.getByRole('row').filter({ hasText: 'Funds in' })).toContainText('USD 1,000,000.00');
  await shootThemes(operator, 'liquidity-desk-history');
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();

  // The operator raises the cap to 1,000.00: the confirmation says the queue goes through.
  row = await deskRow(operator, ns.domain);
  await expect(row).toContainText('92.0 %');
  await expect(row).toContainText('1 queued · USD 100.00');
  await shootThemes(operator, 'liquidity-desk');
  await row.getByRole('button', { name: /^Set cap of / }).click();
  dialog = operator.getByRole('dialog', { name: 'Set the USD cap' });
  await dialog.getByLabel('Net debit cap (USD)').fill('1,000.00');
  await dialog.getByLabel('Note (required, shown to the participant)').fill('Raised: the queue may go');
  await dialog.getByRole('button', { name: 'Review' }).click();
  const review = dialog.getByTestId('change-review');
  await expect(review).toContainText(
    `${name}: cap USD 50.00 → USD 1,000.00; headroom USD 4.00 → USD 954.00.`,
  );
  await expect(review).toContainText('Payments waiting in its queue are admitted at once');
  await dialog.getByRole('button', { name: 'Set cap', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('USD 1,000.00');

  // The payment is admitted: the queue empties, the position takes it, the banner goes.
  await expect(queue.getByRole('row').filter({ hasText: queuedId })).toHaveCount(0);
  await expect(figure(page, 'USD', 'position')).toHaveText('USD 146.00 (net debit)');
  await expect(figure(page, 'USD', 'queued')).toHaveText('0 payments · USD 0.00');
  await page.goto(`/payments/${queuedId}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Admitted');
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('liquidity-wait')).toHaveCount(0);
  // Queued and admitted each at its own time: the admission is its transaction's making, when the
  // higher cap released it, not the moment it entered the queue.
  const [txn] = (
    await readAs<{ transactions: Array<{ created_on: string }> }>(
      page,
      ns.domain,
      `/payments/${queuedId}/transactions`,
    )
  ).transactions;
  expect(Date.parse(txn!.created_on)).toBeGreaterThan(queuedSub.liquidity_queued_at * 1000 + 1000);
  await expect(queuedStep.locator('time')).toHaveAttribute(
    'datetime',
    new Date(queuedSub.liquidity_queued_at * 1000).toISOString(),
  );
  const admittedStep = timeline
    .getByRole('listitem')
    .filter({ hasText: 'Admitted: released by the liquidity queue' });
  await expect(admittedStep.locator('time')).toHaveAttribute(
    'datetime',
    new Date(Math.floor(Date.parse(txn!.created_on) / 1000) * 1000).toISOString(),
  );
  await shootThemes(page, 'payment-released-by-the-queue');

  // The desk's History button opens the same drawer.
  await row.getByRole('button', { name: /^History of / }).click();
  await expect(history).toBeVisible();
  await expect(operator).toHaveURL(new RegExp(`history=${ns.token}`));
  await history.getByRole('button', { name: 'Close' }).click();
  await operator.setViewportSize({ width: 390, height: 844 });
  await deskRow(operator, ns.domain);
  await shoot(operator, 'phone-liquidity-desk');
  expect(await operator.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});

test('the operator’s forms on a phone', async ({ page }) => {
  await signInWhenReady(page, OPERATOR);
  await page.setViewportSize({ width: 390, height: 844 });
  const row = await deskRow(page, 'Demo Bank retail');
  await row.getByRole('button', { name: /^Set cap of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Set the USD cap' });
  await dialog.getByLabel('Net debit cap (USD)').fill('3,600.00');
  await shoot(page, 'phone-liquidity-set-cap');
  await dialog.getByLabel('Note (required, shown to the participant)').fill('Phone check');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByTestId('change-review')).toContainText(
    'Demo Bank retail: cap USD 3,500.00 → USD 3,600.00',
  );
  await shoot(page, 'phone-liquidity-set-cap-confirm');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await row.getByRole('button', { name: /^Record funds of / }).click();
  const funds = page.getByRole('dialog', { name: 'Record USD funds' });
  await funds.getByLabel('Amount (USD)').fill('5,000');
  await expect(funds.getByText('5,000.00 USD = 500000 minor units')).toBeVisible();
  await shoot(page, 'phone-liquidity-funds');
  await funds.getByRole('button', { name: 'Cancel' }).click();
});

test('the operator opens a currency without a cap only explicitly: unlimited, confirmed, shown as such', async ({
  page,
  browser,
  request,
}) => {
  const org = await newOrganization(request);
  const operator = await operatorPage(browser);
  let row = await deskRow(operator, org.first.domain);
  await row.getByRole('button', { name: /^Set cap of / }).click();
  const dialog = operator.getByRole('dialog', { name: 'Set the USD cap' });
  // Without a cap the form asks for one: an empty cap is not a way to lend without limit.
  await dialog.getByLabel('Net debit cap (USD)').fill('');
  await dialog.getByLabel('Note (required, shown to the participant)').fill('Correspondent of long standing');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByText('Enter the cap (0 allows no net debit), or choose Unlimited')).toBeVisible();
  await dialog.getByLabel('Unlimited: no cap on the net debit (recorded in the audit trail)').check();
  await dialog.getByRole('button', { name: 'Review' }).click();
  const review = dialog.getByTestId('change-review');
  await expect(review).toContainText('cap USD 1,000,000.00 → unlimited');
  await expect(review).toContainText(
    'Unlimited: the participant may run up any net debit in this currency until the next cut-off.',
  );
  await shootThemes(operator, 'liquidity-set-unlimited-confirm');
  await dialog.getByRole('button', { name: 'Set cap', exact: true }).click();
  await expect(dialog).toBeHidden();
  row = await deskRow(operator, org.first.domain);
  await expect(row).toContainText('unlimited');
  await shootThemes(operator, 'liquidity-desk-unlimited');

  // The participant reads it on its card.
  await signInWhenReady(page, { email: org.email, password: org.password });
  await page.goto('/liquidity');
  await expect(figure(page, 'USD', 'cap')).toHaveText('Unlimited');
  await shootThemes(page, 'liquidity-unlimited');
});
