import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { credentialsChanged } from '@/lib/auth/credential-cache';
import {
  authenticationOptions,
  CEREMONY_SECONDS,
  PasskeyError,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
} from '@/lib/auth/passkeys';
import { schema, type Db, type DbOrTx } from '@/lib/db';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import type { Passkey, RegisterPasskeyBody } from '@/lib/schemas/sessions';
import { unixSeconds } from '@/lib/schemas/common';
import type { ServiceContext } from '@/lib/services/context';
import { recordAudit } from '../audit/record';
import { me, myRow, replaceRecoveryCodes, secondFactorsForUpdate } from './me';

/**
 * Passkeys as a second factor (docs/decisions.md, "Credentials"): a user adds them from the
 * Sessions screen and signs in with the password and one of them instead of an app code. Each
 * ceremony's challenge is kept on the user's row for CEREMONY_SECONDS and accepted once: the
 * statement that accepts the answer clears it.
 */
const { users, userPasskeys } = schema;
type Row = typeof userPasskeys.$inferSelect;

/** Passkeys one user may have. */
const MAX_PASSKEYS = 20;

const serialize = (p: Row): Passkey => ({
  token: p.id,
  name: p.name,
  created_at: unixSeconds(p.createdAt),
  last_used_at: p.lastUsedAt ? unixSeconds(p.lastUsedAt) : null,
  backed_up: p.backedUp,
});

const passkeysOf = (db: DbOrTx, userId: string) =>
  db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(asc(userPasskeys.createdAt));

async function keepChallenge(db: DbOrTx, userId: string, challenge: string) {
  await db
    .update(users)
    .set({
      passkeyChallenge: challenge,
      passkeyChallengeExpiresAt: sql`now() + make_interval(secs => ${CEREMONY_SECONDS})`,
    })
    .where(eq(users.id, userId));
}

/** Clears the challenge when it is still the user's and unexpired: true when this call took it. */
async function takeChallenge(db: DbOrTx, userId: string, challenge: string) {
  const [taken] = await db
    .update(users)
    .set({ passkeyChallenge: null, passkeyChallengeExpiresAt: null })
    .where(
      and(
        eq(users.id, userId),
        eq(users.passkeyChallenge, challenge),
        gt(users.passkeyChallengeExpiresAt, sql`now()`),
      ),
    )
    .returning({ id: users.id });
  return taken !== undefined;
}

const current = (row: typeof users.$inferSelect) =>
  row.passkeyChallenge && row.passkeyChallengeExpiresAt && row.passkeyChallengeExpiresAt > new Date()
    ? row.passkeyChallenge
    : undefined;

export async function listMyPasskeys(ctx: ServiceContext) {
  const user = me(ctx);
  return { passkeys: (await passkeysOf(ctx.db, user.userId)).map(serialize) };
}

/** The first step of adding a passkey: the options the browser hands its authenticator. */
export async function startPasskeyRegistration(ctx: ServiceContext) {
  const row = await myRow(ctx);
  const existing = await passkeysOf(ctx.db, row.id);
  if (existing.length >= MAX_PASSKEYS)
    throw new ConflictError(`You have ${MAX_PASSKEYS} passkeys already: remove one first`);
  const options = await registrationOptions(row, existing);
  await keepChallenge(ctx.db, row.id, options.challenge);
  return { options: { ...options } };
}

/**
 * The second step: the authenticator's answer, checked against the challenge. When the passkey
 * turns the second factor on (no app, no other passkey), ten recovery codes come with it.
 */
export async function registerPasskey(ctx: ServiceContext, body: RegisterPasskeyBody) {
  const row = await myRow(ctx);
  const challenge = current(row);
  if (!challenge)
    throw new ConflictError('Start adding the passkey first (its options are valid for 5 minutes)');
  let credential;
  try {
    credential = await verifyRegistration(body.response as unknown as RegistrationResponseJSON, challenge);
  } catch (err) {
    if (err instanceof PasskeyError) throw new ValidationError(`response: ${err.message}`, 'response');
    throw err;
  }
  const result = await ctx.db.transaction(async (tx) => {
    const before = await secondFactorsForUpdate(tx, row.id);
    if (!(await takeChallenge(tx, row.id, challenge)))
      throw new ConflictError('This passkey request was used already: start again');
    if (before.passkeys >= MAX_PASSKEYS)
      throw new ConflictError(`You have ${MAX_PASSKEYS} passkeys already: remove one first`);
    const [added] = await tx
      .insert(userPasskeys)
      .values({ ...credential, userId: row.id, name: body.name })
      .onConflictDoNothing()
      .returning();
    if (!added) throw new ConflictError('This passkey is registered already');
    const turnedOn = !before.totp && before.passkeys === 0;
    const codes = turnedOn ? await replaceRecoveryCodes(tx, row.id) : [];
    await recordAudit(tx, ctx, {
      action: 'user.passkey_added',
      target: { type: 'user', id: row.id },
      orgId: row.orgId,
      partnerId: null,
      after: { passkey: added.id, name: added.name, second_factor_turned_on: turnedOn },
    });
    return { passkey: serialize(added), recovery_codes: codes, turnedOn };
  });
  // A user whose organization requires a second factor may now do everything else.
  if (result.turnedOn) await credentialsChanged(ctx.db);
  return { passkey: result.passkey, recovery_codes: result.recovery_codes };
}

/**
 * Removes one of the caller's passkeys. Not the last second factor: turning the second factor
 * off takes the password (POST /me/second-factor/disable).
 */
export async function removeMyPasskey(ctx: ServiceContext, id: string) {
  const user = me(ctx);
  await ctx.db.transaction(async (tx) => {
    const factors = await secondFactorsForUpdate(tx, user.userId);
    const [removed] = await tx
      .delete(userPasskeys)
      .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, user.userId)))
      .returning();
    if (!removed) throw new NotFoundError(`Passkey ${id} not found`);
    if (!factors.totp && factors.passkeys === 1)
      throw new ConflictError(
        'This is your last second factor: turn the second factor off instead (it takes your password)',
      );
    await recordAudit(tx, ctx, {
      action: 'user.passkey_removed',
      target: { type: 'user', id: user.userId },
      orgId: user.orgId,
      partnerId: null,
      before: { passkey: removed.id, name: removed.name },
    });
  });
  return { removed: 1 };
}

/** A sign-in's second step with a passkey (the password already checked): the ceremony's options. */
export async function passkeySignInOptions(db: Db, userId: string) {
  const passkeys = await passkeysOf(db, userId);
  if (!passkeys.length)
    throw new ConflictError(
      'No passkey is registered for this account: enter the code of your authenticator app or a recovery code',
    );
  const options = await authenticationOptions(passkeys);
  await keepChallenge(db, userId, options.challenge);
  return { options: { ...options } };
}

/**
 * Checks a sign-in's passkey answer (the password already checked): undefined when accepted — its
 * challenge taken, its counter and last use recorded — otherwise why it was refused.
 */
export async function acceptPasskey(
  db: Db,
  user: typeof users.$inferSelect,
  answer: Record<string, unknown>,
): Promise<string | undefined> {
  const response = answer as unknown as AuthenticationResponseJSON;
  const challenge = current(user);
  if (!challenge) return 'passkey challenge missing or expired';
  const [passkey] = await db
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.id, String(response.id)), eq(userPasskeys.userId, user.id)))
    .limit(1);
  if (!passkey) return 'passkey unknown';
  let verified;
  try {
    verified = await verifyAuthentication(response, challenge, passkey);
  } catch (err) {
    if (err instanceof PasskeyError) return `passkey refused: ${err.message}`;
    throw err;
  }
  return db.transaction(async (tx) => {
    if (!(await takeChallenge(tx, user.id, challenge))) return 'passkey challenge used already';
    await tx
      .update(userPasskeys)
      .set({ signCount: verified.signCount, backedUp: verified.backedUp, lastUsedAt: new Date() })
      .where(eq(userPasskeys.id, passkey.id));
    return undefined;
  });
}
