import { expect, test } from '@playwright/test';
import { download, shootThemes, signUpSandbox, totpCode } from './helpers';

test('recovery codes download as a text file where they are shown; a code used a moment ago is said to be used, not wrong', async ({
  page,
}) => {
  const who = await signUpSandbox(page);
  await page.goto('/sessions');
  const section = page.getByRole('region', { name: /Second factor/ });
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await section.locator('code').textContent())!.trim();
  await section.getByLabel('Code from the app').fill(totpCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allTextContents();
  await shootThemes(page, 'second-factor-recovery-codes-download');

  const file = await download(page, section.getByRole('button', { name: 'Download as a text file' }));
  expect(file.name).toBe('recovery-codes.txt');
  const lines = file.text.split('\n');
  expect(lines[0]).toBe(`Recovery codes of ${who.email} for ${new URL(page.url()).origin}`);
  expect(lines[1]).toBe(
    'Each signs you in once instead of your authenticator app or a passkey. Keep them safe.',
  );
  expect(lines[2]).toMatch(/^Saved \d{4}-\d{2}-\d{2}$/);
  expect(lines.slice(4, 14)).toEqual(codes);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  // Signs in with the next step's code (the current one confirmed the set-up), then, signed out,
  // sends the same code again within its window: the message says it was used, not that it is wrong.
  const next = totpCode(secret, 1);
  const signIn = async (code: string) => {
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await signIn(next);
  await expect(page).not.toHaveURL(/\/signin/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await signIn(next);
  const used = page.getByText(
    'This code was just used: wait for the next one from your app (a new code every 30 seconds), or enter a recovery code',
  );
  await expect(used).toBeVisible();
  await expect(page.getByText(/Wrong code/)).toHaveCount(0);
  await shootThemes(page, 'signin-second-factor-code-used');
  // A wrong code is still called wrong; a recovery code signs in.
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('Wrong code: enter the current one from your app, or a recovery code'),
  ).toBeVisible();
  await page.getByLabel('Authentication code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
});
