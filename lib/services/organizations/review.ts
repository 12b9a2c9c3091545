import { asc, eq, sql } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { NotFoundError } from '@/lib/errors';
import { toSeconds } from '@/lib/schemas/common';
import type { ServiceContext } from '@/lib/services/context';
import { checklistQuery } from '../overview/overview';
import { serializeOrganization } from './organizations';

const { organizations, namespaces, users } = schema;

const PAYMENT_KEYS = [
  'unsubmitted',
  'pending',
  'on_hold',
  'admitted',
  'settled',
  'rejected',
  'expired',
] as const;

/**
 * What the operator reads before deciding on an organization: its people, and per namespace the
 * getting-started checklist, the payments it was party to by status and the exceptions (from the
 * rollups: a few rows whatever the history), and its webhooks (failing, disabled).
 */
export async function reviewOrganization(ctx: ServiceContext, orgId: string) {
  const [org] = await ctx.db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  if (!org) throw new NotFoundError(`Organization ${orgId} not found`);
  const [nss, people] = await Promise.all([
    ctx.db
      .select()
      .from(namespaces)
      .where(eq(namespaces.orgId, orgId))
      .orderBy(asc(namespaces.createdAt), asc(namespaces.id)),
    ctx.db
      .select({ role: users.role, n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.orgId, orgId))
      .groupBy(users.role),
  ]);
  const ids = nss.map((n) => n.id);
  const figures = ids.length
    ? rowsOf(
        await ctx.db.execute(sql`
          SELECT partner_id, metric, key, sum(count)::bigint AS n FROM (
            SELECT partner_id, metric, key, count FROM namespace_rollups
              WHERE partner_id IN ${ids} AND metric IN ('volume', 'exceptions')
            UNION ALL
            SELECT partner_id, metric, key, count FROM namespace_rollup_deltas
              WHERE partner_id IN ${ids} AND metric IN ('volume', 'exceptions')
          ) f GROUP BY 1, 2, 3`),
      )
    : [];
  const hooks = ids.length
    ? rowsOf(
        await ctx.db.execute(sql`
          SELECT partner_id, count(*)::int AS total,
                 count(*) FILTER (WHERE enabled AND failing_since IS NOT NULL)::int AS failing,
                 count(*) FILTER (WHERE NOT enabled)::int AS disabled
          FROM webhooks WHERE partner_id IN ${ids} AND deleted_at IS NULL GROUP BY 1`),
      )
    : [];
  const checklists = await Promise.all(
    nss.map(async (n) => rowsOf(await ctx.db.execute(checklistQuery(n)))[0]),
  );
  return {
    organization: serializeOrganization(org),
    decided_by: org.decidedBy ?? null,
    users: Object.fromEntries(people.map((p) => [p.role, p.n])) as Record<string, number>,
    namespaces: nss.map((n, i) => {
      const mine = figures.filter((f) => f.partner_id === n.id);
      const payments = Object.fromEntries(PAYMENT_KEYS.map((k) => [k, 0])) as Record<
        (typeof PAYMENT_KEYS)[number],
        number
      >;
      for (const f of mine.filter((f) => f.metric === 'volume'))
        if ((PAYMENT_KEYS as readonly string[]).includes(String(f.key)))
          payments[f.key as (typeof PAYMENT_KEYS)[number]] += Number(f.n);
      const hook = hooks.find((h) => h.partner_id === n.id);
      const c = checklists[i] ?? {};
      return {
        token: n.id,
        name: n.name,
        domain: n.domain,
        environment: n.environment,
        enabled: n.enabled,
        created_at: toSeconds(n.createdAt),
        checklist: {
          api_key: Boolean(c.api_key),
          webhook: Boolean(c.webhook),
          sandbox_payment: Boolean(c.sandbox_payment),
        },
        payments: { total: Object.values(payments).reduce((a, b) => a + b, 0), ...payments },
        exceptions: mine.filter((f) => f.metric === 'exceptions').reduce((a, f) => a + Number(f.n), 0),
        webhooks: {
          total: Number(hook?.total ?? 0),
          failing: Number(hook?.failing ?? 0),
          disabled: Number(hook?.disabled ?? 0),
        },
      };
    }),
  };
}
