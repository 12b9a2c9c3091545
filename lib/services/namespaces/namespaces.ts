import { and, eq, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import { credentialsChanged } from '@/lib/auth/credential-cache';
import type { DbOrTx } from '@/lib/db';
import { schema } from '@/lib/db';
import {
  ConflictError,
  ForbiddenError,
  isUniqueViolation,
  NotFoundError,
  ValidationError,
} from '@/lib/errors';
import { newId } from '@/lib/ids';
import { recordAudit, type AuditContext } from '../audit/record';
import { requireOrg } from '../guards';
import { byTime, keysetPage, tableFetch } from '../paging';
import { ensureSandboxLink } from '../links/sandbox';
import { provisionSandboxLiquidity } from '../liquidity/positions';
import { serializeNamespace } from './serialize';
import type { CreateNamespaceBody, ListNamespacesQuery, UpdateNamespaceBody } from '@/lib/schemas/namespaces';
import { isNamespaceDomain, NAMESPACE_DOMAIN_RULE } from '@/lib/domain/namespaces';

const { namespaces } = schema;

type CreateNamespaceInput = CreateNamespaceBody;

/** Creates a namespace in one transaction with its Sandbox Bank link (sandbox namespaces). */
export async function createNamespace(ctx: ServiceContext, input: CreateNamespaceInput) {
  const orgId = requireOrg(ctx);
  return insertNamespace(ctx.db, orgId, ctx.orgStatus, input, ctx);
}

/** What the audit trail records of a namespace: its wire form without the ids and times. */
const audited = (n: typeof namespaces.$inferSelect) => {
  const { token, org_id, created_at, updated_at, ...fields } = serializeNamespace(n);
  return fields;
};

export async function insertNamespace(
  db: DbOrTx,
  orgId: string,
  orgStatus: ServiceContext['orgStatus'],
  input: CreateNamespaceInput,
  /** Who creates it, for the audit trail (the organization's sign-up records its own entry). */
  audit?: AuditContext,
) {
  const domain = input.domain.trim().toLowerCase();
  if (!isNamespaceDomain(domain)) throw new ValidationError(`domain ${NAMESPACE_DOMAIN_RULE}`, 'domain');
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
      if (environment === 'sandbox') {
        await ensureSandboxLink(tx, row!);
        await provisionSandboxLiquidity(tx, row!.id);
      }
      if (audit)
        await recordAudit(tx, audit, {
          action: 'namespace.created',
          target: { type: 'namespace', id: row!.id },
          partnerId: row!.id,
          after: audited(row!),
        });
      return serializeNamespace(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`The domain ${domain} is already taken`).at('domain');
    throw err;
  }
}

/** An organization's namespaces, newest first (index namespaces_org_idx). */
const NEWEST_FIRST = byTime(namespaces.createdAt, namespaces.id, 'desc');

export async function listNamespaces(ctx: ServiceContext, q: ListNamespacesQuery) {
  const orgId = requireOrg(ctx);
  const where: SQL[] = [eq(namespaces.orgId, orgId)];
  if (q.enabled !== undefined) where.push(eq(namespaces.enabled, q.enabled));
  const { rows, page } = await keysetPage(
    NEWEST_FIRST,
    q,
    tableFetch(ctx.db, NEWEST_FIRST, and(...where), namespaces),
  );
  return { ...page, partners: rows.map((r) => serializeNamespace(r.row)) };
}

async function getNamespaceOrThrow(ctx: ServiceContext, id: string) {
  const orgId = requireOrg(ctx);
  const [row] = await ctx.db
    .select()
    .from(namespaces)
    .where(and(eq(namespaces.id, id), eq(namespaces.orgId, orgId)))
    .limit(1);
  if (!row) throw new NotFoundError(`Namespace ${id} not found`);
  return row;
}

export async function getNamespace(ctx: ServiceContext, id: string) {
  return serializeNamespace(await getNamespaceOrThrow(ctx, id));
}

export async function updateNamespace(ctx: ServiceContext, id: string, input: UpdateNamespaceBody) {
  const current = await getNamespaceOrThrow(ctx, id);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(namespaces)
      .set({
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.payment_ttl_seconds !== undefined ? { paymentTtlSeconds: input.payment_ttl_seconds } : {}),
        ...(input.review_threshold !== undefined ? { reviewThreshold: BigInt(input.review_threshold) } : {}),
        ...(input.four_eyes_threshold !== undefined
          ? {
              fourEyesThreshold:
                input.four_eyes_threshold === null ? null : BigInt(input.four_eyes_threshold),
            }
          : {}),
        ...(input.four_eyes_approvals !== undefined ? { fourEyesApprovals: input.four_eyes_approvals } : {}),
        ...(input.four_eyes_api_keys_approve !== undefined
          ? { fourEyesKeysApprove: input.four_eyes_api_keys_approve }
          : {}),
        ...(input.on_cap !== undefined ? { onCap: input.on_cap } : {}),
        ...(input.return_window_days !== undefined ? { returnWindowDays: input.return_window_days } : {}),
        updatedAt: new Date(),
      })
      .where(eq(namespaces.id, current.id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'namespace.updated',
      target: { type: 'namespace', id: current.id },
      partnerId: current.id,
      before: audited(current),
      after: audited(updated!),
      edit: true,
    });
    return updated!;
  });
  await credentialsChanged(ctx.db);
  return serializeNamespace(row);
}
