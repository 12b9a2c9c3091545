import { and, count, eq } from 'drizzle-orm';
import { personOf, type ServiceContext } from '@/lib/services/context';
import { credentialsChanged } from '@/lib/auth/credential-cache';
import { schema } from '@/lib/db';
import { hashPassword } from '@/lib/auth/password';
import { checkPasswordPolicy } from '@/lib/auth/password-policy';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/schemas/common';
import { requireOrg } from '../guards';
import { recordAudit } from '../audit/record';
import { byTime, keysetPage, tableFetch } from '../paging';
import { normalizeEmail } from './organizations';
import type { InviteUserBody, ListUsersQuery } from '@/lib/schemas/users';
import { deliverInvitation, issueInvitation, resetUserAccess } from './invitations';

const { users } = schema;

/** An organization's users, oldest first (index users_org_created_idx). */
const OLDEST_FIRST = byTime(users.createdAt, users.id, 'asc');
type UserRow = typeof users.$inferSelect;
export type OrgRole = 'admin' | 'support' | 'viewer';

const audited = (u: UserRow) => ({ email: u.email, name: u.name, role: u.role });
const target = (u: UserRow) => ({ type: 'user', id: u.id });

function serializeUser(u: UserRow) {
  return {
    token: u.id,
    org_id: u.orgId,
    email: u.email,
    name: u.name,
    role: u.role,
    created_at: toSeconds(u.createdAt),
    updated_at: toSeconds(u.updatedAt),
    invitation_expires_at:
      u.invitationHash && u.invitationExpiresAt ? toSeconds(u.invitationExpiresAt) : null,
  };
}

/**
 * Admins invite a user: with no password, the answer holds a one-time invitation link with which
 * they set their own (lib/services/organizations/invitations.ts), e-mailed when SMTP is set; with
 * an initial password (API provisioning), the account can sign in at once. An address is unique
 * within the organization only: one used by another organization is invited like any other.
 */
export async function inviteUser(ctx: ServiceContext, input: InviteUserBody) {
  const orgId = requireOrg(ctx);
  const issued = input.password === undefined ? issueInvitation() : undefined;
  if (input.password !== undefined)
    await checkPasswordPolicy('password', input.password, { email: input.email, name: input.name });
  const passwordHash = issued ? await issued.passwordHash : await hashPassword(input.password!);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          id: newId('usr'),
          orgId,
          email: normalizeEmail(input.email),
          name: input.name?.trim() ?? '',
          role: input.role,
          passwordHash,
          invitationHash: issued?.hash ?? null,
          invitationExpiresAt: issued?.expiresAt ?? null,
          // The admin knows an initial password, and holds an invitation link until it is used.
          credentialsIssuedBy: personOf(ctx.principal),
          credentialsSetAt: issued ? null : new Date(),
        })
        .returning();
      await recordAudit(tx, ctx, {
        action: 'user.invited',
        target: target(created!),
        after: { ...audited(created!), by: issued ? 'invitation link' : 'initial password' },
      });
      return created!;
    });
    const invitation = issued ? await deliverInvitation(ctx.db, row, issued) : null;
    return { ...serializeUser(row), invitation };
  } catch (err) {
    if (isUniqueViolation(err))
      throw new ConflictError('A user with this email already exists in this organization').at('email');
    throw err;
  }
}

/** A new invitation link for the user, their password, second factor and sessions ended. */
export async function resetAccess(ctx: ServiceContext, id: string) {
  if (ctx.principal.kind === 'user' && ctx.principal.userId === id)
    throw new ValidationError(
      'You cannot reset your own access: change your password on the Sessions screen, or ask another admin',
      null,
    );
  const { user, invitation } = await resetUserAccess(ctx, await getUserOrThrow(ctx, id));
  return { ...serializeUser(user), invitation };
}

export async function listUsers(ctx: ServiceContext, q: ListUsersQuery) {
  const orgId = requireOrg(ctx);
  const cond = eq(users.orgId, orgId);
  const { rows, page } = await keysetPage(OLDEST_FIRST, q, tableFetch(ctx.db, OLDEST_FIRST, cond, users));
  return { ...page, users: rows.map((r) => serializeUser(r.row)) };
}

async function getUserOrThrow(ctx: ServiceContext, id: string) {
  const orgId = requireOrg(ctx);
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.orgId, orgId)))
    .limit(1);
  if (!row) throw new NotFoundError(`User ${id} not found`);
  return row;
}

/** An organization always keeps at least one admin. */
async function assertNotLastAdmin(ctx: ServiceContext, user: UserRow) {
  if (user.role !== 'admin') return;
  const [r] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.orgId, user.orgId!), eq(users.role, 'admin')));
  if (r!.n <= 1) throw new ValidationError('An organization must keep at least one admin', null);
}

export async function changeUserRole(ctx: ServiceContext, id: string, role: OrgRole) {
  const user = await getUserOrThrow(ctx, id);
  if (user.role !== role) await assertNotLastAdmin(ctx, user);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'user.role_changed',
      target: target(user),
      before: audited(user),
      after: audited(updated!),
      edit: true,
    });
    return updated!;
  });
  await credentialsChanged(ctx.db);
  return serializeUser(row);
}

export async function removeUser(ctx: ServiceContext, id: string) {
  const user = await getUserOrThrow(ctx, id);
  // Removing oneself would end one's own session mid-task; another admin removes a departing one.
  if (ctx.principal.kind === 'user' && ctx.principal.userId === id)
    throw new ValidationError('You cannot remove yourself: another admin of the organization can', null);
  await assertNotLastAdmin(ctx, user);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, ctx, { action: 'user.removed', target: target(user), before: audited(user) });
  });
  await credentialsChanged(ctx.db);
  return {};
}
