/**
 * Starts a real server for the API suite: the Next.js production build (`next start`) or the
 * standalone Hono host, over PGlite in a fresh folder or a fresh PostgreSQL database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort } from '../ports';
import { createScratchDatabase } from '../../lib/testing/scratch-pg';

export type Host = 'next' | 'standalone';
export type DbKind = 'pglite' | 'postgres';

export interface RunningServer {
  baseUrl: string;
  databaseUrl?: string;
  stop(): Promise<void>;
}

export function createTestDatabase(adminUrl: string) {
  return createScratchDatabase(adminUrl, 'csp_test');
}

export interface StartOptions {
  host: Host;
  db: DbKind;
  env?: Record<string, string>;
  /** Reuse this PostgreSQL database (several instances on one database); it is not dropped. */
  databaseUrl?: string;
  /** Reuse this PGlite folder (restart after a crash); it is not removed. */
  dataDir?: string;
  /** Listen on this port (when another process must know the URL before start); default: a free one. */
  port?: number;
  /**
   * A server for the whole run (the suite's, e2e/api/global-setup.ts): V8 optimizes its hot
   * WebAssembly (PGlite) and JavaScript as usual. Otherwise a test file's own, which answers a few
   * dozen requests: its WebAssembly stays in V8's baseline compiler (`--liftoff-only`), whose
   * optimizing of PGlite at start cost ~0.8 s of CPU a start, most of it never used.
   */
  long?: boolean;
}

export async function startServer(
  opts: StartOptions,
): Promise<RunningServer & { kill(signal?: NodeJS.Signals): void; output(): string; pid(): number }> {
  let port = opts.port ?? (await freePort());
  const root = path.resolve(import.meta.dirname, '../..');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    AUTH_SECRET: 'test-auth-secret-0123456789abcdef0123456789',
    OPERATOR_EMAIL: 'operator@network.test',
    OPERATOR_PASSWORD: 'operator-test-password',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    RATE_LIMIT_PER_MINUTE: '1000000',
    SIGNIN_FAILURES_PER_ACCOUNT: '1000000',
    SIGNIN_FAILURES_PER_ACCOUNT_ADDRESS: '1000000',
    SIGNIN_FAILURES_PER_IP: '1000000',
    ANONYMOUS_WRITES_PER_MINUTE: '1000000',
    SIGNUPS_PER_HOUR: '1000000',
    // Every answer of every test is checked against its route's schema (benchmarks turn it off).
    CHECK_RESPONSES: 'true',
    // Short timings so tests see background work (Sandbox Bank, expiry, webhooks) quickly.
    SANDBOX_BANK_DELAY_MS: '300',
    // New events wake webhook delivery at once (LISTEN); the poll finds the retries due. Each pass
    // of a worker is a query even when idle: an idle test server on PGlite spent 7.6 % of a core
    // with the expiry at 500 ms and the poll at 200 (docs/testing.md).
    EXPIRY_SWEEP_MS: '1000',
    WEBHOOK_POLL_MS: '500',
    WEBHOOK_RETRY_SCHEDULE: '1,2,3',
    SETTLEMENT_INTERVAL_SECONDS: '86400',
    // Sign-ups and sign-ins by the thousand: argon2 at its least cost (lib/config.ts); a production
    // start (CSP_ENV=production) would refuse it.
    ...(opts.env?.CSP_ENV === 'production' ? {} : { PASSWORD_HASHING: 'fast' }),
    ...opts.env,
  };
  delete env.DATABASE_URL;
  let dataDir: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (opts.databaseUrl) {
    databaseUrl = opts.databaseUrl;
    env.DATABASE_URL = opts.databaseUrl;
  } else if (opts.dataDir) {
    env.DATA_DIR = opts.dataDir;
  } else if (opts.db === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL suite');
    const created = await createTestDatabase(admin);
    databaseUrl = created.url;
    dropDb = created.drop;
    env.DATABASE_URL = created.url;
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'csp-api-'));
    env.DATA_DIR = path.join(dataDir, 'db');
  }

  // The server's own word that it is listening on the port: a probe's answer alone could come from
  // another process on it (see freePort).
  const listening = () =>
    opts.host === 'next' ? /Ready in /.test(output) : output.includes('"msg":"gateway listening"');
  const gateway = opts.host === 'standalone' ? await gatewayBundle(root) : '';
  const v8 = opts.long ? [] : ['--liftoff-only'];
  // The host's program and arguments on the port of this launch (a retry takes another).
  const entry = (on: number) =>
    opts.host === 'next'
      ? [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(on)]
      : ['--conditions=react-server', gateway];
  const launch = () =>
    spawn(process.execPath, [...v8, ...entry(port)], {
      cwd: root,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  let child: ChildProcess;
  let output: string;
  let baseUrl: string;
  for (let launches = 1; ; launches++) {
    env.PORT = String(port);
    const started = launch();
    child = started;
    output = '';
    started.stdout!.on('data', (d) => (output += d));
    started.stderr!.on('data', (d) => (output += d));
    baseUrl = `http://127.0.0.1:${port}/api/v1/csp`;
    if (await ready(started, baseUrl, listening, () => output)) break;
    // Another server took the port between freePort and the bind: start again on another.
    if (opts.port !== undefined || launches === 3)
      throw new Error(`server exited early (${started.exitCode}):\n${output}`);
    port = await freePort();
  }

  return {
    baseUrl,
    databaseUrl,
    kill: (signal: NodeJS.Signals = 'SIGKILL') => child.kill(signal),
    pid: () => child.pid!,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await new Promise((r) => {
        if (child.exitCode !== null || child.signalCode !== null) return r(null);
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r(null);
        }, 5000);
        child.once('exit', () => {
          clearTimeout(t);
          r(null);
        });
      });
      if (process.env.CSP_TEST_SERVER_LOG) console.log(output);
      if (dropDb) await dropDb().catch(() => {});
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the child says it is listening and answers: true; false when it exited because its
 * port was taken; throws on any other early exit or after 90 s.
 */
async function ready(child: ChildProcess, baseUrl: string, listening: () => boolean, output: () => string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (output().includes('EADDRINUSE')) return false;
      throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    }
    if (listening()) {
      try {
        const res = await fetch(`${baseUrl}/openapi.json`);
        if (res.status === 200) return true;
      } catch {
        // listening, not answering yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

let bundle: Promise<string> | undefined;

/**
 * The standalone host's code, scripts/gateway.ts and what it imports of lib/, as one ES module
 * bundle (esbuild, the packages left to Node.js), built once per test process in a folder of its
 * own under node_modules/.cache (where Node.js finds the packages from). Loaded through tsx, as
 * `npm run gateway` does, a start cost about 3 s more CPU (7.4 against 4.4 s, a start and stop on
 * PGlite), and the suites start dozens; production-start.test.ts starts scripts/gateway.ts through
 * tsx once, as `npm run gateway` does.
 */
export function gatewayBundle(root: string): Promise<string> {
  bundle ??= (async () => {
    const cache = path.join(root, 'node_modules/.cache');
    // A test process's workers end without an exit event: each folder is named by its process,
    // and the folders of processes that have ended are removed here.
    for (const name of existsSync(cache) ? readdirSync(cache) : []) {
      const pid = /^csp-gateway-bundle-(\d+)$/.exec(name)?.[1];
      if (pid && !alive(Number(pid))) rmSync(path.join(cache, name), { recursive: true, force: true });
    }
    const outdir = path.join(cache, `csp-gateway-bundle-${process.pid}`);
    mkdirSync(outdir, { recursive: true });
    await build({
      absWorkingDir: root,
      entryPoints: ['scripts/gateway.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      // Each dynamic import its own chunk, loaded when reached: tracing starts before `http` and
      // `pg` are loaded, as in scripts/gateway.ts.
      splitting: true,
      packages: 'external',
      target: 'node20',
      outdir,
      outExtension: { '.js': '.mjs' },
      logLevel: 'warning',
    });
    return path.join(outdir, 'gateway.mjs');
  })();
  return bundle;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
