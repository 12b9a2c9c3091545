/**
 * `npm run bench:page-work`: what one first load of a dashboard page costs the browser's main
 * thread and the server, measured rather than simulated. The production build (Next.js host) over
 * a scratch PostgreSQL database with the demo data and a settlement batch of 1,000 counterparties
 * (as bench:lighthouse); each page loaded BENCH_ROUNDS times (default 6) in a fresh tab of Debian's
 * Chromium, signed in as Demo Bank's admin, the cache off. Per page, medians of:
 * - main-thread busy ms: the V8 CPU profile's non-idle samples from navigation to 3 s after `load`
 *   (scripts, their compilation, garbage collection; no CPU slowdown);
 * - requests the page made in that time (prefetches included);
 * - server CPU ms: user + system time of the Next.js server's processes over the same span (the
 *   gateway runs in it; PostgreSQL does not).
 * - blocked ms: the long tasks' time over 50 ms each after the first contentful paint, as the
 *   browser observed them (PerformanceObserver, `longtask`) — total blocking time measured rather
 *   than simulated — and the longest task.
 * BENCH_WIDTH sets the viewport's width (default 1280: the sidebar's links in view; 412: a phone).
 * BENCH_SLOWDOWN slows the browser's CPU by that factor (Chromium's own throttling; default 1,
 * Lighthouse's mobile preset is 4).
 * BENCH_PROFILES=<folder> writes each load's V8 CPU profile there (`<page>-<round>.cpuprofile`,
 * DevTools' format) and prints the functions with the most self time over all loads, by script.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseStat } from '../lib/build/cpu-programs';
import { writeBatch } from './batch-data';
import { DEMO_ADMIN, loadAverage, quantile, withDashboard } from './dashboard-harness';

const BATCH_ID = 'batch_bench_page_work';
const ROUNDS = Number(process.env.BENCH_ROUNDS || 6);
const WIDTH = Number(process.env.BENCH_WIDTH || 1280);
const SLOWDOWN = Number(process.env.BENCH_SLOWDOWN || 1);
const PAGES = [`/settlements/${BATCH_ID}`, '/payments', '/', '/signin'];
const PROFILES = process.env.BENCH_PROFILES;

/** Self time (µs) per function over every saved profile: `script's file name · function:line`. */
const selfTime = new Map<string, number>();
function addSelfTime(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  profile.samples?.forEach((id, i) => {
    const frame = byId.get(id)!;
    const file = frame.url ? basename(frame.url.split('?')[0]!) : '';
    const key = `${file || '(native)'} · ${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`;
    selfTime.set(key, (selfTime.get(key) ?? 0) + profile.timeDeltas![i]!);
  });
}

/** CPU ms the Next.js server's processes have used so far (/proc, 100 Hz clock ticks). */
function serverCpuMs(): number {
  let pids: string[] = [];
  try {
    pids = execFileSync('pgrep', ['-f', 'next-server']).toString().trim().split(/\s+/);
  } catch {
    return 0;
  }
  let ticks = 0;
  for (const pid of pids) {
    try {
      ticks += parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.ticks ?? 0;
    } catch {
      // The process ended between pgrep and the read.
    }
  }
  return ticks * 10;
}

async function main() {
  const figures = new Map<
    string,
    { busy: number[]; requests: number[]; server: number[]; blocked: number[]; longest: number[] }
  >();
  await withDashboard({
    user: DEMO_ADMIN,
    addData: (databaseUrl) => writeBatch(databaseUrl, BATCH_ID, 1000),
    partner: (partnerId) => partnerId,
    viewport: { width: WIDTH, height: 823 },
    measure: async ({ context }) => {
      for (let round = 0; round < ROUNDS; round++)
        for (const path of PAGES) {
          const page = await context.newPage();
          await page.addInitScript(() => {
            const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
            w.__longTasks = [];
            new PerformanceObserver((list) => {
              for (const e of list.getEntries())
                w.__longTasks.push({ start: e.startTime, duration: e.duration });
            }).observe({ type: 'longtask', buffered: true });
          });
          const cdp = await context.newCDPSession(page);
          if (SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
          await cdp.send('Network.enable');
          await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
          let requests = 0;
          page.on('request', () => requests++);
          const cpu0 = serverCpuMs();
          await cdp.send('Profiler.start');
          await page.goto(path, { waitUntil: 'load' });
          await page.waitForTimeout(3000);
          const { profile } = await cdp.send('Profiler.stop');
          const server = serverCpuMs() - cpu0;
          if (PROFILES) {
            mkdirSync(PROFILES, { recursive: true });
            const name = (path === '/' ? 'overview' : path.slice(1).replace(/\//g, '_')) + `-${round}`;
            writeFileSync(`${PROFILES}/${name}.cpuprofile`, JSON.stringify(profile));
            addSelfTime(profile);
          }
          const idle = new Set(
            profile.nodes
              .filter(
                (n) => n.callFrame.functionName === '(idle)' || n.callFrame.functionName === '(program)',
              )
              .map((n) => n.id),
          );
          let busy = 0;
          profile.samples!.forEach((id, i) => {
            if (!idle.has(id)) busy += profile.timeDeltas![i]!;
          });
          const { tasks, fcp } = await page.evaluate(() => ({
            tasks: (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
          }));
          const afterPaint = tasks.filter((t) => t.start + t.duration > fcp);
          const f = figures.get(path) ?? { busy: [], requests: [], server: [], blocked: [], longest: [] };
          f.blocked.push(afterPaint.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0));
          f.longest.push(Math.max(0, ...afterPaint.map((t) => t.duration)));
          f.busy.push(busy / 1000);
          f.requests.push(requests);
          f.server.push(server);
          figures.set(path, f);
          await page.close();
        }
    },
  });
  const median = (xs: number[]) => quantile(xs, 0.5);
  console.log(
    `${ROUNDS} loads a page, viewport ${WIDTH} px, CPU slowdown ${SLOWDOWN}×, medians; load average ${loadAverage()}.`,
  );
  console.log('| page | main-thread busy ms | blocked ms | longest task ms | requests | server CPU ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [path, f] of figures)
    console.log(
      `| ${path} | ${median(f.busy).toFixed(0)} | ${median(f.blocked).toFixed(0)} | ${median(f.longest).toFixed(0)} | ${median(f.requests)} | ${median(f.server)} |`,
    );
  if (PROFILES) {
    const top = [...selfTime].filter(([k]) => !/^\(native\) · \((idle|program)\)/.test(k));
    top.sort((a, b) => b[1] - a[1]);
    console.log(`\nSelf time over all ${ROUNDS * PAGES.length} loads (profiles in ${PROFILES}), ms:`);
    for (const [key, us] of top.slice(0, 30)) console.log(`${(us / 1000).toFixed(0).padStart(8)}  ${key}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
