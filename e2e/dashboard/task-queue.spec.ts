import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  actAs,
  downloadCsv,
  expectAccessible,
  headersOf,
  readAs,
  shoot,
  shootThemes,
  stateOf,
  SUPPORT,
  UNION,
  unionPaysDemoBank,
  uniq,
} from './helpers';

// Demo Bank's support, signed in once for the run (auth.setup.ts).
test.use({ storageState: stateOf('support') });

/** Union pays Demo Bank `n` times through the gateway: each payment waits in Demo Bank's queue. */
async function paymentsWaitingForDemoBank(request: APIRequestContext, n: number): Promise<string[]> {
  const union = await headersOf(request, UNION, 'union-cu.test');
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const paymentId = `bulk-${uniq()}-${i}`;
    await unionPaysDemoBank(
      request,
      {
        paymentId,
        total: String(1000 + i),
        payee: 'jane@demo-bank.test',
        reference: 'Bulk test',
        name: { first_name: 'Test', last_name: 'Party' },
      },
      union,
    );
    ids.push(paymentId);
  }
  return ids;
}

/** One payment waiting in Demo Bank's queue, and the queue open on it: its id, the list and its row. */
async function queueWithOnePayment(page: Page, request: APIRequestContext) {
  const [id] = await paymentsWaitingForDemoBank(request, 1);
  await page.goto('/tasks');
  const list = page.getByRole('list', { name: 'Tasks' });
  return { id: id!, list, row: list.getByRole('button').filter({ hasText: id! }) };
}

test('support selects several tasks and completes them at once; each payment is admitted', async ({
  page,
  request,
}) => {
  const ids = await paymentsWaitingForDemoBank(request, 3);
  await page.goto('/tasks');
  const list = page.getByRole('list', { name: 'Tasks' });
  for (const id of ids) await expect(list).toContainText(id);

  // Two by mouse, the third with the keyboard (k/j move, x selects).
  await page.getByRole('checkbox', { name: `Select ${ids[0]}` }).check();
  await page.getByRole('checkbox', { name: `Select ${ids[1]}` }).check();
  await list.getByRole('button').filter({ hasText: ids[2]! }).click();
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Select ${ids[2]}` })).toBeChecked();
  await expectAccessible(page);
  await shoot(page, 'task-queue-selection');

  await page.getByRole('button', { name: 'Complete selected (3)' }).click();
  await expect(page.getByText('3 tasks completed')).toBeVisible();
  for (const id of ids) await expect(list).not.toContainText(id);

  for (const id of ids) {
    await page.goto(`/payments/${id}`);
    await expect(page.getByTestId('payment-status')).toHaveText('Admitted');
  }
});

test('a completed task leaves the queue before the gateway answers, and comes back if it refuses', async ({
  page,
  request,
}) => {
  const { id, row } = await queueWithOnePayment(page, request);
  await expect(row).toBeVisible();

  // The gateway refuses the change: the task reappears and the gateway's message is shown.
  await page.route('**/api/proxy/payments/**/tasks/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'error.conflict', message: 'The task was changed by someone else' }),
        })
      : route.continue(),
  );
  await row.click();
  await page.keyboard.press('c');
  await page.getByRole('button', { name: 'Complete now' }).click();
  await expect(page.getByText('The task was changed by someone else')).toBeVisible();
  await expect(row).toBeVisible();

  // Held back for a second, the real answer still shows the task gone at once.
  await page.unroute('**/api/proxy/payments/**/tasks/*');
  await page.route('**/api/proxy/payments/**/tasks/*', async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await row.click();
  await page.keyboard.press('c');
  await page.getByRole('button', { name: 'Complete now' }).click();
  await expect(row).toBeHidden({ timeout: 500 });
  await expect(page.getByText(`Task for ${id} completed`)).toBeVisible();
});

interface QueueAnswer {
  count: number;
  tasks: Array<{
    payment_id: string;
    name: string;
    status: number;
    status_reason: number;
    note: string | null;
    updated_by: string | null;
  }>;
}

test('j and k move the selection down and up the queue, and the panel follows', async ({ page, request }) => {
  await paymentsWaitingForDemoBank(request, 2);
  await page.goto('/tasks');
  const queue = await readAs<QueueAnswer>(page, 'demo-bank.test', '/tasks?status=pending&page=1&limit=50');
  expect(queue.tasks.length).toBeGreaterThanOrEqual(3);
  const list = page.getByRole('list', { name: 'Tasks' });
  const rows = list.getByRole('button');
  await expect(rows).toHaveCount(queue.tasks.length);
  // The queue in the API's order, soonest expiry first.
  for (const [i, t] of queue.tasks.entries()) await expect(rows.nth(i)).toContainText(t.payment_id);
  const panel = page.getByRole('complementary', { name: 'Work the task' });
  const current = list.locator('[aria-current="true"]');
  const expectCurrent = async (i: number) => {
    await expect(current).toHaveCount(1);
    await expect(rows.nth(i)).toHaveAttribute('aria-current', 'true');
    await expect(panel.getByRole('link')).toHaveText(queue.tasks[i]!.payment_id);
  };

  await expectCurrent(0);
  await page.keyboard.press('k');
  await expectCurrent(0);
  await page.keyboard.press('j');
  await expectCurrent(1);
  await page.keyboard.press('j');
  await expectCurrent(2);
  await page.keyboard.press('k');
  await expectCurrent(1);
  // Typing in a field is not a command.
  await page.getByLabel('Task', { exact: true }).focus();
  await page.keyboard.press('j');
  await expectCurrent(1);
});

test('h puts a task on hold only with a note; it moves from the Pending tab to On hold', async ({
  page,
  request,
}) => {
  const { id, list, row } = await queueWithOnePayment(page, request);
  const taskOf = async (status: 'pending' | 'on_hold') =>
    (
      await readAs<QueueAnswer>(page, 'demo-bank.test', `/tasks?status=${status}&page=1&limit=100`)
    ).tasks.find((t) => t.payment_id === id);

  await row.click();
  // h opens the form with the reason focused; Esc closes it, and the keys work the queue again.
  await page.keyboard.press('h');
  await expect(page.getByLabel('Reason')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Reason')).toHaveCount(0);
  await page.keyboard.press('h');
  const note = page.getByLabel('Note (required)');
  await expect(page.getByLabel('Reason')).toBeFocused();
  await expect(page.getByLabel('Reason')).toHaveValue('business_reasons');
  await page.getByRole('button', { name: 'Put on hold' }).click();
  // Refused in the form: the note is required, nothing is sent and the task stays pending.
  await expect(note).toHaveAccessibleDescription('Enter a note: why the task is failed or held');
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expect(row).toBeVisible();
  const stillPending = await taskOf('pending');
  expect(stillPending).toMatchObject({
    name: 'beneficiary_admission',
    status: 1,
    status_reason: 0,
    note: null,
  });

  await note.fill('Waiting for the payer’s documents');
  await page.getByRole('button', { name: 'Put on hold' }).click();
  await expect(page.getByText(`Task for ${id} put on hold`)).toBeVisible();
  await expect(row).toBeHidden();
  expect(await taskOf('pending')).toBeUndefined();
  expect(await taskOf('on_hold')).toMatchObject({
    status: 4,
    status_reason: 9, // business_reasons
    note: 'Waiting for the payer’s documents',
    updated_by: SUPPORT.email,
  });

  await page.getByRole('tab', { name: 'On hold' }).click();
  await expect(page).toHaveURL(/status=on_hold/);
  await expect(page.getByRole('tab', { name: 'On hold' })).toHaveAttribute('aria-selected', 'true');
  await expect(row).toContainText(`last changed by ${SUPPORT.email}`);
  // A long "last changed by" is cut in its row; it does not widen the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectAccessible(page);
  await shoot(page, 'task-queue-on-hold');
  // A held task cannot be held again: no Hold button, and h does nothing. The panel says why it
  // is held, and the count says "on hold".
  await row.click();
  const panel = page.getByRole('complementary', { name: 'Work the task' });
  await expect(panel).toContainText(
    `On hold (business reasons) by ${SUPPORT.email}: Waiting for the payer’s documents`,
  );
  await expect(page.getByText(/^\d+ on hold$/)).toBeVisible();
  await shoot(page, 'task-queue-on-hold-panel');
  await expect(page.getByRole('button', { name: 'Hold…' })).toHaveCount(0);
  await page.keyboard.press('h');
  await expect(page.getByRole('button', { name: 'Put on hold' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Pending' }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(list.getByRole('button').first()).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a task held and then completed shows both changes in its payment’s timeline', async ({
  page,
  request,
}) => {
  const { id, row } = await queueWithOnePayment(page, request);
  await row.click();
  await page.keyboard.press('h');
  await page.getByLabel('Note (required)').fill('Waiting for the payer’s documents');
  await page.getByRole('button', { name: 'Put on hold' }).click();
  await expect(page.getByText(`Task for ${id} put on hold`)).toBeVisible();
  await page.getByRole('tab', { name: 'On hold' }).click();
  await row.click();
  await page.keyboard.press('c');
  // Sent when the undo window ends.
  await expect(page.getByText(`Task for ${id} completed`)).toBeVisible();

  await page.goto(`/payments/${id}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Admitted');
  // Created, submitted, the two changes of the task in order, then the decision.
  const steps = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  const by = `by ${SUPPORT.email}`;
  await expect(steps.nth(0)).toContainText('Created');
  await expect(steps.nth(1)).toContainText('Submitted (push.v1)');
  await expect(steps.nth(2)).toContainText(`beneficiary admission: On hold (business reasons) ${by}`);
  await expect(steps.nth(3)).toContainText(`beneficiary admission: Completed (accepted) ${by}`);
  await expect(steps.nth(4)).toContainText('Admitted');
  await expect(page.getByRole('region', { name: 'Admission tasks' })).toContainText(
    'beneficiary admission — Completed (accepted)',
  );
  await expectAccessible(page);
  await shoot(page, 'payment-task-history');
});

test('the task-name filter narrows the queue to that task, in the URL', async ({ page }) => {
  // Union's queue holds its beneficiary admissions and the compliance review of its big payment.
  await actAs(page, 'union');
  await page.goto('/tasks');
  const all = await readAs<QueueAnswer>(page, 'union-cu.test', '/tasks?status=pending&page=1&limit=50');
  const reviews = await readAs<QueueAnswer>(
    page,
    'union-cu.test',
    '/tasks?status=pending&page=1&limit=50&name=compliance_review',
  );
  expect(reviews.tasks.map((t) => t.payment_id)).toEqual(['ucu-2003']);
  expect(all.count).toBeGreaterThan(reviews.count);
  const list = page.getByRole('list', { name: 'Tasks' });
  const rows = list.getByRole('button');
  await expect(page.getByText(`${all.count} waiting`)).toBeVisible();
  await expect(rows).toHaveCount(all.tasks.length);
  await expect(list).toContainText('beneficiary admission');

  await page.getByLabel('Task', { exact: true }).selectOption('compliance_review');
  await expect(page).toHaveURL(/name=compliance_review/);
  await expect(page.getByText(`${reviews.count} waiting`)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('ucu-2003 · compliance review');
  await expect(list).not.toContainText('beneficiary admission');
  // The export is of this filtered queue: the one review.
  const csv = await downloadCsv(page, page.getByRole('link', { name: 'Export as CSV' }), 'tasks.csv');
  expect(csv).toHaveLength(2);
  expect(csv[1]!.split(',').slice(1, 5)).toEqual([
    'ucu-2003',
    expect.stringMatching(/^adm_/),
    'compliance_review',
    'pending',
  ]);

  // Kept across a reload, and cleared by choosing All.
  await page.reload();
  await expect(page.getByLabel('Task', { exact: true })).toHaveValue('compliance_review');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Task', { exact: true }).selectOption('');
  await expect(page).not.toHaveURL(/name=/);
  await expect(rows).toHaveCount(all.tasks.length);

  // The other order: latest expiry first, the same tasks the other way round.
  await page.getByLabel('Order', { exact: true }).selectOption('desc');
  await expect(page).toHaveURL(/order=desc/);
  await expect(rows.first()).toContainText(`${all.tasks.at(-1)!.payment_id} ·`);
  await expect(rows.last()).toContainText(`${all.tasks[0]!.payment_id} ·`);
  await page.getByLabel('Order', { exact: true }).selectOption('asc');
  await expect(page).not.toHaveURL(/order=/);
  await expect(rows.first()).toContainText(`${all.tasks[0]!.payment_id} ·`);
});

test('c waits out an undo window on the same task; u takes it back and nothing is sent', async ({
  page,
  request,
}) => {
  const { id, row } = await queueWithOnePayment(page, request);
  await row.click();
  // The panel says who pays whom and for what.
  const parties = page.getByRole('complementary', { name: 'Work the task' }).getByLabel('Parties');
  await expect(parties).toContainText('FromTest Party · maria@union-cu.test');
  await expect(parties).toContainText('ToTest Party · jane@demo-bank.test');
  await expect(parties).toContainText('ForBulk test');
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/tasks/')) puts.push(r.url());
  });

  await page.keyboard.press('c');
  await expect(page.getByText(`Completing the task for ${id}`)).toBeVisible();
  // Everything up to the u is inside the 5-second undo window: the accessibility check (seconds on
  // a loaded machine) runs after it.
  await shoot(page, 'task-queue-undo');
  // The task stays where it was, marked, and stays selected: another c is not another approval.
  await expect(row).toContainText('completing…');
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('button', { name: 'Completing…', exact: true })).toBeDisabled();
  await page.keyboard.press('u');
  await expect(page.getByText(`Completing the task for ${id}`)).toHaveCount(0);
  await expect(row).not.toContainText('completing…');
  await expectAccessible(page);

  // Past the window: nothing was sent, and the gateway still has the task pending.
  await page.waitForTimeout(6_000);
  expect(puts).toEqual([]);
  await expect(row).toBeVisible();
  const submission = await readAs<{ status_name: string }>(
    page,
    'demo-bank.test',
    `/payments/${id}/submissions`,
  );
  expect(submission.status_name).toBe('pending');

  // The Undo button does the same.
  await page.keyboard.press('c');
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForTimeout(6_000);
  expect(puts).toEqual([]);
});

test('support claims a task; a colleague sees who is on it and is asked before taking it over', async ({
  page,
  request,
}) => {
  const { id, row } = await queueWithOnePayment(page, request);
  const panel = page.getByRole('complementary', { name: 'Work the task' });
  const onIt = panel.getByRole('group', { name: 'Who is on it' });
  await row.click();
  await expect(onIt).toContainText('Nobody is on it.');
  await onIt.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(`You are on the task for ${id} for 15 minutes`)).toBeVisible();
  await expect(row).toContainText('You are on it until');
  await expect(onIt.getByRole('button', { name: 'Release' })).toBeVisible();

  // The admin sees support on it; taking over is asked first, and can be declined.
  await actAs(page, 'admin');
  await page.goto('/tasks');
  await expect(row).toContainText(`${SUPPORT.email} is on it`);
  await row.click();
  await expect(onIt).toContainText(`${SUPPORT.email} is on it until`);
  await onIt.getByRole('button', { name: 'Take over…' }).click();
  const ask = page.getByRole('dialog', { name: 'Take over this task?' });
  await expect(ask).toContainText(`${SUPPORT.email} is working on it`);
  await shootThemes(page, 'task-take-over');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(row).toContainText(`${SUPPORT.email} is on it`);
  await onIt.getByRole('button', { name: 'Take over…' }).click();
  await ask.getByRole('button', { name: 'Take over' }).click();
  await expect(row).toContainText('You are on it until');

  // Released, it is nobody's again.
  await onIt.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText(`Released the task for ${id}`)).toBeVisible();
  await expect(onIt).toContainText('Nobody is on it.');
  await expect(row).not.toContainText('on it');
});
