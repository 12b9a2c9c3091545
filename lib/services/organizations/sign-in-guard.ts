import { and, inArray, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@/lib/db';
import { addressBucket } from '@/lib/security/address-bucket';
import { SignInGuardedError } from '@/lib/errors';

/**
 * The account of a sign-in is guarded: it had more failed sign-ins in the window than its limit
 * (lib/api/signin-throttle.ts), for at most `retryAfterSeconds` more. A guarded account still
 * signs in, with its password alone, from an address one of the e-mail's accounts signed in from
 * in the last 90 days, and is the operator's; from anywhere else only with its second factor in
 * the same request (an authenticator or recovery code). A stranger's failures therefore lock
 * nobody out: they cost a new address its password-only sign-in while they last.
 */
export interface SignInGuard {
  retryAfterSeconds: number;
}

/** How long an address a user signed in from lets a guarded account in (and is kept). */
export const KNOWN_ADDRESS_SECONDS = 90 * 86_400;

const { signInAddresses } = schema;

/** Whether one of `userIds` signed in from `ip`'s address (as the limits count it) lately. */
export async function signedInFromBefore(db: DbOrTx, userIds: string[], ip: string | undefined) {
  if (!ip || userIds.length === 0) return false;
  const since = new Date(Date.now() - KNOWN_ADDRESS_SECONDS * 1000);
  const [row] = await db
    .select({ userId: signInAddresses.userId })
    .from(signInAddresses)
    .where(
      and(
        inArray(signInAddresses.userId, userIds),
        sql`${signInAddresses.address} = ${addressBucket(ip)}`,
        sql`${signInAddresses.lastSignedInAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A successful sign-in's address, remembered (in the sign-in's transaction). */
export async function rememberSignInAddress(tx: DbOrTx, userId: string, ip: string | undefined, at: Date) {
  if (!ip) return;
  await tx
    .insert(signInAddresses)
    .values({ userId, address: addressBucket(ip), lastSignedInAt: at })
    .onConflictDoUpdate({
      target: [signInAddresses.userId, signInAddresses.address],
      set: { lastSignedInAt: at },
    });
}

/** The guarded answer: the same whether the password was right or not. */
export const guarded = (guard: SignInGuard, failed: boolean) =>
  new SignInGuardedError(guard.retryAfterSeconds, failed);
