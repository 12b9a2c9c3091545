import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, startServer, type Host } from './server';

// A production process (CSP_ENV=production) refuses to start without strong secrets, before it
// opens its database (docs/decisions.md, "Production"). The standalone gateway is checked always;
// the Next.js host, which also serves the dashboard, when the suite runs on it (it needs a build).
const ROOT = path.resolve(import.meta.dirname, '../..');
const STRONG = 'production-start-secret-0123456789abcdef';
const STRONG_2 = 'production-start-session-0123456789abcdef';
const AUTH_LINE =
  'AUTH_SECRET must be set to a random string of at least 32 characters in production (e.g. openssl rand -base64 48)';
const NEXTAUTH_LINE =
  "NEXTAUTH_SECRET must be set to a random string of at least 32 characters in production (e.g. openssl rand -base64 48); it encrypts the dashboard's sessions";

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** Starts a host with exactly these settings over a fresh PGlite folder; its exit code and stderr. */
async function exitOf(
  host: Host,
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string[] }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'csp-start-'));
  folders.push(folder);
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
      : ['--conditions=react-server', '--import', 'tsx', 'scripts/gateway.ts'],
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

describe('a production gateway (npm run gateway) without a strong AUTH_SECRET', () => {
  it.each([
    ['unset', { NODE_ENV: 'production' }],
    ['shorter than 32 characters', { NODE_ENV: 'production', AUTH_SECRET: 'short-but-not-32-characters' }],
    ['unset, NODE_ENV unset as under npm run gateway', {}],
  ])(
    'exits with status 1 and one line saying what to set: AUTH_SECRET %s',
    async (_label, env) => {
      const { code, stderr } = await exitOf('standalone', { CSP_ENV: 'production', ...env });
      expect(code).toBe(1);
      expect(stderr).toEqual([AUTH_LINE]);
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
  }, 90_000);
});

describe.runIf(inject('host') === 'next')(
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
    }, 90_000);

    it('exits with status 1 when NEXTAUTH_SECRET is unset', async () => {
      const { code, stderr } = await exitOf('next', {
        CSP_ENV: 'production',
        NODE_ENV: 'production',
        AUTH_SECRET: STRONG,
      });
      expect(code).toBe(1);
      expect(stderr).toContain(NEXTAUTH_LINE);
      expect(stderr).not.toContain(AUTH_LINE);
    }, 90_000);

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
    }, 90_000);
  },
);
