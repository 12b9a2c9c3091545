import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import { RateLimitedError, UnauthorizedError } from '@/lib/errors';
import { addressBucket } from './client-address';
import { logger } from '@/lib/log/logger';
import type { CounterStore } from './rate-limit';

export interface SignInLimits {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

const CONFIGURED: SignInLimits = {
  perAccount: config.signInFailuresPerAccount,
  perAddress: config.signInFailuresPerAddress,
  windowSeconds: config.signInFailureWindowSeconds,
};

interface Taken {
  key: string;
  minuteStart: number;
}

/** Failures are counted per minute; a limit applies to the sum of the window's last minutes. */
const MINUTE = 60;

/**
 * Seconds until one more attempt fits under `limit`, if none is made meanwhile: until enough of
 * the oldest minutes have left the window. `counts` holds the window's minutes, oldest first, the
 * current one last.
 */
export function secondsUntilAllowed(counts: number[], limit: number, now: number): number {
  const nextMinute = (Math.floor(now / 1000 / MINUTE) + 1) * MINUTE;
  let total = counts.reduce((a, b) => a + b, 0);
  for (let i = 0; i < counts.length; i++) {
    total -= counts[i]!;
    // The i-th oldest minute leaves the window i minutes after the current one ends.
    if (total + 1 <= limit) return Math.max(1, Math.ceil(nextMinute + i * MINUTE - now / 1000));
  }
  return Math.max(1, Math.ceil(nextMinute + counts.length * MINUTE - now / 1000));
}

export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Failed sign-ins per account (the normalised e-mail, whether an account has it or not) and per
 * client address, in the shared counter store. Each attempt takes a place under both limits
 * before the password is checked, in one atomic step of the store, and gives it back unless the
 * attempt failed: however many instances there are, and however many attempts run at once, no
 * more than the limit can fail in a window. Past a limit every attempt is refused, the right
 * password included, with the same answer for every e-mail.
 */
export class SignInThrottle {
  constructor(
    private store: CounterStore,
    private limits: SignInLimits = CONFIGURED,
  ) {}

  async attempt<T>(
    who: { email: string; address: string },
    signIn: () => Promise<T>,
    now = Date.now(),
  ): Promise<T> {
    const taken: Taken[] = [];
    try {
      taken.push(await this.take(accountKey(who.email), this.limits.perAccount, now));
      taken.push(await this.take(`signin:ip:${addressBucket(who.address)}`, this.limits.perAddress, now));
    } catch (err) {
      await this.giveBack(taken);
      throw err;
    }
    let result: T;
    try {
      result = await signIn();
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) await this.giveBack(taken);
      throw err;
    }
    await this.giveBack(taken);
    return result;
  }

  private async take(key: string, limit: number, now: number): Promise<Taken> {
    const minutes = Math.max(1, Math.round(this.limits.windowSeconds / MINUTE));
    const minuteStart = Math.floor(now / 1000 / MINUTE) * MINUTE;
    const starts = Array.from({ length: minutes }, (_, i) => minuteStart - (minutes - 1 - i) * MINUTE);
    const counts = await this.store.readMany(key, starts);
    // The earlier minutes are closed; the current one is decided in one atomic step of the store.
    const max = limit - counts.slice(0, -1).reduce((a, b) => a + b, 0);
    if (
      max >= 1 &&
      (await this.store.addOneUpTo(key, minuteStart, max, this.limits.windowSeconds)) !== null
    ) {
      return { key, minuteStart };
    }
    counts[counts.length - 1] = Math.max(counts.at(-1)!, max);
    const retryAfter = secondsUntilAllowed(counts, limit, now);
    throw new RateLimitedError(retryAfter, throttledMessage(retryAfter));
  }

  /** A place taken by an attempt that did not fail (a success, or an error of ours). */
  private async giveBack(taken: Taken[]): Promise<void> {
    for (const { key, minuteStart } of taken) {
      try {
        await this.store.add(key, minuteStart, -1, this.limits.windowSeconds);
      } catch (err) {
        // Counted as a failure: harmless, and the sign-in's own answer stands.
        logger.warn({ err: (err as Error).message }, 'sign-in throttle: giving back a place failed');
      }
    }
  }
}

/** The e-mail is kept as a hash: the store holds no addresses of users, or of anyone tried. */
function accountKey(normalisedEmail: string): string {
  return `signin:acct:${createHash('sha256').update(normalisedEmail).digest('base64url')}`;
}
