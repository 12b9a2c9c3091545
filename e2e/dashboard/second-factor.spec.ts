import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  FROM_DASHBOARD,
  nav,
  shoot,
  signInAs,
  signUpSandbox,
  totpCode,
  uniq,
} from './helpers';

test('a user turns on an authenticator app, then signs in with its code, and with a recovery code', async ({
  page,
}) => {
  const who = await signUpSandbox(page);
  await nav(page, 'Sessions');
  const section = page.getByRole('region', { name: /Second factor/ });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code of the authenticator secret' })).toBeVisible();
  const secret = (await section.locator('code').textContent())!.trim();
  await section.getByLabel('Code from the app').fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  // The gateway's refusal names the field: it is shown under it, as the field's description.
  await expect(section.getByLabel('Code from the app')).toHaveAccessibleDescription(
    /code is not the current code/,
  );
  await expectAccessible(page);
  await shoot(page, 'second-factor-enrolment');
  await section.getByLabel('Code from the app').fill(totpCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await shoot(page, 'second-factor-recovery-codes');
  const codes = await section
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  // Signing in now takes a code: the form asks for it after the password.
  const signIn = async (code: string) => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByText('Enter the 6-digit code from your authenticator app, or a recovery code'),
    ).toBeVisible();
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/\/signin/);
  };
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  // The second step asks whether the account has a passkey: this one has none, so none is offered.
  const passkeyAsked = page.waitForResponse((r) => r.url().endsWith('/api/passkey-signin'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  expect((await passkeyAsked).status()).toBe(409);
  await expect(page.getByRole('button', { name: 'Use a passkey instead' })).toHaveCount(0);
  await page.getByLabel('Authentication code').fill('123456');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('Wrong code: enter the current one from your app, or a recovery code'),
  ).toBeVisible();
  await shoot(page, 'signin-second-factor');
  // The next step's code: the current one confirmed the set-up, and a code is accepted once.
  await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
  await signIn(codes[3]!);
  await expect(page.getByText('Sandbox — awaiting verification')).toBeVisible();
});

test('an admin requires a second factor of everyone: a member without one is sent to set it up', async ({
  page,
  browser,
}) => {
  await signUpSandbox(page);
  // The admin's own second factor (through the dashboard's proxy), then a member with a password.
  const started = await (
    await page.request.post('/api/proxy/me/second-factor/totp', { headers: FROM_DASHBOARD })
  ).json();
  const secret = started.data.secret as string;
  expect(
    (
      await page.request.post('/api/proxy/me/second-factor/totp/confirm', {
        headers: FROM_DASHBOARD,
        data: { code: totpCode(secret) },
      })
    ).status(),
  ).toBe(200);
  const member = { email: `member-${uniq()}@example.test`, password: 'a-long-and-unusual-passphrase-42' };
  expect(
    (
      await page.request.post('/api/proxy/users', {
        headers: FROM_DASHBOARD,
        data: { email: member.email, role: 'support', password: member.password },
      })
    ).status(),
  ).toBe(200);

  await page.goto('/sessions');
  const section = page.getByRole('region', { name: /Second factor/ });
  const policy = section.getByLabel(/^Require a second factor of everyone in /);
  await expect(policy).not.toBeChecked();
  await policy.click();
  await expect(page.getByText('A second factor is now required of everyone')).toBeVisible();
  await expect(policy).toBeChecked();
  await shoot(page, 'second-factor-policy');

  // The member signs in with the password alone: whatever page they open, they set one up first.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await signInAs(theirs, member);
  const asked = theirs.getByRole('heading', { name: 'Set up a second factor', level: 1 });
  await expect(asked).toBeVisible();
  await expect(theirs).toHaveURL(/\/second-factor$/);
  await expect(theirs.getByText(/requires a second factor of everyone/)).toBeVisible();
  await theirs.goto('/payments');
  await expect(theirs).toHaveURL(/\/second-factor$/);
  await expect(asked).toBeVisible();
  await expectAccessible(theirs);
  await shoot(theirs, 'second-factor-required');
  const mine = theirs.getByRole('region', { name: /Second factor/ });
  await mine.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const theirSecret = (await mine.locator('code').textContent())!.trim();
  await mine.getByLabel('Code from the app').fill(totpCode(theirSecret));
  await mine.getByRole('button', { name: 'Turn on' }).click();
  await expect(mine.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await mine.getByRole('button', { name: 'I have saved them' }).click();
  // The dashboard opens.
  await expect(theirs).not.toHaveURL(/\/second-factor$/);
  await theirs.goto('/payments');
  await expect(theirs.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await context.close();
});
