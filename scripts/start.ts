/**
 * `npm start`: builds the app if needed, then serves gateway + dashboard on one port over the
 * embedded database (or DATABASE_URL), seeds demo data inside the server, and prints how to sign in.
 * Each step is shown as it runs, with its time: a first start spends minutes in the build, and a
 * newcomer must be able to tell work from a hang.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT || 3000);
const url = `http://localhost:${port}`;
/** The line the server reports a step on (lib/server/start.ts, START_STEP_PREFIX). */
const STEP_PREFIX = '[csp-start-step] ';
const STEPS = 5;

const began = Date.now();
const elapsed = (from: number) => {
  const s = (Date.now() - from) / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
};
let stepNumber = 0;
/** `[2/5] build ........ ` and what follows on the line. */
const step = (name: string, text: string) =>
  console.log(`  [${++stepNumber}/${STEPS}] ${`${name} `.padEnd(16, '.')} ${text}`);
const detail = (text: string) => console.log(`        ${text}`);

console.log(`
  Payment network gateway + dashboard
  The first start builds the app once: 1 to 7 minutes (about 2 on an idle 2-core machine, 7 on a
  busy one). Later starts skip what is done and are up in seconds.
`);

// 1. Install check: the dependencies npm installed, for this package-lock.json and Node.js.
{
  const from = Date.now();
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  if (major < 20 || (major === 20 && minor < 9)) {
    step('install check', `✗ Node.js ${process.versions.node}: 20.9 or later is needed`);
    process.exit(1);
  }
  const installed = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(installed)) {
    step('install check', '✗ no node_modules: run `npm install` first');
    process.exit(1);
  }
  const stale = statSync(path.join(root, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs + 1000;
  step(
    'install check',
    `✓ ${elapsed(from)}  Node.js ${process.versions.node}, dependencies installed` +
      (stale ? ' (package-lock.json changed since: run `npm install` if the start fails)' : ''),
  );
}

// 2. Build: the production build, unless .next holds one newer than every source file.
{
  const from = Date.now();
  const check = spawnSync('bash', [path.join(root, 'scripts/build-if-needed.sh'), '--check'], { cwd: root });
  if (check.status === 0) {
    const built = new Date(statSync(path.join(root, '.next/BUILD_ID')).mtimeMs);
    step('build', `✓ up to date (built ${built.toLocaleString()}), skipped`);
  } else {
    step('build', 'building the production app (next build): 1 to 7 minutes, progress below');
    const status = await runBuild(from);
    if (status !== 0) {
      detail(`✗ the build failed after ${elapsed(from)} (its output is above)`);
      process.exit(status);
    }
    detail(`✓ built in ${elapsed(from)}`);
  }
}

// 3–5. The server: it migrates the database and seeds the demo data, then serves.
// Demo data is the default outside production; in production it is never seeded (and asking for
// it stops the start: lib/config.ts).
const production = process.env.CSP_ENV === 'production';
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  SEED_DEMO: process.env.SEED_DEMO ?? (production ? 'false' : 'true'),
  // The demo prints warnings and errors only, so the sign-in banner below stays in view;
  // LOG_LEVEL=info logs every request as JSON (what a deployment sets).
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? url,
  CSP_START_STEPS: '1',
};
const serverFrom = Date.now();
const child = spawn(path.join(root, 'node_modules/.bin/next'), ['start', '-p', String(port)], {
  cwd: root,
  env,
  stdio: ['inherit', 'pipe', 'inherit'],
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
const reported = new Set<string>();
/** The demo API key's organization and namespace, as the server's demo-data step reports them. */
let demoKey: { orgId: string; partnerId: string } | null = null;
createInterface({ input: child.stdout! }).on('line', (line) => {
  if (line.startsWith(STEP_PREFIX)) {
    const s = JSON.parse(line.slice(STEP_PREFIX.length)) as {
      step: string;
      ms: number;
      detail: string;
      demoKey?: { orgId: string; partnerId: string } | null;
    };
    reported.add(s.step);
    if (s.demoKey) demoKey = s.demoKey;
    step(s.step, `✓ ${(s.ms / 1000).toFixed(1)} s  ${s.detail}`);
    return;
  }
  // Next.js's own banner says what the lines below say; anything else (warnings) is shown.
  if (
    /^\s*(▲ Next\.js|- Local:|- Network:|✓ Starting|✓ Ready in|✓ Running next\.config)/.test(line) ||
    !line.trim()
  )
    return;
  console.log(line);
});

for (;;) {
  try {
    const res = await fetch(`${url}/api/v1/csp/openapi.json`);
    if (res.ok) break;
  } catch {
    // not listening yet
  }
  if (child.exitCode !== null) process.exit(child.exitCode);
  await new Promise((r) => setTimeout(r, 300));
}
if (!reported.has('demo data'))
  step('demo data', env.SEED_DEMO === 'true' ? '✓ done' : '– not seeded (SEED_DEMO)');
step('ready', `✓ ${elapsed(began)} in all (server ${elapsed(serverFrom)})`);

const db = process.env.DATABASE_URL
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite in ${process.env.DATA_DIR || './data'}`;
console.log(`
  Payment network gateway + dashboard is up, ${db}

  Dashboard      ${url}
  API            ${url}/api/v1/csp   (reference: ${url}/docs)
`);
if (env.SEED_DEMO === 'true') await printDemo();
else
  console.log(`  Sign in        ${process.env.OPERATOR_EMAIL || 'operator@network.test'} / (OPERATOR_PASSWORD)   (network operator)
`);

/**
 * Runs the build with its output shown as it comes (but for Next.js's route table), each line
 * under the step, and a line every 15 s while it is quiet: what it is doing and for how long.
 */
function runBuild(from: number): Promise<number> {
  const build = spawn('bash', [path.join(root, 'scripts/build-if-needed.sh')], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let phase = 'preparing';
  let quietSince = Date.now();
  const PHASES: Array<[RegExp, string]> = [
    [/PGlite image/, 'the empty database image'],
    [/Creating an optimized production build/, 'compiling (the longest part)'],
    [/Compiled successfully/, 'compiled'],
    [/Running TypeScript|Linting and checking/, 'checking types'],
    [/Collecting page data/, 'collecting page data'],
    [/Generating static pages/, 'generating static pages'],
    [/Finalizing page optimization|Collecting build traces/, 'finalizing'],
  ];
  const show = (raw: string) => {
    // Without the terminal colours Next.js writes.
    const line = raw.replace(/\u001b\[[0-9;]*m/g, '');
    // The route table (and its legend) lists every page: long, and not what a newcomer waits for.
    if (!line.trim() || /^\s*[┌├└│○ƒ●]|First Load JS|^Route \(/.test(line)) return;
    const next = PHASES.find(([re]) => re.test(line));
    if (next) phase = next[1];
    quietSince = Date.now();
    detail(`${elapsed(from).padStart(10)}  ${line.trim()}`);
  };
  createInterface({ input: build.stdout! }).on('line', show);
  createInterface({ input: build.stderr! }).on('line', show);
  const ticker = setInterval(() => {
    if (Date.now() - quietSince < 14_000) return;
    quietSince = Date.now();
    detail(`${elapsed(from).padStart(10)}  … still working: ${phase}`);
  }, 15_000);
  return new Promise((resolve) =>
    build.on('exit', (code) => {
      clearInterval(ticker);
      resolve(code ?? 1);
    }),
  );
}

/**
 * Every demo sign-in (each bank's admin, so that a payment between them, and a return of it, can
 * be decided on both sides) and a curl that works as printed. The curl takes the demo bank's API
 * key, seeded with its organization and namespace (reported by the server's demo-data step):
 * printing it signs nobody in, so no session or audit entry appears in a person's name.
 */
async function printDemo(): Promise<void> {
  const { DEMO } = await import('../lib/seed/demo-credentials');
  const operator = `${process.env.OPERATOR_EMAIL || 'operator@network.test'} / ${process.env.OPERATOR_PASSWORD ? '(OPERATOR_PASSWORD)' : 'operator-demo-password'}`;
  const key = demoKey ?? { orgId: '<org id>', partnerId: '<namespace id>' };
  console.log(`
  Sign in        ${DEMO.admin.email} / ${DEMO.admin.password}   (Demo Bank, verified: admin)
                 ${DEMO.support.email} / ${DEMO.support.password}   (Demo Bank: support, the task queue)
                 ${DEMO.viewer.email} / ${DEMO.viewer.password}   (Demo Bank: viewer, reads only)
                 ${DEMO.partnerAdmin.email} / ${DEMO.partnerAdmin.password}   (Union Credit Union, verified, linked to Demo Bank: admin)
                 ${DEMO.sandbox.email} / ${DEMO.sandbox.password}   (a sandbox organization)
                 ${operator}   (network operator)

  Try the API    curl -s ${url}/api/v1/csp/customer/jane@demo-bank.test/resolve \\
                   -H 'X-SERVICE-API-KEY: ${DEMO.apiKey}' \\
                   -H 'x-org-id: ${key.orgId}' -H 'x-partner-id: ${key.partnerId}'
                 (Demo Bank's API key "Core banking")

  Logs           warnings and errors (LOG_LEVEL=info logs every request as JSON)
`);
}
