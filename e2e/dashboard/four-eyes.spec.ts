import { expect, test } from '@playwright/test';
import {
  actAs,
  API,
  DEMO_ADMIN,
  expectAccessible,
  headersOf,
  shoot,
  shootThemes,
  SUPPORT,
  unionPaysDemoBank,
  uniq,
} from './helpers';

test("support finds a large payment by a fragment of its payee's address and approves its task; a second person completes it", async ({
  page,
  request,
}) => {
  const demo = await headersOf(request, DEMO_ADMIN, 'demo-bank.test');
  // Demo Bank's policy as the demo set it, put back at the end.
  const read = await request.get(`${API}/partner/${demo.partner}`, { headers: demo });
  expect(read.status()).toBe(200);
  const before = (await read.json()).data;
  try {
    // Demo Bank's admin turns four eyes on: from 5,000.00, two approvers.
    await actAs(page, 'admin');
    await page.goto('/namespaces');
    await page.getByRole('button', { name: 'Settings of demo-bank.test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of demo-bank.test' });
    await dialog.getByRole('checkbox', { name: /need approval by someone other than/ }).check();
    await dialog.getByLabel('Four eyes from').fill('5,000.5.0');
    await expect(dialog.getByText('An amount above 0 with at most 2 decimals')).toBeVisible();
    await dialog.getByLabel('Four eyes from').fill('5,000');
    await expect(
      dialog.getByText('5,000.00 in USD, EUR or another currency with 2 decimals', { exact: false }),
    ).toBeVisible();
    await dialog.getByLabel('Approvers').selectOption('2');
    await expectAccessible(page);
    await shootThemes(page, 'namespace-four-eyes', { axe: false });
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog).toBeHidden();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'demo-bank.test', exact: true }) });
    await expect(row.getByRole('cell', { name: 'From 5,000.00, 2 approvers' })).toBeVisible();

    // Union pays 6,000.00 (below its own review threshold) to a Demo Bank customer: Demo Bank's admission task needs two approvers.
    const payee = `fe-${uniq()}-payee@demo-bank.test`;
    const paymentId = `four-eyes-${uniq()}`;
    await unionPaysDemoBank(request, {
      paymentId,
      total: '600000',
      payee,
      reference: 'Machinery',
      name: { first_name: 'Ada', last_name: 'Okafor' },
    });

    // Support finds it by a fragment of the payee's address.
    await actAs(page, 'support');
    await page.goto('/payments');
    await page.getByLabel('Party address or name').fill(payee.slice(0, 9));
    await expect(page).toHaveURL(new RegExp(`party=${payee.slice(0, 9)}`));
    const payments = page.getByRole('table', { name: 'Payments' });
    await expect(payments.getByRole('row')).toHaveCount(2); // the header and the one payment
    await expect(payments).toContainText(paymentId);

    // The queue says what the task needs; support gives the first approval.
    await page.goto('/tasks');
    const list = page.getByRole('list', { name: 'Tasks' });
    const task = list.getByRole('button').filter({ hasText: paymentId });
    await expect(task).toContainText('Four eyes: needs two approvers');
    await task.click();
    const panel = page.getByRole('complementary', { name: 'Work the task' });
    await panel.getByRole('button', { name: 'Approve (1 of 2)' }).click();
    await page.getByRole('button', { name: 'Complete now' }).click();
    await expect(page.getByText(`Task for ${paymentId} approved; it needs a second approver`)).toBeVisible();
    await expect(task).toContainText(`Needs a second approver · approved by ${SUPPORT.email}`);
    await shootThemes(page, 'task-queue-four-eyes');

    // The same person again: the panel says why before anything is sent (the gateway's own rule),
    // and the button stays disabled; the task stays.
    await task.click();
    await expect(
      panel.getByText('You already approved this task; it needs a second approver.'),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Approve (2 of 2)' })).toBeDisabled();
    await expect(task).toBeVisible();

    // Demo Bank's admin, the second approver, completes it: the payment is admitted.
    await actAs(page, 'admin');
    await page.goto('/tasks');
    await list.getByRole('button').filter({ hasText: paymentId }).click();
    await panel.getByRole('button', { name: 'Approve (2 of 2)' }).click();
    await page.getByRole('button', { name: 'Complete now' }).click();
    await expect(page.getByText(`Task for ${paymentId} completed`)).toBeVisible();
    await page.goto(`/payments/${paymentId}`);
    await expect(page.getByTestId('payment-status')).toHaveText('Admitted');
    // Both decisions are in the payment's timeline.
    await expect(
      page.getByText(`beneficiary admission: approved, awaiting a second approver by ${SUPPORT.email}`),
    ).toBeVisible();
    await expect(
      page.getByText(`beneficiary admission: completed (accepted, second approval) by ${DEMO_ADMIN.email}`),
    ).toBeVisible();
    await shoot(page, 'payment-four-eyes-timeline');
  } finally {
    const restored = await request.patch(`${API}/partner/${demo.partner}`, {
      headers: { ...demo, 'idempotency-key': crypto.randomUUID() },
      data: {
        four_eyes_threshold: before.four_eyes_threshold,
        four_eyes_approvals: before.four_eyes_approvals,
      },
    });
    expect(restored.status()).toBe(200);
  }
});
