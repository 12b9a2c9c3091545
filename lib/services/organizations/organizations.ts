import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/api/context';
import { credentialsChanged } from '@/lib/api/credential-cache';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { hashPassword, verifyPassword, dummyPasswordHash } from '@/lib/auth/password';
import { signAccessToken } from '@/lib/auth/jwt';
import { ConflictError, isUniqueViolation, NotFoundError, UnauthorizedError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/api/schemas';
import { requireOrg } from '../guards';
import { paged, totalRows } from '../paged';
import { insertNamespace } from '../namespaces/namespaces';

const { organizations, users, namespaces } = schema;
type OrgRow = typeof organizations.$inferSelect;

export function serializeOrganization(o: OrgRow) {
  return { token: o.id, name: o.name, status: o.status, created_at: toSeconds(o.createdAt), updated_at: toSeconds(o.updatedAt) };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

function slugify(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return slug || 'org';
}

/**
 * Sign-up: a sandbox organization, its admin, and a first sandbox namespace linked to the Sandbox
 * Bank — everything a new user needs to make a test payment — in one transaction.
 */
export async function signUp(db: Db, input: { name: string; admin_email: string; admin_password: string }) {
  const email = normalizeEmail(input.admin_email);
  const passwordHash = await hashPassword(input.admin_password);
  try {
    return await db.transaction(async (tx) => {
      const [org] = await tx.insert(organizations).values({ id: newId('org'), name: input.name.trim(), status: 'sandbox' }).returning();
      await tx.insert(users).values({ id: newId('usr'), orgId: org!.id, email, passwordHash, role: 'admin', name: '' });
      const domain = `${slugify(input.name)}-${org!.id.slice(-6)}.sandbox.test`;
      await insertNamespace(tx, org!.id, 'sandbox', { name: `${input.name.trim()} sandbox`, domain, environment: 'sandbox' });
      return serializeOrganization(org!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('An account with this email already exists');
    throw err;
  }
}

/** Same answer and similar time for an unknown email and a wrong password: no user enumeration. */
export async function signIn(db: Db, input: { admin_email: string; admin_password: string }) {
  const email = normalizeEmail(input.admin_email);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = user && !user.disabled ? await verifyPassword(user.passwordHash, input.admin_password) : await verifyPassword(await dummyPasswordHash(), input.admin_password).then(() => false);
  if (!user || !ok) throw new UnauthorizedError('Invalid email or password');
  const accessToken = await signAccessToken({ userId: user.id, orgId: user.orgId, role: user.role });
  return { access_token: accessToken, token: user.orgId ?? user.id, role: user.role, user_id: user.id };
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
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.principal.userId)).limit(1);
  if (!user) throw new UnauthorizedError();
  const org = user.orgId ? (await ctx.db.select().from(organizations).where(eq(organizations.id, user.orgId)).limit(1))[0] : undefined;
  const ns = user.orgId
    ? await ctx.db.select().from(namespaces).where(eq(namespaces.orgId, user.orgId)).orderBy(namespaces.createdAt)
    : [];
  return {
    user_id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    preferred_partner_id: user.preferredPartnerId,
    organization: org ? serializeOrganization(org) : null,
    partners: ns.map((n) => ({ token: n.id, name: n.name, domain: n.domain, environment: n.environment, enabled: n.enabled })),
  };
}

export async function setPreferredNamespace(ctx: ServiceContext, partnerId: string) {
  if (ctx.principal.kind !== 'user') throw new UnauthorizedError();
  const orgId = requireOrg(ctx);
  const [ns] = await ctx.db.select({ id: namespaces.id }).from(namespaces).where(and(eq(namespaces.id, partnerId), eq(namespaces.orgId, orgId))).limit(1);
  if (!ns) throw new ValidationError('partner_id is not a namespace of this organization');
  await ctx.db.update(users).set({ preferredPartnerId: partnerId, updatedAt: new Date() }).where(eq(users.id, ctx.principal.userId));
  return getMe(ctx);
}

/** Operator: organizations, optionally by status (the verification queue is status=sandbox). */
export async function listOrganizations(ctx: ServiceContext, q: { status?: OrgRow['status']; page: number; limit: number }) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(organizations.status, q.status));
  const cond = where.length ? and(...where) : undefined;
  const { count: total, rows } = await paged(
    q,
    (limit, offset) =>
      ctx.db.select({ row: organizations, total: totalRows() }).from(organizations).where(cond).orderBy(desc(organizations.createdAt)).limit(limit).offset(offset),
    () => ctx.db.select({ n: count() }).from(organizations).where(cond),
  );
  return { count: total, organizations: rows.map((r) => serializeOrganization(r.row)) };
}

/** Operator: sandbox → verified | rejected. A decided organization cannot be decided again. */
export async function decideOrganization(ctx: ServiceContext, orgId: string, decision: 'verified' | 'rejected') {
  const [row] = await ctx.db
    .update(organizations)
    .set({ status: decision, updatedAt: new Date() })
    .where(and(eq(organizations.id, orgId), eq(organizations.status, 'sandbox')))
    .returning();
  credentialsChanged(ctx.db);
  if (row) return serializeOrganization(row);
  const [existing] = await ctx.db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  if (!existing) throw new NotFoundError(`Organization ${orgId} not found`);
  if (existing.status === decision) return serializeOrganization(existing);
  throw new ConflictError(`Organization ${orgId} is already ${existing.status}`);
}
