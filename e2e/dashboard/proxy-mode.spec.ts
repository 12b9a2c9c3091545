import { expect, test } from '@playwright/test';
import { freePort } from '../ports';
import { startServer } from '../api/server';
import { gatewaySignIn, gatewayToken, uniq } from './helpers';

/**
 * Proxy mode with two running instances: a standalone gateway (`npm run gateway`) on its own
 * PGlite folder, and a dashboard (`next start`) with GATEWAY_URL pointed at it, its own PGlite
 * folder and its own AUTH_SECRET. The user exists only in the gateway's database, so every step
 * that works through the dashboard was served upstream.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
let gateway: Server;
let dashboard: Server;
let origin: string;

test.beforeAll(async () => {
  const [gatewayPort, dashboardPort] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${dashboardPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}/api/v1/csp`;
  // Both start at once: the dashboard needs the gateway only when a request comes in.
  [gateway, dashboard] = await Promise.all([
    startServer({ host: 'standalone', db: 'pglite', port: gatewayPort }),
    startServer({
      host: 'next',
      db: 'pglite',
      port: dashboardPort,
      env: {
        GATEWAY_URL: gatewayUrl,
        NEXTAUTH_URL: origin,
        AUTH_SECRET: 'proxy-mode-dashboard-secret-0123456789abcdef',
        WORKERS: 'off',
      },
    }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([dashboard?.stop(), gateway?.stop()]);
});

test('the dashboard signs in, writes and reads through the upstream gateway', async ({ page, request }) => {
  // An organization made on the gateway directly: the dashboard's own database never hears of it.
  const who = {
    email: `proxy-${uniq()}@example.test`,
    password: 'proxy-password-1',
    name: `Proxy Org ${uniq()}`,
  };
  const created = await fetch(`${gateway.baseUrl}/organization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ name: who.name, admin_email: who.email, admin_password: who.password }),
  });
  expect(created.status).toBe(200);

  // next-auth's sign-in on the dashboard calls the gateway's sign-in.
  await page.goto(`${origin}/signin`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The first page of two servers just started, the dashboard's reads served upstream: longer
  // than the 5 s an expectation waits by default when the machine is busy.
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.locator('#sidebar').getByText(who.name, { exact: true })).toBeVisible();

  // A mutation and a read through the dashboard's proxy route.
  const me = await (await page.request.get(`${origin}/api/proxy/me`)).json();
  const domain = me.data.partners[0].domain as string;
  const address = `proxied-${uniq()}@${domain}`;
  await page.goto(`${origin}/customers`);
  await page.getByLabel('Payment address', { exact: true }).fill(address);
  await page.getByLabel('First name', { exact: true }).fill('Proxied');
  await page.getByLabel('Last name', { exact: true }).fill('Customer');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByText(`Customer ${address} created`)).toBeVisible();
  await expect(page.getByRole('cell', { name: address, exact: true })).toBeVisible();

  // The gateway holds the customer: asked directly, with its own sign-in.
  const { jwt } = await gatewayToken(request, who, gateway.baseUrl);
  const list = await fetch(`${gateway.baseUrl}/customer?limit=100`, {
    headers: { authorization: `Bearer ${jwt}`, 'x-partner-id': me.data.partners[0].token },
  });
  expect(list.status).toBe(200);
  const customers = (await list.json()).data.customers as Array<{
    payment_address: string;
    first_name: string;
  }>;
  expect(customers.find((c) => c.payment_address === address)).toMatchObject({ first_name: 'Proxied' });

  // The dashboard's own database knows neither the user nor the token.
  expect((await gatewaySignIn(request, who, dashboard.baseUrl)).status).toBe(401);
  expect(
    (await fetch(`${dashboard.baseUrl}/me`, { headers: { authorization: `Bearer ${jwt}` } })).status,
  ).toBe(401);
});
