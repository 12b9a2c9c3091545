import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  firstNamespace,
  FROM_DASHBOARD,
  shoot,
  shootThemes,
  signInAs,
  signUpSandbox,
  uniq,
} from './helpers';

/** A change through the dashboard's proxy, as the signed-in user, in the namespace `partner`. */
async function send(page: Page, method: 'POST' | 'PATCH', path: string, partner: string, data?: unknown) {
  const res = await page.request.fetch(`/api/proxy${path}`, {
    method,
    headers: { ...FROM_DASHBOARD, 'x-partner-id': partner, 'idempotency-key': crypto.randomUUID() },
    data,
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()).data;
}

test('a maker sees why four eyes keep them from completing, before pressing Complete', async ({ page }) => {
  await signUpSandbox(page);
  const { token: ns, domain } = await firstNamespace(page);
  // Every payment reviewed, four eyes on every review: the admin who makes one cannot approve it.
  await send(page, 'PATCH', `/partner/${ns}`, ns, { review_threshold: '1', four_eyes_threshold: '1' });
  const paymentId = `maker-${uniq()}`;
  await send(page, 'POST', '/payments', ns, {
    payment_id: paymentId,
    amount: { currency: 'USD', total: '2500' },
    debtor_party: { payment_address: `payer@${domain}` },
    beneficiary_party: { payment_address: 'alice@sandbox-bank.test' },
    payment_type: 'Type_Push',
  });
  await send(page, 'POST', `/payments/${paymentId}/submissions`, ns);

  await page.goto('/tasks');
  await page.getByRole('list', { name: 'Tasks' }).getByRole('button').filter({ hasText: paymentId }).click();
  const panel = page.getByRole('complementary', { name: 'Work the task' });
  const complete = panel.getByRole('button', { name: 'Complete' });
  await expect(complete).toBeDisabled();
  await expect(panel.locator('#approval-refusal')).toHaveText(
    'This task needs four eyes: the person who created or submitted the payment, or holds the API key that did, cannot approve it; someone else must.',
  );
  await expect(complete).toHaveAccessibleDescription(/cannot approve it; someone else must/);
  // Nor does the keyboard's c start a countdown to a refusal; failing stays the maker's to do.
  await page.keyboard.press('c');
  await expect(page.getByRole('button', { name: 'Complete now' })).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Fail…' })).toBeEnabled();
  await shootThemes(page, 'task-maker-four-eyes');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'task-maker-four-eyes-390');
});

test('a production admin without a second factor is asked to set one up; the requirement is on the Users page', async ({
  page,
}) => {
  await signInAs(page, DEMO_ADMIN);
  await page.goto('/payments');
  const nudge = page.getByTestId('second-factor-nudge');
  await expect(nudge).toContainText('You administer production namespaces without a second factor');
  await shootThemes(page, 'second-factor-nudge');

  await page.goto('/users');
  const card = page.getByRole('region', { name: /Second factor for everyone/ });
  const box = card.getByRole('checkbox', { name: 'Require a second factor of everyone in Demo Bank' });
  await expect(box).toBeDisabled();
  await expect(box).not.toBeChecked();
  await expect(box).toHaveAccessibleDescription(
    'Set up your own second factor first on the Sessions page: required of everyone, it would otherwise lock you out.',
  );
  await shootThemes(page, 'users-require-second-factor');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'users-require-second-factor-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await nudge.getByRole('link', { name: 'Set one up on the Sessions page' }).click();
  await expect(page).toHaveURL(/\/sessions#second-factor$/);
  await expect(page.getByRole('heading', { name: /^Second factor/ })).toBeVisible();
  // Where it is set up, the page itself is the nudge.
  await expect(page.getByTestId('second-factor-nudge')).toBeHidden();
});

test('"Skip to content" is the first Tab stop and moves focus to the page', async ({ page }) => {
  await signInAs(page, DEMO_ADMIN);
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shoot(page, 'skip-link');
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  // The next Tab lands inside the page, not in the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});
