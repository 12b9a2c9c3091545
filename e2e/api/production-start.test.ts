import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../ports';
import { gatewayBundle, startServer, type Host } from './server';

// A production process (CSP_ENV=production) refuses to start without strong secrets, before it
// opens its database (docs/decisions.md, "Production"). The standalone gateway is checked always;
// the Next.js host, which also serves the dashboard, when the suite runs on it (it needs a build).
const ROOT = path.resolve(import.meta.dirname, '../..');
// Random, as `openssl rand -base64 32` makes them (lib/config.test.ts holds the refused kinds).
const STRONG = '3dbmpiC5ssl/frTfj+KaQKvaTQH8Bo5hNFg0GdAZJBA=';
const STRONG_2 = 'Echq2MFxaEtKAxnXB3BYLNoqhwg1uGdkvboJc+g8Yas=';
const MAKE = '(make one with: openssl rand -base64 32)';
const AUTH_RULE = `AUTH_SECRET must be a generated random secret of at least 32 bytes in production ${MAKE}`;
const AUTH_LINE = `${AUTH_RULE}: it is unset`;
const NEXTAUTH_LINE = `NEXTAUTH_SECRET must be a generated random secret of at least 32 bytes in production, as it encrypts the dashboard's sessions ${MAKE}: it is unset`;

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));
function newFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'csp-start-'));
  folders.push(folder);
  return folder;
}

/**
 * Starts a host with exactly these settings over a fresh PGlite folder; its exit code and stderr.
 * The standalone gateway from the suites' bundle of scripts/gateway.ts (e2e/api/server.ts: the
 * same code, started for ~3 s less CPU), or `asNpmRunGateway` through tsx, as `npm run gateway`
 * starts it.
 */
async function exitOf(
  host: Host,
  env: Record<string, string>,
  { folder = newFolder(), asNpmRunGateway = false } = {},
): Promise<{ code: number | null; stderr: string[] }> {
  const port = await freePort();
  const base = { ...process.env };
  for (const name of ['AUTH_SECRET', 'NEXTAUTH_SECRET', 'DATABASE_URL', 'CSP_ENV', 'NODE_ENV'])
    delete base[name];
  // A strong operator password unless the case sets its own (lib/config.test.ts covers that rule).
  base.OPERATOR_PASSWORD = 'operator-test-password';
  const child = spawn(
    host === 'next' ? path.join(ROOT, 'node_modules/.bin/next') : process.execPath,
    host === 'next'
      ? ['start', '-p', String(port)]
      : asNpmRunGateway
        ? ['--conditions=react-server', '--import', 'tsx', 'scripts/gateway.ts']
        : ['--conditions=react-server', await gatewayBundle(ROOT)],
    {
      cwd: ROOT,
      env: { ...base, PORT: String(port), DATA_DIR: path.join(folder, 'db'), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stderr: stderr.split('\n').filter((l) => l.trim() !== '') };
}

/**
 * Every server here is the file's own, its host and database named (PGlite), whatever the run's
 * are: the file runs in the runs on PGlite only, where the Next.js host's run covers it.
 */
const ownRun = inject('dbKind') === 'pglite';

describe.runIf(ownRun)('a production gateway (npm run gateway) without a strong AUTH_SECRET', () => {
  it.each([
    ['unset', { NODE_ENV: 'production' }, AUTH_LINE],
    [
      'a phrase of words',
      { NODE_ENV: 'production', AUTH_SECRET: 'correct horse battery staple 12345 correct horse' },
      `${AUTH_RULE}: it holds spaces, as a phrase of words does`,
    ],
    ['unset, NODE_ENV unset as under npm run gateway', {}, AUTH_LINE],
  ])(
    'exits with status 1 and one line saying what to set: AUTH_SECRET %s',
    async (label, env, line) => {
      const { code, stderr } = await exitOf(
        'standalone',
        { CSP_ENV: 'production', ...env },
        { asNpmRunGateway: label.includes('npm run gateway') },
      );
      expect(code).toBe(1);
      expect(stderr).toEqual([line]);
    },
    90_000,
  );

  it('starts with a strong one', async () => {
    const server = await startServer({
      host: 'standalone',
      db: 'pglite',
      env: { CSP_ENV: 'production', AUTH_SECRET: STRONG },
    });
    try {
      expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe.runIf(ownRun && inject('host') === 'next')(
  'a production Next.js host (npm start) without strong secrets',
  () => {
    it('exits with status 1 when AUTH_SECRET is unset', async () => {
      const { code, stderr } = await exitOf('next', {
        CSP_ENV: 'production',
        NODE_ENV: 'production',
        NEXTAUTH_SECRET: STRONG_2,
      });
      expect(code).toBe(1);
      expect(stderr).toContain(AUTH_LINE);
      expect(stderr).not.toContain(NEXTAUTH_LINE);
    });

    it('exits with status 1 when NEXTAUTH_SECRET is unset', async () => {
      const { code, stderr } = await exitOf('next', {
        CSP_ENV: 'production',
        NODE_ENV: 'production',
        AUTH_SECRET: STRONG,
      });
      expect(code).toBe(1);
      expect(stderr).toContain(NEXTAUTH_LINE);
      expect(stderr).not.toContain(AUTH_LINE);
    });

    it('starts with both', async () => {
      const server = await startServer({
        host: 'next',
        db: 'pglite',
        env: { CSP_ENV: 'production', AUTH_SECRET: STRONG, NEXTAUTH_SECRET: STRONG_2 },
      });
      try {
        expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
      } finally {
        await server.stop();
      }
    });
  },
);

describe.runIf(ownRun)('demo data in production', () => {
  const production = { CSP_ENV: 'production', NODE_ENV: 'production', AUTH_SECRET: STRONG };
  const DEMO_LINE =
    'SEED_DEMO=true is refused in production: the demo organizations sign in with published passwords and API keys';

  it('a production gateway asked to seed the demo exits with status 1 and one line saying why', async () => {
    const { code, stderr } = await exitOf('standalone', { ...production, SEED_DEMO: 'true' });
    expect(code).toBe(1);
    expect(stderr).toEqual([DEMO_LINE]);
  });

  it('a production gateway over a database that holds the demo data refuses to serve it', async () => {
    const folder = newFolder();
    // Seeded by a development start over the same folder, then stopped.
    const demo = await startServer({
      host: 'standalone',
      db: 'pglite',
      dataDir: path.join(folder, 'db'),
      env: { SEED_DEMO: 'true' },
    });
    const seeded = await fetch(`${demo.baseUrl}/organization/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ admin_email: 'admin@demo-bank.test', admin_password: 'demo-password-1' }),
    });
    expect(seeded.status).toBe(200);
    await demo.stop();
    const { code, stderr } = await exitOf('standalone', production, { folder });
    expect(code).toBe(1);
    expect(stderr).toEqual([
      'This database holds the demo data (namespace demo-bank.test), whose passwords and API keys are published: production refuses to serve it; start from a database without it',
    ]);
  });

  it.runIf(inject('host') === 'next')(
    'npm start in production seeds nothing: the demo sign-in and the published key are refused',
    async () => {
      const port = await freePort();
      const folder = newFolder();
      const base = { ...process.env };
      for (const name of ['DATABASE_URL', 'SEED_DEMO', 'NEXTAUTH_URL']) delete base[name];
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
        cwd: ROOT,
        env: {
          ...base,
          ...production,
          NEXTAUTH_SECRET: STRONG_2,
          OPERATOR_PASSWORD: 'operator-test-password',
          PORT: String(port),
          DATA_DIR: path.join(folder, 'db'),
        } as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.resume();
      try {
        const deadline = Date.now() + 90_000;
        while (!stdout.includes('is up') && Date.now() < deadline && child.exitCode === null)
          await new Promise((r) => setTimeout(r, 250));
        expect(stdout).toContain('is up');
        // The banner names the operator only: no demo sign-in, no demo key.
        expect(stdout).not.toContain('demo-bank.test');
        expect(stdout).not.toContain('sk_live_demo');
        const api = `http://127.0.0.1:${port}/api/v1/csp`;
        const signIn = await fetch(`${api}/organization/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ admin_email: 'admin@demo-bank.test', admin_password: 'demo-password-1' }),
        });
        expect(signIn.status).toBe(401);
        const key = await fetch(`${api}/payments`, {
          headers: { 'x-service-api-key': 'sk_live_demo_0000000000000000000000000000000000000000demo' },
        });
        expect(key.status).toBe(401);
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
    150_000,
  );
});
