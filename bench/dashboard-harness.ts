/**
 * What the dashboard benchmarks share: the production build (Next.js host) on a scratch PostgreSQL
 * database with the demo data, Debian's Chromium, data added in SQL once the demo seed is in, and
 * a signed-in browser context.
 */
import { loadavg } from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startServer } from '../e2e/api/server';

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DEMO_ADMIN = { email: 'admin@demo-bank.test', password: 'demo-password-1' };
export const DEMO_SUPPORT = { email: 'support@demo-bank.test', password: 'demo-password-1' };

export const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export interface Dashboard {
  origin: string;
  databaseUrl: string;
  browser: Browser;
  context: BrowserContext;
}

/**
 * Runs `measure` against a fresh dashboard. `addData` writes the benchmark's rows in SQL; the demo
 * seed runs inside the server after it starts, so it is retried until the seed's rows exist.
 * `partner` is saved as the signed-in `user`'s namespace
 * (`PUT /me/partner`, as the shell's switcher does), which the pages open in.
 */
export async function withDashboard<T, D>(opts: {
  user: { email: string; password: string };
  addData: (databaseUrl: string) => Promise<D>;
  partner?: (data: D) => string;
  measure: (dashboard: Dashboard, data: D) => Promise<T>;
  viewport?: { width: number; height: number };
  env?: Record<string, string>;
}): Promise<T> {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server');
  process.env.TEST_DATABASE_URL = adminUrl;
  const server = await startServer({
    host: 'next',
    db: 'postgres',
    // The Sandbox Bank stays out of the way: it would work the benchmark's tasks.
    env: {
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      SANDBOX_BANK_DELAY_MS: '3600000',
      CHECK_RESPONSES: 'false',
      ...opts.env,
    },
  });
  const origin = new URL(server.baseUrl).origin;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: LAUNCH_ARGS,
  });
  try {
    let data: D;
    for (let i = 0; ; i++) {
      try {
        data = await opts.addData(server.databaseUrl!);
        break;
      } catch (e) {
        if (i > 40) throw e;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const context = await browser.newContext({ baseURL: origin, viewport: opts.viewport });
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(opts.user.email);
    await page.getByLabel('Password').fill(opts.user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
    const partner = opts.partner?.(data);
    if (partner) {
      const answer = await page.evaluate(
        (id) =>
          fetch('/api/proxy/me/partner', {
            method: 'PUT',
            // As the dashboard's own calls (lib/client/api.ts): the proxy refuses others.
            headers: { 'content-type': 'application/json', 'x-csp-dashboard': '1' },
            body: JSON.stringify({ partner_id: id }),
          }).then(async (r) => ({ status: r.status, text: await r.text() })),
        partner,
      );
      if (answer.status !== 200) throw new Error(`PUT /me/partner answered ${answer.status}: ${answer.text}`);
    }
    await page.close();
    return await opts.measure({ origin, databaseUrl: server.databaseUrl!, browser, context }, data);
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The one-minute load average, printed beside every figure. */
export const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

/*
 * Timings taken in the page's own clock and checked on every animation frame. Playwright's locator
 * waits back off to one check every 500 ms, which adds up to half a second to a figure, and a
 * locator can match the page being left (both lists have a pager) before the new one is shown.
 */

/** Records, in the page's clock, the next click or key press (capture phase, before any handler). */
export async function armEventClock(page: Page, type: 'click' | 'keydown') {
  await page.evaluate((t) => {
    const w = window as unknown as { __benchT0?: number };
    w.__benchT0 = undefined;
    document.addEventListener(t, () => (w.__benchT0 = performance.now()), { capture: true, once: true });
  }, type);
}

/**
 * Milliseconds until `condition` (a JavaScript expression evaluated in the page) holds: since the
 * event armed with `armEventClock`, or since the navigation began (`performance.timeOrigin`) for
 * a page loaded with `page.goto(url, { waitUntil: 'commit' })`.
 */
export async function elapsedUntil(
  page: Page,
  condition: string,
  from: 'event' | 'navigation',
): Promise<number> {
  const t0 = from === 'event' ? 'window.__benchT0' : '0';
  const handle = await page.waitForFunction(
    `(() => { const t0 = ${t0}; if (t0 === undefined || !(${condition})) return null; return performance.now() - t0; })()`,
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}
