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

// Random, as `openssl rand -base64 32` makes them: 32 bytes, 44 characters.
const STRONG = 'wjoX6iHVeP+sv942iT1s64alamE1LP6ppB6Qv4Yf0zM=';
const OPERATOR = 'correct horse battery staple orbit';
const STRONG_2 = 'Echq2MFxaEtKAxnXB3BYLNoqhwg1uGdkvboJc+g8Yas=';
const HOW = 'must be a generated random secret of at least 32 bytes in production';
const MAKE = '(make one with: openssl rand -base64 32)';
const authLine = (why: string) => `AUTH_SECRET ${HOW} ${MAKE}: ${why}`;
const nextAuthLine = (why: string) =>
  `NEXTAUTH_SECRET ${HOW}, as it encrypts the dashboard's sessions ${MAKE}: ${why}`;
const UNSET = 'it is unset';

describe('secrets in production (CSP_ENV=production)', () => {
  it('refuses a missing, short, development or made-up AUTH_SECRET, saying why, on both hosts', async () => {
    const development = (await load({})).config.authSecret;
    const short = (n: number) =>
      `it has ${n} characters, and 32 random bytes are at least 43 in base64 (64 in hex)`;
    const repeated = (bits: string, least: number) =>
      `its characters repeat too much to be random (${bits} bits of entropy a character; a generated one has at least ${least})`;
    const cases: Array<[string | undefined, string]> = [
      [undefined, UNSET],
      ['', UNSET],
      [development, 'it is the development value'],
      // A passphrase: long, and by zxcvbn's estimate (which knows no English words) over 10^30.
      ['correct horse battery staple 12345 correct horse', 'it holds spaces, as a phrase of words does'],
      ['correct-horse-battery-staple-12345-correct-horse', repeated('3.8', 4)],
      ['correcthorsebatterystaple12345correcthorseX', repeated('3.8', 4)],
      // 24 random bytes (`openssl rand -base64 24`, what was accepted before) and 24 in hex.
      ['Jq3vX9pL2mW8rT5yB1nK7cF4hD6sG0aZ', short(32)],
      ['a4654acd132bbaa08469e9ad25f97db03ed6a8c82fdcd1af', short(48)],
      ['x'.repeat(31), short(31)],
      // Repeated characters, in base64's alphabet and in hex.
      ['x'.repeat(64), repeated('0.0', 4)],
      ['0'.repeat(64), repeated('0.0', 3)],
      ['ab'.repeat(32), repeated('1.0', 3)],
      // Varied characters in a sequence: the counts say random, zxcvbn does not.
      [
        'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH',
        'it is guessable: a sequence, a repeated pattern or a common password',
      ],
      ['0123456789abcdef'.repeat(4), 'it is guessable: a sequence, a repeated pattern or a common password'],
    ];
    for (const [secret, why] of cases) {
      const { productionConfigProblems } = await load({
        CSP_ENV: 'production',
        AUTH_SECRET: secret,
        NEXTAUTH_SECRET: STRONG_2,
      });
      expect(await productionConfigProblems({ dashboard: false }), String(secret)).toEqual([authLine(why)]);
      expect(await productionConfigProblems({ dashboard: true }), String(secret)).toEqual([authLine(why)]);
    }
  });

  it('accepts what a generator makes: 32 random bytes or more in base64, base64url or hex', async () => {
    for (const secret of [
      STRONG,
      'MrmPaY9oxj6zDoLnxO-IXq9Je1JxwuEiPR9CM35Ck_I',
      'a4654acd132bbaa08469e9ad25f97db03ed6a8c82fdcd1af7b46920157edfdf1',
      'A4654ACD132BBAA08469E9AD25F97DB03ED6A8C82FDCD1AF7B46920157EDFDF1',
      // `openssl rand -base64 48`, which the README advised before.
      'kQ2r8wZ0pVn5yL3tH7mB1cX9fJ4sD6gA0eR2uI8oP5aS3dF7gH1jK9lZ4xC6vB0n',
    ]) {
      const { productionConfigProblems } = await load({
        CSP_ENV: 'production',
        AUTH_SECRET: secret,
        NEXTAUTH_SECRET: STRONG_2,
      });
      expect(await productionConfigProblems({ dashboard: true }), secret).toEqual([]);
    }
  });

  it('requires NEXTAUTH_SECRET where the dashboard is served, not on the standalone gateway', async () => {
    const development = (await load({})).config.authSecret;
    const cases: Array<[string | undefined, string]> = [
      [undefined, UNSET],
      ['correct horse battery staple 12345 correct horse', 'it holds spaces, as a phrase of words does'],
      [development, 'it is the development value'],
    ];
    for (const [secret, why] of cases) {
      const { productionConfigProblems } = await load({
        CSP_ENV: 'production',
        AUTH_SECRET: STRONG,
        NEXTAUTH_SECRET: secret,
      });
      expect(await productionConfigProblems({ dashboard: true })).toEqual([nextAuthLine(why)]);
      expect(await productionConfigProblems({ dashboard: false })).toEqual([]);
    }
    const none = await load({ CSP_ENV: 'production' });
    expect(await none.productionConfigProblems({ dashboard: true })).toEqual([
      authLine(UNSET),
      nextAuthLine(UNSET),
    ]);
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
      ['x'.repeat(11), 'use at least 12 characters'],
      [
        'aaaaaaaaaaaa',
        'choose a password harder to guess (repeated characters like "aaa" are easy to guess), such as a longer phrase of unrelated words',
      ],
      ['password1234', 'choose a less common password (this one is among the most used)'],
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
