import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import axeCore from 'axe-core';
import { Secret, TOTP } from 'otpauth';
import { DASHBOARD_HEADER } from '../../lib/security/same-origin';

export const DEMO_ADMIN = { email: 'admin@demo-bank.test', password: 'demo-password-1' };
export const SUPPORT = { email: 'support@demo-bank.test', password: 'demo-password-1' };
export const VIEWER = { email: 'viewer@demo-bank.test', password: 'demo-password-1' };
export const UNION = { email: 'admin@union-cu.test', password: 'demo-password-1' };
export const OPERATOR = { email: 'operator@network.test', password: 'operator-e2e-password' };

/** The demo sign-ins that auth.setup.ts makes once per run, by the name of their saved session. */
export const ROLES = {
  admin: DEMO_ADMIN,
  support: SUPPORT,
  viewer: VIEWER,
  union: UNION,
  operator: OPERATOR,
};
export type Role = keyof typeof ROLES;

/** Where a role's signed-in browser state is saved (for `test.use({ storageState })`). */
export const stateOf = (role: Role) => path.join(import.meta.dirname, '..', '.auth', `${role}.json`);

/**
 * Makes this page's browser `role`, signed in, from the session auth.setup.ts saved: what clearing
 * the cookies and signing in again did, without the sign-in form. The session is shared: a test
 * that signs out or ends sessions signs in with `signInAs` instead.
 */
export async function actAs(page: Page, role: Role) {
  const saved = JSON.parse(readFileSync(stateOf(role), 'utf8')) as {
    cookies: Parameters<BrowserContext['addCookies']>[0];
  };
  await page.context().clearCookies();
  await page.context().addCookies(saved.cookies);
}

/**
 * The header the dashboard's pages send with every change (lib/security/same-origin.ts): a change
 * a test makes through the proxy in their place (`page.request`) carries it too.
 */
export const FROM_DASHBOARD = { [DASHBOARD_HEADER]: '1' };

export async function signInAs(
  page: Page,
  who: { email: string; password: string },
  { timeout = 30_000 } = {},
) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password's hash checked, the session made and the first screen rendered: more than the
  // default 5 s on a busy machine, the first sign-ins of a run (auth.setup.ts, on a cold server) most.
  await expect(page).not.toHaveURL(/\/signin/, { timeout });
}

/**
 * Signs in through the form, again if the first press came before the page had hydrated (a loaded
 * machine: the form then submits natively and stays on /signin).
 */
export async function signInWhenReady(page: Page, who: { email: string; password: string }) {
  await expect(() => signInAs(page, who, { timeout: 15_000 })).toPass({ timeout: 60_000 });
}

/** Follows the link `name` of the shell's main navigation. */
export const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

/**
 * An authenticator app's code now, or `steps` 30-second steps later (the gateway accepts one step
 * either side).
 */
export const totpCode = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

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

/**
 * A full-page screenshot into e2e/screenshots, for people to look at. Its own limit (a capture
 * takes ~0.1 s of CPU): a renderer that stopped answering fails the test here, named, rather than
 * at the test's limit. E2E_SCREENSHOTS=off (the whole suite in `npm test`, where nobody looks at
 * them) takes none.
 */
export async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true, timeout: 60_000 });
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
    if (axe) await expectAccessible(page, { coloursOnly: theme === 'dark' });
    await shoot(page, theme === 'dark' ? `${name}-dark` : name);
  }
  await setTheme('light');
}

/**
 * The axe rules a theme changes the outcome of: the colours'. A screen checked with every rule in
 * one theme is checked with these only in the other — its markup is the same, only its colours
 * differ — at about half the cost of a whole run.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * No serious or critical accessibility violations on the current page; `coloursOnly`: of the
 * colour rules only, for a page checked whole in the other theme.
 *
 * axe-core runs in the page itself, put there once per document (a client navigation keeps it,
 * as does the other theme's check), and answers its violations only. @axe-core/playwright's
 * builder injected it again for every check and finished each in a blank page of its own: a whole
 * check took 1.14 s of the browser's CPU, against 0.26 s now and ~0.3 s once per document to
 * inject (docs/testing.md). The dashboard has no frames, which
 * the builder's partial runs were for.
 */
export async function expectAccessible(page: Page, { coloursOnly = false } = {}) {
  // Next streams a page's metadata: after a client navigation the <title> arrives a moment later.
  await expect(page).toHaveTitle(/\S/);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  const bad = await page.evaluate(
    async (rules) => {
      const results = await (window as unknown as { axe: typeof axeCore }).axe.run(document, {
        resultTypes: ['violations'],
        ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
      });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    coloursOnly ? COLOUR_RULES : null,
  );
  expect(bad).toEqual([]);
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
  const search = page.getByLabel('Search payments, customers and any id');
  await expect(async () => {
    await page.keyboard.press(key);
    await expect(search).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return search;
}

/** The gateway's API path under the dashboard's origin. */
export const API = '/api/v1/csp';

type Credentials = { email: string; password: string };

/**
 * Signs `who` in through the gateway's own API rather than the form: the answer's status and, on a
 * 200, the JWT and organization. `api` is the gateway's base URL, the dashboard's own by default.
 */
export async function gatewaySignIn(request: APIRequestContext, who: Credentials, api = API) {
  const res = await request.post(`${api}/organization/signin`, {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: { admin_email: who.email, admin_password: who.password },
  });
  const data = res.ok() ? (await res.json()).data : null;
  return {
    status: res.status(),
    text: data ? '' : await res.text(),
    jwt: data?.access_token as string | undefined,
    orgId: data?.token as string | undefined,
  };
}

/** `who`'s gateway JWT and organization, signed in through the API (asserts the 200). */
export async function gatewayToken(
  request: APIRequestContext,
  who: Credentials,
  api = API,
): Promise<{ jwt: string; orgId: string }> {
  const signin = await gatewaySignIn(request, who, api);
  expect(signin.status, signin.text).toBe(200);
  return { jwt: signin.jwt!, orgId: signin.orgId! };
}

/** Signed-in headers of a demo organization's admin in its namespace of `domain` (the API's own). */
export async function headersOf(request: APIRequestContext, who: Credentials, domain: string) {
  const { jwt, orgId } = await gatewayToken(request, who);
  const partners = await request.get(`${API}/partner`, { headers: { authorization: `Bearer ${jwt}` } });
  const ns = (await partners.json()).data.partners.find((p: { domain: string }) => p.domain === domain);
  return { authorization: `Bearer ${jwt}`, 'x-org-id': orgId, 'x-partner-id': ns.token, partner: ns.token };
}

/** A Demo Bank ↔ Union payment as a test makes it: its own id, amount, payee and words. */
export interface DemoPayment {
  paymentId: string;
  /** USD, in minor units. */
  total: string;
  /** A Demo Bank customer's address. */
  payee: string;
  reference: string;
  /** The name both parties are given (a test that reads them on a screen names its own). */
  name: { first_name: string; last_name?: string };
}

/**
 * Union's maria pays a Demo Bank customer through the gateway and submits it: the payment waits in
 * Demo Bank's queue for its admission. `union`: Union's headers when the test has them already
 * (`headersOf`); otherwise Union's admin signs in. Asserts each 200.
 */
export async function unionPaysDemoBank(
  request: APIRequestContext,
  { paymentId, total, payee, reference, name }: DemoPayment,
  union?: Record<string, string>,
) {
  union ??= await headersOf(request, UNION, 'union-cu.test');
  for (const [path, data] of [
    [
      '/payments',
      {
        payment_id: paymentId,
        amount: { currency: 'USD', total },
        debtor_party: { payment_address: 'maria@union-cu.test', ...name, type: 'Payer_Individual' },
        beneficiary_party: { payment_address: payee, ...name, type: 'Payee_Individual' },
        reference,
        payment_type: 'Type_Push',
      },
    ],
    [`/payments/${paymentId}/submissions`, undefined],
  ] as const) {
    const res = await request.post(`${API}${path}`, {
      headers: { ...union, 'idempotency-key': crypto.randomUUID() },
      data,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** The signed-in user's first namespace (a fresh sandbox organization has one), through the proxy. */
export async function firstNamespace(page: Page): Promise<{ token: string; domain: string; name: string }> {
  const res = await page.request.get('/api/proxy/me');
  expect(res.status(), 'GET /me').toBe(200);
  return (await res.json()).data.partners[0];
}

/**
 * A push payment from the signed-in sandbox's namespace `ns` to the Sandbox Bank's Alice, created
 * and submitted through the dashboard's proxy: the Sandbox Bank admits it by itself. Asserts each 200.
 */
export async function paySandboxBank(
  page: Page,
  ns: { token: string; domain: string },
  { paymentId, total, reference }: { paymentId: string; total: string; reference: string },
) {
  const headers = { 'x-partner-id': ns.token, ...FROM_DASHBOARD };
  const created = await page.request.post('/api/proxy/payments', {
    headers,
    data: {
      payment_id: paymentId,
      amount: { currency: 'USD', total },
      debtor_party: {
        payment_address: `payer@${ns.domain}`,
        first_name: 'Pat',
        last_name: 'Payer',
        type: 'Payer_Individual',
      },
      beneficiary_party: {
        payment_address: 'alice@sandbox-bank.test',
        first_name: 'Alice',
        last_name: 'Sandbox',
        type: 'Payee_Individual',
      },
      reference,
      payment_type: 'Type_Push',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const submitted = await page.request.post(
    `/api/proxy/payments/${encodeURIComponent(paymentId)}/submissions`,
    { headers },
  );
  expect(submitted.status(), await submitted.text()).toBe(200);
}

/**
 * Chooses a tab of a list (links, tasks). The tabs are in the server's HTML: a click before the
 * page has hydrated does nothing, so it is clicked again until the tab is selected (a loaded
 * machine: a CI run's links spec waited 60 s for a URL the first click never changed).
 */
export async function chooseTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens the operator's cut-off confirmation from the Network page and answers the dialog. The
 * button is in the server's HTML: a click before the page has hydrated does nothing, so it is
 * clicked again until the dialog opens (a loaded machine).
 */
export async function openCutoffDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Run a cut-off now?' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Run cut-off now' }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return dialog;
}
