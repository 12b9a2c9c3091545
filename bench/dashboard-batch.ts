/**
 * `npm run bench:dashboard-batch`: a settlement batch page whose namespace has 1,000 counterparties.
 * Starts the production build (Next.js host) on a scratch PostgreSQL database with the demo data,
 * writes in SQL one completed USD batch in which Demo Bank holds a bilateral position against each
 * of 1,000 namespaces (with their merkle leaves and a root that verifies), then drives Debian's
 * Chromium and times until the chart's 1,000 bars are drawn:
 *   - a full page load of /settlements/{batch};
 *   - navigation from the batches list (client-side, the link in the table);
 *   - the render alone: from the batch answer's arrival in the browser to the bars in the DOM;
 *   - the page's main-thread task time (Chrome's TaskDuration) for the navigation from the list:
 *     the browser's own work, without the waits for the network and the server.
 * The same is measured first on a batch of 10 counterparties: the difference is the bars' cost.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL). Env: BENCH_COUNTERPARTIES (default
 * 1000), BENCH_ROUNDS (default 10).
 */
import type { CDPSession, Page } from '@playwright/test';
import { DEMO_ADMIN, loadAverage, quantile, withDashboard } from './dashboard-harness';
import { writeBatch } from './batch-data';

const COUNTERPARTIES = Number(process.env.BENCH_COUNTERPARTIES || 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 10);
const TARGET_MS = 1500;
const BATCH_ID = 'batch_bench_many';
/** A batch of a few counterparties, measured the same way: what the page costs without the bars. */
const BASELINE_ID = 'batch_bench_few';
const BASELINE = 10;
const row = (n: number, name: string, xs: number[]) =>
  `| ${n} | ${name} | ${quantile(xs, 0.5).toFixed(0)} | ${quantile(xs, 0.9).toFixed(0)} | ${Math.max(...xs).toFixed(0)} | ${xs.length} | ${Math.max(...xs) <= TARGET_MS ? 'yes' : 'no'} |`;

/** Resolves, in the page's clock, when every bar is in the DOM; polled on each animation frame. */
async function barsDrawn(page: Page, n: number): Promise<number> {
  const handle = await page.waitForFunction(
    (count) => {
      // The strip of many bars says how many it drew (two paths hold them all); the labelled
      // chart has an element a bar.
      const chart = document.querySelector('[data-testid="net-positions-chart"]');
      const strip = chart?.querySelector('path.net-bars') ? Number(chart.getAttribute('data-bars')) : 0;
      const drawn = strip || (chart?.querySelectorAll('.recharts-bar-rectangle').length ?? 0);
      return drawn === count ? performance.now() : null;
    },
    n,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Page-clock time at which the batch answer finished arriving: its own request's, or — when the
 * server read it and sent it with the page (a full load) — the page's.
 */
async function batchAnswerEnd(page: Page, batchId: string): Promise<number> {
  return page.evaluate((id) => {
    const e = performance
      .getEntriesByType('resource')
      .filter((r) => r.name.endsWith(`/api/proxy/settlements/${id}`)) as PerformanceResourceTiming[];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return e.length ? e[e.length - 1]!.responseEnd : nav.responseEnd;
  }, batchId);
}

/** Busy time of the page's main thread so far (Chrome's TaskDuration), in ms. */
async function mainThreadBusy(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

interface Figures {
  fullLoad: number[];
  fromList: number[];
  render: number[];
  busy: number[];
}

async function measure(page: Page, cdp: CDPSession, batchId: string, bars: number): Promise<Figures> {
  const f: Figures = { fullLoad: [], fromList: [], render: [], busy: [] };
  // Warm-up: server caches and the browser's code cache.
  await page.goto(`/settlements/${batchId}`);
  await barsDrawn(page, bars);
  for (let i = 0; i < ROUNDS; i++) {
    let t0 = performance.now();
    await page.goto(`/settlements/${batchId}`);
    const drawnAt = await barsDrawn(page, bars);
    f.fullLoad.push(performance.now() - t0);
    f.render.push(drawnAt - (await batchAnswerEnd(page, batchId)));

    await page.goto('/settlements');
    const link = page.getByRole('link', { name: batchId });
    await link.waitFor();
    const busy0 = await mainThreadBusy(cdp);
    t0 = performance.now();
    await link.click();
    await barsDrawn(page, bars);
    f.fromList.push(performance.now() - t0);
    // The page's own work; still wall time per task, so a loaded machine stretches it too.
    f.busy.push((await mainThreadBusy(cdp)) - busy0);
  }
  return f;
}

async function main() {
  await withDashboard({
    user: DEMO_ADMIN,
    viewport: { width: 1280, height: 900 },
    addData: async (databaseUrl) => {
      const partnerId = await writeBatch(databaseUrl, BATCH_ID, COUNTERPARTIES);
      await writeBatch(databaseUrl, BASELINE_ID, BASELINE);
      return partnerId;
    },
    // The batch belongs to the namespace holding the positions: the pages must open in it.
    partner: (partnerId) => partnerId,
    measure: async ({ context }) => {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');

      const base = await measure(page, cdp, BASELINE_ID, BASELINE);
      const big = await measure(page, cdp, BATCH_ID, COUNTERPARTIES);
      const bars = Number(await page.getByTestId('net-positions-chart').getAttribute('data-bars'));
      await page.screenshot({
        path: 'e2e/screenshots/settlement-batch-1000-counterparties.png',
        fullPage: true,
      });

      console.log(
        `${COUNTERPARTIES} counterparties: ${bars} bars drawn, load average ${loadAverage()}. Target: chart drawn ≤ ${TARGET_MS} ms.`,
      );
      console.log('');
      console.log(
        `| counterparties | measure (until every bar is drawn) | p50 ms | p90 ms | max ms | n | max ≤ ${TARGET_MS} ms |`,
      );
      console.log('|---|---|---|---|---|---|---|');
      for (const [n, f] of [
        [BASELINE, base],
        [COUNTERPARTIES, big],
      ] as const) {
        console.log(row(n, 'full page load of /settlements/{batch}', f.fullLoad));
        console.log(row(n, 'from the batches list (client navigation)', f.fromList));
        console.log(
          row(n, 'render only: batch answer (or the page with it) received → bars drawn', f.render),
        );
        console.log(row(n, 'main-thread task time, from the list', f.busy));
      }
    },
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
