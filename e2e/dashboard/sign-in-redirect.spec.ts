import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, shoot } from './helpers';

// After signing in, the form goes on to its `callbackUrl` only when that is a page of the
// dashboard's own origin; any other target lands on the overview (lib/security/redirect-target.ts).

/** Signs in at `/signin?callbackUrl=<target>` through the form. */
async function signInTowards(page: Page, target: string) {
  // A foreign site, answered here: a form that went there would show this page, not fail offline.
  await page.context().route(
    (url) => url.hostname === 'evil.example',
    (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Evil</h1>' }),
  );
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(target)}`);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

for (const target of ['https://evil.example/x', '//evil.example', '/\\evil.example', '/%5Cevil.example']) {
  test(`a sign-in asked to go on to ${target} stays on the dashboard, at the overview`, async ({
    page,
    baseURL,
  }) => {
    await signInTowards(page, target);
    await expect(page).not.toHaveURL(/\/signin/, { timeout: 30_000 });
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByText('Evil')).toHaveCount(0);
    if (target.startsWith('https:')) await shoot(page, 'signin-foreign-callback');
  });
}

test('a sign-in asked to go on to a page of the dashboard goes there', async ({ page, baseURL }) => {
  await signInTowards(page, '/payments');
  await expect(page).toHaveURL(`${new URL(baseURL!).origin}/payments`, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
});
