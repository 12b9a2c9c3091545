import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  firstNamespace,
  FROM_DASHBOARD,
  shootThemes,
  signUpSandbox,
  uniq,
} from './helpers';

const ALL_ACCESS = {
  customers_read: true,
  customers_write: true,
  transactions_read: true,
  transactions_write: true,
};

/** A sandbox of its own with one key of every column filled (a long name, all access, an expiry). */
async function sandboxWithKey(page: Page) {
  await signUpSandbox(page);
  const ns = await firstNamespace(page);
  const headers = { 'x-partner-id': ns.token, 'content-type': 'application/json', ...FROM_DASHBOARD };
  const name = `Core banking settlement reconciliation ${uniq()}`;
  const res = await page.request.post('/api/proxy/apikey', {
    headers,
    data: { name, access: ALL_ACCESS, expires_at: Math.floor(Date.now() / 1000) + 10 * 86_400 },
  });
  expect(res.status(), await res.text()).toBe(200);
  const me = await (await page.request.get('/api/proxy/me')).json();
  return { ns, headers, name, key: (await res.json()).data, orgId: me.data.organization.token as string };
}

/** Whether the keys table fits its frame: no column beyond it, nothing to scroll sideways. */
const overflowOf = (page: Page) =>
  page.getByRole('table', { name: 'API keys' }).evaluate((table) => {
    const frame = table.parentElement!;
    return {
      table: Math.round(table.getBoundingClientRect().width),
      frame: Math.round(frame.clientWidth),
      scrolls: frame.scrollWidth > frame.clientWidth,
      page: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });

test.describe('API keys at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("every key's actions are on screen without scrolling sideways, and work", async ({ page }) => {
    const { name } = await sandboxWithKey(page);
    await page.goto('/api-keys');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    const fit = await overflowOf(page);
    expect(fit, JSON.stringify(fit)).toMatchObject({ scrolls: false, page: false });
    expect(fit.table).toBeLessThanOrEqual(fit.frame);
    // The two buttons of the row lie inside the window.
    for (const button of [
      row.getByRole('button', { name: `Edit ${name}` }),
      row.getByRole('button', { name: `More actions for ${name}` }),
    ]) {
      await expect(button).toBeInViewport({ ratio: 1 });
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1440);
    }
    // The menu holds the rest; the arrow keys move in it, Escape closes it.
    await row.getByRole('button', { name: `More actions for ${name}` }).click();
    const menu = page.getByRole('menu', { name: `More actions for ${name}` });
    await expect(menu).toBeVisible();
    for (const item of ['Rotate…', 'Disable', 'Revoke…'])
      await expect(menu.getByRole('menuitem', { name: item })).toBeInViewport({ ratio: 1 });
    await expect(menu.getByRole('menuitem', { name: 'Rotate…' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Disable' })).toBeFocused();
    await expectAccessible(page);
    await shootThemes(page, 'api-keys-menu-1440', { axe: false });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    // Disable from the menu: the row says so, and Enable takes its place.
    await row.getByRole('button', { name: `More actions for ${name}` }).click();
    await menu.getByRole('menuitem', { name: 'Disable' }).click();
    await expect(page.getByText('Key updated')).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `More actions for ${name}` }).click();
    await expect(menu.getByRole('menuitem', { name: 'Enable' })).toBeVisible();
    await page.keyboard.press('Escape');
    await shootThemes(page, 'api-keys-1440');
  });

  test('a roll from the screen keeps the old secret working for the time chosen, shown on the key', async ({
    page,
    request,
  }) => {
    const { name, key, ns, orgId } = await sandboxWithKey(page);
    const call = (secret: string) =>
      request.get('/api/v1/csp/customer', {
        headers: { 'x-service-api-key': secret, 'x-org-id': orgId, 'x-partner-id': ns.token },
      });
    await page.goto('/api-keys');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Rotate…' }).click();
    await expect(page.getByText(`The current secret (ending ${key.secret_key.slice(-4)})`)).toBeVisible();
    const keeps = page.getByLabel('The old secret keeps working');
    await expect(keeps).toHaveValue('0');
    await keeps.selectOption({ label: 'For 24 hours' });
    await shootThemes(page, 'api-keys-roll-1440');
    await page.getByRole('button', { name: 'Rotate now' }).click();
    await expect(
      page.getByText(`The previous secret (ending ${key.secret_key.slice(-4)}) keeps working until`),
    ).toBeVisible();
    const fresh = (await page.getByTestId('revealed-secret').textContent())!.trim();
    expect(fresh).not.toBe(key.secret_key);
    // Both secrets work during the overlap; the key shows the old one's end.
    expect((await call(key.secret_key)).status()).toBe(200);
    expect((await call(fresh)).status()).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(row).toContainText(`Old secret …${key.secret_key.slice(-4)} works until`);
    await shootThemes(page, 'api-keys-rolled-1440');
    // Rolled again at once: no old secret works any more.
    await row.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Rotate…' }).click();
    await expect(
      page.getByText(`The secret ending ${key.secret_key.slice(-4)}, replaced earlier`),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Rotate now' }).click();
    await expect(page.getByText('The previous secret has stopped working.')).toBeVisible();
    expect((await call(key.secret_key)).status()).toBe(401);
    expect((await call(fresh)).status()).toBe(401);
  });

  test("a key's expiry is changed in its edit dialog, and cleared", async ({ page }) => {
    const { name, key, headers } = await sandboxWithKey(page);
    await page.goto('/api-keys');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit “${name}”` });
    const expires = dialog.getByLabel('Expires');
    await expect(expires).not.toHaveValue('');
    // In the past: refused under the field before anything is sent.
    await expires.fill('2020-01-01T10:00');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Choose a time at least a minute from now')).toBeVisible();
    const next = new Date(Date.now() + 40 * 86_400_000);
    const local = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}T09:30`;
    await expires.fill(local);
    await shootThemes(page, 'api-keys-edit-expiry');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    const read = async () =>
      (await (await page.request.get(`/api/proxy/apikey/${key.token}`, { headers })).json()).data.expires_at;
    expect(await read()).toBe(Math.floor(new Date(local).getTime() / 1000));
    await expect(row).toContainText(String(next.getFullYear()));
    // Cleared: the key never expires.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog.getByLabel('Expires').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    expect(await read()).toBeNull();
  });
});

test.describe('API keys at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a key's card shows its actions, the menu within the window", async ({ page }) => {
    const { name } = await sandboxWithKey(page);
    await page.goto('/api-keys');
    const more = page.getByRole('button', { name: `More actions for ${name}` });
    // Below the create form on a phone: scrolled to, it lies wholly within the window's width.
    await more.scrollIntoViewIfNeeded();
    await expect(more).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shootThemes(page, 'api-keys-390');
    await more.click();
    const menu = page.getByRole('menu', { name: `More actions for ${name}` });
    for (const item of ['Rotate…', 'Disable', 'Revoke…'])
      await expect(menu.getByRole('menuitem', { name: item })).toBeInViewport({ ratio: 1 });
    await shootThemes(page, 'api-keys-menu-390', { axe: false });
  });
});
