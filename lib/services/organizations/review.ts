import { and, asc, eq, sql } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { NotFoundError } from '@/lib/errors';
import { toSeconds } from '@/lib/schemas/common';
import type { ServiceContext } from '@/lib/services/context';
import { checklistQuery } from '../overview/overview';
import { serializeOrganization } from './organizations';

const { auditEvents, organizations, namespaces, users } = schema;

/** The admins a review lists, oldest first: who is behind the organization. */
const ADMINS_SHOWN = 20;

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
 * What the operator reads before deciding on an organization: who is behind it (its admins'
 * e-mails, and its sign-up's time, address and browser as its audit trail recorded them), its
 * people by role, and per namespace the getting-started checklist, the payments it was party to by
 * status and the exceptions (from the rollups: a few rows whatever the history), and its webhooks
 * (failing, disabled).
 */
export async function reviewOrganization(ctx: ServiceContext, orgId: string) {
  const [org] = await ctx.db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  if (!org) throw new NotFoundError(`Organization ${orgId} not found`);
  const [nss, people, admins, [signedUp]] = await Promise.all([
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
    ctx.db
      .select({
        email: users.email,
        name: users.name,
        createdAt: users.createdAt,
        lastSignedInAt: users.lastSignedInAt,
        disabled: users.disabled,
      })
      .from(users)
      .where(and(eq(users.orgId, orgId), eq(users.role, 'admin')))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(ADMINS_SHOWN),
    // The sign-up's entry, the first of the organization's trail (its index by organization and
    // action); none for an organization made otherwise (the demo's) or once the trail is archived.
    ctx.db
      .select({
        at: auditEvents.occurredAt,
        ip: auditEvents.ip,
        userAgent: auditEvents.userAgent,
        changes: auditEvents.changes,
      })
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, 'organization.signed_up')))
      .limit(1),
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
    admins: admins.map((a) => ({
      email: a.email,
      name: a.name,
      created_at: toSeconds(a.createdAt),
      last_signed_in_at: a.lastSignedInAt ? toSeconds(a.lastSignedInAt) : null,
      disabled: a.disabled,
    })),
    signed_up: signedUp
      ? {
          at: toSeconds(signedUp.at),
          admin_email:
            typeof signedUp.changes?.after?.admin_email === 'string'
              ? signedUp.changes.after.admin_email
              : null,
          ip: signedUp.ip,
          user_agent: signedUp.userAgent,
        }
      : null,
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
