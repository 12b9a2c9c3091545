import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { schema, type DbOrTx } from '@/lib/db';
import { config } from '@/lib/config';
import { credentialsChanged } from '@/lib/auth/credential-cache';
import { hashPassword } from '@/lib/auth/password';
import { checkPasswordPolicy } from '@/lib/auth/password-policy';
import { NotFoundError } from '@/lib/errors';
import { sendMail } from '@/lib/mail/mailer';
import { toSeconds } from '@/lib/schemas/common';
import type { AcceptInvitationBody } from '@/lib/schemas/users';
import { personOf, type ServiceContext } from '@/lib/services/context';
import { recordAudit, type AuditContext } from '../audit/record';
import { endSessionsAudited } from '../sessions/sessions';
import { clearSecondFactors } from '../sessions/me';
import { asUser } from './organizations';

/**
 * Invitations: how a person gets an account in an organization without anyone else ever knowing
 * their password. An admin invites an address (or resets a user's access); the answer holds a
 * one-time link, valid `INVITATION_TTL_HOURS` (72 by default), which is also e-mailed when SMTP is
 * configured. The person opens it, sets their own password (the policy of every password) and
 * signs in. Only the link's SHA-256 is kept; a new invitation replaces the previous one; until it
 * is accepted the account's password is a random one nobody knows.
 */
const { users, organizations } = schema;
type UserRow = typeof users.$inferSelect;

const TOKEN_PREFIX = 'inv_';
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedInvitation {
  token: string;
  hash: string;
  expiresAt: Date;
  /** A password nobody knows: the account cannot sign in until the invitation is accepted. */
  passwordHash: Promise<string>;
}

/** A new one-time link's secret, its digest and its expiry. */
export function issueInvitation(now = new Date()): IssuedInvitation {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return {
    token,
    hash: digest(token),
    expiresAt: new Date(now.getTime() + config.invitationTtlHours * 3600_000),
    passwordHash: hashPassword(randomBytes(32).toString('base64url')),
  };
}

/** The link as the admin copies it, e-mailed to `user` when SMTP is configured. */
export async function deliverInvitation(db: DbOrTx, user: UserRow, issued: IssuedInvitation) {
  const path = `/invitation/${issued.token}`;
  const url = config.nextAuthUrl ? new URL(path, config.nextAuthUrl).toString() : null;
  let emailed = false;
  if (url && config.smtpUrl) {
    const [org] = await db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, user.orgId!))
      .limit(1);
    emailed = await sendMail({
      to: user.email,
      subject: `You are invited to ${org?.name ?? 'an organization'} on the payment network`,
      text: [
        `An admin of ${org?.name ?? 'your organization'} invited you to its dashboard as ${user.role}.`,
        '',
        `Open this link to set your password: ${url}`,
        '',
        `It works once, until ${issued.expiresAt.toUTCString()}. If you did not expect it, ignore this message.`,
      ].join('\n'),
    });
  }
  return { token: issued.token, path, url, expires_at: toSeconds(issued.expiresAt), emailed };
}

async function pendingInvitation(db: DbOrTx, token: string) {
  const [row] = token.startsWith(TOKEN_PREFIX)
    ? await db
        .select({ user: users, organization: organizations.name })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .where(eq(users.invitationHash, digest(token)))
        .limit(1)
    : [];
  if (!row)
    throw new NotFoundError(
      'This invitation link is not valid: it was used or replaced by a newer one, or it is incomplete',
    );
  if (!row.user.invitationExpiresAt || row.user.invitationExpiresAt <= new Date())
    throw new NotFoundError(
      `This invitation link expired; ask an admin of ${row.organization} to send a new one`,
    );
  return row;
}

/** What the invitation page shows before the person sets a password (no credential needed). */
export async function getInvitation(ctx: ServiceContext, token: string) {
  const { user, organization } = await pendingInvitation(ctx.db, token);
  return {
    email: user.email,
    name: user.name,
    organization,
    role: user.role,
    expires_at: toSeconds(user.invitationExpiresAt!),
  };
}

/** The person sets their password: the link is spent, the account can sign in. */
export async function acceptInvitation(ctx: ServiceContext, token: string, input: AcceptInvitationBody) {
  const { user } = await pendingInvitation(ctx.db, token);
  const name = input.name?.trim() || user.name;
  await checkPasswordPolicy('password', input.password, { email: user.email, name });
  const passwordHash = await hashPassword(input.password);
  const accepted = await ctx.db.transaction(async (tx) => {
    // Spent once: of two concurrent acceptances, the second finds no invitation to update.
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        name,
        invitationHash: null,
        invitationExpiresAt: null,
        credentialsSetAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, user.id), eq(users.invitationHash, digest(token))))
      .returning();
    if (!row) return undefined;
    const as: AuditContext = { ...ctx, orgId: row.orgId, principal: asUser(row) };
    await recordAudit(tx, as, {
      action: 'user.invitation_accepted',
      target: { type: 'user', id: row.id },
      partnerId: null,
      after: { email: row.email, name: row.name },
    });
    return row;
  });
  if (!accepted) throw new NotFoundError('This invitation link was used already');
  await credentialsChanged(ctx.db);
  return { email: accepted.email, org_id: accepted.orgId! };
}

/**
 * An admin resets a user's access (a forgotten password, a lost authenticator, a suspected
 * compromise): the password and the second factor are cleared, every session ends on every
 * instance (passkeys removed), and a new invitation link lets the person set a password again. `user` is one of the
 * caller's organization, not the caller (lib/services/organizations/users.ts `resetAccess`).
 */
export async function resetUserAccess(ctx: ServiceContext, user: UserRow) {
  const issued = issueInvitation();
  const passwordHash = await issued.passwordHash;
  const row = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        invitationHash: issued.hash,
        invitationExpiresAt: issued.expiresAt,
        credentialsIssuedBy: personOf(ctx.principal),
        credentialsSetAt: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    const passkeys = await clearSecondFactors(tx, user.id);
    await endSessionsAudited(tx, ctx, {
      action: 'user.access_reset',
      user: { id: user.id },
      after: {
        email: user.email,
        second_factor_cleared: user.totpEnabledAt !== null || passkeys > 0,
        invitation_expires_at: issued.expiresAt.toISOString(),
      },
    });
    return row!;
  });
  await credentialsChanged(ctx.db);
  return { user: row, invitation: await deliverInvitation(ctx.db, row, issued) };
}
