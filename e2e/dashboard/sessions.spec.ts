import { expect, test } from '@playwright/test';
import { expectAccessible, shoot, signInAs, signUpSandbox } from './helpers';

test('a user ends another browser’s session, which loses access on its next request; signing out ends a session too', async ({
  page,
  browser,
}) => {
  const who = await signUpSandbox(page);
  const other = await browser.newContext();
  const phone = await other.newPage();
  const third = await browser.newContext();
  const tablet = await third.newPage();
  try {
    await signInAs(phone, who);
    await signInAs(tablet, who);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sessions', exact: true })
      .click();
    const table = page.getByRole('table', { name: 'Sessions' });
    await expect(table.getByRole('row')).toHaveCount(4); // the header and three sessions
    await expect(table.getByText('This browser')).toHaveCount(1);
    await expectAccessible(page);
    await shoot(page, 'sessions');

    // The tablet signs out through the dashboard: its session ends at the gateway too.
    await tablet.getByRole('button', { name: 'Sign out' }).click();
    await expect(tablet).toHaveURL(/\/signin/);
    await page.reload();
    await expect(table.getByRole('row')).toHaveCount(3);

    // The phone's session, ended from here: the phone's next page sends it to sign in.
    // The one row with a Sign out button: the phone's (this browser's has none).
    await table.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Signed out 1 session')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await phone.goto('/payments');
    await expect(phone).toHaveURL(/\/signin/);
    // This browser carries on.
    await page.goto('/payments');
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();

    // The password: the two new ones must match; a wrong current one is refused under its field;
    // a guessable one is refused with the reason; a good one is taken.
    await page.goto('/sessions');
    await page.getByLabel('Current password').fill(`${who.password}x`);
    await page.getByLabel('New password', { exact: true }).fill('violet tractor umbrella 42');
    await page.getByLabel('New password, again').fill('violet tractor umbrella 43');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('New password, again')).toHaveAccessibleDescription(
      'The two new passwords differ',
    );
    await page.getByLabel('New password, again').fill('violet tractor umbrella 42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(
      'current_password is not your current password',
    );
    await page.getByLabel('Current password').fill(who.password);
    await page.getByLabel('New password', { exact: true }).fill('password12345');
    await page.getByLabel('New password, again').fill('password12345');
    await page.getByRole('button', { name: 'Change password' }).click();
    // Under the field, in a person's words: no wire name.
    await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
      /Choose a (less common password|password harder to guess)/,
    );
    await page.getByLabel('New password', { exact: true }).fill('violet tractor umbrella 42');
    await page.getByLabel('New password, again').fill('violet tractor umbrella 42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();
    await shoot(page, 'sessions-password');
  } finally {
    await other.close();
    await third.close();
  }
});
