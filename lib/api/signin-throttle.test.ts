import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@/lib/testing/db';
import {
  CurrentPasswordRefusedError,
  SignInGuardedError,
  UnauthorizedError,
  ValidationError,
} from '@/lib/errors';
import type { SignInGuard } from '@/lib/services/organizations/sign-in-guard';
import { postgresCounterStore, redisCounterStore, type CounterStore } from './rate-limit';
import { secondsUntilAllowed, SignInThrottle, throttledMessage } from './signin-throttle';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const LIMITS = { perAccountAddress: 3, perAccount: 4, perAddress: 5, windowSeconds: 15 * 60 };
// 10 s into a minute.
const T0 = Date.UTC(2026, 0, 1, 12, 0, 10);
const MIN = 60_000;
const uniq = () => crypto.randomUUID().slice(0, 8);
// Random per run: Redis keeps its counters between runs.
const addr = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`;
const fail = () => Promise.reject(new UnauthorizedError('Invalid email or password'));
const succeed = () => Promise.resolve('signed in');
/** What the sign-in step was told: guarded (and for how long) or not. */
const told = (guard: SignInGuard | null) =>
  Promise.resolve(guard ? `guarded ${guard.retryAfterSeconds}` : 'free');

async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    return String(await p);
  } catch (err) {
    const e = err as { status?: number; headers?: Record<string, string> };
    return e.status === 429 ? `429 ${e.headers?.['Retry-After']}` : String(e.status);
  }
}

describe('secondsUntilAllowed', () => {
  it('waits until enough of the oldest minutes have left the window', () => {
    // 3 failures in the current minute, limit 3, 15 one-minute buckets: all 15 minutes must pass.
    const counts = [...Array(14).fill(0), 3];
    expect(secondsUntilAllowed(counts, 3, T0)).toBe(50 + 14 * 60);
    // One failure in the oldest minute, two now: the oldest leaves when the current minute ends.
    expect(secondsUntilAllowed([1, ...Array(13).fill(0), 2], 3, T0)).toBe(50);
    // Over the limit (a smaller limit configured since): until the total is below it.
    expect(secondsUntilAllowed([2, 2, 2], 2, T0)).toBe(50 + 2 * 60);
    expect(throttledMessage(50 + 14 * 60)).toBe('Too many failed sign-ins; try again in 15 minutes');
    expect(throttledMessage(50)).toBe('Too many failed sign-ins; try again in 1 minute');
  });
});

function throttleSuite(name: string, makeStore: () => Promise<CounterStore>) {
  describe(`SignInThrottle on ${name}`, () => {
    let store: CounterStore;
    beforeAll(async () => {
      store = await makeStore();
    });

    it('refuses an address past its failures for an account, the right password included — and only that address', async () => {
      const throttle = new SignInThrottle(store, LIMITS);
      const account = { email: `a-${uniq()}@example.test`, address: addr() };
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await outcome(throttle.attempt(account, fail, T0 + i * 1000)));
      results.push(await outcome(throttle.attempt(account, succeed, T0 + 4000)));
      expect(results).toEqual(['401', '401', '401', `429 ${50 + 14 * 60 - 4}`]);
      // The owner, from another address, signs in: three failures do not guard the account.
      expect(await outcome(throttle.attempt({ ...account, address: addr() }, told, T0 + 5000))).toBe('free');
      // After the window the first address may try again.
      expect(await outcome(throttle.attempt(account, succeed, T0 + 15 * MIN))).toBe('signed in');
    });

    it('guards an account past its failures from every address, for as long as they stay in the window', async () => {
      const throttle = new SignInThrottle(store, LIMITS);
      const email = `g-${uniq()}@example.test`;
      // Four failures, each from another address (none reaches its own limit of three).
      for (let i = 0; i < 4; i++)
        expect(await outcome(throttle.attempt({ email, address: addr() }, fail, T0 + i * 1000))).toBe('401');
      // The sign-in step is told the account is guarded, and until when: not refused here.
      expect(await outcome(throttle.attempt({ email, address: addr() }, told, T0 + 5000))).toBe(
        `guarded ${50 + 14 * 60 - 5}`,
      );
      // A guarded refusal that checked a password counts; one that checked nothing does not.
      const checked = () => Promise.reject(new SignInGuardedError(60, true));
      const unchecked = () => Promise.reject(new SignInGuardedError(60, false));
      const address = addr();
      for (let i = 0; i < 3; i++)
        expect(await outcome(throttle.attempt({ email, address }, unchecked, T0 + 6000))).toBe('429 60');
      expect(await outcome(throttle.attempt({ email, address }, checked, T0 + 6000))).toBe('429 60');
      expect(await outcome(throttle.attempt({ email, address }, checked, T0 + 6000))).toBe('429 60');
      expect(await outcome(throttle.attempt({ email, address }, checked, T0 + 6000))).toBe('429 60');
      expect(await outcome(throttle.attempt({ email, address }, told, T0 + 6000))).toMatch(/^429 /);
      // Another account is not guarded; this one is free once its failures leave the window.
      expect(
        await outcome(throttle.attempt({ email: `h-${uniq()}@example.test`, address: addr() }, told, T0)),
      ).toBe('free');
      expect(await outcome(throttle.attempt({ email, address: addr() }, told, T0 + 15 * MIN))).toBe('free');
    });

    it('does not count successes or errors other than a refused password', async () => {
      const throttle = new SignInThrottle(store, LIMITS);
      const account = { email: `c-${uniq()}@example.test`, address: addr() };
      for (let i = 0; i < 5; i++)
        expect(await outcome(throttle.attempt(account, succeed, T0))).toBe('signed in');
      expect(
        await outcome(throttle.attempt(account, () => Promise.reject(new ValidationError('x', null)), T0)),
      ).toBe('400');
      for (let i = 0; i < 3; i++) expect(await outcome(throttle.attempt(account, fail, T0))).toBe('401');
      expect(await outcome(throttle.attempt(account, succeed, T0))).toMatch(/^429 /);
    });

    it('counts what the caller says is a failure (a wrong current password)', async () => {
      const throttle = new SignInThrottle(store, LIMITS);
      const account = { email: `p-${uniq()}@example.test`, address: addr() };
      const wrongCurrent = () => Promise.reject(new CurrentPasswordRefusedError());
      const isWrongCurrent = (err: unknown) => err instanceof CurrentPasswordRefusedError;
      for (let i = 0; i < 3; i++)
        expect(await outcome(throttle.attempt(account, wrongCurrent, T0, isWrongCurrent))).toBe('403');
      expect(await outcome(throttle.attempt(account, succeed, T0, isWrongCurrent))).toMatch(/^429 /);
    });

    it('limits failures per address across accounts; a success elsewhere resets nothing', async () => {
      const throttle = new SignInThrottle(store, LIMITS);
      const address = addr();
      const other = addr();
      const victim = `v-${uniq()}@example.test`;
      for (let i = 0; i < 5; i++)
        expect(
          await outcome(throttle.attempt({ email: `x${i}-${uniq()}@example.test`, address }, fail, T0)),
        ).toBe('401');
      // The right password of an account with no failures, from that address: refused.
      expect(await outcome(throttle.attempt({ email: victim, address }, succeed, T0))).toMatch(/^429 /);
      // From another address it signs in, and that does not give the first address its failures back.
      expect(await outcome(throttle.attempt({ email: victim, address: other }, succeed, T0))).toBe(
        'signed in',
      );
      expect(await outcome(throttle.attempt({ email: victim, address }, succeed, T0))).toMatch(/^429 /);
      // A refused attempt took no place for the account: it is still free from another address.
      expect(await outcome(throttle.attempt({ email: victim, address: other }, succeed, T0))).toBe(
        'signed in',
      );
    });

    it('lets no more than the limit fail, however many attempts run at once on however many instances', async () => {
      const instances = [
        new SignInThrottle(store, LIMITS),
        new SignInThrottle(store, LIMITS),
        new SignInThrottle(store, LIMITS),
      ];
      const account = { email: `d-${uniq()}@example.test`, address: addr() };
      const slowFail = () =>
        new Promise<never>((_, reject) => setTimeout(() => reject(new UnauthorizedError()), 20));
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) => outcome(instances[i % 3]!.attempt(account, slowFail, T0))),
      );
      expect(results.filter((r) => r === '401')).toHaveLength(3);
      expect(results.filter((r) => r.startsWith('429 '))).toHaveLength(21);
    });

    it('counts a failure for the window, to the minute', async () => {
      const throttle = new SignInThrottle(store, LIMITS);
      const account = { email: `e-${uniq()}@example.test`, address: addr() };
      // One failure, then two 10 minutes later: full until the first leaves the window.
      expect(await outcome(throttle.attempt(account, fail, T0))).toBe('401');
      expect(await outcome(throttle.attempt(account, fail, T0 + 10 * MIN))).toBe('401');
      expect(await outcome(throttle.attempt(account, fail, T0 + 10 * MIN))).toBe('401');
      expect(await outcome(throttle.attempt(account, succeed, T0 + 14 * MIN))).toBe('429 50');
      expect(await outcome(throttle.attempt(account, succeed, T0 + 15 * MIN))).toBe('signed in');
    });
  });
}

throttleSuite('the database', async () => postgresCounterStore(database.db));

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  let redis: Awaited<ReturnType<typeof redisCounterStore>> | undefined;
  afterAll(async () => redis?.close());
  throttleSuite('Redis', async () => (redis = await redisCounterStore(redisUrl)));
} else describe.skip('SignInThrottle on Redis (TEST_REDIS_URL unset)', () => it('skipped', () => {}));
