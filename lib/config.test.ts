import { afterEach, describe, expect, it, vi } from 'vitest';

// lib/config.ts reads the environment once, when loaded: each case loads it (and the production
// checks of lib/server/production-config.ts) afresh.
const SAVED = { ...process.env };
afterEach(() => {
  process.env = { ...SAVED };
  vi.resetModules();
});

async function load(env: Record<string, string | undefined>) {
  for (const name of ['CSP_ENV', 'AUTH_SECRET', 'NEXTAUTH_SECRET', 'OPERATOR_PASSWORD', 'PASSWORD_HASHING'])
    delete process.env[name];
  // A strong operator password unless the case is about it.
  for (const [name, value] of Object.entries({ OPERATOR_PASSWORD: OPERATOR, ...env }))
    if (value !== undefined) process.env[name] = value;
  vi.resetModules();
  return { ...(await import('./config')), ...(await import('./server/production-config')) };
}

// Random, as `openssl rand -base64 24` gives them: strong by any estimate.
const STRONG = 'Jq3vX9pL2mW8rT5yB1nK7cF4hD6sG0aZ';
const OPERATOR = 'correct horse battery staple orbit';
const STRONG_2 = 'rX7kP2wQ9mL4vB8nT1cZ6yH3fJ5gD0sA';
const AUTH_LINE =
  'AUTH_SECRET must be set to a random string of at least 32 characters in production (e.g. openssl rand -base64 48)';
const NEXTAUTH_LINE =
  "NEXTAUTH_SECRET must be set to a random string of at least 32 characters in production (e.g. openssl rand -base64 48); it encrypts the dashboard's sessions";

describe('secrets in production (CSP_ENV=production)', () => {
  it('refuses a missing, short or development AUTH_SECRET, on both hosts', async () => {
    const development = (await load({})).config.authSecret;
    // Long enough but guessable: one letter, a run, a phrase of words and digits.
    const guessable = [
      'a'.repeat(32),
      'abcdefghijklmnopqrstuvwxyz012345',
      'a-strong-random-secret-0123456789abcdef',
    ];
    for (const secret of [undefined, '', 'x'.repeat(31), development, ...guessable]) {
      const { productionConfigProblems } = await load({
        CSP_ENV: 'production',
        AUTH_SECRET: secret,
        NEXTAUTH_SECRET: STRONG_2,
      });
      expect(await productionConfigProblems({ dashboard: false })).toEqual([AUTH_LINE]);
      expect(await productionConfigProblems({ dashboard: true })).toEqual([AUTH_LINE]);
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
      expect(await productionConfigProblems({ dashboard: true })).toEqual([NEXTAUTH_LINE]);
      expect(await productionConfigProblems({ dashboard: false })).toEqual([]);
    }
    const none = await load({ CSP_ENV: 'production' });
    expect(await none.productionConfigProblems({ dashboard: true })).toEqual([AUTH_LINE, NEXTAUTH_LINE]);
  });

  it('accepts strong secrets, and uses them', async () => {
    const { config, productionConfigProblems } = await load({
      CSP_ENV: 'production',
      AUTH_SECRET: STRONG,
      NEXTAUTH_SECRET: STRONG_2,
    });
    expect(await productionConfigProblems({ dashboard: true })).toEqual([]);
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
    expect(await development.productionConfigProblems({ dashboard: true })).toEqual([]);
    expect(development.config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(development.config.nextAuthSecret).toBe(development.config.authSecret);
    const set = await load({ AUTH_SECRET: STRONG });
    expect(set.config.nextAuthSecret).toBe(STRONG);
  });
});

describe('the operator password in production', () => {
  it("refuses a missing or demo OPERATOR_PASSWORD, and one the users' password policy refuses", async () => {
    const line = (why: string) =>
      `OPERATOR_PASSWORD must be set to a password the users' password policy accepts in production: ${why}`;
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'it is unset or the demo one'],
      ['', 'it is unset or the demo one'],
      ['operator-demo-password', 'it is unset or the demo one'],
      ['x'.repeat(11), 'it must have at least 12 characters'],
      [
        'aaaaaaaaaaaa',
        'it is too easy to guess (repeated characters like "aaa" are easy to guess): use a longer phrase of unrelated words',
      ],
      ['password1234', 'it is one of the most common passwords: choose another'],
    ];
    for (const [password, why] of cases) {
      const env = { CSP_ENV: 'production', AUTH_SECRET: STRONG, NEXTAUTH_SECRET: STRONG_2 };
      const { productionConfigProblems } = await load({ ...env, OPERATOR_PASSWORD: password });
      expect(await productionConfigProblems({ dashboard: false })).toEqual([line(why)]);
    }
  });
});

describe('demo data in production', () => {
  it('refuses SEED_DEMO=true in production, and only there', async () => {
    const env = { AUTH_SECRET: STRONG, NEXTAUTH_SECRET: STRONG_2, SEED_DEMO: 'true' };
    const production = await load({ ...env, CSP_ENV: 'production' });
    expect(await production.productionConfigProblems({ dashboard: true })).toEqual([
      'SEED_DEMO=true is refused in production: the demo organizations sign in with published passwords and API keys',
    ]);
    const development = await load(env);
    expect(await development.productionConfigProblems({ dashboard: true })).toEqual([]);
    expect(development.config.seedDemo).toBe(true);
  });
});

describe('password hashing', () => {
  const hashOf = async (env: Record<string, string>) => {
    await load(env);
    return (await import('./auth/password')).hashPassword('correct horse battery staple');
  };

  it("hashes at OWASP's minimum cost unless PASSWORD_HASHING=fast, which production refuses", async () => {
    expect(await hashOf({})).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const fast = await hashOf({ PASSWORD_HASHING: 'fast' });
    expect(fast).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    // A hash keeps its own cost: a fast one verifies under the standard setting.
    await load({});
    const { verifyPassword } = await import('./auth/password');
    expect(await verifyPassword(fast, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(fast, 'correct horse battery stapler')).toBe(false);
    const env = {
      CSP_ENV: 'production',
      AUTH_SECRET: STRONG,
      NEXTAUTH_SECRET: STRONG_2,
      PASSWORD_HASHING: 'fast',
    };
    expect(await (await load(env)).productionConfigProblems({ dashboard: true })).toEqual([
      'PASSWORD_HASHING=fast is refused in production: it is for test suites, and makes a stolen hash about 30 times cheaper to guess',
    ]);
  });
});
