import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/api/context';
import { credentialsChanged } from '@/lib/api/credential-cache';
import type { DbOrTx } from '@/lib/db';
import { schema } from '@/lib/db';
import { ConflictError, ForbiddenError, isUniqueViolation, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { requireOrg } from '../guards';
import { paged, totalRows } from '../paged';
import { preparedQuery } from '@/lib/db/prepared';
import { ensureSandboxLink } from '../links/sandbox';
import { serializeNamespace } from './serialize';

const { namespaces } = schema;

export const DOMAIN_RE = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export interface CreateNamespaceInput {
  name: string;
  domain: string;
  environment?: 'sandbox' | 'production';
  payment_ttl_seconds?: number;
  review_threshold?: string;
}

/** Creates a namespace in one transaction with its Sandbox Bank link (sandbox namespaces). */
export async function createNamespace(ctx: ServiceContext, input: CreateNamespaceInput) {
  const orgId = requireOrg(ctx);
  return insertNamespace(ctx.db, orgId, ctx.orgStatus, input);
}

export async function insertNamespace(
  db: DbOrTx,
  orgId: string,
  orgStatus: ServiceContext['orgStatus'],
  input: CreateNamespaceInput,
) {
  const domain = input.domain.trim().toLowerCase();
  if (!DOMAIN_RE.test(domain)) throw new ValidationError('domain must be a DNS name such as bank.example');
  const environment = input.environment ?? (orgStatus === 'verified' ? 'production' : 'sandbox');
  if (environment === 'production' && orgStatus !== 'verified') {
    throw new ForbiddenError('Only a verified organization can create production namespaces');
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(namespaces)
        .values({
          id: newId('part'),
          orgId,
          name: input.name.trim(),
          domain,
          environment,
          ...(input.payment_ttl_seconds ? { paymentTtlSeconds: input.payment_ttl_seconds } : {}),
          ...(input.review_threshold ? { reviewThreshold: BigInt(input.review_threshold) } : {}),
        })
        .returning();
      if (environment === 'sandbox') await ensureSandboxLink(tx, row!);
      return serializeNamespace(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`The domain ${domain} is already taken`);
    throw err;
  }
}

// The dashboard's and the namespace switcher's most frequent read, prepared once per database.
const namespacePage = (withEnabled: boolean) =>
  preparedQuery(withEnabled ? 'csp_namespaces_page_enabled' : 'csp_namespaces_page', (db) =>
    db
      .select({ row: namespaces, total: totalRows() })
      .from(namespaces)
      .where(
        withEnabled
          ? and(eq(namespaces.orgId, sql.placeholder('orgId')), eq(namespaces.enabled, sql.placeholder('enabled')))
          : eq(namespaces.orgId, sql.placeholder('orgId')),
      )
      .orderBy(desc(namespaces.createdAt), desc(namespaces.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
const namespacePageAll = namespacePage(false);
const namespacePageByEnabled = namespacePage(true);

export async function listNamespaces(ctx: ServiceContext, q: { enabled?: boolean; page: number; limit: number }) {
  const orgId = requireOrg(ctx);
  const where: SQL[] = [eq(namespaces.orgId, orgId)];
  if (q.enabled !== undefined) where.push(eq(namespaces.enabled, q.enabled));
  const { count: total, rows } = await paged(
    q,
    (limit, offset) =>
      q.enabled === undefined
        ? namespacePageAll(ctx.db).execute({ orgId, limit, offset })
        : namespacePageByEnabled(ctx.db).execute({ orgId, enabled: q.enabled, limit, offset }),
    () => ctx.db.select({ n: count() }).from(namespaces).where(and(...where)),
  );
  return { count: total, partners: rows.map((r) => serializeNamespace(r.row)) };
}

export async function getNamespaceOrThrow(ctx: ServiceContext, id: string) {
  const orgId = requireOrg(ctx);
  const [row] = await ctx.db.select().from(namespaces).where(and(eq(namespaces.id, id), eq(namespaces.orgId, orgId))).limit(1);
  if (!row) throw new NotFoundError(`Namespace ${id} not found`);
  return row;
}

export async function getNamespace(ctx: ServiceContext, id: string) {
  return serializeNamespace(await getNamespaceOrThrow(ctx, id));
}

export async function updateNamespace(
  ctx: ServiceContext,
  id: string,
  input: { name?: string; enabled?: boolean; payment_ttl_seconds?: number; review_threshold?: string },
) {
  const current = await getNamespaceOrThrow(ctx, id);
  const [row] = await ctx.db
    .update(namespaces)
    .set({
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(input.payment_ttl_seconds !== undefined ? { paymentTtlSeconds: input.payment_ttl_seconds } : {}),
      ...(input.review_threshold !== undefined ? { reviewThreshold: BigInt(input.review_threshold) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(namespaces.id, current.id))
    .returning();
  credentialsChanged(ctx.db);
  return serializeNamespace(row!);
}
