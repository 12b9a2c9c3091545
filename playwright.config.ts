import { existsSync } from 'node:fs';
import { defineConfig, type Project } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 3210);

// The dashboard draws its text in the system's fonts (app/globals.css): a screenshot has no web
// font to wait for. Playwright waits for `document.fonts.ready` before each one all the same, and
// in a CI run that promise never settled in one test's page: the screenshot waited until the
// test's 240 s ran out (webhooks.spec.ts, "waiting for fonts to load..."). Set here, the config
// every worker loads, so the wait is skipped wherever the suite takes a screenshot.
process.env.PW_TEST_SCREENSHOT_NO_FONTS_READY ??= '1';

/**
 * Specs that make their own data (a sandbox organization signed up for the test) or read only what
 * no test changes: each test beside any other. Every other spec is on data tests
 * share — the demo organizations' (payments, queues, namespaces, keys, webhooks, links, settings)
 * and the operator's (reviews, the network's audit trail) — and runs one test at a time, in file
 * order, in one of two groups (below). A new spec is such a spec until it is listed here.
 */
const OWN_DATA = [
  'account-detail',
  'api-key-actions',
  'api-key-hygiene',
  'api-key-expiry',
  'api-reference',
  'audit',
  'auth',
  'console-clean',
  'errors',
  'first-hour',
  'first-load-icu',
  'passkeys',
  'phone',
  'prefetch',
  'proxy-mode',
  'public-files',
  'read-only',
  'request-log',
  'screens',
  'second-factor',
  'second-factor-codes',
  'security-headers',
  'sessions',
  'sign-in-redirect',
  'webhook-inbox',
].map((name) => `${name}.spec.ts`);

/**
 * The shared-data specs in two groups that run side by side, each one test at a time in file
 * order. A group holds every spec whose writes another's assertions could see:
 * - payments: Demo Bank ↔ Union payments and tasks, the Demo Bank four-eyes policy and admission
 *   rules (a rule decides the tasks of the payments made while it exists), and the
 *   screens that compare a list or a figure with the gateway's (overview, namespace choice,
 *   the queues). The Demo Bank ↔ Union link is never suspended (it would refuse these payments).
 * - organization: the operator's decisions on organizations and accounts beside the operator home
 *   that counts them, Demo Bank's namespaces, keys (a key rotation is a webhook event) and
 *   webhook endpoints that count their deliveries, its users and accounts.
 * A new shared-data spec goes in the group of the data it touches, or in its own group if unsure.
 */
const SHARED_PAYMENTS = [
  'command-palette',
  'four-eyes',
  'namespace-choice',
  'overview',
  'payments',
  'returns',
  'rules',
  'task-notes',
  'task-queue',
].map((name) => `${name}.spec.ts`);

/**
 * Specs that run settlement cut-offs, which settle every cleared transaction of the network (the
 * demo's admitted payments included): after the shared-data and own-data specs, one test at a time, signed in
 * through the form rather than from a saved session. The own-data specs beside them assert no
 * payment's status.
 */
const CUTOFFS = ['liquidity', 'phone-tables', 'settlements'].map((name) => `${name}.spec.ts`);

/** A project's specs: those it names, or every spec but those (the organization group). */
type Specs = Pick<Project, 'testMatch'> | Pick<Project, 'testIgnore'>;

interface Runs {
  /** One test at a time in file order (a worker of its own), or each test beside any other. */
  tests?: 'one at a time' | 'side by side';
  /** After the sign-ins, whose saved sessions its specs take. */
  signedIn?: boolean;
  /**
   * The cut-offs run once it is done, whether its tests passed or not (a dependency would skip them
   * on a failure).
   */
  cutOffsAfter?: boolean;
}

/** A project of the run: its name, its specs and how they run (a field is set only when it applies). */
function project(name: string, specs: Specs, runs: Runs = {}): Project {
  return {
    name,
    ...specs,
    ...(runs.tests === 'one at a time' && { workers: 1 }),
    ...(runs.tests === 'side by side' && { fullyParallel: true }),
    ...(runs.signedIn && { dependencies: ['sign-ins'] }),
    ...(runs.cutOffsAfter && { teardown: 'cut-offs' }),
  };
}

/** Each shared-data group: one test at a time, on the saved sessions, the cut-offs after both. */
const SHARED_DATA: Runs = { tests: 'one at a time', signedIn: true, cutOffsAfter: true };

/**
 * Debian's headless shell (scripts/ensure-chromium.sh): Chromium's engine without the desktop
 * browser around it, as Playwright's own headless runs use. A page load of the dashboard costs it
 * about a third of the CPU it costs the full browser (0.8 against 2.3 s, the server's included;
 * docs/testing.md), and the screenshots are the same. The full browser where the shell is absent.
 */
const BROWSER =
  process.env.CHROMIUM_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e/dashboard',
  outputDir: 'test-results',
  // The two shared-data groups and the own-data specs side by side (the servers, browsers and API
  // suites beside them measured: docs/testing.md).
  workers: 3,
  retries: 0,
  // A test is a user's whole journey (invite, accept, change role, sign out, reset, revoke …): on a
  // host two to three times slower than the usual, beside the API suites, the longest took over a
  // minute, and on the slowest machine of this class (a CI run of 42 minutes) several took 100–145 s.
  // Speed is measured in benchmarks, not here; a wait that never ends still fails.
  timeout: 240_000,
  // The suite runs beside the API suites on two cores (scripts/test.sh): an answer may take more
  // than the default 5 s to show under that load. On a host two to three times slower than the
  // usual (load average 9 on two cores) a list's refetch after a change took over 10 s, and on the
  // slowest seen (load average 15–18) Swagger UI's first render of /docs took over 20 s. Like the
  // test's limit, this guards against a wait that never ends; it does not measure speed.
  expect: { timeout: 60_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: BROWSER,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
  },
  projects: [
    // Each demo role signs in once, through the form; the specs reuse its saved session.
    project('sign-ins', { testMatch: /auth\.setup\.ts$/ }),
    project('shared data: payments', { testMatch: SHARED_PAYMENTS }, SHARED_DATA),
    project(
      'shared data: organization',
      { testIgnore: [...OWN_DATA, ...CUTOFFS, ...SHARED_PAYMENTS] },
      SHARED_DATA,
    ),
    // Signs in through the form (a teardown project has no dependencies: the sign-ins may not have run).
    project('cut-offs', { testMatch: CUTOFFS }, { tests: 'one at a time' }),
    project('own data', { testMatch: OWN_DATA }, { tests: 'side by side', signedIn: true }),
  ],
  webServer: {
    command: `bash scripts/e2e-server.sh ${PORT}`,
    url: `http://127.0.0.1:${PORT}/api/v1/csp/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM to the server's process group, so that scripts/e2e-server.sh removes its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
