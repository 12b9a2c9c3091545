import { and, count, eq } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/api/context';
import { credentialsChanged } from '@/lib/api/credential-cache';
import { schema } from '@/lib/db';
import { hashPassword } from '@/lib/auth/password';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/api/schemas';
import { requireOrg } from '../guards';
import { paged, totalRows } from '../paged';
import { normalizeEmail } from './organizations';

const { users } = schema;
type UserRow = typeof users.$inferSelect;
export type OrgRole = 'admin' | 'support' | 'viewer';

export function serializeUser(u: UserRow) {
  return { token: u.id, org_id: u.orgId, email: u.email, name: u.name, role: u.role, created_at: toSeconds(u.createdAt), updated_at: toSeconds(u.updatedAt) };
}

/** Admins invite a user with an initial password they hand over (no mail is sent). */
export async function inviteUser(ctx: ServiceContext, input: { email: string; name?: string; role: OrgRole; password: string }) {
  const orgId = requireOrg(ctx);
  try {
    const [row] = await ctx.db
      .insert(users)
      .values({ id: newId('usr'), orgId, email: normalizeEmail(input.email), name: input.name?.trim() ?? '', role: input.role, passwordHash: await hashPassword(input.password) })
      .returning();
    return serializeUser(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('A user with this email already exists');
    throw err;
  }
}

export async function listUsers(ctx: ServiceContext, q: { page: number; limit: number }) {
  const orgId = requireOrg(ctx);
  const cond = eq(users.orgId, orgId);
  const { count: total, rows } = await paged(
    q,
    (limit, offset) => ctx.db.select({ row: users, total: totalRows() }).from(users).where(cond).orderBy(users.createdAt, users.id).limit(limit).offset(offset),
    () => ctx.db.select({ n: count() }).from(users).where(cond),
  );
  return { count: total, users: rows.map((r) => serializeUser(r.row)) };
}

async function getUserOrThrow(ctx: ServiceContext, id: string) {
  const orgId = requireOrg(ctx);
  const [row] = await ctx.db.select().from(users).where(and(eq(users.id, id), eq(users.orgId, orgId))).limit(1);
  if (!row) throw new NotFoundError(`User ${id} not found`);
  return row;
}

/** An organization always keeps at least one admin. */
async function assertNotLastAdmin(ctx: ServiceContext, user: UserRow) {
  if (user.role !== 'admin') return;
  const [r] = await ctx.db.select({ n: count() }).from(users).where(and(eq(users.orgId, user.orgId!), eq(users.role, 'admin')));
  if (r!.n <= 1) throw new ValidationError('An organization must keep at least one admin');
}

export async function changeUserRole(ctx: ServiceContext, id: string, role: OrgRole) {
  const user = await getUserOrThrow(ctx, id);
  if (user.role !== role) await assertNotLastAdmin(ctx, user);
  const [row] = await ctx.db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  credentialsChanged(ctx.db);
  return serializeUser(row!);
}

export async function removeUser(ctx: ServiceContext, id: string) {
  const user = await getUserOrThrow(ctx, id);
  await assertNotLastAdmin(ctx, user);
  await ctx.db.delete(users).where(eq(users.id, id));
  credentialsChanged(ctx.db);
  return {};
}
