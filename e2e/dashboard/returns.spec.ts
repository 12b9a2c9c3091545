import { expect, test, type Page } from '@playwright/test';
import {
  actAs,
  API,
  DEMO_ADMIN,
  downloadCsv,
  expectAccessible,
  firstNamespace,
  FROM_DASHBOARD,
  headersOf,
  paySandboxBank,
  readAs,
  shoot,
  shootThemes,
  signUpSandbox,
  UNION,
  unionPaysDemoBank,
  uniq,
} from './helpers';

/**
 * Returns of funds (DESIGN §12) in the browser, on the demo's payments from Demo Bank to Union CU
 * (admitted by the seed; settled too when another spec ran a cut-off): Demo Bank's support asks for
 * money back from the payment's page, Union's staff return it — or refuse — from their task queue
 * by keyboard, and both sides read the outcome in the payment's timeline and on the Returns screen.
 * One test after the other: both work Union's queue of return requests.
 */
test.describe.configure({ mode: 'default' });

interface WireReturn {
  token: string;
  status: string;
  note: string | null;
  amount: { currency: string; total: string };
}
interface PaymentReturns {
  amount: { currency: string; total: string };
  returned_amount: string;
  returns: WireReturn[];
}

/** USD minor units as the dashboard prints them ("18050" → "USD 180.50"). */
const usd = (minor: bigint) =>
  `USD ${(minor / 100n).toLocaleString('en')}.${String(minor % 100n).padStart(2, '0')}`;
/** What remains of a payment to be returned: its amount less its returns not refused. */
const remainingOf = (r: PaymentReturns) =>
  r.returns
    .filter((x) => x.status !== 'refused')
    .reduce((left, x) => left - BigInt(x.amount.total), BigInt(r.amount.total));

async function returnsOf(page: Page, domain: string, paymentId: string) {
  return readAs<PaymentReturns>(page, domain, `/payments/${paymentId}/returns`);
}

/** A return request made through the dashboard's proxy, as a colleague at another desk would. */
async function askThroughApi(page: Page, paymentId: string, total: string, note: string) {
  const me = await (await page.request.get('/api/proxy/me')).json();
  const ns = me.data.partners.find((p: { domain: string }) => p.domain === 'demo-bank.test');
  const res = await page.request.post(`/api/proxy/payments/${paymentId}/returns`, {
    headers: { 'x-partner-id': ns.token, ...FROM_DASHBOARD },
    data: { amount: total, reason: 'DUPL', note },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

/**
 * Opens Union's queue of return requests and moves to the task of `returnId` with j alone (the
 * queue selects its first task), as a keyboard user would; answers the panel.
 */
async function selectByKeyboard(page: Page, returnId: string) {
  await page.goto('/tasks?status=pending&name=return_request');
  const rows = page.getByRole('list', { name: 'Tasks' }).getByRole('button');
  await expect(rows.filter({ hasText: returnId })).toBeVisible();
  const index = (await rows.allInnerTexts()).findIndex((t) => t.includes(returnId));
  for (let i = 0; i < index; i++) await page.keyboard.press('j');
  await expect(rows.filter({ hasText: returnId })).toHaveAttribute('aria-current', 'true');
  const panel = page.getByRole('complementary', { name: 'Work the task' });
  await expect(panel.getByRole('heading', { name: 'Return request' })).toBeVisible();
  return panel;
}

test('the payer’s support asks for a return; the payee’s staff return the money by keyboard, refuse one, give some back on their own; both see it', async ({
  page,
}) => {
  test.slow();
  const paymentId = 'inv-0991';
  const note = 'Customer paid the wrong account';

  // Demo Bank's support: the payment's Returns section, its form filled with what remains.
  await actAs(page, 'support');
  // The page's timers on Playwright's clock, flowing as real time does until the test holds them
  // (the confirmation's pause, below).
  await page.clock.install();
  const before = await returnsOf(page, 'demo-bank.test', paymentId);
  const remaining = remainingOf(before);
  expect(remaining).toBeGreaterThan(5050n);
  await page.goto(`/payments/${paymentId}`);
  const section = page.getByRole('region', { name: 'Returns' });
  await expect(section).toContainText(`may still be returned: ${usd(remaining)}`);
  await section.getByRole('button', { name: 'Request a return…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a return' });
  const amount = dialog.getByLabel('Amount (USD)');
  await expect(amount).toHaveValue(usd(remaining).slice(4).replace(/,/g, ''));
  // No reason is assumed: the form starts without one and says so under the field.
  const reason = dialog.getByLabel('Reason');
  await expect(reason).toHaveValue('');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription(
    'Choose a reason: the other bank reads it with the request',
  );
  await expect(dialog.getByTestId('return-review')).toHaveCount(0);
  await shootThemes(page, 'return-request-reason-required');
  await reason.selectOption('AC03');

  // More than remains is said on the field before anything is sent.
  await amount.fill('99999');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByText(`At most ${usd(remaining)} remains to be returned`)).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');

  // The whole remainder, confirmed; meanwhile a colleague asks for USD 0.50 of it: the gateway's
  // refusal lands on the amount field.
  await amount.fill(usd(remaining).slice(4));
  await dialog.getByLabel('Note to the payee’s bank (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByTestId('return-review')).toContainText(
    `Ask union-cu.test to return ${usd(remaining)} of ${paymentId} — reason: wrong account.`,
  );
  const colleagues = await askThroughApi(page, paymentId, '50', 'Paid twice, asked by the branch');
  await dialog.getByRole('button', { name: 'Send the request' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  // Under the amount, without the wire's field name.
  await expect(amount).toHaveAccessibleDescription(/At most \d+ minor units remain to be returned/);

  // USD 50.00 then: the confirmation names the payee's bank, the amount, the payment and the reason.
  await amount.fill('50.00');
  await dialog.getByRole('button', { name: 'Review' }).click();
  const review = dialog.getByTestId('return-review');
  await expect(review).toContainText(
    `Ask union-cu.test to return USD 50.00 of ${paymentId} — reason: wrong account.`,
  );
  await expect(review).toContainText(`Note: “${note}”`);
  await shootThemes(page, 'return-request-confirm');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'return-request-confirm-phone');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(amount).toHaveValue('50.00');
  await shoot(page, 'return-request-form-phone');
  await page.setViewportSize({ width: 1280, height: 720 });
  // Enter pressed twice (or held down) on Review shows the confirmation and sends nothing: its
  // button, focused, takes no click for a moment (600 ms). The clock stands still from the first
  // press to the end of that moment: on a loaded machine the second press reached the page after
  // it and sent the request.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/payments/${paymentId}/returns`)) sent.push(r.url());
  });
  await page.clock.pauseAt(Date.now() + 1000);
  await dialog.getByRole('button', { name: 'Review' }).press('Enter');
  await page.keyboard.press('Enter');
  const send = dialog.getByRole('button', { name: 'Send the request' });
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  expect(sent).toEqual([]);
  await page.clock.runFor(599);
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  await page.clock.runFor(1);
  await page.clock.resume();
  await expect(send).toBeFocused();
  await expect(send).not.toHaveAttribute('aria-disabled');
  expect(sent).toEqual([]);
  await expect(review).toBeVisible();
  await send.click();
  await expect(
    page.getByText(/^Return of USD 50\.00 requested \(rtn_\w+\): waiting for union-cu\.test$/),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  const asked = (await returnsOf(page, 'demo-bank.test', paymentId)).returns.find((r) => r.note === note);
  expect(asked).toMatchObject({ status: 'requested', amount: { total: '5000' } });
  const returnId = asked!.token;
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(
    `Return of USD 50.00 requested by demo-bank.test — Wrong account: “${note}”`,
  );
  await expect(section.getByRole('listitem').filter({ hasText: returnId })).toContainText('Requested');

  // Union CU's admin: the request in the queue as a task of its own kind, worked by keyboard.
  await actAs(page, 'union');
  let panel = await selectByKeyboard(page, returnId);
  const request = panel.getByTestId('return-request');
  await expect(request).toContainText(`demo-bank.test asks for USD 50.00 of ${paymentId} back.`);
  await expect(request).toContainText('Reason: Wrong account (AC03)');
  await expect(request).toContainText(`Note: “${note}”`);
  await expect(request).toContainText(/Waiting for \d+ (s|min)\./);
  await expect(panel.getByRole('link', { name: paymentId })).toHaveAttribute(
    'href',
    `/payments/${paymentId}`,
  );
  await expect(panel.getByRole('button', { name: 'Return the money' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Refuse…' })).toBeVisible();
  await shootThemes(page, 'task-queue-return-request');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'task-queue-return-request-phone');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.keyboard.press('c');
  await expect(page.getByText(`Returning the money of ${returnId} (USD 50.00) in`)).toBeVisible();
  await expect(page.getByText(`Return ${returnId} accepted: the money goes back`)).toBeVisible();

  // The colleague's request is refused, by keyboard too: f, the reason, a note, Enter.
  panel = await selectByKeyboard(page, colleagues);
  await expect(panel.getByTestId('return-request')).toContainText('Note: “Paid twice, asked by the branch”');
  await page.keyboard.press('f');
  await expect(panel.getByLabel('Reason', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Note (required; the requester sees only the reason)')).toBeFocused();
  await page.keyboard.type('Not paid twice: two invoices');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Refuse the return' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Return request ${colleagues} refused`)).toBeVisible();

  // Union's side of the payment: the request, its decision and the return payment, and the
  // refusal; and its own way to return more (not sent here).
  await page.goto(`/payments/${paymentId}`);
  await expect(timeline).toContainText(
    `Return of USD 50.00 requested by demo-bank.test — Wrong account: “${note}”`,
  );
  await expect(
    timeline.getByRole('link', {
      name: `Return accepted by union-cu.test: USD 50.00 returned with payment ${returnId}`,
    }),
  ).toBeVisible();
  await expect(
    timeline.getByRole('link', {
      name: 'Return request of USD 0.50 refused by union-cu.test: insufficient funds',
    }),
  ).toBeVisible();
  await section.getByRole('button', { name: 'Return this payment…' }).click();
  const giveBack = page.getByRole('dialog', { name: 'Return this payment' });
  await giveBack.getByLabel('Amount (USD)').fill('1.00');
  await giveBack.getByLabel('Reason').selectOption('DUPL');
  await giveBack.getByRole('button', { name: 'Review' }).click();
  await expect(giveBack.getByTestId('return-review')).toContainText(
    `Return USD 1.00 of ${paymentId} to demo-bank.test now — reason: duplicate payment.`,
  );
  await shootThemes(page, 'return-initiative-confirm');
  await giveBack.getByRole('button', { name: 'Return USD 1.00' }).click();
  const given = page.getByText(/^USD 1\.00 of inv-0991 returned \((rtn_\w+)\)$/);
  await expect(given).toBeVisible();
  await expect(giveBack).toBeHidden();
  const givenId = /\((rtn_\w+)\)/.exec((await given.textContent())!)![1]!;
  await expect(section.getByRole('listitem').filter({ hasText: givenId })).toContainText(
    'Given by union-cu.test · Duplicate payment',
  );
  await expect(section.getByRole('listitem').filter({ hasText: givenId })).toContainText('Returned');
  await expect(
    timeline.getByRole('link', {
      name: `USD 1.00 returned by union-cu.test on its own initiative — Duplicate payment (return payment ${givenId})`,
    }),
  ).toBeVisible();

  // Union's Returns screen: outgoing, returned; the export holds what the filters show.
  await page.goto('/returns?direction=outgoing&status=returned');
  await expect(page.getByLabel('Direction')).toHaveValue('outgoing');
  const row = page.getByRole('row').filter({ hasText: paymentId }).filter({ hasText: 'USD 50.00' });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Outgoingthey asked');
  await expect(row).toContainText('Wrong account');
  await expect(row).toContainText('Returned');
  await expect(row.getByRole('link', { name: 'return payment' })).toHaveAttribute(
    'href',
    `/payments/${returnId}`,
  );
  await expect(page.getByRole('row').filter({ hasText: 'USD 1.00' })).toContainText(
    'Outgoingwe gave it back',
  );
  const exported = page.getByRole('link', { name: 'Export these returns as CSV' });
  await expect(exported).toHaveAttribute(
    'href',
    /^\/api\/proxy\/returns\/export\?direction=outgoing&status=returned&partner=part_\w+$/,
  );
  const csv = await downloadCsv(page, exported, 'returns.csv');
  expect(csv.some((line) => line.includes(returnId))).toBe(true);
  expect(csv.some((line) => line.includes(givenId))).toBe(true);
  expect(csv.some((line) => line.includes(colleagues))).toBe(false);
  await page.getByLabel('Status').selectOption('refused');
  await expect(page).toHaveURL(/status=refused/);
  await expect(page.getByRole('row').filter({ hasText: 'USD 0.50' })).toContainText('insufficient funds');

  // Demo Bank's support: the decision in the timeline, the return payment's page says what it returns.
  await actAs(page, 'support');
  await page.goto(`/payments/${paymentId}`);
  await expect(page.getByTestId('payment-returned')).toContainText('Returned: USD 51.00 of USD 180.50');
  await expect(
    timeline.getByRole('link', {
      name: `USD 1.00 returned by union-cu.test on its own initiative — Duplicate payment (return payment ${givenId})`,
    }),
  ).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: returnId })).toContainText('Returned');
  await expect(section.getByRole('listitem').filter({ hasText: colleagues })).toContainText(
    'refused: insufficient funds',
  );
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await shootThemes(page, 'payment-returns');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'payment-returns-phone');
  await page.setViewportSize({ width: 1280, height: 720 });
  await timeline
    .getByRole('link', {
      name: `Return accepted by union-cu.test: USD 50.00 returned with payment ${returnId}`,
    })
    .click();
  await expect(page.getByRole('heading', { name: `Payment ${returnId}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('return-of')).toContainText(
    `Return of ${paymentId} · asked for by demo-bank.test · Wrong account: “${note}”`,
  );
  await expect(page.getByTestId('payment-direction')).toHaveText('Incoming');
  // Named a return, whatever payment type carries it.
  await expect(page.getByText(/^USD 50\.00 · Incoming return · /)).toBeVisible();
  await shoot(page, 'payment-return-of');
  await page.getByTestId('return-of').getByRole('link', { name: paymentId }).click();
  await expect(page.getByRole('heading', { name: `Payment ${paymentId}`, level: 1 })).toBeVisible();

  // Demo Bank's Returns screen: the same return, incoming.
  await page.goto('/returns?direction=incoming');
  const incoming = page.getByRole('row').filter({ hasText: paymentId }).filter({ hasText: 'USD 50.00' });
  await expect(incoming.getByRole('cell').nth(2)).toHaveText('Incomingwe asked');
  await expect(incoming).toContainText('Returned');
  await incoming.getByRole('link', { name: paymentId }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${paymentId}$`));
  await page.goto('/returns');
  await expect(page.getByRole('row').filter({ hasText: paymentId }).first()).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await shootThemes(page, 'returns-screen');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'returns-screen-phone');
});

test('viewers read a payment’s returns without the way to ask for one', async ({ page }) => {
  await actAs(page, 'viewer');
  await page.goto('/payments/inv-0992');
  const section = page.getByRole('region', { name: 'Returns' });
  await expect(section).toContainText('Returned: USD 0.00 of USD 2,300.00');
  await expect(section.getByRole('button')).toHaveCount(0);
  await page.goto('/returns');
  await expect(page.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('a fresh sandbox asks the Sandbox Bank for money back: it returns it, or refuses an amount ending in 01', async ({
  page,
}) => {
  test.slow();
  await signUpSandbox(page);
  const ns = await firstNamespace(page);
  const paymentId = `rt-${uniq()}`;
  await paySandboxBank(page, ns, { paymentId, total: '1000', reference: 'Paid to the wrong Alice' });

  // The Sandbox Bank admits the payment by itself; the page offers the return once it has.
  await page.goto(`/payments/${paymentId}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Admitted');
  const section = page.getByRole('region', { name: 'Returns' });
  await expect(section).toContainText('may still be returned: USD 10.00');

  /** Asks for `units` back through the form and its confirmation. */
  async function ask(units: string) {
    await section.getByRole('button', { name: 'Request a return…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a return' });
    await dialog.getByLabel('Amount (USD)').fill(units);
    await dialog.getByLabel('Reason').selectOption('AC03');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await expect(dialog.getByTestId('return-review')).toContainText(
      `Ask sandbox-bank.test to return USD ${units} of ${paymentId} — reason: wrong account.`,
    );
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(dialog).toBeHidden();
  }

  // USD 2.01: the Sandbox Bank refuses it (insufficient funds), as it answers admissions by amount.
  await ask('2.01');
  const refused = section.getByRole('listitem').filter({ hasText: 'USD 2.01' });
  await expect(refused).toContainText('refused: insufficient funds');
  // USD 5.00: returned, with its return payment.
  await ask('5.00');
  const returned = section.getByRole('listitem').filter({ hasText: 'USD 5.00' });
  await expect(returned.getByText('Returned', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('payment-returned')).toContainText(
    'Returned: USD 5.00 of USD 10.00 · may still be returned: USD 5.00',
  );
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(
    'Return request of USD 2.01 refused by sandbox-bank.test: insufficient funds',
  );
  const accepted = timeline.getByRole('link', {
    name: /^Return accepted by sandbox-bank\.test: USD 5\.00 returned with payment rtn_\w+$/,
  });
  await expect(accepted).toBeVisible();
  await shootThemes(page, 'sandbox-return');

  // The return payment's page links its original; the Returns screen lists both requests.
  await accepted.click();
  await expect(page.getByTestId('return-of')).toContainText(
    `Return of ${paymentId} · asked for by ${ns.domain} · Wrong account`,
  );
  await page.goto('/returns');
  await expect(page.getByRole('row').filter({ hasText: 'USD 5.00' })).toContainText('Returned');
  await expect(page.getByRole('row').filter({ hasText: 'USD 2.01' })).toContainText('insufficient funds');
  await expect(page.getByText('2 total')).toBeVisible();
});

test('a large return request needs two of the payee bank’s staff under four eyes', async ({
  page,
  request,
}) => {
  test.slow();
  const demo = await headersOf(request, DEMO_ADMIN, 'demo-bank.test');
  const union = await headersOf(request, UNION, 'union-cu.test');
  const call = async (h: Record<string, string>, method: string, path: string, data?: object) => {
    const res = await request.fetch(`${API}${path}`, {
      method,
      headers: { ...h, 'idempotency-key': crypto.randomUUID() },
      data,
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data;
  };
  // Union pays a Demo Bank customer 2,000.00, which Demo Bank's admin admits.
  const paymentId = `rt4-${uniq()}`;
  await unionPaysDemoBank(
    request,
    {
      paymentId,
      total: '200000',
      payee: `rt4-${uniq()}@demo-bank.test`,
      reference: 'Deposit',
      name: { first_name: 'Ada' },
    },
    union,
  );
  let admission: { token: string; admission_id: string } | undefined;
  await expect(async () => {
    const list = await call(demo, 'GET', '/tasks?status=pending&limit=100');
    admission = list.tasks.find((t: { payment_id: string }) => t.payment_id === paymentId);
    expect(admission).toBeDefined();
  }).toPass();
  await call(
    demo,
    'PUT',
    `/payments/${paymentId}/admissions/${admission!.admission_id}/tasks/${admission!.token}`,
    {
      status: 'completed',
      status_reason: 'accepted',
    },
  );
  // Demo Bank's policy as the demo set it, put back at the end.
  const before = await call(demo, 'GET', `/partner/${demo.partner}`);
  try {
    // Demo Bank: four eyes from 1,000.00, two approvers. Union asks for 1,500.00 back.
    await call(demo, 'PATCH', `/partner/${demo.partner}`, {
      four_eyes_threshold: '100000',
      four_eyes_approvals: 2,
    });
    const asked = await call(union, 'POST', `/payments/${paymentId}/returns`, {
      amount: '150000',
      reason: 'FRAD',
      note: 'The payer reports a scam',
    });
    const returnId: string = asked.token;

    // Support approves first, by keyboard; the request stays for a second person.
    await actAs(page, 'support');
    let panel = await selectByKeyboard(page, returnId);
    const row = page.getByRole('list', { name: 'Tasks' }).getByRole('button').filter({ hasText: returnId });
    await expect(row).toContainText('Four eyes: needs two approvers');
    await expect(panel.getByRole('button', { name: 'Approve the return (1 of 2)' })).toBeVisible();
    await page.keyboard.press('c');
    await page.getByRole('button', { name: 'Complete now' }).click();
    await expect(page.getByText(`Task for ${returnId} approved; it needs a second approver`)).toBeVisible();
    await expect(row).toContainText('Needs a second approver · approved by support@demo-bank.test');

    // The admin gives the second approval: the money goes back.
    await actAs(page, 'admin');
    panel = await selectByKeyboard(page, returnId);
    await expect(panel.getByRole('button', { name: 'Approve the return (2 of 2)' })).toBeVisible();
    await page.keyboard.press('c');
    await page.getByRole('button', { name: 'Complete now' }).click();
    await expect(page.getByText(`Return ${returnId} accepted: the money goes back`)).toBeVisible();
    expect((await call(demo, 'GET', `/returns/${returnId}`)).status).toBe('returned');
  } finally {
    await call(demo, 'PATCH', `/partner/${demo.partner}`, {
      four_eyes_threshold: before.four_eyes_threshold,
      four_eyes_approvals: before.four_eyes_approvals,
    });
  }
});
