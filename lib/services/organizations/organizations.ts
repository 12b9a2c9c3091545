import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Principal, ServiceContext } from '@/lib/services/context';
import type { Role } from '@/lib/auth/jwt';
import { credentialsChanged } from '@/lib/auth/credential-cache';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { hashPassword, verifyPassword, dummyPasswordHash } from '@/lib/auth/password';
import { checkPasswordPolicy } from '@/lib/auth/password-policy';
import { JWT_TTL_SECONDS, signAccessToken } from '@/lib/auth/jwt';
import { randomUUID } from 'node:crypto';
import {
  ConflictError,
  NotFoundError,
  SecondFactorRequiredError,
  UnauthorizedError,
  ValidationError,
} from '@/lib/errors';
import { openTotpSecret, recoveryDigest, totpStep } from '@/lib/auth/second-factor';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/schemas/common';
import { recordAudit, type AuditContext } from '../audit/record';
import { requireOrg } from '../guards';
import { byTime, keysetPage, tableFetch } from '../paging';
import { insertNamespace } from '../namespaces/namespaces';
import type {
  ListOrganizationsQuery,
  PasskeySignInBody,
  SignInInput,
  SignUpInput,
} from '@/lib/schemas/organizations';
import { secondFactorOn } from '../sessions/me';
import { acceptPasskey, passkeySignInOptions } from '../sessions/passkeys';

const { organizations, users, namespaces } = schema;

/** The network's organizations, newest first (index organizations_created_idx). */
const NEWEST_FIRST = byTime(organizations.createdAt, organizations.id, 'desc');
type OrgRow = typeof organizations.$inferSelect;

export function serializeOrganization(o: OrgRow) {
  return {
    token: o.id,
    name: o.name,
    status: o.status,
    created_at: toSeconds(o.createdAt),
    updated_at: toSeconds(o.updatedAt),
    decided_at: o.decidedAt ? toSeconds(o.decidedAt) : null,
    decision_note: o.decisionNote,
    require_second_factor: o.requireSecondFactor,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || 'org';
}

/**
 * Sign-up: a sandbox organization, its admin, and a first sandbox namespace linked to the Sandbox
 * Bank — everything a new user needs to make a test payment — in one transaction. An address
 * already used by another organization is no obstacle (e-mail is unique per organization), so
 * sign-up tells nobody which addresses the network knows.
 */
export async function signUp(db: Db, input: SignUpInput, audit?: AuditContext) {
  const email = normalizeEmail(input.admin_email);
  await checkPasswordPolicy('admin_password', input.admin_password, { email });
  const passwordHash = await hashPassword(input.admin_password);
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ id: newId('org'), name: input.name.trim(), status: 'sandbox' })
      .returning();
    const [admin] = await tx
      .insert(users)
      .values({ id: newId('usr'), orgId: org!.id, email, passwordHash, role: 'admin', name: '' })
      .returning();
    const domain = `${slugify(input.name)}-${org!.id.slice(-6)}.sandbox.test`;
    const ns = await insertNamespace(tx, org!.id, 'sandbox', {
      name: `${input.name.trim()} sandbox`,
      domain,
      environment: 'sandbox',
    });
    if (audit) {
      // The organization's first entries: its admin, signing up, and what sign-up created.
      const as = { ...audit, orgId: org!.id, principal: asUser(admin!) };
      await recordAudit(
        tx,
        as,
        {
          action: 'organization.signed_up',
          target: { type: 'organization', id: org!.id },
          after: { name: org!.name, status: org!.status, admin_email: email },
        },
        {
          action: 'namespace.created',
          target: { type: 'namespace', id: ns.token },
          partnerId: ns.token,
          after: { name: ns.name, domain: ns.domain, environment: ns.environment },
        },
      );
    }
    return serializeOrganization(org!);
  });
}

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
  throw new UnauthorizedError(
    refused === CODE_USED
      ? 'This authentication code was used already: wait for the next one'
      : input.passkey
        ? 'The passkey was not accepted: start again'
        : 'Invalid authentication code',
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

/** A user as the audit trail's actor. */
export const asUser = (u: typeof users.$inferSelect): Principal => ({
  kind: 'user',
  userId: u.id,
  orgId: u.orgId,
  role: u.role as Role,
  email: u.email,
});

/** The accounts of one address whose password sign-in tries, at most. */
export const MAX_ACCOUNTS_PER_EMAIL = 10;

/**
 * An address may have an account in several organizations. Sign-in verifies the password against
 * each enabled account of the address (at most MAX_ACCOUNTS_PER_EMAIL, the latest signed in
 * first), or only the one of `organization_id` when given, and signs in the first that matches:
 * of several accounts with the same password, the one signed in last. Same answer for an unknown
 * address and a wrong password, and an unknown address costs one verification (of a dummy
 * hash): no user enumeration.
 */
async function passwordAccount(db: Db, input: PasskeySignInBody, audit: AuditContext | undefined) {
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
  if (found.length === 0) await verifyPassword(await dummyPasswordHash(), input.admin_password);
  for (const { account, secondFactor } of found) {
    if (await verifyPassword(account.passwordHash, input.admin_password))
      return { user: account, secondFactor };
  }
  if (audit)
    await recordAboutAccounts(
      db,
      audit,
      email,
      found.map((f) => f.account),
      'user.sign_in_failed',
    );
  throw new UnauthorizedError('Invalid email or password');
}

export async function signIn(db: Db, input: SignInInput, audit?: AuditContext) {
  const { user, secondFactor } = await passwordAccount(db, input, audit);
  if (secondFactor) await checkSecondFactor(db, user, input, audit);
  const signedIn = user;
  const sessionId = randomUUID();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ lastSignedInAt: now }).where(eq(users.id, signedIn.id));
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
export async function passkeySignIn(db: Db, input: PasskeySignInBody, audit?: AuditContext) {
  const { user } = await passwordAccount(db, input, audit);
  return passkeySignInOptions(db, user.id);
}

export async function getOwnOrganization(ctx: ServiceContext) {
  const orgId = requireOrg(ctx);
  const [org] = await ctx.db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  if (!org) throw new NotFoundError('Organization not found');
  return serializeOrganization(org);
}

/** The current user with its organization and namespaces: what the dashboard shell needs. */
export async function getMe(ctx: ServiceContext) {
  if (ctx.principal.kind !== 'user') throw new UnauthorizedError();
  const [found] = await ctx.db
    .select({
      user: users,
      passkeys: sql<number>`(SELECT count(*)::int FROM "user_passkeys" "p" WHERE "p"."user_id" = "users"."id")`,
    })
    .from(users)
    .where(eq(users.id, ctx.principal.userId))
    .limit(1);
  if (!found) throw new UnauthorizedError();
  const { user, passkeys } = found;
  const org = user.orgId
    ? (await ctx.db.select().from(organizations).where(eq(organizations.id, user.orgId)).limit(1))[0]
    : undefined;
  const ns = user.orgId
    ? await ctx.db
        .select()
        .from(namespaces)
        .where(eq(namespaces.orgId, user.orgId))
        .orderBy(namespaces.createdAt)
    : [];
  return {
    user_id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    preferred_partner_id: user.preferredPartnerId,
    second_factor: user.totpEnabledAt !== null || passkeys > 0,
    authenticator_app: user.totpEnabledAt !== null,
    passkeys,
    organization: org ? serializeOrganization(org) : null,
    partners: ns.map((n) => ({
      token: n.id,
      name: n.name,
      domain: n.domain,
      environment: n.environment,
      enabled: n.enabled,
    })),
  };
}

export async function setPreferredNamespace(ctx: ServiceContext, partnerId: string) {
  if (ctx.principal.kind !== 'user') throw new UnauthorizedError();
  const orgId = requireOrg(ctx);
  const [ns] = await ctx.db
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(and(eq(namespaces.id, partnerId), eq(namespaces.orgId, orgId)))
    .limit(1);
  if (!ns) throw new ValidationError('partner_id is not a namespace of this organization');
  await ctx.db
    .update(users)
    .set({ preferredPartnerId: partnerId, updatedAt: new Date() })
    .where(eq(users.id, ctx.principal.userId));
  return getMe(ctx);
}

/** Operator: organizations, optionally by status (the verification queue is status=sandbox). */
export async function listOrganizations(ctx: ServiceContext, q: ListOrganizationsQuery) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(organizations.status, q.status));
  const cond = where.length ? and(...where) : undefined;
  const { rows, page } = await keysetPage(
    NEWEST_FIRST,
    q,
    tableFetch(ctx.db, NEWEST_FIRST, cond, organizations),
  );
  return { ...page, organizations: rows.map((r) => serializeOrganization(r.row)) };
}

/** Operator: sandbox → verified | rejected. A decided organization cannot be decided again. */
export async function decideOrganization(
  ctx: ServiceContext,
  orgId: string,
  decision: 'verified' | 'rejected',
  note?: string,
) {
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const [decided] = await tx
      .update(organizations)
      .set({
        status: decision,
        updatedAt: now,
        decidedAt: now,
        decidedBy: ctx.principal.kind === 'user' ? ctx.principal.email : null,
        decisionNote: note?.trim() || null,
      })
      .where(and(eq(organizations.id, orgId), eq(organizations.status, 'sandbox')))
      .returning();
    // In the organization's own trail, where its admins see who decided.
    if (decided)
      await recordAudit(tx, ctx, {
        action: decision === 'verified' ? 'organization.verified' : 'organization.rejected',
        target: { type: 'organization', id: orgId },
        orgId,
        partnerId: null,
        before: { status: 'sandbox' },
        after: { status: decided.status, note: decided.decisionNote },
      });
    return decided;
  });
  if (row) {
    await credentialsChanged(ctx.db);
    return serializeOrganization(row);
  }
  const [existing] = await ctx.db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  if (!existing) throw new NotFoundError(`Organization ${orgId} not found`);
  if (existing.status === decision) return serializeOrganization(existing);
  throw new ConflictError(`Organization ${orgId} is already ${existing.status}`);
}

/**
 * An admin requires a second factor of everyone in the organization (or stops requiring it). Only
 * an admin who has one may turn it on: the rule must not lock out the person who sets it.
 */
export async function setSecondFactorPolicy(ctx: ServiceContext, required: boolean) {
  const orgId = requireOrg(ctx);
  if (required && ctx.principal.kind === 'user') {
    const [me] = await ctx.db
      .select({ on: secondFactorOn })
      .from(users)
      .where(eq(users.id, ctx.principal.userId))
      .limit(1);
    if (!me?.on)
      throw new ValidationError(
        'Set up your own second factor first (Sessions screen): then you can require it of everyone',
      );
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
    const [after] = await tx
      .update(organizations)
      .set({ requireSecondFactor: required, updatedAt: new Date() })
      .where(eq(organizations.id, orgId))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'organization.second_factor_policy_changed',
      target: { type: 'organization', id: orgId },
      partnerId: null,
      before: { require_second_factor: before!.requireSecondFactor },
      after: { require_second_factor: after!.requireSecondFactor },
      edit: true,
    });
    return after!;
  });
  await credentialsChanged(ctx.db);
  return serializeOrganization(row);
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
 * goes into the network's trail.
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
    { ...audit, principal: { kind: 'anonymous' } },
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
