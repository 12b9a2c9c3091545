import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import { RateLimitedError, SignInGuardedError, UnauthorizedError } from '@/lib/errors';
import type { SignInGuard } from '@/lib/services/organizations/sign-in-guard';
import { addressBucket } from './client-address';
import { logger } from '@/lib/log/logger';
import type { CounterStore } from './rate-limit';

export interface SignInLimits {
  /** Failures per account and client address: past it, that address may not try that account. */
  perAccountAddress: number;
  /** Failures per account from every address: past it, the account is guarded. */
  perAccount: number;
  /** Failures per client address, whatever the accounts: past it, that address may not sign in. */
  perAddress: number;
  windowSeconds: number;
}

const CONFIGURED: SignInLimits = {
  perAccountAddress: config.signInFailuresPerAccountAddress,
  perAccount: config.signInFailuresPerAccount,
  perAddress: config.signInFailuresPerAddress,
  windowSeconds: config.signInFailureWindowSeconds,
};

interface Taken {
  key: string;
  minuteStart: number;
}

/** A password or second factor checked and refused: what counts as a failed sign-in. */
const refusedCredential = (err: unknown) =>
  err instanceof UnauthorizedError || (err instanceof SignInGuardedError && err.failed);

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
 * Failed sign-ins, in the shared counter store, as OWASP's authentication guidance has it: a
 * stranger must not be able to lock someone else out.
 * - Per account and client address (hard): the attacker's own address stops trying that account.
 * - Per client address (hard): one address stops trying any account.
 * - Per account from every address (soft): the account is guarded — it still signs in from an
 *   address it signed in from before, and from anywhere with its second factor in the same
 *   request (lib/services/organizations/sign-in-guard.ts), so failures spread over many addresses
 *   cost a new address its password-only sign-in, never the account its owner.
 * An attempt takes its place under both hard limits before the password is checked, in one atomic
 * step of the store each, and gives them back unless the attempt failed: however many instances
 * and concurrent attempts, no more than a limit can fail in a window. The same answer for every
 * e-mail, known or not. `isFailure` says which refusals count (a wrong current password, for the
 * re-authentications of signed-in users).
 */
export class SignInThrottle {
  constructor(
    private store: CounterStore,
    private limits: SignInLimits = CONFIGURED,
  ) {}

  async attempt<T>(
    who: { email: string; address: string },
    signIn: (guard: SignInGuard | null) => Promise<T>,
    now = Date.now(),
    isFailure: (err: unknown) => boolean = refusedCredential,
  ): Promise<T> {
    const account = accountKey(who.email);
    const taken: Taken[] = [];
    try {
      taken.push(await this.take(pairKey(who.email, who.address), this.limits.perAccountAddress, now));
      taken.push(await this.take(`signin:ip:${addressBucket(who.address)}`, this.limits.perAddress, now));
    } catch (err) {
      await this.giveBack(taken);
      throw err;
    }
    let result: T;
    try {
      result = await signIn(await this.guardOf(account, now));
    } catch (err) {
      if (isFailure(err)) await this.count(account, now);
      else await this.giveBack(taken);
      throw err;
    }
    await this.giveBack(taken);
    return result;
  }

  /** The window's minutes of `key`, oldest first, and the current minute's start. */
  private async window(key: string, now: number) {
    const minutes = Math.max(1, Math.round(this.limits.windowSeconds / MINUTE));
    const minuteStart = Math.floor(now / 1000 / MINUTE) * MINUTE;
    const starts = Array.from({ length: minutes }, (_, i) => minuteStart - (minutes - 1 - i) * MINUTE);
    return { minuteStart, counts: await this.store.readMany(key, starts) };
  }

  /** Guarded while the account's failures in the window are at its limit or past it. */
  private async guardOf(key: string, now: number): Promise<SignInGuard | null> {
    const { counts } = await this.window(key, now);
    const total = counts.reduce((a, b) => a + b, 0);
    if (total < this.limits.perAccount) return null;
    return { retryAfterSeconds: secondsUntilAllowed(counts, this.limits.perAccount, now) };
  }

  private async count(key: string, now: number): Promise<void> {
    const minuteStart = Math.floor(now / 1000 / MINUTE) * MINUTE;
    try {
      await this.store.add(key, minuteStart, 1, this.limits.windowSeconds);
    } catch (err) {
      // The hard limits hold the failure already; the guard learns of it at the next one.
      logger.warn({ err: (err as Error).message }, 'sign-in throttle: counting a failure failed');
    }
  }

  private async take(key: string, limit: number, now: number): Promise<Taken> {
    const { minuteStart, counts } = await this.window(key, now);
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

function pairKey(normalisedEmail: string, address: string): string {
  const hash = createHash('sha256').update(`${normalisedEmail}\n${addressBucket(address)}`);
  return `signin:pair:${hash.digest('base64url')}`;
}
