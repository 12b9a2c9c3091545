import { expect, test } from '@playwright/test';
import { actAs, shootThemes } from './helpers';
import { checkScreens, OPERATOR_SCREENS, useTheme } from './screen-list';

// The operator's screens in light and dark mode, as screens.spec.ts checks the others. Apart: the
// operator's audit trail is the whole network's, which the specs beside it write to.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} mode`, () => {
    useTheme(theme);

    test('the operator’s screen', async ({ page }) => {
      await actAs(page, 'operator');
      await checkScreens(page, OPERATOR_SCREENS, theme);
    });
  });
}

test('a participant’s screen opened by the operator says what it is for and where to look instead', async ({
  page,
}) => {
  await actAs(page, 'operator');
  const screens: Array<[string, string]> = [
    ['/payments', 'Payments'],
    ['/tasks', 'Task queue'],
    ['/returns', 'Returns'],
    ['/settlements', 'Settlements'],
    ['/liquidity', 'Liquidity'],
    ['/namespaces', 'Namespaces'],
    ['/links', 'Links'],
    ['/accounts', 'Accounts'],
    ['/customers', 'Customers'],
    ['/webhooks', 'Webhooks'],
    // A record's page too, as its list (a typed or shared address): before the gateway is asked,
    // so whatever the id.
    ['/payments/pay_shared', 'Payment'],
    ['/accounts/acc_shared', 'Account'],
    ['/webhooks/wh_shared', 'Webhook'],
    ['/webhooks/wh_shared/deliveries/dlv_shared', 'Webhook delivery'],
    ['/settlements/statement', 'Settlement statement'],
  ];
  for (const [path, title] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(page.getByRole('main')).toContainText("For the network's participants");
    await expect(page.getByRole('main')).toContainText('holds no');
    // Never the gateway's refusal of a read without a namespace.
    await expect(page.getByText(/x-partner-id|Something went wrong/i)).toHaveCount(0);
  }
  // The way on: from Payments to the network's batches.
  await page.goto('/payments');
  await shootThemes(page, 'operator-on-payments');
  await page.getByRole('main').getByRole('link', { name: 'Network', exact: true }).click();
  await expect(page).toHaveURL(/\/operator\/network$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Network' })).toBeVisible();
});
