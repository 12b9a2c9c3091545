import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  download,
  downloadCsv,
  expectAccessible,
  firstNamespace,
  FROM_DASHBOARD,
  nav,
  OPERATOR,
  paySandboxBank,
  shoot,
  signInAs,
  signUpSandbox,
  uniq,
  openCutoffDialog,
} from './helpers';
import { makeTradingFixture, newOrganization, runCutoff, type TradingFixture } from './settlement-data';

/** Light, then dark (the shell's theme is the `dark` class, kept in localStorage). */
async function shootLightAndDark(page: Page, name: string) {
  await shoot(page, `${name}-light`);
  await page.evaluate(() => {
    localStorage.theme = 'dark';
    document.documentElement.classList.add('dark');
  });
  await expectAccessible(page);
  await shoot(page, `${name}-dark`);
  await page.evaluate(() => {
    localStorage.theme = 'light';
    document.documentElement.classList.remove('dark');
  });
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += ch;
    }
  }
  return rows;
}

/** Signs in as the fixture's admin with namespace A selected and opens the batch. */
async function openBatchAsPartner(page: Page, fx: TradingFixture, batchId: string) {
  await signInAs(page, { email: fx.email, password: fx.password });
  await page.getByLabel('Namespace').selectOption(fx.a.token);
  await nav(page, 'Settlements');
  await page.getByRole('link', { name: batchId }).click();
  await expect(page.getByRole('heading', { level: 1, name: batchId })).toBeVisible();
}

test('operator runs a cut-off; the partner verifies its inclusion in the browser, and a tampered proof fails', async ({
  page,
  browser,
  request,
}) => {
  const fx = await makeTradingFixture(request);

  // Signed in here, not from the saved session: this spec runs after the shared-data specs
  // whether or not the sign-ins ran (playwright.config.ts).
  await signInAs(page, OPERATOR);
  await nav(page, 'Network');
  await expect(page.getByRole('heading', { name: 'Network', level: 1 })).toBeVisible();
  const awaiting = page
    .locator('dt', { hasText: 'Awaiting settlement' })
    .locator('xpath=following-sibling::dd');
  await expect(awaiting).not.toHaveText('…');
  expect(Number((await awaiting.textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(4);
  // It asks first, showing what it would batch.
  const confirm = await openCutoffDialog(page);
  await expect(confirm.getByTestId('cutoff-preview').getByRole('row', { name: /EUR [\d,.]+/ })).toBeVisible();
  await confirm.getByRole('button', { name: /^Settle \d+ transactions?$/ }).click();
  const outcome = page.getByTestId('cutoff-outcome');
  await expect(outcome).toContainText('Cut-off ran:');
  const batchId = (await outcome.textContent())!.match(
    /(batch_\w+) \(EUR, \d+ transactions?, completed\)/,
  )![1]!;
  await expect(awaiting).toHaveText('0');
  // The health panel names the cut-off just run.
  await expect(page.getByTestId('health-last-cut-off')).toContainText(/\d+ transactions? in [\d.]+ /);
  await expect(page.getByTestId('health-outbox-lag')).not.toBeEmpty();
  await expect(page.getByTestId('health-webhook-backlog')).toContainText('pending');
  await expect(page.getByTestId('health-audit-trail')).toContainText(
    /^(chained|[\d.]+ s to chain) · held since /,
  );
  const latest = page.getByRole('table', { name: 'Latest settlement batches across the network' });
  await expect(latest.getByRole('row').filter({ hasText: batchId })).toContainText('Completed');
  await expectAccessible(page);
  await shootLightAndDark(page, 'operator-network');

  // The batch id opens the network's page of the batch: its root and every participant, named.
  await latest.getByRole('link', { name: batchId }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/network/batches/${batchId}$`));
  await expect(page.getByRole('heading', { name: batchId, level: 1 })).toBeVisible();
  await expect(page.getByTestId('network-root-hash')).toHaveText(/^[A-Za-z0-9+/]{43}=$/);
  const participants = page.getByRole('table', { name: 'Participants of the batch' });
  await expect(participants.getByRole('row').filter({ hasText: fx.a.domain })).toContainText('Net credit');
  await expect(participants.getByRole('row').filter({ hasText: fx.a.domain })).toContainText('EUR 30.00');
  // The participants' multilateral nets as a chart too: a bar each.
  await expect(page.getByTestId('net-positions-chart').locator('.recharts-bar-rectangle')).toHaveCount(
    await participants.locator('tbody tr').count(),
  );
  await expectAccessible(page);
  await shootLightAndDark(page, 'operator-network-batch');
  // The partner's address of the batch sends the operator there too (it holds no namespace).
  await page.goto(`/settlements/${batchId}`);
  await expect(page).toHaveURL(new RegExp(`/operator/network/batches/${batchId}$`));
  await expect(page.getByRole('heading', { name: batchId, level: 1 })).toBeVisible();

  const partner = await (await browser.newContext()).newPage();
  await openBatchAsPartner(partner, fx, batchId);
  await expect(partner.getByTestId('net-position')).toHaveText('EUR 30.00 (net credit)');

  // The chart: one bar per counterparty, the credit above the axis and the two debits below.
  const chart = partner.getByTestId('net-positions-chart');
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(3);
  const credit = chart.locator('.recharts-bar-rectangle path[data-type="Credit"]');
  const debits = chart.locator('.recharts-bar-rectangle path[data-type="Debit"]');
  await expect(credit).toHaveCount(1);
  await expect(debits).toHaveCount(2);
  // Measured, and hovered, until a drawing of the chart holds still long enough (it redraws as its
  // container settles, replacing the bars' elements).
  await expect
    .poll(async () => {
      const up = await credit.boundingBox();
      const downs = await Promise.all((await debits.all()).map((d) => d.boundingBox()));
      return (
        up !== null && downs.length === 2 && downs.every((d) => d !== null && d.y >= up.y + up.height - 1)
      );
    })
    .toBe(true);
  await expect(async () => {
    await credit.hover();
    await expect(chart).toContainText(`Bravo${fx.b.domain}${fx.b.token}EUR 70.00 (net credit)`, {
      timeout: 2_000,
    });
  }).toPass();
  // The bars lie across, each named by its namespace's name, level (none slanted); the value axis
  // is symmetric around zero (the largest position is 70): five distinct ticks.
  const labels = await chart.locator('svg text').allTextContents();
  expect(labels).toHaveLength(8);
  expect(labels).toEqual(expect.arrayContaining(['-100', '-50', '0', '50', '100', 'Bravo', 'Charlie']));
  await expect(chart.locator('svg text[transform*="rotate"]')).toHaveCount(0);
  // The table names each counterparty (name, domain, id), in the chart's order: the credit first.
  const table = partner.getByRole('table', { name: 'Net positions' });
  await expect(table.locator('tbody tr').first()).toContainText(`Bravo${fx.b.domain}`);
  for (const ns of [fx.b, fx.c]) {
    await expect(table.getByRole('row').filter({ hasText: ns.token })).toContainText(
      `${ns.domain}${ns.token}`,
    );
  }

  // Verify: the proof is the only request; leaf and root are recomputed here.
  const calls: string[] = [];
  partner.on('request', (r) => {
    if (r.url().includes('/api/proxy/')) calls.push(new URL(r.url()).pathname);
  });
  await partner.getByRole('button', { name: 'Verify inclusion' }).click();
  const result = partner.getByTestId('inclusion-result');
  await expect(result).toContainText('✓ Match');
  expect(calls).toEqual([`/api/proxy/settlements/${batchId}/proof`]);
  const steps = partner.getByRole('group', { name: 'Verification steps' });
  await expect(steps).toContainText(`${batchId}|${fx.a.token}|EUR|creditor|3000`);
  await expect(steps).toContainText((await partner.getByTestId('root-hash').textContent())!);
  await expectAccessible(partner);
  await shootLightAndDark(partner, 'settlement-batch-verified');

  // The proof answer is tampered with on its way: one audit path hash replaced.
  await partner.route('**/api/proxy/settlements/*/proof', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data.audit_path[0] = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
    await route.fulfill({ response: res, json: body });
  });
  await partner.getByRole('button', { name: 'Verify inclusion' }).click();
  await expect(result).toContainText(
    '✗ Mismatch: The root computed from the proof differs from the batch root',
  );
  await expect(result).not.toContainText('✓ Match');
  await shootLightAndDark(partner, 'settlement-batch-tampered');
  await partner.context().close();
});

test('positions and transactions export as CSV with a header, quoting, minor units and formatted amounts', async ({
  page,
  request,
}) => {
  const fx = await makeTradingFixture(request);
  const batchId = (await runCutoff(request)).EUR!;
  await openBatchAsPartner(page, fx, batchId);

  const positions = await download(page, page.getByRole('button', { name: 'Export positions CSV' }));
  expect(positions.name).toBe(`${batchId}-positions.csv`);
  const [header, ...rows] = parseCsv(positions.text);
  expect(header).toEqual([
    'batch_id',
    'counterparty_id',
    'position_type',
    'currency',
    'net_amount_minor',
    'net_amount',
  ]);
  const expected = [
    [batchId, fx.b.token, 'Credit', 'EUR', '7000', 'EUR 70.00'],
    [batchId, fx.c.token, 'Debit', 'EUR', '1500', 'EUR 15.00'],
    [batchId, fx.sandboxBankId, 'Debit', 'EUR', '2500', 'EUR 25.00'],
  ].sort((x, y) => x[1]!.localeCompare(y[1]!));
  expect(rows.sort((x, y) => x[1]!.localeCompare(y[1]!))).toEqual(expected);

  const txns = await download(page, page.getByRole('button', { name: 'Export transactions CSV' }));
  expect(txns.name).toBe(`${batchId}-transactions.csv`);
  const [th, ...trows] = parseCsv(txns.text);
  expect(th).toEqual([
    'batch_id',
    'transaction_id',
    'payment_id',
    'approval_code',
    'direction',
    'counterparty_id',
    'currency',
    'amount_minor',
    'amount',
    'status',
    'created_on',
    'updated_on',
  ]);
  const byPayment = new Map(trows.map((r) => [r[2], r]));
  expect(trows).toHaveLength(fx.payments.length);
  for (const p of fx.payments) {
    const r = byPayment.get(p.paymentId)!;
    expect([r[0], r[4], r[5], r[6], r[7], r[8], r[9]]).toEqual([
      batchId,
      p.direction,
      p.counterpartyId,
      'EUR',
      p.total,
      `EUR ${(Number(p.total) / 100).toFixed(2)}`,
      'settled',
    ]);
    expect(r[1]).toMatch(/^txn_/);
  }
  // The id with a comma and quotes is quoted, its quotes doubled.
  expect(txns.text).toContain(`"${fx.payments[0]!.paymentId.replace(/"/g, '""')}"`);

  // The table shows the same four transactions, each linking to its payment.
  const table = page.getByRole('table', { name: 'Transactions in this batch' });
  for (const p of fx.payments) await expect(table.getByRole('link', { name: p.paymentId })).toBeVisible();
  const received = table.getByRole('row').filter({ hasText: fx.payments[1]!.paymentId });
  await expect(received.getByRole('cell').nth(2)).toHaveText('Credit');
  await expect(received.getByRole('cell').nth(3)).toHaveText(`${fx.b.domain}${fx.b.token}`);
  await expect(received.getByRole('cell').nth(4)).toHaveText('EUR 70.00');
});

test('batches list: 21 batches page by 20, status and cut-off range filters live in the URL', async ({
  page,
  browser,
  request,
}) => {
  const org = await newOrganization(request);
  // One cut-off, 21 currencies: a batch each. JPY has no minor digits, KWD three.
  const currencies = [
    'EUR',
    'USD',
    'GBP',
    'JPY',
    'CHF',
    'CAD',
    'AUD',
    'SEK',
    'NOK',
    'DKK',
    'PLN',
    'CZK',
    'HUF',
    'NZD',
    'SGD',
    'HKD',
    'MXN',
    'BRL',
    'ZAR',
    'INR',
    'KWD',
  ];
  const ids = currencies.map((c) => `list-${c}-${crypto.randomUUID().slice(0, 6)}`);
  for (const [i, c] of currencies.entries())
    await org.pay(org.first, 'alice@sandbox-bank.test', null, ids[i]!, c, '12345');
  await org.admitted(org.first, ids);
  const before = Math.floor(Date.now() / 1000) - 60;
  const batches = await runCutoff(request);
  for (const c of currencies) expect(batches[c]).toMatch(/^batch_/);

  await signInAs(page, { email: org.email, password: org.password });
  await nav(page, 'Settlements');
  const table = page.getByRole('table', { name: 'Settlement batches' });
  await expect(page.getByText('1–20 of 21 total')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(21); // header + 20
  await expectAccessible(page);
  await shootLightAndDark(page, 'settlements-list');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]cursor=/);
  await expect(page.getByText('21–21 of 21 total')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  // Status: every batch completed; none failed. A filter change goes back to page 1.
  await page.getByLabel('Status', { exact: true }).selectOption('FAILED');
  await expect(page).toHaveURL(/status=FAILED/);
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(page.getByText('No batches match these filters.')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('COMPLETED');
  await expect(page.getByText('1–20 of 21 total')).toBeVisible();

  // A range that ends before the cut-off is empty; one starting before it holds all 21.
  const local = (s: number) => {
    const d = new Date(s * 1000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  };
  await page.getByLabel('Cut-off to').fill(local(before - 120));
  await expect(page).toHaveURL(/cutoff_to=\d+/);
  await expect(page.getByText('No batches match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/cutoff_to|status/);
  await page.getByLabel('Cut-off from').fill(local(before));
  await expect(page).toHaveURL(/cutoff_from=\d+/);
  await expect(page.getByText('1–20 of 21 total')).toBeVisible();

  // The URL alone restores the view (shareable): reload with the filters.
  const url = page.url();
  await page.goto(url);
  await expect(page.getByLabel('Cut-off from')).toHaveValue(local(before));
  await expect(page.getByText('1–20 of 21 total')).toBeVisible();

  // The filtered set as CSV: all 21, each with the namespace's net in minor units and in units.
  const csv = await downloadCsv(
    page,
    page.getByRole('link', { name: 'Export these batches as CSV' }),
    'settlements.csv',
  );
  expect(csv[0]).toBe('batch_id,currency,status,cutoff_time,completed_on,txn_count,position,net_minor,net');
  expect(
    csv
      .slice(1)
      .map((l) => l.split(',')[0])
      .sort(),
  ).toEqual(currencies.map((c) => batches[c]!).sort());
  const line = (c: string) => csv.find((l) => l.split(',')[1] === c)!.split(',');
  expect(line('JPY').slice(5)).toEqual(['1', 'pays', '-12345', '-12345']);
  expect(line('KWD').slice(5)).toEqual(['1', 'pays', '-12345', '-12.345']);

  // Exponents: JPY without minor digits, KWD with three.
  for (const [currency, shown] of [
    ['JPY', 'JPY 12,345'],
    ['KWD', 'KWD 12.345'],
  ] as const) {
    await page.goto(`/settlements/${batches[currency]}`);
    await expect(page.getByTestId('net-position')).toHaveText(`${shown} (net debit)`);
    await expect(page.getByTestId('net-positions-chart').locator('.recharts-bar-rectangle')).toHaveCount(1);
  }
  // One counterparty on a phone: a bar of sane thickness, its name level and whole on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const one = page.getByTestId('net-positions-chart');
  // The chart draws again at the new width (more than once, as its container settles): the bar
  // is measured until a drawing of it holds still long enough to be read.
  const path = one.locator('.recharts-bar-rectangle path');
  await expect
    .poll(async () => {
      const bar = await path.boundingBox();
      return bar && { thin: bar.height <= 28, onScreen: bar.x + bar.width <= 390 };
    })
    .toEqual({ thin: true, onScreen: true });
  await expect(one.locator('svg text[transform*="rotate"]')).toHaveCount(0);
  const name = one.locator('svg text', { hasText: 'Sandbox Bank' });
  await expect(name).toBeVisible();
  await expect.poll(async () => (await name.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
  await shoot(page, 'settlement-batch-one-counterparty-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Another organization cannot open these batches, nor can anyone open a made-up one.
  const other = await (await browser.newContext()).newPage();
  await signInAs(other, DEMO_ADMIN);
  for (const id of [batches.KWD!, 'batch_does_not_exist']) {
    await other.goto(`/settlements/${id}`);
    // The record-not-found page: another organization's batch is not told apart from a made-up one.
    await expect(
      other.getByRole('heading', { level: 1, name: `Settlement batch ${id} not found` }),
    ).toBeVisible();
    await expect(other.getByRole('link', { name: 'Back to settlements' })).toHaveAttribute(
      'href',
      '/settlements',
    );
  }
  await other.context().close();
});

test("a namespace's statement for a period: totals per currency, nets per counterparty, printable and as CSV", async ({
  page,
  request,
}) => {
  const fx = await makeTradingFixture(request);
  const batchId = (await runCutoff(request)).EUR!;
  await signInAs(page, { email: fx.email, password: fx.password });
  await page.getByLabel('Namespace').selectOption(fx.a.token);
  await nav(page, 'Settlements');
  await page.getByRole('link', { name: 'Statement for a period' }).click();
  await expect(page).toHaveURL(/\/settlements\/statement$/);

  // The current month by default: A received 70.00 from B and paid 15.00 to C and 25.00 to the
  // bank, a net creditor of 30.00 in its one batch (the totals add the batches' multilateral nets).
  const totals = page.getByRole('table', { name: 'Totals per currency' });
  await expect(totals.getByRole('row').filter({ hasText: 'EUR' })).toContainText(
    /EUR\s*1\s*4\s*EUR 30\.00\s*EUR 0\.00\s*EUR 30\.00 \(net credit\)/,
  );
  const batch = page
    .getByRole('table', { name: 'Batches and net positions' })
    .getByRole('row')
    .filter({ hasText: batchId });
  for (const text of [fx.b.domain, fx.c.domain, 'sandbox-bank.test', 'Multilateral net'])
    await expect(batch).toContainText(text);
  await expect(batch).toContainText('EUR 70.00 (net credit)');
  await expect(batch).toContainText('EUR 25.00 (net debit)');
  await shootLightAndDark(page, 'settlement-statement');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await shoot(page, 'settlement-statement-print');
  await page.emulateMedia({ media: 'screen' });

  const file = await download(page, page.getByRole('link', { name: 'Download CSV' }));
  expect(file.name).toBe('settlement-statement.csv');
  const rows = parseCsv(file.text);
  expect(rows[0]).toEqual([
    'line',
    'batch_id',
    'cutoff_time',
    'currency',
    'counterparty_domain',
    'counterparty_id',
    'net_minor',
    'net',
    'txn_count',
  ]);
  const positions = rows
    .filter((r) => r[0] === 'position' && r[1] === batchId)
    .map((r) => [r[4], r[6], r[7]]);
  expect(positions.sort()).toEqual(
    [
      [fx.b.domain, '7000', '70.00'],
      [fx.c.domain, '-1500', '-15.00'],
      ['sandbox-bank.test', '-2500', '-25.00'],
    ].sort(),
  );
  expect(rows.filter((r) => r[0] === 'total')).toEqual([
    ['total', '', '', 'EUR', '', '', '3000', '30.00', '4'],
  ]);

  // A period before the fixture: nothing; an end before the start is said so.
  await page.getByLabel('From (UTC day)').fill('2020-01-01');
  await page.getByLabel('To (UTC day)').fill('2020-01-31');
  await expect(page.getByText('No completed batch in this period.')).toBeVisible();
  await page.getByLabel('To (UTC day)').fill('2019-12-31');
  await expect(page.getByText('The end must be a day on or after the start')).toBeVisible();
  // Longer than the gateway states: said on the field, the form stays.
  await page.getByLabel('To (UTC day)').fill('2021-01-01');
  await expect(page.getByText('A statement covers at most 366 days')).toBeVisible();
  await page.getByLabel('To (UTC day)').fill('2020-12-31');
  await expect(page.getByText('No completed batch in this period.')).toBeVisible();
});

test('a settled payment’s timeline links to its settlement batch', async ({ page, request }) => {
  await signUpSandbox(page);
  const partner = await firstNamespace(page);
  const paymentId = `settle-${uniq()}`;
  const headers = { 'x-partner-id': partner.token, ...FROM_DASHBOARD };
  await paySandboxBank(page, partner, { paymentId, total: '4200', reference: 'Settlement link' });
  // The Sandbox Bank admits it in the background.
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/proxy/payments/${paymentId}/submissions`, { headers })).json())
          .data.status,
    )
    .toBe(3);

  // The operator runs a cut-off through the gateway.
  await runCutoff(request);
  const txns = await (
    await page.request.get(`/api/proxy/payments/${paymentId}/transactions`, { headers })
  ).json();
  const batchId = txns.data.transactions[0].batch_id as string;
  expect(batchId).toMatch(/^batch_/);

  await page.goto(`/payments/${paymentId}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Settled');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Admitted');
  const step = timeline.getByRole('link', { name: `Settled with batch ${batchId}` });
  await expect(step).toHaveAttribute('href', `/settlements/${batchId}`);
  await expect(
    page.getByRole('region', { name: 'Transaction' }).getByRole('link', { name: `batch ${batchId}` }),
  ).toHaveAttribute('href', `/settlements/${batchId}`);
  await expectAccessible(page);
  await shoot(page, 'payment-settled');
});
