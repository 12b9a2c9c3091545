import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, shoot, signInAs, uniq } from './helpers';

const SUPPORT = { email: 'support@demo-bank.test', password: 'demo-password-1' };
const UNION = { email: 'admin@union-cu.test', password: 'demo-password-1' };
const API = '/api/v1/csp';

/** Union pays Demo Bank `n` times through the gateway: each payment waits in Demo Bank's queue. */
async function paymentsWaitingForDemoBank(request: APIRequestContext, n: number): Promise<string[]> {
  const signin = await request.post(`${API}/organization/signin`, {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: { admin_email: UNION.email, admin_password: UNION.password },
  });
  expect(signin.status()).toBe(200);
  const { access_token: jwt, token: orgId } = (await signin.json()).data;
  const partners = await request.get(`${API}/partner`, { headers: { authorization: `Bearer ${jwt}` } });
  const union = (await partners.json()).data.partners.find(
    (p: { domain: string }) => p.domain === 'union-cu.test',
  );
  const headers = { authorization: `Bearer ${jwt}`, 'x-org-id': orgId, 'x-partner-id': union.token };
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const paymentId = `bulk-${uniq()}-${i}`;
    const party = (address: string, type: string) => ({
      payment_address: address,
      first_name: 'Test',
      last_name: 'Party',
      type,
    });
    const created = await request.post(`${API}/payments`, {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      data: {
        payment_id: paymentId,
        amount: { currency: 'USD', total: String(1000 + i) },
        debtor_party: party('maria@union-cu.test', 'Payer_Individual'),
        beneficiary_party: party('jane@demo-bank.test', 'Payee_Individual'),
        reference: 'Bulk test',
        payment_type: 'Type_Push',
      },
    });
    expect(created.status()).toBe(200);
    const submitted = await request.post(`${API}/payments/${paymentId}/submissions`, {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    });
    expect(submitted.status()).toBe(200);
    ids.push(paymentId);
  }
  return ids;
}

test('support selects several tasks and completes them at once; each payment is admitted', async ({
  page,
  request,
}) => {
  const ids = await paymentsWaitingForDemoBank(request, 3);
  await signInAs(page, SUPPORT);
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
  const [id] = await paymentsWaitingForDemoBank(request, 1);
  await signInAs(page, SUPPORT);
  await page.goto('/tasks');
  const list = page.getByRole('list', { name: 'Tasks' });
  const row = list.getByRole('button').filter({ hasText: id! });
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
  await expect(row).toBeHidden({ timeout: 500 });
  await expect(page.getByText(`Task for ${id} completed`)).toBeVisible();
});
