/**
 * Signing in: the password (per account, for an e-mail several organizations hold), the second
 * factor (an app code accepted once, a recovery code, a passkey), the guard after many failures,
 * and the trail's entries for refused and throttled sign-ins. Signing up and the organization
 * itself are organizations.ts's.
 */
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { verifyPassword, dummyPasswordHash } from '@/lib/auth/password';
import { JWT_TTL_SECONDS, signAccessToken } from '@/lib/auth/jwt';
import { randomUUID } from 'node:crypto';
import { SecondFactorRequiredError, SecondFactorCodeUsedError, UnauthorizedError } from '@/lib/errors';
import { openTotpSecret, recoveryDigest, totpStep } from '@/lib/auth/second-factor';
import { recordAudit, type AuditContext } from '../audit/record';
import type { PasskeySignInBody, SignInInput } from '@/lib/schemas/organizations';
import { secondFactorOn } from '../sessions/me';
import { acceptPasskey, passkeySignInOptions } from '../sessions/passkeys';
import { guarded, rememberSignInAddress, signedInFromBefore, type SignInGuard } from './sign-in-guard';
import { asUser, normalizeEmail } from './organizations';

const { users } = schema;

/**
 * The second step of a sign-in with a second factor: one of the user's passkeys (its challenge,
 * from POST /organization/signin/passkey, taken by the statement that accepts it), the
 * authenticator's code, accepted once (its step is recorded in the statement that accepts it, so a
 * code seen over a shoulder or replayed within its 90 seconds is refused), or a recovery code (used
 * once: marked likewise). A wrong or spent one is a failed sign-in (the throttle counts it, the
 * trail records it); none asks for it.
 */
async function checkSecondFactor(
  db: Db,
  user: typeof users.$inferSelect,
  input: Pick<SignInInput, 'otp_code' | 'passkey'>,
  audit: AuditContext | undefined,
): Promise<void> {
  if (!input.passkey && !input.otp_code) throw new SecondFactorRequiredError();
  const refused = input.passkey
    ? await acceptPasskey(db, user, input.passkey)
    : await acceptCode(db, user, input.otp_code!);
  if (!refused) return;
  if (audit)
    await recordAudit(
      db,
      { ...audit, principal: { kind: 'anonymous' } },
      {
        action: 'user.sign_in_failed',
        claimedActor: user.email,
        orgId: user.orgId,
        partnerId: null,
        target: { type: 'user', id: user.id },
        after: { reason: refused },
      },
    );
  if (refused === CODE_USED) throw new SecondFactorCodeUsedError();
  throw new UnauthorizedError(
    input.passkey ? 'The passkey was not accepted: start again' : 'Invalid authentication code',
  );
}

const CODE_USED = 'second factor code used already';

/** An app code or a recovery code: undefined when accepted (and used up), otherwise why not. */
async function acceptCode(db: Db, user: typeof users.$inferSelect, code: string) {
  const secret = user.totpSecret && user.totpEnabledAt ? openTotpSecret(user.id, user.totpSecret) : undefined;
  const step = secret ? totpStep(secret, code.replace(/\s/g, '')) : undefined;
  if (step !== undefined) {
    const [fresh] = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    if (fresh) return undefined;
  }
  const [used] = await db
    .update(schema.userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(schema.userRecoveryCodes.userId, user.id),
        eq(schema.userRecoveryCodes.codeDigest, recoveryDigest(code)),
        isNull(schema.userRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: schema.userRecoveryCodes.userId });
  if (used) return undefined;
  return step !== undefined ? CODE_USED : 'second factor';
}

/** The accounts of one address whose password sign-in tries, at most. */
const MAX_ACCOUNTS_PER_EMAIL = 10;

/**
 * An address may have an account in several organizations. Sign-in verifies the password against
 * each enabled account of the address (at most MAX_ACCOUNTS_PER_EMAIL, the latest signed in
 * first), or only the one of `organization_id` when given, and signs in the first that matches:
 * of several accounts with the same password, the one signed in last. Same answer for an unknown
 * address and a wrong password, and an unknown address costs one verification (of a dummy
 * hash): no user enumeration.
 */
async function passwordAccount(
  db: Db,
  input: PasskeySignInBody & Pick<SignInInput, 'otp_code' | 'passkey'>,
  audit: AuditContext | undefined,
  guard: SignInGuard | null,
) {
  const email = normalizeEmail(input.admin_email);
  const match = [eq(users.email, email), eq(users.disabled, false)];
  if (input.organization_id !== undefined) match.push(eq(users.orgId, input.organization_id));
  // Each account with whether it has a second factor, read in the same statement.
  const found = await db
    .select({ account: users, secondFactor: secondFactorOn })
    .from(users)
    .where(and(...match))
    .orderBy(sql`${users.lastSignedInAt} desc nulls last`, desc(users.createdAt), desc(users.id))
    .limit(MAX_ACCOUNTS_PER_EMAIL);
  // A guarded account (sign-in-guard.ts) from an address none of these accounts signed in from:
  // only with a second factor in this request, and every refusal is the guarded answer.
  const strict =
    guard !== null &&
    !found.some((f) => f.account.role === 'operator') &&
    !(await signedInFromBefore(
      db,
      found.map((f) => f.account.id),
      audit?.client?.ip ?? undefined,
    ));
  if (strict && !input.otp_code && !input.passkey) throw guarded(guard, false);
  if (found.length === 0) await verifyPassword(await dummyPasswordHash(), input.admin_password);
  for (const { account, secondFactor } of found) {
    if (await verifyPassword(account.passwordHash, input.admin_password))
      return { user: account, secondFactor, strict };
  }
  if (audit)
    await recordAboutAccounts(
      db,
      audit,
      email,
      found.map((f) => f.account),
      'user.sign_in_failed',
    );
  if (strict) throw guarded(guard, true);
  throw new UnauthorizedError('Invalid email or password');
}

export async function signIn(
  db: Db,
  input: SignInInput,
  audit?: AuditContext,
  guard: SignInGuard | null = null,
) {
  const { user, secondFactor, strict } = await passwordAccount(db, input, audit, guard);
  // Strict: the second factor is what lets this sign-in through, so an account without one cannot.
  if (strict && !secondFactor) throw guarded(guard!, false);
  if (secondFactor) {
    try {
      await checkSecondFactor(db, user, input, audit);
    } catch (err) {
      if (strict && err instanceof UnauthorizedError) throw guarded(guard!, true);
      throw err;
    }
  }
  const signedIn = user;
  const sessionId = randomUUID();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ lastSignedInAt: now }).where(eq(users.id, signedIn.id));
    await rememberSignInAddress(tx, signedIn.id, audit?.client?.ip ?? undefined, now);
    // The token is accepted while this session stands (lib/api/credentials.ts).
    await tx.insert(schema.userSessions).values({
      id: sessionId,
      userId: signedIn.id,
      orgId: signedIn.orgId,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + JWT_TTL_SECONDS * 1000),
      ip: audit?.client?.ip ?? null,
      userAgent: audit?.client?.userAgent ?? null,
    });
    if (audit)
      await recordAudit(
        tx,
        { ...audit, principal: asUser(signedIn) },
        {
          action: 'user.signed_in',
          target: { type: 'user', id: signedIn.id },
          orgId: signedIn.orgId,
          partnerId: null,
          after: { session_id: sessionId },
        },
      );
  });
  const accessToken = await signAccessToken({
    userId: user.id,
    orgId: user.orgId,
    role: user.role,
    jti: sessionId,
  });
  return { access_token: accessToken, token: user.orgId ?? user.id, role: user.role, user_id: user.id };
}

/**
 * A sign-in with a passkey, first step: the password as for POST /organization/signin (a wrong
 * one is a failed sign-in), then the options of a ceremony for the account's passkeys.
 */
export async function passkeySignIn(
  db: Db,
  input: PasskeySignInBody,
  audit?: AuditContext,
  guard: SignInGuard | null = null,
) {
  const { user } = await passwordAccount(db, input, audit, guard);
  return passkeySignInOptions(db, user.id);
}

/** (e-mail, address, minute) of the throttled sign-ins this instance recorded lately. */
const throttledRecorded = new Map<string, number>();

/**
 * A sign-in refused because its account or address is throttled goes into the trail of each
 * organization that has an account with the e-mail (the network's for an unknown one), at most
 * once a minute per e-mail and client address and instance: an attacker kept at the limit does not
 * grow the append-only trail by a row per attempt, and the anonymous limit per address (30 a
 * minute by default) bounds how many e-mails one address can make it record.
 */
export async function recordThrottledSignIn(
  db: Db,
  audit: AuditContext,
  email: string,
  retryAfterSeconds: number,
): Promise<void> {
  const minute = Math.floor(Date.now() / 60_000);
  const key = `${email}\n${audit.client?.ip ?? ''}`;
  if (throttledRecorded.get(key) === minute) return;
  if (throttledRecorded.size >= 10_000) throttledRecorded.clear();
  throttledRecorded.set(key, minute);
  const accounts = await db
    .select({ id: users.id, orgId: users.orgId })
    .from(users)
    .where(eq(users.email, email))
    .limit(MAX_ACCOUNTS_PER_EMAIL);
  await recordAboutAccounts(db, audit, email, accounts, 'user.sign_in_throttled', {
    retry_after_seconds: retryAfterSeconds,
  });
}

/**
 * A refused sign-in as the trail sees it: one entry in each organization that has an account with
 * the e-mail (the entry's target), by the anonymous caller who claimed it; an unknown e-mail's
 * goes into the network's trail. Where the e-mail has accounts in several organizations, nobody
 * knows whose person tried (any organization may add an account with any address), so those
 * entries carry no client address or user agent: one organization never sees where another's
 * people sign in from (docs/audit.md).
 */
async function recordAboutAccounts(
  db: Db,
  audit: AuditContext,
  email: string,
  accounts: Array<{ id: string; orgId: string | null }>,
  action: 'user.sign_in_failed' | 'user.sign_in_throttled',
  after?: Record<string, unknown>,
): Promise<void> {
  const orgs = [...new Set(accounts.map((a) => a.orgId))];
  await recordAudit(
    db,
    { ...audit, principal: { kind: 'anonymous' }, client: orgs.length > 1 ? undefined : audit.client },
    ...(orgs.length ? orgs : [null]).map((orgId) => ({
      action,
      claimedActor: email,
      orgId,
      partnerId: null,
      target: { type: 'user', id: accounts.find((a) => a.orgId === orgId)?.id ?? null },
      ...(after ? { after } : {}),
    })),
  );
}
