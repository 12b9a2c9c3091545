import { eq, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@/lib/db';
import { UnauthorizedError } from '@/lib/errors';
import { newRecoveryCodes, recoveryDigest } from '@/lib/auth/second-factor';
import type { ServiceContext } from '@/lib/services/context';

const { users, userPasskeys, userRecoveryCodes } = schema;

/** The signed-in person making the request: these operations are a person's, not an API key's. */
export function me(ctx: ServiceContext) {
  if (ctx.principal.kind !== 'user') throw new UnauthorizedError('Sessions belong to people: sign in');
  return ctx.principal;
}

/** The caller's own user row. */
export async function myRow(ctx: ServiceContext) {
  const user = me(ctx);
  const [row] = await ctx.db.select().from(users).where(eq(users.id, user.userId)).limit(1);
  if (!row) throw new UnauthorizedError();
  return row;
}

/**
 * Whether the user (of a query over `users`) has a second factor: an authenticator app confirmed,
 * or at least one passkey. One expression for sign-in, the credential lookup and the policy.
 */
// Spelled out: Drizzle leaves a single table's column names unqualified, and inside the subquery
// "id" would name the passkey's own.
export const secondFactorOn: SQL<boolean> = sql<boolean>`("users"."totp_enabled_at" IS NOT NULL OR EXISTS (SELECT 1 FROM "user_passkeys" "p" WHERE "p"."user_id" = "users"."id"))`;

/** The user's second factors, read in `tx`, the user's row locked (a change of them is decided on it). */
export async function secondFactorsForUpdate(tx: DbOrTx, userId: string) {
  const [row] = await tx
    .select({ totp: sql<boolean>`${users.totpEnabledAt} IS NOT NULL` })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  const [{ passkeys } = { passkeys: 0 }] = await tx
    .select({ passkeys: sql<number>`count(*)::int` })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId));
  return { totp: row?.totp === true, passkeys };
}

/**
 * Removes a user's recovery codes and passkeys (the authenticator app's columns are the caller's
 * update), in `tx`; answers how many passkeys went.
 */
export async function clearSecondFactors(tx: DbOrTx, userId: string): Promise<number> {
  await tx.delete(schema.userRecoveryCodes).where(eq(schema.userRecoveryCodes.userId, userId));
  const passkeys = await tx
    .delete(schema.userPasskeys)
    .where(eq(schema.userPasskeys.userId, userId))
    .returning({ id: schema.userPasskeys.id });
  return passkeys.length;
}

/** Ten new recovery codes for the user, replacing any earlier ones; shown once by the caller. */
export async function replaceRecoveryCodes(tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.insert(userRecoveryCodes).values(codes.map((c) => ({ userId, codeDigest: recoveryDigest(c) })));
  return codes;
}
