import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { credentialsChanged } from '@/lib/auth/credential-cache';
import { schema, type DbOrTx } from '@/lib/db';
import { ConflictError, CurrentPasswordRefusedError, NotFoundError, ValidationError } from '@/lib/errors';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { checkPasswordPolicy } from '@/lib/auth/password-policy';
import type { ServiceContext } from '@/lib/services/context';
import type {
  ChangePasswordBody,
  ConfirmTotpBody,
  DisableSecondFactorBody,
  ListSessionsQuery,
  Session,
} from '@/lib/schemas/sessions';
import { enrolment, newTotpSecret, openTotpSecret, sealTotpSecret, totpStep } from '@/lib/auth/second-factor';
import { recordAudit, type AuditContext } from '../audit/record';
import type { AuditAction } from '@/lib/domain/audit';
import { byTime, keysetPage, tableFetch } from '../paging';
import { clearSecondFactors, me, myRow, replaceRecoveryCodes, secondFactorsForUpdate } from './me';

const { userSessions, users } = schema;
type Row = typeof userSessions.$inferSelect;

const NEWEST_FIRST = byTime(userSessions.createdAt, userSessions.id, 'desc');

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function serializeSession(r: Row, currentId: string | undefined): Session {
  return {
    token: r.id,
    current: r.id === currentId,
    created_at: seconds(r.createdAt),
    last_used_at: seconds(r.lastUsedAt),
    expires_at: seconds(r.expiresAt),
    ip: r.ip,
    user_agent: r.userAgent,
  };
}

/** The caller's sessions that still stand (not ended, not expired), newest first. */
export async function listMySessions(ctx: ServiceContext, q: ListSessionsQuery) {
  const user = me(ctx);
  const cond = and(
    eq(userSessions.userId, user.userId),
    isNull(userSessions.revokedAt),
    gt(userSessions.expiresAt, sql`now()`),
  );
  const { rows, page } = await keysetPage(
    NEWEST_FIRST,
    q,
    tableFetch(ctx.db, NEWEST_FIRST, cond, userSessions),
  );
  return { ...page, sessions: rows.map((r) => serializeSession(r.row, user.sessionId)) };
}

/**
 * Ends sessions of the caller (all but the current one, one by id, or the current one: signing
 * out), recorded in the audit trail; every instance refuses their tokens once this answers.
 */
async function revoke(
  ctx: ServiceContext,
  which: { id: string } | { othersThan: string | undefined },
  action: 'session.revoked' | 'session.revoked_others' | 'user.signed_out',
) {
  const user = me(ctx);
  const ended = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(userSessions.userId, user.userId),
          isNull(userSessions.revokedAt),
          'id' in which
            ? eq(userSessions.id, which.id)
            : which.othersThan
              ? ne(userSessions.id, which.othersThan)
              : undefined,
        ),
      )
      .returning({ id: userSessions.id });
    if (rows.length)
      await recordAudit(tx, ctx, {
        action,
        target: { type: 'session', id: 'id' in which ? which.id : null },
        orgId: user.orgId,
        partnerId: null,
        after: { sessions: rows.length },
      });
    return rows.length;
  });
  if (ended) await credentialsChanged(ctx.db);
  return ended;
}

export async function revokeMySession(ctx: ServiceContext, id: string) {
  const ended = await revoke(ctx, { id }, 'session.revoked');
  if (!ended) throw new NotFoundError(`Session ${id} not found`);
  return { revoked: ended };
}

export async function revokeMyOtherSessions(ctx: ServiceContext) {
  return { revoked: await revoke(ctx, { othersThan: me(ctx).sessionId }, 'session.revoked_others') };
}

/** Signing out: the token of this request stops working, here and on every instance. */
export async function signOut(ctx: ServiceContext) {
  const sessionId = me(ctx).sessionId;
  if (!sessionId) return { revoked: 0 };
  return { revoked: await revoke(ctx, { id: sessionId }, 'user.signed_out') };
}

/**
 * A signed-in user proves it is them again: a wrong current password is refused as a failed
 * sign-in would be — recorded in their organization's trail, and counted by the sign-in throttle
 * the route runs it under (lib/gateway/routes/sessions.ts), so a stolen session cannot guess it.
 */
async function checkCurrentPassword(
  ctx: ServiceContext,
  row: typeof users.$inferSelect,
  password: string,
  operation: 'password_change' | 'second_factor_off',
): Promise<void> {
  if (await verifyPassword(row.passwordHash, password)) return;
  await recordAudit(ctx.db, ctx, {
    action: 'user.reauthentication_failed',
    target: { type: 'user', id: row.id },
    orgId: row.orgId,
    partnerId: null,
    after: { operation },
  });
  throw new CurrentPasswordRefusedError();
}

/** (user, minute) of the refused re-authentications this instance recorded lately. */
const throttledRecorded = new Map<string, number>();

/**
 * A current-password check refused before the password was looked at (past the sign-in limits):
 * in the user's trail, at most once a minute per user and instance, as throttled sign-ins are.
 */
export async function recordReauthenticationThrottled(ctx: ServiceContext, retryAfterSeconds: number) {
  const user = me(ctx);
  const minute = Math.floor(Date.now() / 60_000);
  if (throttledRecorded.get(user.userId) === minute) return;
  if (throttledRecorded.size >= 10_000) throttledRecorded.clear();
  throttledRecorded.set(user.userId, minute);
  await recordAudit(ctx.db, ctx, {
    action: 'user.reauthentication_throttled',
    target: { type: 'user', id: user.userId },
    partnerId: null,
    after: { retry_after_seconds: retryAfterSeconds },
  });
}

/**
 * A user changes their own password, knowing the current one. Every other session of theirs ends
 * (a stolen session does not outlive the change); this one goes on.
 */
export async function changeMyPassword(ctx: ServiceContext, input: ChangePasswordBody) {
  const user = me(ctx);
  const row = await myRow(ctx);
  await checkCurrentPassword(ctx, row, input.current_password, 'password_change');
  if (input.new_password === input.current_password)
    throw new ValidationError('new_password must differ from the current one', 'new_password');
  await checkPasswordPolicy('new_password', input.new_password, { email: row.email, name: row.name });
  const passwordHash = await hashPassword(input.new_password);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.id));
    return endSessionsAudited(tx, ctx, {
      action: 'user.password_changed',
      user: row,
      keep: user.sessionId,
    });
  });
  await credentialsChanged(ctx.db);
  return { sessions_ended: ended };
}

/**
 * An admin signs one of the organization's users out everywhere (a lost laptop, a departure in
 * progress): every session of theirs ends on every instance. Oneself: the Sessions screen.
 */
export async function endUserSessions(ctx: ServiceContext, userId: string) {
  const admin = me(ctx);
  if (userId === admin.userId)
    throw new ValidationError('Your own sessions are ended from the Sessions screen', null);
  const [target] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, admin.orgId ?? '')))
    .limit(1);
  if (!target) throw new NotFoundError(`User ${userId} not found`);
  const ended = await ctx.db.transaction((tx) =>
    endSessionsAudited(tx, ctx, {
      action: 'user.sessions_ended',
      user: target,
      after: { email: target.email },
    }),
  );
  if (ended) await credentialsChanged(ctx.db);
  return { revoked: ended };
}

/**
 * Starts setting up an authenticator app: a new secret (kept sealed, not yet required at sign-in)
 * and what the app scans. Confirming a code from it turns the second factor on.
 */
export async function startTotpEnrolment(ctx: ServiceContext) {
  const row = await myRow(ctx);
  if (row.totpEnabledAt)
    throw new ConflictError(
      'An authenticator app is already set up: turn the second factor off first to set up another',
    );
  const secret = newTotpSecret();
  await ctx.db
    .update(users)
    .set({ totpSecret: sealTotpSecret(row.id, secret), updatedAt: new Date() })
    .where(eq(users.id, row.id));
  return { secret, ...enrolment(secret, row.email) };
}

/**
 * A code from the app confirms it: the app is a second factor from now on. When it turns the
 * second factor on (no passkey yet), ten new recovery codes come with it (shown once).
 */
export async function confirmTotpEnrolment(ctx: ServiceContext, input: ConfirmTotpBody) {
  const row = await myRow(ctx);
  if (row.totpEnabledAt) throw new ConflictError('The authenticator app is already on');
  const secret = row.totpSecret ? openTotpSecret(row.id, row.totpSecret) : undefined;
  if (!secret) throw new ConflictError('Start setting up the authenticator app first');
  const step = totpStep(secret, input.code.replace(/\s/g, ''));
  if (step === undefined)
    throw new ValidationError(
      'code is not the current code of the authenticator app: try the next one',
      'code',
    );
  const codes = await ctx.db.transaction(async (tx) => {
    const before = await secondFactorsForUpdate(tx, row.id);
    if (before.totp) throw new ConflictError('The authenticator app is already on');
    await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), totpLastStep: step, updatedAt: new Date() })
      .where(eq(users.id, row.id));
    const issued = before.passkeys === 0 ? await replaceRecoveryCodes(tx, row.id) : [];
    await recordAudit(tx, ctx, {
      action: 'user.second_factor_enabled',
      target: { type: 'user', id: row.id },
      orgId: row.orgId,
      partnerId: null,
      after: { method: 'totp', recovery_codes: issued.length },
    });
    return issued;
  });
  // A user whose organization requires a second factor may now do everything else.
  await credentialsChanged(ctx.db);
  return { recovery_codes: codes };
}

/**
 * Turns the second factor off — the app, every passkey and the recovery codes — with the
 * password; every other session of the user ends.
 */
export async function disableSecondFactor(ctx: ServiceContext, input: DisableSecondFactorBody) {
  const user = me(ctx);
  const row = await myRow(ctx);
  await checkCurrentPassword(ctx, row, input.current_password, 'second_factor_off');
  const ended = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, row.id));
    const passkeys = await clearSecondFactors(tx, row.id);
    return endSessionsAudited(tx, ctx, {
      action: 'user.second_factor_disabled',
      user: row,
      keep: user.sessionId,
      after: { passkeys_removed: passkeys },
    });
  });
  await credentialsChanged(ctx.db);
  return { revoked: ended };
}

/**
 * Ends a user's sessions (all but `keep`, the caller's own) and records the change that ended them,
 * in that change's transaction: its entry's `after` is the change's own fields and `sessions_ended`.
 * Answers how many it ended (the caller then drops cached credentials when any).
 */
export async function endSessionsAudited(
  tx: DbOrTx,
  ctx: AuditContext,
  change: {
    action: AuditAction;
    /** Its `orgId` names the trail (null: the network's); the caller's organization when absent. */
    user: { id: string; orgId?: string | null };
    keep?: string;
    after?: Record<string, unknown>;
  },
): Promise<number> {
  const ended = await endSessions(tx, change.user.id, change.keep);
  await recordAudit(tx, ctx, {
    action: change.action,
    target: { type: 'user', id: change.user.id },
    ...(change.user.orgId !== undefined ? { orgId: change.user.orgId } : {}),
    partnerId: null,
    after: { ...change.after, sessions_ended: ended.length },
  });
  return ended.length;
}

/** Ends the user's sessions that still stand, but `keep` (the caller's own), in `tx`. */
function endSessions(tx: DbOrTx, userId: string, keep: string | undefined) {
  return tx
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        keep ? ne(userSessions.id, keep) : undefined,
      ),
    )
    .returning({ id: userSessions.id });
}
