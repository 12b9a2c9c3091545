import { aliasedTable, and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import { schema } from '@/lib/db';
import { ConflictError, NotFoundError, ValidationError, isUniqueViolation } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/schemas/common';
import { recordAudit } from '../audit/record';
import { emitEvents, type EventInput } from '@/lib/events/emit';
import { requireNamespace } from '../guards';
import { byTime, keysetPage, queryFetch } from '../paging';
import { orderedPair } from '@/lib/domain/links';
import type { ListLinksQuery, ProposeLinkBody } from '@/lib/schemas/links';
import { pairIs } from './linked';

const { links, namespaces } = schema;

/** A namespace's links, newest first (created, not updated: the order of a page never moves). */
const NEWEST_FIRST = byTime(links.createdAt, links.id, 'desc');
type LinkRow = typeof links.$inferSelect;
type LinkStatus = LinkRow['status'];
export type LinkAction = 'accept' | 'reject' | 'suspend' | 'resume';

const requester = aliasedTable(namespaces, 'requester');
const counterparty = aliasedTable(namespaces, 'counterparty');

function serializeLink(l: LinkRow, domains: { requester: string; counterparty: string }) {
  return {
    token: l.id,
    requester_partner_id: l.requesterPartnerId,
    counterparty_partner_id: l.counterpartyPartnerId,
    requester_domain: domains.requester,
    counterparty_domain: domains.counterparty,
    status: l.status,
    created_at: toSeconds(l.createdAt),
    updated_at: toSeconds(l.updatedAt),
  };
}

const linkFields = {
  link: links,
  requester: { domain: requester.domain, orgId: requester.orgId },
  counterparty: { domain: counterparty.domain, orgId: counterparty.orgId },
};

const selectLinks = (ctx: ServiceContext) =>
  ctx.db
    .select(linkFields)
    .from(links)
    .innerJoin(requester, eq(requester.id, links.requesterPartnerId))
    .innerJoin(counterparty, eq(counterparty.id, links.counterpartyPartnerId));

/** Namespace A proposes a link to the namespace owning `counterparty_domain`; B is told. */
export async function proposeLink(ctx: ServiceContext, input: ProposeLinkBody) {
  const ns = requireNamespace(ctx);
  const domain = input.counterparty_domain.trim().toLowerCase();
  const [target] = await ctx.db.select().from(namespaces).where(eq(namespaces.domain, domain)).limit(1);
  if (!target || !target.enabled)
    throw new ValidationError(
      `counterparty_domain: no enabled namespace has the domain ${domain}`,
      'counterparty_domain',
    );
  if (target.id === ns.id)
    throw new ValidationError(
      'counterparty_domain: a namespace cannot link to itself',
      'counterparty_domain',
    );
  if (target.environment !== ns.environment)
    throw new ValidationError(
      'counterparty_domain: sandbox and production namespaces never link',
      'counterparty_domain',
    );

  const pair = orderedPair(ns.id, target.id);
  const conflict = () => new ConflictError(`A link with ${domain} already exists`).at('counterparty_domain');
  try {
    return await insertOrReopen(ctx, ns, target, pair, domain);
  } catch (err) {
    // Two first proposals for the same pair racing: the unique pair index lets one through.
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}

type Namespace = typeof namespaces.$inferSelect;

async function insertOrReopen(
  ctx: ServiceContext,
  ns: Pick<Namespace, 'id' | 'domain'>,
  target: Namespace,
  pair: { partnerLow: string; partnerHigh: string },
  domain: string,
) {
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(links)
      .where(pairIs(pair.partnerLow, pair.partnerHigh))
      .for('update')
      .limit(1);
    if (existing && existing.status !== 'rejected')
      throw new ConflictError(`A link with ${domain} already exists (${existing.status})`).at(
        'counterparty_domain',
      );
    const now = new Date();
    const values = {
      requesterPartnerId: ns.id,
      counterpartyPartnerId: target.id,
      status: 'proposed' as const,
      updatedAt: now,
    };
    const [row] = existing
      ? await tx.update(links).set(values).where(eq(links.id, existing.id)).returning()
      : await tx
          .insert(links)
          .values({ id: newId('link'), ...pair, ...values })
          .returning();
    const data = linkEventData(row!, ns.domain, domain);
    await emitEvents(tx, [{ type: 'link.propose.req', orgId: target.orgId, partnerId: target.id, data }]);
    await recordAudit(tx, ctx, {
      action: 'link.proposed',
      target: { type: 'link', id: row!.id },
      ...(existing ? { before: { status: existing.status } } : {}),
      after: { status: row!.status, counterparty_domain: domain },
    });
    return serializeLink(row!, { requester: ns.domain, counterparty: domain });
  });
}

function linkEventData(l: LinkRow, requesterDomain: string, counterpartyDomain: string) {
  return {
    link_id: l.id,
    requester_partner_id: l.requesterPartnerId,
    counterparty_partner_id: l.counterpartyPartnerId,
    requester_domain: requesterDomain,
    counterparty_domain: counterpartyDomain,
    status: l.status,
  };
}

export async function listLinks(ctx: ServiceContext, q: ListLinksQuery) {
  const ns = requireNamespace(ctx);
  const where: SQL[] = [];
  if (q.direction === 'outgoing') where.push(eq(links.requesterPartnerId, ns.id));
  else if (q.direction === 'incoming') where.push(eq(links.counterpartyPartnerId, ns.id));
  else where.push(or(eq(links.requesterPartnerId, ns.id), eq(links.counterpartyPartnerId, ns.id))!);
  if (q.status) where.push(eq(links.status, q.status));
  const cond = and(...where);
  const { rows, page } = await keysetPage(
    NEWEST_FIRST,
    q,
    queryFetch<{ link: LinkRow; requester: { domain: string }; counterparty: { domain: string } }>(
      ctx.db,
      NEWEST_FIRST,
      cond,
      (keys) =>
        ctx.db
          .select({ ...linkFields, keys })
          .from(links)
          .innerJoin(requester, eq(requester.id, links.requesterPartnerId))
          .innerJoin(counterparty, eq(counterparty.id, links.counterpartyPartnerId))
          .$dynamic(),
      () =>
        ctx.db
          .select({ one: sql`1` })
          .from(links)
          .$dynamic(),
    ),
  );
  return {
    ...page,
    links: rows.map((r) =>
      serializeLink(r.link, { requester: r.requester.domain, counterparty: r.counterparty.domain }),
    ),
  };
}

async function getLinkRow(ctx: ServiceContext, id: string) {
  const ns = requireNamespace(ctx);
  const [row] = await selectLinks(ctx)
    .where(
      and(eq(links.id, id), or(eq(links.requesterPartnerId, ns.id), eq(links.counterpartyPartnerId, ns.id))),
    )
    .limit(1);
  if (!row) throw new NotFoundError(`Link ${id} not found`);
  return row;
}

export async function getLink(ctx: ServiceContext, id: string) {
  const r = await getLinkRow(ctx, id);
  return serializeLink(r.link, { requester: r.requester.domain, counterparty: r.counterparty.domain });
}

const TRANSITIONS: Record<LinkAction, { from: LinkStatus; to: LinkStatus; counterpartyOnly: boolean }> = {
  accept: { from: 'proposed', to: 'established', counterpartyOnly: true },
  reject: { from: 'proposed', to: 'rejected', counterpartyOnly: true },
  suspend: { from: 'established', to: 'suspended', counterpartyOnly: false },
  resume: { from: 'suspended', to: 'established', counterpartyOnly: false },
};

/**
 * Accept/reject (the counterparty, while proposed) and suspend/resume (either side). The state
 * change and its events are written in one transaction, under a row lock.
 */
export async function actOnLink(ctx: ServiceContext, id: string, action: LinkAction) {
  const ns = requireNamespace(ctx);
  const found = await getLinkRow(ctx, id);
  const rule = TRANSITIONS[action];
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(links).where(eq(links.id, id)).for('update').limit(1);
    if (!current) throw new NotFoundError(`Link ${id} not found`);
    if (rule.counterpartyOnly && current.counterpartyPartnerId !== ns.id) {
      throw new ConflictError(`Only the proposed counterparty can ${action} this link`);
    }
    if (current.status !== rule.from)
      throw new ConflictError(`Cannot ${action} a link that is ${current.status}`);
    const [row] = await tx
      .update(links)
      .set({ status: rule.to, updatedAt: new Date() })
      .where(eq(links.id, id))
      .returning();
    const data = linkEventData(row!, found.requester.domain, found.counterparty.domain);
    const A = { orgId: found.requester.orgId, partnerId: row!.requesterPartnerId };
    const B = { orgId: found.counterparty.orgId, partnerId: row!.counterpartyPartnerId };
    const events: EventInput[] = [];
    if (action === 'accept' || action === 'reject') {
      events.push({ type: 'link.create.resp', ...A, data });
      if (action === 'accept')
        events.push({ type: 'link_established', ...A, data }, { type: 'link_established', ...B, data });
    } else {
      events.push({ type: 'link_update_resp', ...A, data }, { type: 'link_update_resp', ...B, data });
    }
    await emitEvents(tx, events);
    await recordAudit(tx, ctx, {
      action: `link.${action === 'accept' ? 'accepted' : action === 'reject' ? 'rejected' : action === 'suspend' ? 'suspended' : 'resumed'}`,
      target: { type: 'link', id },
      before: { status: current.status },
      after: { status: row!.status },
    });
    return serializeLink(row!, {
      requester: found.requester.domain,
      counterparty: found.counterparty.domain,
    });
  });
}
