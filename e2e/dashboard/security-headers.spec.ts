import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInAs } from './helpers';

/** Every CSP refusal the page reports (a blocked script would leave the page dead). */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) refused.push(m.text());
  });
  return refused;
}

const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

test('pages carry a nonce-only script policy, no framing, a referrer policy; every script has the nonce', async ({
  page,
}) => {
  const refused = watchRefusals(page);
  const first = await page.goto('/signin');
  const policy = first!.headers()['content-security-policy'] ?? null;
  const nonce = nonceOf(policy);
  expect(nonce).toBeTruthy();
  const script = policy!.split('; ').find((d) => d.startsWith('script-src'))!;
  expect(script).not.toContain('unsafe-inline');
  expect(policy).toContain("frame-ancestors 'none'");
  expect(first!.headers()).toMatchObject({
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
  // Plain HTTP here: no HSTS (it is sent when the dashboard is served over HTTPS).
  expect(first!.headers()['strict-transport-security']).toBeUndefined();
  // Every script the server wrote carries this response's nonce (those its scripts add later run
  // by 'strict-dynamic').
  const html = await first!.text();
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  expect(tags.filter((t) => !t.includes(`nonce="${nonce}"`))).toEqual([]);
  // A fresh nonce per response.
  const again = await page.request.get('/signin');
  expect(nonceOf(again.headers()['content-security-policy'] ?? null)).not.toBe(nonce);

  // The page works under it: sign in, move around.
  await signInAs(page, DEMO_ADMIN);
  const dashboard = await page.goto('/payments');
  expect(nonceOf(dashboard!.headers()['content-security-policy'] ?? null)).toBeTruthy();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Settlements', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Settlements', level: 1 })).toBeVisible();
  expect(refused).toEqual([]);
});

test('the session cookie is HttpOnly and SameSite=Lax (Secure when served over HTTPS)', async ({ page }) => {
  await signInAs(page, DEMO_ADMIN);
  const session = (await page.context().cookies()).find((c) => c.name.endsWith('next-auth.session-token'));
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
});

test('the API reference runs its one inline script by hash', async ({ page }) => {
  const refused = watchRefusals(page);
  const res = await page.goto('/docs');
  const policy = res!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(policy.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
  // Swagger UI rendered the document: its operations are listed (the first ones: past 150 tags
  // and operations, only those near the viewport are in the page).
  await expect(page.getByText('/api/v1/csp/health', { exact: true }).first()).toBeVisible();
  expect(refused).toEqual([]);
});
