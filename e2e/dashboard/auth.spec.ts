import { expect, test } from '@playwright/test';
import {
  API,
  DEMO_ADMIN,
  expectAccessible,
  gatewaySignIn,
  shoot,
  shootThemes,
  signInAs,
  uniq,
} from './helpers';

test('sign-in shows an inline error for a wrong password, then signs in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin/);
  await expectAccessible(page);
  await shoot(page, 'signin');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong email or password')).toBeVisible();
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.locator('#sidebar').getByText('Demo Bank', { exact: true })).toBeVisible();
  // a verified organization has no sandbox banner
  await expect(page.getByText('Sandbox — awaiting verification')).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'overview');
});

test('sign-in says how long to wait once an account has too many failed sign-ins', async ({ page }) => {
  const who = { email: `throttled-${uniq()}@example.test`, password: 'throttled-password' };
  const created = await page.request.post(`${API}/organization`, {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: { name: `Throttled ${uniq()}`, admin_email: who.email, admin_password: who.password },
  });
  expect(created.status()).toBe(200);
  // The account's limit of failures (10 in 15 minutes by default), reached through the API.
  for (let i = 0; i < 10; i++)
    expect((await gatewaySignIn(page.request, { ...who, password: 'wrong-password' })).status).toBe(401);
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/^Too many failed sign-ins; try again in 1[45] minutes$/)).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
  await expectAccessible(page);
  await shoot(page, 'signin-throttled');
});

test('the gateway JWT never reaches browser JavaScript', async ({ page }) => {
  const bodies: string[] = [];
  page.on('response', async (res) => {
    if (res.url().includes('/api/')) bodies.push(await res.text().catch(() => ''));
  });
  await signInAs(page, DEMO_ADMIN);
  await page.goto('/namespaces');
  await expect(page.getByRole('cell', { name: 'demo-bank.test', exact: true })).toBeVisible();
  const cookie = await page.evaluate(() => document.cookie);
  expect(cookie).not.toMatch(/eyJ/);
  const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.text()));
  expect(session).not.toMatch(/eyJ/);
  expect(session).toContain('admin@demo-bank.test');
  for (const b of bodies) expect(b).not.toMatch(/eyJhbGciOi/);
  const html = await page.content();
  expect(html).not.toMatch(/eyJhbGciOi/);
});

test('sign-up creates a sandbox organization with the sandbox banner', async ({ page }) => {
  await page.goto('/signup');
  await expectAccessible(page);
  // Checked in the browser before anything is sent.
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByText('Enter the organization name')).toBeVisible();
  await expect(page.getByText('Enter an email address')).toBeVisible();
  await expect(page.getByText('Use at least 12 characters')).toBeVisible();
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByText('Use at least 12 characters')).toBeVisible();
  await page.getByLabel('Organization name').fill(`Pioneer ${uniq()}`);
  await page.getByLabel('Email').fill(`pioneer-${uniq()}@example.test`);
  // A common password is refused by the gateway: said under Password, to a person, without the
  // wire's field name.
  const password = page.getByLabel('Password');
  await password.fill('password1234');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(
    /Choose a less common password \(this one is among the most used\)$/,
  );
  await expect(page.getByText(/admin_password/)).toHaveCount(0);
  await shootThemes(page, 'signup-common-password');
  await password.fill('pioneer-password');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByText('Sandbox — awaiting verification')).toBeVisible();
  await shoot(page, 'signup-sandbox-overview');
});

test('sign-in and sign-up link to each other', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Create a sandbox organization' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create a sandbox organization', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
});

test('sign out ends the session', async ({ page }) => {
  await signInAs(page, DEMO_ADMIN);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));
  expect(session).toEqual({});
  await page.goto('/payments');
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.request.get('/api/proxy/me')).status()).toBe(401);
});

test('before the page’s JavaScript runs, the sign-in form sends nothing: its button is disabled, so no password reaches an address', async ({
  page,
}) => {
  // The page as the server sends it, its scripts held back (a slow phone, a loaded machine).
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  const addresses: string[] = [];
  page.on('request', (r) => addresses.push(r.url()));
  await page.goto('/signin');
  const button = page.getByRole('button', { name: 'Sign in' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill('typed-before-the-scripts');
  await shoot(page, 'signin-before-scripts');
  // Enter in a field submits a form through its default button: a disabled one sends nothing.
  await page.getByLabel('Password').press('Enter');
  await button.click({ force: true });
  await expect(page).toHaveURL(/\/signin$/);
  expect(addresses.filter((a) => a.includes('typed-before-the-scripts'))).toEqual([]);
  // Every form's button is the same one: sign-up's too.
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create organization' })).toBeDisabled();
  await page.goto('/signin');
  // With its scripts, the same page signs in.
  await page.unrouteAll();
  await page.reload();
  await expect(button).toBeEnabled();
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await button.click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});
