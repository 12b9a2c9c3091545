/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance audit (its default: a mid-range phone,
 * simulated slow 4G and a 4× slower CPU) of the dashboard's heaviest first loads — sign-in, the
 * overview, payments, the task queue, a settlement batch page with 1,000 counterparties, and the operator's home —
 * on the production build (Next.js host) over a scratch PostgreSQL database with the demo data.
 * Each page is audited BENCH_ROUNDS times (default 2) in a fresh headless Chromium (Debian's);
 * the signed-in pages get the session's cookie. Prints per page the performance score, total
 * blocking time (TBT), largest contentful paint (LCP), first contentful paint (FCP) and the
 * main-thread time spent evaluating scripts, each as the median of the rounds, and the targets
 * (#34: score ≥ 90, TBT ≤ 200 ms, LCP ≤ 2.5 s).
 *
 * The mobile preset's 4× CPU slowdown turns a fast desktop into a mid-range phone; on a slower
 * host it makes a slower phone, on a faster one a faster phone. Each run reports the host's
 * BenchmarkIndex (Lighthouse's CPU benchmark, run before every audit), printed beside the figures
 * so that runs on different machines can be told apart. Lighthouse's documented remedy for a host
 * far from its reference is a multiplier calibrated to that index (its docs/throttling.md, "CPU
 * throttling", and the calculator it links: 150 → 1×, 800 → 2×, 1,300 → 3×, 1,533 → 4×, 2,000 →
 * 6×): BENCH_CPU=calibrated audits with it (measured first from three runs of the sign-in page),
 * BENCH_CPU=both with the preset's and the calibrated one in turn, BENCH_CPU=<number> with a fixed
 * multiplier; the default is the preset's alone.
 *
 * Lighthouse is not a dependency of the project: it is fetched from the npm registry by `npx` when
 * the benchmark runs (LIGHTHOUSE_VERSION, default 12.8.2, the last for Node 20). Needs
 * BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL). BENCH_PAGES narrows the pages
 * (comma-separated names: signin,overview,payments,tasks,batch,operator); BENCH_REPORTS=<folder> keeps
 * each run's whole Lighthouse report there; BENCH_THROTTLING=devtools loads the pages throttled
 * instead of simulating it (below).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext } from '@playwright/test';
import { writeBatch } from './batch-data';
import { DEMO_ADMIN, loadAverage, quantile, withDashboard } from './dashboard-harness';

const run = promisify(execFile);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const VERSION = process.env.LIGHTHOUSE_VERSION || '12.8.2';
const BATCH_ID = 'batch_bench_lighthouse';
/**
 * BENCH_THROTTLING=devtools: the page is loaded throttled (DevTools' slow 4G and CPU slowdown, as
 * the mobile preset sets them) and measured as it happened, instead of loaded at full speed and the
 * throttled load simulated (Lantern, the default).
 */
const THROTTLING = process.env.BENCH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const OPERATOR = { email: 'operator@network.test', password: 'operator-test-password' };
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

interface Audit {
  score: number;
  tbt: number;
  lcp: number;
  fcp: number;
  scripts: number;
  /** The host's BenchmarkIndex as this run measured it (Lighthouse's own CPU benchmark). */
  benchmarkIndex: number;
}

/**
 * The CPU slowdown that makes this host a mid-range phone, from its BenchmarkIndex: Lighthouse's
 * calibration (the "lighthouse-cpu-throttling-calculator" its throttling docs link), piecewise linear
 * through 150 → 1×, 800 → 2×, 1,300 → 3×, 1,533 → 4× (≈ 233 per step above 1,300). Never under 1.
 */
function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/**
 * One Lighthouse run of `url` (mobile preset, performance only), `cookie` sent with every request;
 * `slowdown` replaces the preset's 4× CPU slowdown when given.
 */
async function lighthouse(url: string, cookie: string | null, slowdown?: number): Promise<Audit> {
  const dir = await mkdtemp(path.join(tmpdir(), 'csp-lighthouse-'));
  const out = path.join(dir, 'report.json');
  try {
    const args = [
      '--yes',
      `lighthouse@${VERSION}`,
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ...(slowdown === undefined ? [] : [`--throttling.cpuSlowdownMultiplier=${slowdown.toFixed(2)}`]),
      ...(THROTTLING === 'devtools' ? ['--throttling-method=devtools'] : []),
    ];
    await run('npx', args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
    });
    const text = await readFile(out, 'utf8');
    // BENCH_REPORTS=<folder> keeps each run's whole report (where the main thread's time went).
    if (process.env.BENCH_REPORTS) {
      await mkdir(process.env.BENCH_REPORTS, { recursive: true });
      await copyFile(
        out,
        path.join(
          process.env.BENCH_REPORTS,
          `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`,
        ),
      );
    }
    const report = JSON.parse(text);
    const audit = (id: string) => Number(report.audits[id]?.numericValue ?? NaN);
    if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.message}`);
    // A page that answered with the sign-in form instead of itself measures the wrong thing.
    if (cookie && new URL(report.finalDisplayedUrl).pathname.startsWith('/signin'))
      throw new Error(`${url} redirected to sign-in: the session cookie was not taken`);
    return {
      score: Math.round(Number(report.categories.performance.score) * 100),
      tbt: audit('total-blocking-time'),
      lcp: audit('largest-contentful-paint'),
      fcp: audit('first-contentful-paint'),
      scripts: audit('bootup-time'),
      benchmarkIndex: Number(report.environment?.benchmarkIndex ?? NaN),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The context's cookies for `origin` as one Cookie header. */
async function cookieHeader(context: BrowserContext, origin: string): Promise<string> {
  return (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ');
}

async function signedIn(context: BrowserContext, who: { email: string; password: string }) {
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
  await page.close();
}

const median = (xs: number[]) => quantile(xs, 0.5);

async function main() {
  const wanted = process.env.BENCH_PAGES?.split(',').map((s) => s.trim());
  await withDashboard({
    user: DEMO_ADMIN,
    addData: (databaseUrl) => writeBatch(databaseUrl, BATCH_ID, 1000),
    // The batch belongs to the namespace holding the positions: the pages open in it.
    partner: (partnerId) => partnerId,
    measure: async ({ origin, browser, context }) => {
      const admin = await cookieHeader(context, origin);
      const operatorContext = await browser.newContext({ baseURL: origin });
      await signedIn(operatorContext, OPERATOR);
      const operator = await cookieHeader(operatorContext, origin);
      await operatorContext.close();
      const pages: { name: string; path: string; cookie: string | null }[] = [
        { name: 'signin', path: '/signin', cookie: null },
        { name: 'overview', path: '/', cookie: admin },
        { name: 'payments', path: '/payments', cookie: admin },
        { name: 'tasks', path: '/tasks', cookie: admin },
        { name: 'batch', path: `/settlements/${BATCH_ID}`, cookie: admin },
        { name: 'operator', path: '/', cookie: operator },
      ].filter((p) => !wanted || wanted.includes(p.name));

      // The slowdowns to audit with: the preset's (undefined), the calibrated one, or both.
      const cpu = process.env.BENCH_CPU || 'preset';
      const slowdowns: { label: string; value: number | undefined }[] = [];
      if (cpu === 'both' || cpu === 'preset') slowdowns.push({ label: 'preset 4×', value: undefined });
      if (cpu === 'both' || cpu === 'calibrated') {
        // The host's index, measured by three runs of the lightest page (Lighthouse benchmarks the
        // host before each run); the median sets the multiplier for every page of this run.
        const indexes: number[] = [];
        for (let i = 0; i < 3; i++) indexes.push((await lighthouse(`${origin}/signin`, null)).benchmarkIndex);
        const index = median(indexes);
        const value = Number(calibratedSlowdown(index).toFixed(2));
        console.error(
          `BenchmarkIndex ${indexes.map((x) => x.toFixed(0)).join(', ')}: calibrated slowdown ${value}×`,
        );
        slowdowns.push({
          label: `calibrated ${value}× (BenchmarkIndex ${index.toFixed(0)})`,
          value,
        });
      }
      if (slowdowns.length === 0) {
        const value = Number(cpu);
        if (!(value >= 1))
          throw new Error(`BENCH_CPU=${cpu}: give both, preset, calibrated or a multiplier ≥ 1`);
        slowdowns.push({ label: `fixed ${value}×`, value });
      }

      // Interleaved: each round audits every page with every slowdown in turn.
      const results = slowdowns.map((slowdown) => ({
        slowdown,
        pages: pages.map((p) => ({ ...p, audits: [] as Audit[] })),
      }));
      for (let i = 0; i < ROUNDS; i++)
        for (let j = 0; j < pages.length; j++)
          for (const r of results) {
            const p = r.pages[j]!;
            p.audits.push(await lighthouse(origin + p.path, p.cookie, r.slowdown.value));
            console.error(`${p.name}, ${r.slowdown.label}: score ${p.audits.at(-1)!.score}`);
          }

      console.log(
        `Lighthouse ${VERSION}, mobile preset (${THROTTLING === 'devtools' ? 'DevTools throttling: loaded throttled' : 'simulated throttling'}), ${ROUNDS} runs a page, medians; load average ${loadAverage()}.`,
      );
      console.log('Targets: score ≥ 90, TBT ≤ 200 ms, LCP ≤ 2,500 ms.');
      for (const r of results) {
        console.log('');
        console.log(`CPU slowdown: ${r.slowdown.label}`);
        console.log('');
        console.log(
          '| page | score | TBT ms | LCP ms | FCP ms | script evaluation ms | BenchmarkIndex | scores of the runs | met |',
        );
        console.log('|---|---|---|---|---|---|---|---|---|');
        for (const p of r.pages) {
          const m = (k: keyof Audit) => median(p.audits.map((a) => a[k]));
          const met = m('score') >= 90 && m('tbt') <= 200 && m('lcp') <= 2500;
          console.log(
            `| ${p.name} (${p.path}) | ${m('score')} | ${m('tbt').toFixed(0)} | ${m('lcp').toFixed(0)} | ${m('fcp').toFixed(0)} | ${m('scripts').toFixed(0)} | ${m('benchmarkIndex').toFixed(0)} | ${p.audits.map((a) => a.score).join(', ')} | ${met ? 'yes' : 'no'} |`,
          );
        }
      }
    },
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
