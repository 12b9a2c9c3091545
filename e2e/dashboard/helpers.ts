import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const DEMO_ADMIN = { email: 'admin@demo-bank.test', password: 'demo-password-1' };
export const OPERATOR = { email: 'operator@network.test', password: 'operator-e2e-password' };

export async function signInAs(page: Page, who: { email: string; password: string }) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}

/** Clicks what downloads a file; answers the file's suggested name and its text. */
export async function download(page: Page, trigger: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

/** Downloads a CSV export, checks its file name, and answers its lines (CRLF, RFC 4180). */
export async function downloadCsv(page: Page, trigger: Locator, filename: string): Promise<string[]> {
  const file = await download(page, trigger);
  expect(file.name).toBe(filename);
  return file.text.trimEnd().split('\r\n');
}

export async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/**
 * Screenshots in light and dark mode (`<name>.png`, `<name>-dark.png`), with the axe check in
 * each unless `axe: false`; the page is left light.
 */
export async function shootThemes(page: Page, name: string, { axe = true } = {}) {
  const setTheme = async (theme: 'light' | 'dark') => {
    await page.evaluate((t) => {
      localStorage.theme = t;
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
  };
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(theme);
    if (axe) await expectAccessible(page);
    await shoot(page, theme === 'dark' ? `${name}-dark` : name);
  }
  await setTheme('light');
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  // Next streams a page's metadata: after a client navigation the <title> arrives a moment later.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export const uniq = () => Math.random().toString(36).slice(2, 8);

/** Signs up a fresh sandbox organization (its own data) and lands on its overview. */
export async function signUpSandbox(page: Page): Promise<{ email: string; password: string; name: string }> {
  const who = {
    name: `Sandbox ${uniq()}`,
    email: `sandbox-${uniq()}@example.test`,
    password: 'sandbox-password',
  };
  await page.goto('/signup');
  await page.getByLabel('Organization name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByText('Sandbox — awaiting verification')).toBeVisible();
  return who;
}

/**
 * The gateway's answer to a read through the dashboard's proxy, as the signed-in user and in the
 * namespace with `domain`: what a screen is checked against. Asserts the 200.
 */
export async function readAs<T>(page: Page, domain: string, path: string): Promise<T> {
  const me = await (await page.request.get('/api/proxy/me')).json();
  const ns = (me.data.partners as Array<{ token: string; domain: string }>).find((p) => p.domain === domain);
  expect(ns, `namespace ${domain}`).toBeDefined();
  const res = await page.request.get(`/api/proxy${path}`, { headers: { 'x-partner-id': ns!.token } });
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()).data as T;
}

/**
 * Opens the shell's search with `key` ("/" or Ctrl K) and answers its field. A key pressed before
 * the page has hydrated reaches no handler, so it is pressed again until the field shows.
 */
export async function openSearch(page: Page, key: '/' | 'Control+K' = '/'): Promise<Locator> {
  const search = page.getByLabel(
    'Go to a payment, transaction, batch, account, webhook, delivery or customer',
  );
  await expect(async () => {
    await page.keyboard.press(key);
    await expect(search).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return search;
}
