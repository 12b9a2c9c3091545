import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, FROM_DASHBOARD, shoot, signInAs, stateOf, uniq } from './helpers';

/**
 * The namespace switcher's choice belongs to the user (saved as preferred_partner_id), not to the
 * browser: signing out forgets it locally, signing back in finds it, and another user of the same
 * browser opens in their own namespace.
 */
const RETAIL = 'Demo Bank retail';
const LAB = 'Demo Bank test lab';

const switcher = (page: Page) => page.getByLabel('Namespace');
const selectedName = (page: Page) => switcher(page).locator('option:checked');

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
}

async function partnerCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'csp_partner')?.value;
}

/** The user's /me as the proxy answers it (preferred_partner_id, namespaces). */
async function me(page: Page) {
  const res = await page.evaluate(() => fetch('/api/proxy/me').then((r) => r.json()));
  return res.data as {
    user_id: string;
    preferred_partner_id: string | null;
    partners: { token: string; name: string }[];
  };
}

/** Demo Bank's admin (its saved session, in a browser of its own) adds `who` as a viewer. */
async function addViewer(page: Page, who: { email: string; password: string }) {
  const admin = await page
    .context()
    .browser()!
    .newContext({ storageState: stateOf('admin') });
  const res = await admin.request.post('/api/proxy/users', {
    headers: FROM_DASHBOARD,
    data: { ...who, role: 'viewer' },
  });
  expect(res.status(), await res.text()).toBe(200);
  await admin.close();
}

/**
 * Signs in as a new viewer of Demo Bank (`<name>-…@demo-bank.test`), made by the demo admin, so the
 * demo admin's own namespace choice stays untouched.
 */
async function signInAsNewViewer(page: Page, name: string) {
  const teammate = { email: `${name}-${uniq()}@demo-bank.test`, password: 'teammate-password' };
  await addViewer(page, teammate);
  await signInAs(page, teammate);
}

/** The first `limit` payment ids of the lab namespace, as the gateway answers them for it. */
async function labPaymentIds(page: Page, limit: number): Promise<string[]> {
  const labToken = (await me(page)).partners.find((p) => p.name === LAB)!.token;
  return page.evaluate(
    ({ partner, limit }) =>
      fetch(`/api/proxy/payments?limit=${limit}`, { headers: { 'x-partner-id': partner } })
        .then((r) => r.json())
        .then((b: { data: { payments: { payment_id: string }[] } }) =>
          b.data.payments.map((p) => p.payment_id),
        ),
    { partner: labToken, limit },
  );
}

test('the selected namespace is remembered per user, not per browser', async ({ page }) => {
  // Two new teammates of Demo Bank (two namespaces), so the demo users' own choices stay untouched.
  const password = 'teammate-password';
  const alice = { email: `alice-${uniq()}@demo-bank.test`, password };
  const bob = { email: `bob-${uniq()}@demo-bank.test`, password };
  for (const who of [alice, bob]) await addViewer(page, who);

  // Alice opens in the first namespace and switches to the lab.
  await signInAs(page, alice);
  await expect(selectedName(page)).toHaveText(RETAIL);
  const aliceMe = await me(page);
  expect(aliceMe.preferred_partner_id).toBeNull();
  const lab = aliceMe.partners.find((p) => p.name === LAB)!.token;
  await switcher(page).selectOption({ label: LAB });
  await expect(page.getByText('lab.demo-bank.test · sandbox')).toBeVisible();
  await expect.poll(() => me(page).then((m) => m.preferred_partner_id)).toBe(lab);
  expect(await partnerCookie(page)).toBe(`${aliceMe.user_id}:${lab}`);

  // Signing out deletes the browser's copy; signing back in finds the choice saved with Alice.
  await signOut(page);
  expect(await partnerCookie(page)).toBeUndefined();
  await signInAs(page, alice);
  await expect(selectedName(page)).toHaveText(LAB);
  await expect(page.getByText('lab.demo-bank.test · sandbox')).toBeVisible();
  await expect(page.getByText('Demo Bank test lab · lab.demo-bank.test (sandbox)')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'namespace-remembered');
  await signOut(page);

  // Bob, on the same browser, opens in his own (first) namespace.
  await signInAs(page, bob);
  await expect(selectedName(page)).toHaveText(RETAIL);
  await expect(page.getByText('demo-bank.test · production')).toBeVisible();
  await expect(page.getByText('Demo Bank retail · demo-bank.test (production)')).toBeVisible();
  await signOut(page);

  // Alice's session ends without signing out (her cookie stays behind): Bob is still not affected.
  await signInAs(page, alice);
  await switcher(page).selectOption({ label: RETAIL });
  await expect(page.getByText('demo-bank.test · production')).toBeVisible();
  await switcher(page).selectOption({ label: LAB });
  await expect(page.getByText('lab.demo-bank.test · sandbox')).toBeVisible();
  await expect.poll(() => partnerCookie(page)).toBe(`${aliceMe.user_id}:${lab}`);
  await expect.poll(() => me(page).then((m) => m.preferred_partner_id)).toBe(lab);
  await page.context().clearCookies({ name: /session-token/ });
  expect(await partnerCookie(page)).toBe(`${aliceMe.user_id}:${lab}`);
  await signInAs(page, bob);
  await expect(selectedName(page)).toHaveText(RETAIL);
  await expect(page.getByText('Demo Bank retail · demo-bank.test (production)')).toBeVisible();
  const bobMe = await me(page);
  expect(bobMe.preferred_partner_id).toBeNull();
  // The proxy ignores Alice's cookie too: a call without x-partner-id is not made in her namespace.
  const noHeader = await page.evaluate(() =>
    fetch('/api/proxy/customer').then(async (r) => ({ status: r.status, body: await r.json() })),
  );
  expect(noHeader).toEqual({
    status: 400,
    body: { code: 'error.bad_request', message: 'Missing required header x-partner-id' },
  });
});

test('a namespace switch never shows the other namespace’s rows; switching back finds its own', async ({
  page,
}) => {
  await signInAsNewViewer(page, 'carol');
  await page.goto('/payments');
  const ids = page.getByRole('table', { name: 'Payments' }).getByRole('row').locator('td:first-child');
  await expect(ids.first()).toHaveText(/\S/);
  const retail = await ids.allTextContents();
  // What the lab namespace holds, as the gateway answers it for that namespace.
  const labIds = await labPaymentIds(page, 20);

  await switcher(page).selectOption({ label: LAB });
  await expect(page.getByText('lab.demo-bank.test · sandbox')).toBeVisible();
  if (labIds.length === 0) await expect(page.getByText('No payments match.')).toBeVisible();
  else await expect(ids).toHaveText(labIds);
  for (const id of retail.filter((id) => !labIds.includes(id)))
    await expect(page.getByRole('link', { name: id, exact: true })).toHaveCount(0);

  await switcher(page).selectOption({ label: RETAIL });
  await expect(page.getByText('demo-bank.test · production')).toBeVisible();
  await expect(ids).toHaveText(retail);
});

/**
 * Watches every DOM change of the page (a MutationObserver runs before the browser paints): each
 * time the shell names `namespace` while the page shows one of `other` (as its h1, or as a table's
 * link), the frame is recorded. Read back with `leaks(page)`.
 */
async function watchFrames(page: Page, namespace: string, kind: 'heading' | 'links', other: string[]) {
  await page.evaluate(
    ({ namespace, kind, other }) => {
      const w = window as unknown as { __leaks: string[] };
      w.__leaks = [];
      const check = () => {
        const label = [...document.querySelectorAll('aside p, header p')].some((p) =>
          p.textContent?.startsWith(namespace),
        );
        if (!label) return;
        const seen =
          kind === 'heading'
            ? other.filter((t) => document.querySelector('h1')?.textContent === t)
            : [...document.querySelectorAll('table a')]
                .map((a) => a.textContent ?? '')
                .filter((t) => other.includes(t));
        if (seen.length) w.__leaks.push(seen.join(', '));
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    },
    { namespace, kind, other },
  );
}
const leaks = (page: Page) => page.evaluate(() => (window as unknown as { __leaks: string[] }).__leaks);

test('on a list and on a record’s page, no frame after a namespace switch shows the other namespace’s rows', async ({
  page,
}) => {
  await signInAsNewViewer(page, 'dave');

  // The list: read in retail (its first page comes with the HTML), then switched to the lab.
  await page.goto('/payments');
  const ids = page.getByRole('table', { name: 'Payments' }).getByRole('row').locator('td:first-child');
  await expect(ids.first()).toHaveText(/\S/);
  const retail = await ids.allTextContents();
  const labIds = await labPaymentIds(page, 100);
  const retailOnly = retail.filter((id) => !labIds.includes(id));
  expect(retailOnly.length).toBeGreaterThan(0);
  await watchFrames(page, 'lab.demo-bank.test', 'links', retailOnly);
  await switcher(page).selectOption({ label: LAB });
  await expect(page.getByText('lab.demo-bank.test · sandbox')).toBeVisible();
  if (labIds.length === 0) await expect(page.getByText('No payments match.')).toBeVisible();
  else await expect(ids.first()).toHaveText(labIds[0]!);
  expect(await leaks(page)).toEqual([]);

  // A record's page: a retail payment, read on the server, then the lab is selected on it.
  await switcher(page).selectOption({ label: RETAIL });
  await expect(page.getByText('demo-bank.test · production')).toBeVisible();
  const id = retailOnly[0]!;
  await page.goto(`/payments/${encodeURIComponent(id)}`);
  await expect(page.getByRole('heading', { name: `Payment ${id}`, level: 1 })).toBeVisible();
  await watchFrames(page, 'lab.demo-bank.test', 'heading', [`Payment ${id}`]);
  await switcher(page).selectOption({ label: LAB });
  await expect(page.getByRole('heading', { name: `Payment ${id} not found`, level: 1 })).toBeVisible();
  expect(await leaks(page)).toEqual([]);
  // Back in retail, the payment is there again.
  await switcher(page).selectOption({ label: RETAIL });
  await expect(page.getByRole('heading', { name: `Payment ${id}`, level: 1 })).toBeVisible();
});
