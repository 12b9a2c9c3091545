import { expect, test, type Locator } from '@playwright/test';
import {
  actAs,
  downloadCsv,
  expectAccessible,
  firstNamespace,
  nav,
  openSearch,
  readAs,
  shoot,
  shootThemes,
  signUpSandbox,
} from './helpers';

test('payment lookup shows parties, amount, timeline, transaction lines and exceptions', async ({ page }) => {
  await actAs(page, 'support');
  await page.goto('/');
  await nav(page, 'Payments');
  await page.getByLabel('Status', { exact: true }).selectOption('rejected');
  await expect(page).toHaveURL(/status=rejected/);
  await page.getByRole('link', { name: 'inv-0993' }).click();
  await expect(page.getByRole('heading', { name: 'Payment inv-0993' })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Rejected');
  await expect(page.getByText('USD 9,900.00')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Exceptions' })).toContainText('ACCOUNT_CLOSED');
  await expect(page.getByRole('region', { name: 'Exceptions' })).toContainText('blame beneficiary party');
  await expect(page.getByRole('region', { name: 'Transaction' })).toContainText(
    'None: the payment was rejected.',
  );
  await expectAccessible(page);
  await shoot(page, 'payment-rejected');

  await page.goto('/payments/inv-0990');
  // Admitted, or settled when a cut-off of another test ran first.
  await expect(page.getByTestId('payment-status')).toHaveText(/^(Admitted|Settled)$/);
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Submitted (push.v1)');
  await expect(page.getByRole('region', { name: 'Transaction' })).toContainText(
    'Debit USD 750.00 · demo-bank.test (this namespace)',
  );
  await expect(page.getByRole('region', { name: 'Transaction' })).toContainText(
    'Credit USD 750.00 · union-cu.test',
  );
  // Which way it goes, what it was for, and the way back to the list.
  await expect(page.getByTestId('payment-direction')).toHaveText('Outgoing');
  await expect(page.getByTestId('payment-reference')).toHaveText('Reference: Supplier invoice');
  await expect(page.getByRole('button', { name: 'Copy payment id' })).toBeVisible();
  await shoot(page, 'payment-admitted');
  await page.getByRole('link', { name: '← Payments' }).click();
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();

  // A payment waiting for this namespace's decision links to its queue.
  await page.goto('/payments/ucu-2003');
  await expect(page.getByTestId('payment-direction')).toHaveText('Incoming');
  const admission = page.getByRole('region', { name: 'Admission tasks' });
  await admission.getByRole('link', { name: 'work it in the task queue' }).first().click();
  await expect(page).toHaveURL(/\/tasks\?status=pending&name=/);
  await expect(page.getByRole('list', { name: 'Tasks' })).toContainText('ucu-2003');

  await page.goto('/payments/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Payment does-not-exist not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to payments' }).click();
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
});

test('an admin submits a payment that was created and not submitted; support staff cannot', async ({
  page,
}) => {
  await actAs(page, 'support');
  await page.goto('/payments/inv-1003');
  await expect(page.getByTestId('payment-status')).toHaveText('Not submitted');
  await expect(page.getByRole('region', { name: 'Submission' })).toContainText(
    'Not submitted. It may be submitted until',
  );
  await expect(page.getByRole('button', { name: 'Submit for admission' })).toHaveCount(0);

  await actAs(page, 'admin');
  // A production namespace's form has no Sandbox Bank, nor its test amounts.
  await page.goto('/payments?new=1');
  await expect(page.getByLabel('Amount', { exact: true })).toBeVisible();
  await expect(page.getByTestId('sandbox-amounts')).toHaveCount(0);
  await page.goto('/payments/inv-1003');
  await expect(page.getByRole('region', { name: 'Transaction' })).toContainText(
    'None yet: one is made when the payment is admitted.',
  );
  await shoot(page, 'payment-unsubmitted');
  await page.getByRole('button', { name: 'Submit for admission' }).click();
  await expect(page.getByText('Payment inv-1003 submitted')).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Pending');
  const submission = page.getByRole('region', { name: 'Submission' });
  await expect(submission).toContainText('push.v1');
  await expect(page.getByRole('region', { name: 'Admission tasks' })).toContainText('beneficiary admission');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Submitted (push.v1)');
  // The gateway agrees: one submission, pending, with its admission's tasks in Union's queue.
  const sub = await readAs<{ status: number; workflow: string }>(
    page,
    'demo-bank.test',
    '/payments/inv-1003/submissions',
  );
  expect(sub).toMatchObject({ status: 1, workflow: 'push.v1' });
  await expect(page.getByRole('button', { name: 'Submit for admission' })).toHaveCount(0);
  await shoot(page, 'payment-submitted');
});

test('a sandbox admin creates a payment to the Sandbox Bank in the dashboard and submits it', async ({
  page,
}) => {
  await signUpSandbox(page);
  const ns = await firstNamespace(page);
  const { domain } = ns;
  await page.goto('/payments?new=1');
  const form = page.getByRole('group', { name: /From \(debtor\)/ });
  await expect(form).toBeVisible();
  await expect(page.getByLabel('Payment address').nth(1)).toHaveValue('alice@sandbox-bank.test');
  // The Sandbox Bank's test amounts under the amount, in the currency typed (DESIGN §5).
  const amount = page.getByLabel('Amount', { exact: true });
  await expect(amount).toHaveAccessibleDescription(
    'Sandbox Bank test amounts: 25.01 refused (insufficient funds), 25.02 refused (fraud detected), 25.03 held for review; any other is accepted.',
  );
  await shootThemes(page, 'payment-new-form');
  await page.getByLabel('Currency').first().fill('JPY');
  await expect(page.getByTestId('sandbox-amounts')).toContainText('2501 refused (insufficient funds)');
  await page.getByLabel('Currency').first().fill('USD');
  const id = await page.getByLabel('Payment id').inputValue();
  expect(id).toMatch(/^pay-[0-9a-z]+$/);
  // Pull puts the counterparty on the debtor's side: what was typed moves with it, and back.
  await page.getByLabel('Type', { exact: true }).selectOption('Type_Pull');
  await expect(page.getByLabel('Payment address').first()).toHaveValue('alice@sandbox-bank.test');
  await expect(page.getByLabel('Payment address').nth(1)).toHaveValue('');
  await expect(page.getByRole('group', { name: /To \(beneficiary\)/ })).toContainText(
    `this namespace (${domain})`,
  );
  await page.getByLabel('Type', { exact: true }).selectOption('Type_Push');
  await expect(page.getByLabel('Payment address').first()).toHaveValue('');
  await expect(page.getByLabel('Payment address').nth(1)).toHaveValue('alice@sandbox-bank.test');

  // Checked in the browser: three decimals of USD are refused and nothing is sent.
  await page.getByLabel('Amount', { exact: true }).fill('12.345');
  await page.getByLabel('Payment address').first().fill(`tester@${domain}`);
  await page.getByRole('button', { name: 'Create payment' }).click();
  await expect(page.getByText('Enter an amount above 0 with at most 2 decimals for USD')).toBeVisible();
  // Checked in the browser too: a push is paid from this namespace's own address, said under
  // that field.
  await page.getByLabel('Amount', { exact: true }).fill('1,234.5');
  await page.getByLabel('Payment address').first().fill('someone@elsewhere.test');
  await page.getByRole('button', { name: 'Create payment' }).click();
  await expect(page.getByLabel('Payment address').first()).toHaveAccessibleDescription(
    `Enter an address of this namespace: one ending in @${domain}`,
  );
  // Refused by the gateway (a domain no namespace has): under the payee's address, in words,
  // without the wire's field path.
  await page.getByLabel('Payment address').first().fill(`tester@${domain}`);
  await page.getByLabel('Payment address').nth(1).fill('bob@nowhere.test');
  await page.getByRole('button', { name: 'Create payment' }).click();
  await expect(page.getByLabel('Payment address').nth(1)).toHaveAccessibleDescription(
    'The domain nowhere.test routes to no enabled namespace',
  );
  await expect(page.getByText('beneficiary_party.payment_address')).toHaveCount(0);
  await shoot(page, 'payment-new-refused');
  await page.getByLabel('Payment address').nth(1).fill('alice@sandbox-bank.test');
  const none = await page.request.get(`/api/proxy/payments/${id}`, {
    headers: { 'x-partner-id': ns.token },
  });
  expect(none.status()).toBe(404);

  await page.getByLabel('Payment address').first().fill(`tester@${domain}`);
  await page.getByLabel('Reference (optional)').fill('Dashboard test');
  await page.getByLabel('Currency').first().fill('usd');
  await page.getByRole('button', { name: 'Create payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${id}$`));
  await expect(page.getByText(`Payment ${id} created and submitted`)).toBeVisible();
  // The payment's summary line (the Sandbox Bank may already have admitted it: its transaction
  // lines then show the amount too).
  await expect(page.getByText(/^USD 1,234\.50 · Outgoing push · /)).toBeVisible();
  // The Sandbox Bank admits it by itself; the open page follows without a reload.
  await expect(page.getByTestId('payment-status')).toHaveText('Admitted');
  await expect(page.getByRole('region', { name: 'Transaction' })).toContainText('Debit USD 1,234.50');
  await expect(page.getByRole('region', { name: 'Admission tasks' })).toContainText('Completed');
  const payment = await readAs<{
    amount: { total: string; currency: string };
    reference: string;
    payment_type: string;
  }>(page, domain, `/payments/${id}`);
  expect(payment).toMatchObject({
    amount: { total: '123450', currency: 'USD' },
    reference: 'Dashboard test',
    payment_type: 'Type_Push',
  });
  const sub = await readAs<{ workflow: string }>(page, domain, `/payments/${id}/submissions`);
  expect(sub.workflow).toBe('push.v1');
  await shoot(page, 'payment-new-created');
});

test('support staff see no new-payment form', async ({ page }) => {
  await actAs(page, 'support');
  await page.goto('/payments?new=1');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(page.getByText('New payment')).toHaveCount(0);
});

test('finding a payment by id opens its page; a partial or unknown id lists what starts with it', async ({
  page,
}) => {
  await actAs(page, 'support');
  await page.goto('/');
  await nav(page, 'Payments');
  const search = await openSearch(page);
  await search.fill('inv-0990');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/payments\/inv-0990$/);
  await expect(page.getByRole('heading', { name: 'Payment inv-0990', level: 1 })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  // Surrounding spaces are dropped.
  await (await openSearch(page)).fill('  ucu-2003 ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/payments\/ucu-2003$/);
  await expect(page.getByRole('heading', { name: 'Payment ucu-2003', level: 1 })).toBeVisible();

  // An id prefix filters the list (in the URL), in id order.
  await page.goto('/payments');
  await page.getByLabel('Id starts with').fill('ucu-20');
  await page.getByLabel('Id starts with').press('Enter');
  await expect(page).toHaveURL(/[?&]payment_id=ucu-20(&|$)/);
  const ids = page.getByRole('table', { name: 'Payments' }).getByRole('row').locator('td:first-child');
  await expect(ids.first()).toHaveText(/^ucu-20/);
  for (const id of await ids.allTextContents()) expect(id).toMatch(/^ucu-20/);
  const sorted = [...(await ids.allTextContents())].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  expect(await ids.allTextContents()).toEqual(sorted);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/payment_id=/);
  await expect(page.getByLabel('Id starts with')).toHaveValue('');

  // A partial id lists the payments it starts; an unknown one says none match (no dead end).
  await (await openSearch(page)).fill('ucu-200');
  // Typed and sent before its suggestions: Enter goes where they would have.
  await search.press('Enter');
  await expect(page).toHaveURL(/\/payments\?payment_id=ucu-200$/);
  await expect(page.getByLabel('Id starts with')).toHaveValue('ucu-200');
  await expect(ids.first()).toHaveText(/^ucu-200/);
  await (await openSearch(page)).fill('no-such-payment');
  await search.press('Enter');
  await expect(page).toHaveURL(/\?party=no-such-payment$/);
  await expect(page.getByText('No payments match.')).toBeVisible();
  // A payment's own address still answers 404 for an unknown id.
  await page.goto('/payments/no-such-payment');
  await expect(page.getByRole('heading', { name: 'Payment no-such-payment not found' })).toBeVisible();
});

test('support searches payments by a party fragment, amount and reference, in the URL, and exports what it found', async ({
  page,
}) => {
  await actAs(page, 'support');
  await page.goto('/');
  await nav(page, 'Payments');
  const ids = page.getByRole('table', { name: 'Payments' }).getByRole('row').locator('td:first-child');
  const tableIds = async () => [...(await ids.allTextContents())];

  // The search with a fragment of an address that is no payment id lists the party's payments.
  await (await openSearch(page)).fill('kofi@union');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]party=kofi%40union(&|$)/);
  await expect(page.getByLabel('Party address or name')).toHaveValue('kofi@union');
  await expect(page.getByRole('link', { name: 'ucu-2003', exact: true })).toBeVisible();
  const kofi = await tableIds();
  for (const id of ['inv-1002', 'ucu-2002', 'ucu-2003']) expect(kofi).toContain(id);
  expect(kofi).not.toContain('inv-1001'); // jane → maria

  // An amount in units narrows it (minor units on the wire); the filters combine.
  await page.getByLabel('Amount from').fill('10,000');
  await expect(page).toHaveURL(/amount_from=10%2C000/);
  await expect.poll(tableIds).toEqual(['ucu-2003']);
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText('Property escrow');
  await expectAccessible(page);
  await shootThemes(page, 'payments-search');

  // The export is the list as filtered, as CSV.
  const exportLink = page.getByRole('link', { name: 'Export these payments as CSV' });
  expect(await exportLink.getAttribute('href')).toMatch(
    /^\/api\/proxy\/payments\/export\?party=kofi%40union&amount_min=1000000&partner=part_\w+$/,
  );
  const lines = await downloadCsv(page, exportLink, 'payments.csv');
  expect(lines[0]!.startsWith('payment_id,created_at,direction,')).toBe(true);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['ucu-2003']);
  expect(lines[1]).toContain(',incoming,Type_Push,');
  expect(lines[1]).toContain(',USD,1500000,15000.00,kofi@union-cu.test,');

  // A reference fragment, with the party cleared; an amount that is not one is said so.
  // One filter at a time, each seen in the URL before the next: two edits within the URL's
  // debounce can lose one of them (noted for the list-screen kit).
  await page.getByLabel('Party address or name').fill('');
  await expect(page).not.toHaveURL(/party=/);
  await page.getByLabel('Amount from').fill('');
  await expect(page).not.toHaveURL(/amount_from=/);
  await page.getByLabel('Reference contains').fill('rent');
  await expect(page).toHaveURL(/[?&]reference=rent(&|$)/);
  await expect(page).not.toHaveURL(/party=|amount_from=/);
  await expect.poll(tableIds).toEqual(['inv-1001']);
  await page.getByLabel('Amount to').fill('12.345');
  await expect(page.getByText('An amount such as 25.00')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/reference=|amount_to=/);
  await expect(page.getByLabel('Reference contains')).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Export all payments as CSV' })).toBeVisible();

  // The shell's search, from any page: "/" or Ctrl K; an id opens its record, a name its payments.
  await nav(page, 'Settlements');
  const search = await openSearch(page);
  await search.fill('ucu-2003');
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment ucu-2003', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+K');
  await expect(search).toBeFocused();
  await shootThemes(page, 'shell-search');
  await search.fill('maria@union');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/payments\?party=maria%40union$/);
  await expect(page.getByRole('link', { name: 'inv-1001', exact: true })).toBeVisible();
  await page.keyboard.press('Control+K');
  await search.press('Escape');
  await expect(search).toBeHidden();
});

interface SubmissionAnswer {
  admission_id: string;
  workflow: string;
  status: number;
  submission_time: number;
  transaction_id: string | null;
  relationships: { payment: { expires_at: number } };
}
/** The value of a row of the submission record. */
const field = (section: Locator, term: string) =>
  section.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

test('the submission section shows the admission, its times and the transaction the API answers', async ({
  page,
}) => {
  await actAs(page, 'support');
  const sub = await readAs<SubmissionAnswer>(page, 'demo-bank.test', '/payments/inv-0990/submissions');
  const { transactions } = await readAs<{ transactions: Array<{ transaction_id: string }> }>(
    page,
    'demo-bank.test',
    '/payments/inv-0990/transactions',
  );
  // Admitted by the seed, or settled when a cut-off of another test ran first.
  expect([3, 6]).toContain(sub.status);
  expect(transactions).toHaveLength(1);
  expect(sub.transaction_id).toBe(transactions[0]!.transaction_id);

  await page.goto('/payments/inv-0990');
  const section = page.getByRole('region', { name: 'Submission' });
  await expect(field(section, 'Admission id').locator('.font-mono')).toHaveText(sub.admission_id);
  await expect(
    field(section, 'Admission id').getByRole('button', { name: 'Copy admission id' }),
  ).toBeVisible();
  await expect(field(section, 'Workflow')).toHaveText('push.v1');
  await expect(field(section, 'Status')).toHaveText(sub.status === 3 ? 'Admitted' : 'Settled');
  await expect(field(section, 'Submitted at').locator('time')).toHaveAttribute(
    'datetime',
    iso(sub.submission_time),
  );
  await expect(field(section, 'Expires at').locator('time')).toHaveAttribute(
    'datetime',
    iso(sub.relationships.payment.expires_at),
  );
  // Local time in the browser, not the server's UTC rendering.
  await expect(field(section, 'Submitted at')).toHaveText(
    await page.evaluate((s) => {
      const d = new Date(s * 1000);
      const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
        .formatToParts(d)
        .find((p) => p.type === 'timeZoneName')!.value;
      // Some ICU versions put a narrow no-break space before AM/PM; the dashboard prints a space.
      return `${d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).replace(/\u202f/g, ' ')} ${zone}`;
    }, sub.submission_time),
  );
  const txnLink = field(section, 'Transaction').getByRole('link', { name: sub.transaction_id! });
  await expect(txnLink).toHaveAttribute('href', '#transaction-lines');
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Transaction' })).toContainText('Debit USD 750.00');
  await shootThemes(page, 'payment-submission');

  await txnLink.click();
  await expect(page).toHaveURL(/\/payments\/inv-0990#transaction-lines$/);
  const lines = page.getByRole('region', { name: 'Transaction' });
  await expect(lines).toBeInViewport();
  await expect(lines).toContainText(`${sub.transaction_id} · approval`);

  // Waiting for Union's admission: no transaction yet.
  const pending = await readAs<SubmissionAnswer>(page, 'demo-bank.test', '/payments/inv-1001/submissions');
  expect(pending.status).toBe(1);
  expect(pending.transaction_id).toBeNull();
  await page.goto('/payments/inv-1001');
  await expect(field(section, 'Admission id').locator('.font-mono')).toHaveText(pending.admission_id);
  await expect(field(section, 'Status')).toHaveText('Pending');
  await expect(field(section, 'Transaction')).toHaveText('None yet: made on admission');
  await expect(field(section, 'Transaction').getByRole('link')).toHaveCount(0);
});

/** A local calendar day as a date input writes it. */
const day = (offsetDays: number) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('payments filtered by creation date, kept in the URL next to the status filter', async ({ page }) => {
  await actAs(page, 'support');
  await page.goto('/');
  await nav(page, 'Payments');
  await expect(page.getByRole('link', { name: 'inv-0993', exact: true })).toBeVisible();

  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/proxy/payments?')) sent.push(r.url());
  });
  await page.getByLabel('Created from').fill(day(1));
  await expect(page).toHaveURL(new RegExp(`created_from=${day(1)}`));
  await expect(page.getByText('No payments match.')).toBeVisible();
  // The day is sent as the gateway's Unix seconds, from the start of that local day.
  const fromSeconds = Math.floor(new Date(`${day(1)}T00:00:00`).getTime() / 1000);
  expect(sent.some((u) => u.includes(`created_from=${fromSeconds}`))).toBe(true);

  await page.getByLabel('Created from').fill(day(-1));
  await page.getByLabel('Created to').fill(day(0));
  await page.getByLabel('Status', { exact: true }).selectOption('rejected');
  await expect(page).toHaveURL(/status=rejected/);
  expect(new URL(page.url()).searchParams.get('created_from')).toBe(day(-1));
  expect(new URL(page.url()).searchParams.get('created_to')).toBe(day(0));
  await expect(page.getByRole('link', { name: 'inv-0993', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'inv-0990', exact: true })).toHaveCount(0);

  // The filters survive a reload (shared links), and clear together.
  await page.reload();
  await expect(page.getByLabel('Created to')).toHaveValue(day(0));
  await expect(page.getByRole('link', { name: 'inv-0993', exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'payments-date-filter');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/created_|status=/);
  await expect(page.getByRole('link', { name: 'inv-0990', exact: true })).toBeVisible();
});

test('the payments list reads oldest first from its Created header, in the URL, and back', async ({
  page,
}) => {
  await actAs(page, 'support');
  await page.goto('/');
  await nav(page, 'Payments');
  type Ids = { payments: Array<{ payment_id: string }> };
  const newest = (await readAs<Ids>(page, 'demo-bank.test', '/payments?limit=1')).payments[0]!.payment_id;
  const oldest = (await readAs<Ids>(page, 'demo-bank.test', '/payments?limit=1&order=asc')).payments[0]!
    .payment_id;
  expect(oldest).not.toBe(newest);
  const firstRow = page.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1);
  await expect(firstRow.getByRole('link').first()).toHaveText(newest);
  const created = page.getByRole('columnheader', { name: /Created/ });
  await expect(created).toHaveAttribute('aria-sort', 'descending');

  await created.getByRole('button').click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(created).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstRow.getByRole('link').first()).toHaveText(oldest);
  // The direction is the list's, not a page's: it stays with a filter and a reload.
  await page.getByLabel('Status', { exact: true }).selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  await page.reload();
  await expect(created).toHaveAttribute('aria-sort', 'ascending');
  await shoot(page, 'payments-oldest-first');
  // By keyboard, and the button keeps the focus (the header is not remounted).
  const sortButton = created.getByRole('button');
  await sortButton.focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/order=/);
  await expect(created).toHaveAttribute('aria-sort', 'descending');
  await expect(sortButton).toBeFocused();
});

test('support works the queue with the keyboard and the payment is admitted; failing needs a note and records the exception', async ({
  page,
}) => {
  await actAs(page, 'support');
  await page.goto('/');
  await nav(page, 'Task queue');
  const rows = page.getByRole('list', { name: 'Tasks' }).getByRole('button');
  await expect(rows.first()).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'task-queue');
  // ucu-2002 (USD 15.00) is waiting for Demo Bank's admission
  const target = rows.filter({ hasText: 'ucu-2002' });
  await target.click();
  await page.keyboard.press('c');
  await page.getByRole('button', { name: 'Complete now' }).click();
  await expect(page.getByText('Task for ucu-2002 completed')).toBeVisible();
  await page.goto('/payments/ucu-2002');
  await expect(page.getByTestId('payment-status')).toHaveText('Admitted');

  await nav(page, 'Task queue');
  await rows.filter({ hasText: 'ucu-2001' }).click();
  await page.keyboard.press('f');
  await page.getByLabel('Reason').selectOption('account_closed');
  await page.getByRole('button', { name: 'Fail the task' }).click();
  await expect(page.getByLabel('Note (required)')).toHaveAccessibleDescription(
    'Enter a note: why the task is failed or held',
  );
  await shoot(page, 'task-fail-panel');
  await page.getByLabel('Note (required)').fill('Account closed last week');
  await page.getByRole('button', { name: 'Fail the task' }).click();
  await expect(page.getByText('Task for ucu-2001 failed')).toBeVisible();
  await page.goto('/payments/ucu-2001');
  await expect(page.getByRole('region', { name: 'Exceptions' })).toContainText('ACCOUNT_CLOSED');
});

test('a credit union admin sees its own queue, not the other bank’s', async ({ page }) => {
  await actAs(page, 'union');
  await page.goto('/');
  await nav(page, 'Task queue');
  await expect(page.getByRole('list', { name: 'Tasks' })).toContainText('inv-1001');
  await expect(page.getByRole('list', { name: 'Tasks' })).not.toContainText('ucu-2003 · beneficiary');
});
