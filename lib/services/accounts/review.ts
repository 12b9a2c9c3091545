import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { ConflictError, NotFoundError } from '@/lib/errors';
import type { ListAccountsForReviewQuery } from '@/lib/schemas/accounts';
import type { ServiceContext } from '@/lib/services/context';
import { recordAudit } from '../audit/record';
import { byTime, keysetPage, queryFetch } from '../paging';
import { serializeAccount } from './accounts';

const { accounts, namespaces, organizations } = schema;

/** The review queue, oldest first (partial index accounts_review_queue_idx). */
const OLDEST_FIRST = byTime(accounts.createdAt, accounts.id, 'asc');

/** Awaiting the operator: unverified, not rejected, of a production namespace. */
const awaitingReview = and(
  eq(accounts.status, 'unverified'),
  eq(accounts.rejected, false),
  eq(namespaces.environment, 'production'),
);

/** Operator: the production accounts awaiting verification, network-wide, oldest first. */
export async function listAccountsForReview(ctx: ServiceContext, q: ListAccountsForReviewQuery) {
  const { rows, page } = await keysetPage(
    OLDEST_FIRST,
    q,
    queryFetch<{
      account: typeof accounts.$inferSelect;
      org: { token: string; name: string };
      ns: { name: string; domain: string };
    }>(
      ctx.db,
      OLDEST_FIRST,
      awaitingReview,
      (keys) =>
        ctx.db
          .select({
            account: accounts,
            org: { token: organizations.id, name: organizations.name },
            ns: { name: namespaces.name, domain: namespaces.domain },
            keys,
          })
          .from(accounts)
          .innerJoin(namespaces, eq(namespaces.id, accounts.partnerId))
          .innerJoin(organizations, eq(organizations.id, accounts.orgId))
          .$dynamic(),
      () =>
        ctx.db
          .select({ one: sql`1` })
          .from(accounts)
          .innerJoin(namespaces, eq(namespaces.id, accounts.partnerId))
          .$dynamic(),
    ),
  );
  return {
    ...page,
    accounts: rows.map((r) => ({ ...serializeAccount(r.account), organization: r.org, namespace: r.ns })),
  };
}

/**
 * Operator: verifies or rejects a production account, with a note kept on the account and in its
 * organization's audit trail. A rejected account stays unverified and leaves the queue (the
 * organization adds a corrected one). Deciding the same way again answers the account unchanged.
 */
export async function reviewAccount(
  ctx: ServiceContext,
  id: string,
  decision: 'verified' | 'rejected',
  note: string,
) {
  const [found] = await ctx.db
    .select({ account: accounts, environment: namespaces.environment })
    .from(accounts)
    .innerJoin(namespaces, eq(namespaces.id, accounts.partnerId))
    .where(eq(accounts.id, id))
    .limit(1);
  if (!found || found.account.status === 'deleted') throw new NotFoundError(`Account ${id} not found`);
  const current = found.account;
  if (found.environment !== 'production')
    throw new ConflictError('A sandbox account is verified by its own namespace, not by the operator');
  const already = current.rejected ? 'rejected' : current.status === 'verified' ? 'verified' : null;
  if (already === decision) return serializeAccount(current);
  if (already) throw new ConflictError(`Account ${id} is already ${already}`);
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(accounts)
      .set({
        ...(decision === 'verified' ? { status: 'verified' as const } : { rejected: true }),
        reviewedAt: now,
        reviewedBy: ctx.principal.kind === 'user' ? ctx.principal.email : null,
        reviewNote: note.trim(),
        updatedAt: now,
      })
      .where(and(eq(accounts.id, id), eq(accounts.status, 'unverified'), eq(accounts.rejected, false)))
      .returning();
    if (!updated) throw new ConflictError(`Account ${id} was reviewed meanwhile; reload it`);
    // In the organization's own trail, where its admins see the decision and its note.
    await recordAudit(tx, ctx, {
      action: decision === 'verified' ? 'account.verified' : 'account.rejected',
      target: { type: 'account', id },
      orgId: current.orgId,
      partnerId: current.partnerId,
      before: { status: current.status },
      after: { status: updated.status, rejected: updated.rejected, note: updated.reviewNote },
    });
    return updated;
  });
  return serializeAccount(row);
}
