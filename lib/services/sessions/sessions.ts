import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { credentialsChanged } from '@/lib/auth/credential-cache';
import { schema } from '@/lib/db';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '@/lib/errors';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { checkPasswordPolicy } from '@/lib/auth/password-policy';
import type { ServiceContext } from '@/lib/services/context';
import type { ChangePasswordBody, ListSessionsQuery, Session } from '@/lib/schemas/sessions';
import { recordAudit } from '../audit/record';
import { keysetPage, queryFetch, type Keyset } from '../paging';

const { userSessions, users } = schema;
type Row = typeof userSessions.$inferSelect;

const NEWEST_FIRST: Keyset = {
  keys: [
    { column: userSessions.createdAt, type: 'timestamptz' },
    { column: userSessions.id, type: 'text' },
  ],
  direction: 'desc',
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function me(ctx: ServiceContext) {
  if (ctx.principal.kind !== 'user') throw new UnauthorizedError('Sessions belong to people: sign in');
  return ctx.principal;
}

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
    queryFetch<{ row: Row }>(
      ctx.db,
      NEWEST_FIRST,
      cond,
      (keys) => ctx.db.select({ row: userSessions, keys }).from(userSessions).$dynamic(),
      () =>
        ctx.db
          .select({ one: sql`1` })
          .from(userSessions)
          .$dynamic(),
    ),
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
 * A user changes their own password, knowing the current one. Every other session of theirs ends
 * (a stolen session does not outlive the change); this one goes on.
 */
export async function changeMyPassword(ctx: ServiceContext, input: ChangePasswordBody) {
  const user = me(ctx);
  const [row] = await ctx.db.select().from(users).where(eq(users.id, user.userId)).limit(1);
  if (!row) throw new UnauthorizedError();
  if (!(await verifyPassword(row.passwordHash, input.current_password)))
    throw new ForbiddenError('current_password is not your current password');
  if (input.new_password === input.current_password)
    throw new ValidationError('new_password must differ from the current one');
  await checkPasswordPolicy('new_password', input.new_password, { email: row.email, name: row.name });
  const passwordHash = await hashPassword(input.new_password);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.id));
    const others = await tx
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(userSessions.userId, row.id),
          isNull(userSessions.revokedAt),
          user.sessionId ? ne(userSessions.id, user.sessionId) : undefined,
        ),
      )
      .returning({ id: userSessions.id });
    await recordAudit(tx, ctx, {
      action: 'user.password_changed',
      target: { type: 'user', id: row.id },
      orgId: row.orgId,
      partnerId: null,
      after: { sessions_ended: others.length },
    });
    return others.length;
  });
  await credentialsChanged(ctx.db);
  return { sessions_ended: ended };
}
