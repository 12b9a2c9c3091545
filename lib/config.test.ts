import { afterEach, describe, expect, it, vi } from 'vitest';

// lib/config.ts reads the environment once, when loaded: each case loads it afresh.
const SAVED = { ...process.env };
afterEach(() => {
  process.env = { ...SAVED };
  vi.resetModules();
});

async function load(env: Record<string, string | undefined>) {
  for (const name of ['CSP_ENV', 'AUTH_SECRET', 'NEXTAUTH_SECRET', 'OPERATOR_PASSWORD'])
    delete process.env[name];
  // A strong operator password unless the case is about it.
  for (const [name, value] of Object.entries({ OPERATOR_PASSWORD: OPERATOR, ...env }))
    if (value !== undefined) process.env[name] = value;
  vi.resetModules();
  return import('./config');
}

const STRONG = 'a-strong-random-secret-0123456789abcdef';
const OPERATOR = 'a-long-operator-password';
const STRONG_2 = 'another-strong-random-secret-0123456789';
const AUTH_LINE =
  'AUTH_SECRET must be set to a random string of at least 32 characters in production (e.g. openssl rand -base64 48)';
const NEXTAUTH_LINE =
  "NEXTAUTH_SECRET must be set to a random string of at least 32 characters in production (e.g. openssl rand -base64 48); it encrypts the dashboard's sessions";

describe('secrets in production (CSP_ENV=production)', () => {
  it('refuses a missing, short or development AUTH_SECRET, on both hosts', async () => {
    const development = (await load({})).config.authSecret;
    for (const secret of [undefined, '', 'x'.repeat(31), development]) {
      const { productionConfigProblems } = await load({
        CSP_ENV: 'production',
        AUTH_SECRET: secret,
        NEXTAUTH_SECRET: STRONG_2,
      });
      expect(productionConfigProblems({ dashboard: false })).toEqual([AUTH_LINE]);
      expect(productionConfigProblems({ dashboard: true })).toEqual([AUTH_LINE]);
    }
  });

  it('requires NEXTAUTH_SECRET where the dashboard is served, not on the standalone gateway', async () => {
    const development = (await load({})).config.authSecret;
    for (const secret of [undefined, 'short', development]) {
      const { productionConfigProblems } = await load({
        CSP_ENV: 'production',
        AUTH_SECRET: STRONG,
        NEXTAUTH_SECRET: secret,
      });
      expect(productionConfigProblems({ dashboard: true })).toEqual([NEXTAUTH_LINE]);
      expect(productionConfigProblems({ dashboard: false })).toEqual([]);
    }
    const none = await load({ CSP_ENV: 'production' });
    expect(none.productionConfigProblems({ dashboard: true })).toEqual([AUTH_LINE, NEXTAUTH_LINE]);
  });

  it('accepts strong secrets, and uses them', async () => {
    const { config, productionConfigProblems } = await load({
      CSP_ENV: 'production',
      AUTH_SECRET: STRONG,
      NEXTAUTH_SECRET: STRONG_2,
    });
    expect(productionConfigProblems({ dashboard: true })).toEqual([]);
    expect(config.authSecret).toBe(STRONG);
    expect(config.nextAuthSecret).toBe(STRONG_2);
  });

  it('never falls back to the development secret in production', async () => {
    const { config } = await load({ CSP_ENV: 'production' });
    expect(config.authSecret).toBe('');
    expect(config.nextAuthSecret).toBe('');
  });

  it('outside production, the development secret signs and NEXTAUTH_SECRET falls back to AUTH_SECRET', async () => {
    const development = await load({ NODE_ENV: 'production' });
    expect(development.productionConfigProblems({ dashboard: true })).toEqual([]);
    expect(development.config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(development.config.nextAuthSecret).toBe(development.config.authSecret);
    const set = await load({ AUTH_SECRET: STRONG });
    expect(set.config.nextAuthSecret).toBe(STRONG);
  });
});

describe('the operator password in production', () => {
  it('refuses a missing, demo or short OPERATOR_PASSWORD', async () => {
    const line =
      'OPERATOR_PASSWORD must be set to a password of at least 12 characters (not the demo one) in production';
    for (const password of [undefined, '', 'operator-demo-password', 'x'.repeat(11)]) {
      const env = { CSP_ENV: 'production', AUTH_SECRET: STRONG, NEXTAUTH_SECRET: STRONG_2 };
      const { productionConfigProblems } = await load({ ...env, OPERATOR_PASSWORD: password });
      expect(productionConfigProblems({ dashboard: false })).toEqual([line]);
    }
  });
});
