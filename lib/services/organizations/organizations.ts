import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Principal, ServiceContext } from '@/lib/services/context';
import type { Role } from '@/lib/auth/jwt';
import { credentialsChanged } from '@/lib/auth/credential-cache';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { hashPassword } from '@/lib/auth/password';
import { checkPasswordPolicy } from '@/lib/auth/password-policy';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/schemas/common';
import { recordAudit, type AuditContext } from '../audit/record';
import { requireOrg } from '../guards';
import { byTime, keysetPage, tableFetch } from '../paging';
import { insertNamespace } from '../namespaces/namespaces';
import type { ListOrganizationsQuery, SignUpInput } from '@/lib/schemas/organizations';
import { secondFactorOn } from '../sessions/me';

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

/** A user as the audit trail's actor. */
export const asUser = (u: typeof users.$inferSelect): Principal => ({
  kind: 'user',
  userId: u.id,
  orgId: u.orgId,
  role: u.role as Role,
  email: u.email,
});

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
  if (!ns) throw new ValidationError('partner_id is not a namespace of this organization', 'partner_id');
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
        null,
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
