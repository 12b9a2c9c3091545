import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  actAs,
  API,
  DEMO_ADMIN,
  expectAccessible,
  headersOf,
  shootThemes,
  stateOf,
  UNION,
  unionPaysDemoBank,
  uniq,
} from './helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

// Demo Bank's admin, signed in once for the run (auth.setup.ts); the other roles by `actAs`.
test.use({ storageState: stateOf('admin'), viewport: DESKTOP });

/** A call of the gateway's API as Demo Bank's admin (its headers from `headersOf`); asserts the 200. */
async function demoCall(
  request: APIRequestContext,
  demo: Record<string, string>,
  method: string,
  path: string,
  data?: object,
) {
  const res = await request.fetch(`${API}${path}`, {
    method,
    headers: { ...demo, 'idempotency-key': crypto.randomUUID() },
    data,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

/** Union pays a Demo Bank customer 60.00 with `reference` (no "payroll": the demo's own rule leaves it). */
async function unionPays(request: APIRequestContext, union: Record<string, string>, reference: string) {
  const paymentId = `rule-${uniq()}`;
  await unionPaysDemoBank(
    request,
    {
      paymentId,
      total: '6000',
      payee: 'jane@demo-bank.test',
      reference,
      name: { first_name: 'Test', last_name: 'Party' },
    },
    union,
  );
  return paymentId;
}

/** Demo Bank's task of the payment, waiting (`status` in the request form). */
async function taskOf(request: APIRequestContext, demo: Record<string, string>, paymentId: string) {
  let task: { token: string; admission_id: string } | undefined;
  await expect(async () => {
    const list = await demoCall(request, demo, 'GET', '/tasks?status=pending&limit=100');
    task = list.tasks.find((t: { payment_id: string }) => t.payment_id === paymentId);
    expect(task).toBeDefined();
  }).toPass();
  return task!;
}

/** The rules table's row of the rule named `name`. */
const ruleRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Admission rules' })
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });

test('an admin writes a rule in words, tests it on the history, saves it, and the next payment is decided by it', async ({
  page,
  request,
}) => {
  test.slow();
  const demo = await headersOf(request, DEMO_ADMIN, 'demo-bank.test');
  const union = await headersOf(request, UNION, 'union-cu.test');
  const token = `inv${uniq()}`;
  const name = `Invoices ${token} refused`;
  // The history: two such payments, one of which Demo Bank's people accepted.
  const accepted = await unionPays(request, union, `Invoice ${token} A`);
  await unionPays(request, union, `Invoice ${token} B`);
  const task = await taskOf(request, demo, accepted);
  await demoCall(
    request,
    demo,
    'PUT',
    `/payments/${accepted}/admissions/${task.admission_id}/tasks/${task.token}`,
    {
      status: 'completed',
      status_reason: 'accepted',
    },
  );

  await page.goto('/rules');
  await expect(page.getByRole('heading', { name: 'Rules', level: 1 })).toBeVisible();
  // The demo's own rule, in words.
  await expect(ruleRow(page, 'Payroll from known counterparties up to 5,000.00')).toContainText(
    'amount ≤ 5,000.00, with a known counterparty, reference contains “payroll”',
  );
  await page.getByRole('button', { name: 'Add a rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a rule' });
  await dialog.getByLabel('Name').fill(name);
  for (const other of ['Debtor authorization', 'Compliance review', 'Return request'])
    await dialog.getByLabel(other).uncheck();
  await dialog.getByLabel('Amount from').fill('50');
  await dialog.getByLabel('Currencies').fill('usd');
  await dialog.getByLabel('Reference contains').fill(token);
  await dialog.getByLabel('Action').selectOption('reject');
  await dialog.getByLabel('Reason').selectOption('fraud_detected');
  await dialog.getByLabel('Note').fill('Invoices of this kind are refused');
  await expect(dialog.getByTestId('rule-in-words')).toHaveText(
    `In words: when amount ≥ USD 50.00, reference contains “${token}” → reject (fraud detected)`,
  );

  // The gateway's refusal lands under the field it names: a time zone the form cannot check.
  await dialog.getByLabel('From (time of day)').fill('22:00');
  await dialog.getByLabel('Until (not included)').fill('06:00');
  await dialog.getByLabel('Time zone').fill('Mars/Olympus');
  await dialog.getByRole('button', { name: 'Test on history' }).click();
  await expect(dialog.locator('#rule-time-zone-error')).toHaveText(
    'Must be an IANA time zone, such as Europe/Zurich or UTC',
  );
  await dialog.getByLabel('From (time of day)').fill('');
  await dialog.getByLabel('Until (not included)').fill('');
  await dialog.getByLabel('Time zone').fill('UTC');

  // The backtest, over the last 30 days: both payments, one of which people accepted.
  await dialog.getByRole('button', { name: 'Test on history' }).click();
  const answer = dialog.getByTestId('backtest-answer');
  await expect(answer).toContainText(/it matches 2\./);
  await expect(answer).toContainText(/Would reject 2 of [\d,]+, of which 1 accepted, 1 waiting now/);
  await expect(answer.getByRole('link', { name: accepted })).toBeVisible();
  // Tall enough for the whole dialog in the picture (it scrolls inside a shorter window).
  await page.setViewportSize({ width: DESKTOP.width, height: 1600 });
  await shootThemes(page, 'rules-form-backtest');
  await page.setViewportSize(PHONE);
  await answer.scrollIntoViewIfNeeded();
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBe(0);
  await shootThemes(page, 'rules-form-backtest-390', { axe: false });
  await page.setViewportSize(DESKTOP);

  // Nothing was saved by the test; saving puts the rule last, in words.
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  const row = ruleRow(page, name);
  await expect(row).toContainText(`amount ≥ USD 50.00, reference contains “${token}”`);
  await expect(row).toContainText('Reject (fraud detected)');
  await expect(row).toContainText('Beneficiary admission');
  // First in the order.
  const place = row.getByTestId('rule-position');
  for (let at = Number(await place.innerText()); at > 1; at--) {
    await row.getByRole('button', { name: `Move “${name}” up` }).click();
    await expect(place).toHaveText(String(at - 1));
  }

  // The next such payment is decided by the rule at once: rejected, the rule named on its page.
  const next = await unionPays(request, union, `Invoice ${token} C`);
  await page.goto(`/payments/${next}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Rejected');
  const decided = page.getByRole('link', {
    name: `beneficiary admission: Failed (fraud detected), decided by rule “${name}”`,
  });
  await expect(decided).toBeVisible();
  await shootThemes(page, 'rules-payment-decided');
  await decided.click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(ruleRow(page, name)).toContainText(/1 \/ 1/);
  await shootThemes(page, 'rules-list');
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shootThemes(page, 'rules-list-390');
  await page.setViewportSize(DESKTOP);

  // Turned off, it decides nothing: the next payment waits for people.
  await ruleRow(page, name)
    .getByRole('switch', { name: `Enabled: ${name}` })
    .click();
  await expect(ruleRow(page, name).getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  const waiting = await unionPays(request, union, `Invoice ${token} D`);
  await taskOf(request, demo, waiting);

  // Deleted after a question.
  await ruleRow(page, name)
    .getByRole('button', { name: `Delete “${name}”` })
    .click();
  const confirm = page.getByRole('dialog', { name: `Delete “${name}”?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(ruleRow(page, name)).toHaveCount(0);
});

test('support staff see a task decided by a rule, and why a rule sent another to their queue', async ({
  page,
  request,
}) => {
  test.slow();
  const demo = await headersOf(request, DEMO_ADMIN, 'demo-bank.test');
  const union = await headersOf(request, UNION, 'union-cu.test');
  const token = uniq();
  const hold = await demoCall(request, demo, 'POST', '/rules', {
    name: `Held invoices ${token}`,
    conditions: { reference_matches: `hold-${token}` },
    action: 'hold',
    note: 'Ask the customer for the invoice',
    enabled: true,
    position: 1,
  });
  const review = await demoCall(request, demo, 'POST', '/rules', {
    name: `New suppliers ${token}`,
    conditions: { reference_matches: `review-${token}` },
    action: 'review',
    note: 'New supplier: check the account before accepting',
    enabled: true,
    position: 1,
  });
  try {
    const held = await unionPays(request, union, `Invoice hold-${token}`);
    const reviewed = await unionPays(request, union, `Invoice review-${token}`);

    await actAs(page, 'support');
    const list = page.getByRole('list', { name: 'Tasks' });
    const panel = page.getByRole('complementary', { name: 'Work the task' });
    await page.goto('/tasks?status=on_hold');
    await expect(async () => {
      await page.reload();
      await expect(list.getByRole('button').filter({ hasText: held })).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await list.getByRole('button').filter({ hasText: held }).click();
    await expect(panel.getByTestId('decided-by-rule')).toHaveText(`Decided by rule “Held invoices ${token}”`);
    await expect(panel).toContainText('On hold (business reasons): Ask the customer for the invoice');
    await expect(list.getByRole('button').filter({ hasText: held })).toContainText(
      `last changed by rule “Held invoices ${token}”`,
    );
    await shootThemes(page, 'rules-task-decided');
    await page.setViewportSize(PHONE);
    await shootThemes(page, 'rules-task-decided-390');
    await page.setViewportSize(DESKTOP);

    await page.goto('/tasks');
    const row = list.getByRole('button').filter({ hasText: reviewed });
    await expect(row).toContainText(`Rule “New suppliers ${token}”: sent to review`);
    await row.click();
    const why = panel.getByRole('region', { name: 'Why this is in your queue' });
    await expect(why).toContainText(
      `Rule “New suppliers ${token}” sends it to review: New supplier: check the account before accepting`,
    );
    await shootThemes(page, 'rules-task-review');
    await page.setViewportSize(PHONE);
    await shootThemes(page, 'rules-task-review-390', { axe: false });
    await page.setViewportSize(DESKTOP);

    // The name leads to the rules, which support reads without changing them.
    await why.getByRole('link', { name: `“New suppliers ${token}”` }).click();
    await expect(page).toHaveURL(/\/rules$/);
    await expect(ruleRow(page, `New suppliers ${token}`)).toBeVisible();
  } finally {
    for (const r of [hold, review]) await demoCall(request, demo, 'DELETE', `/rules/${r.id}`);
  }
});

test('who may not change rules reads them without a control to change them', async ({ page }) => {
  for (const role of ['support', 'viewer'] as const) {
    await actAs(page, role);
    await page.goto('/rules');
    await expect(page.getByRole('status', { name: 'Read only' })).toContainText(
      "Only your organization's admins can add, change, reorder, enable or delete rules.",
    );
    const row = ruleRow(page, 'Payroll from known counterparties up to 5,000.00');
    await expect(row).toContainText('Accept');
    await expect(row).toContainText('On');
    await expect(page.getByRole('button', { name: 'Add a rule' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Admission rules' }).getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
    await expectAccessible(page);
  }
});
