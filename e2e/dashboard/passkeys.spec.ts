import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, nav, shoot, signUpSandbox } from './helpers';

// WebAuthn takes no IP address as its relying party: this spec opens the dashboard on localhost
// (the relying party's id when NEXTAUTH_URL names an address, lib/config.ts).
test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT || 3210)}` });

/** Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform passkey with a PIN. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    verifies: (isUserVerified: boolean) =>
      cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified }),
  };
}

test('a user adds a passkey, then signs in with the password and the passkey', async ({ page }) => {
  const device = await virtualAuthenticator(page);
  const who = await signUpSandbox(page);
  await nav(page, 'Sessions');
  const section = page.getByRole('region', { name: /Second factor/ });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  // A passkey needs a name: checked before the browser's dialog opens, shown under the field.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByLabel('Passkey name')).toHaveAccessibleDescription('Give the passkey a name');
  await section.getByLabel('Passkey name').fill('Test laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  // The first second factor: its recovery codes, once.
  await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  const listed = section.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Test laptop');
  await expect(listed).toContainText('not used yet');
  const [credential] = await device.credentials();
  expect(credential!.rpId).toBe('localhost');
  expect(credential!.isResidentCredential).toBe(true);
  await expectAccessible(page);
  await shoot(page, 'passkeys-sessions');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  // The device refuses (no PIN given): the form says so, and stays.
  await device.verifies(false);
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page.getByText('The passkey request was cancelled or timed out: try again')).toBeVisible();
  await shoot(page, 'signin-passkey-refused');
  await device.verifies(true);
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page.getByText('Sandbox — awaiting verification')).toBeVisible();
  expect((await device.credentials())[0]!.signCount).toBeGreaterThan(0);

  // The passkey's last use shows; removing the only second factor is refused with the way to do it.
  await nav(page, 'Sessions');
  await expect(listed).toContainText('last used');
  await section.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
  await expect(
    section.getByText(/This is your last second factor: turn the second factor off instead/),
  ).toBeVisible();
  await section.getByLabel('Password').fill(who.password);
  await section.getByRole('button', { name: 'Turn off' }).click();
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await expect(listed).toHaveCount(0);
});
