import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDatabase, testContext } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import type { NamespaceInfo } from '@/lib/services/context';
import { ConflictError } from '@/lib/errors';
import { actOnLink, proposeLink } from './links';
import { isLinkEstablished } from './linked';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await db().insert(schema.organizations).values({ id: 'org_links', name: 'Links', status: 'sandbox' });
});
afterAll(async () => database?.close());

async function namespace(): Promise<NamespaceInfo> {
  const id = `ns_links_${++n}`;
  const [row] = await db()
    .insert(schema.namespaces)
    .values({
      id,
      orgId: 'org_links',
      name: id,
      domain: `${id.replace(/_/g, '-')}.test`,
      environment: 'sandbox',
    })
    .returning();
  return row!;
}

const as = (ns: NamespaceInfo) => testContext(db(), { orgId: ns.orgId, namespace: ns });

describe('isLinkEstablished', () => {
  it('is true only while the link is established, whichever side asks', async () => {
    const a = await namespace();
    const b = await namespace();
    expect(await isLinkEstablished(db(), a.id, b.id)).toBe(false);
    const link = await proposeLink(as(a), { counterparty_domain: b.domain });
    expect(await isLinkEstablished(db(), a.id, b.id)).toBe(false);
    await actOnLink(as(b), link.token, 'accept');
    expect(await isLinkEstablished(db(), a.id, b.id)).toBe(true);
    expect(await isLinkEstablished(db(), b.id, a.id)).toBe(true);
    await actOnLink(as(b), link.token, 'suspend');
    expect(await isLinkEstablished(db(), b.id, a.id)).toBe(false);
    await actOnLink(as(a), link.token, 'resume');
    expect(await isLinkEstablished(db(), a.id, b.id)).toBe(true);
  });
});

describe('proposeLink', () => {
  it('keeps one link per pair when both sides propose at the same time', async () => {
    const a = await namespace();
    const b = await namespace();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? proposeLink(as(a), { counterparty_domain: b.domain })
          : proposeLink(as(b), { counterparty_domain: a.domain }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(failed.map((r) => r.reason instanceof ConflictError)).toEqual(Array(7).fill(true));
    const rows = await db()
      .select()
      .from(schema.links)
      .where(and(eq(schema.links.partnerLow, a.id), eq(schema.links.partnerHigh, b.id)));
    expect(rows).toHaveLength(1);
    const events = await db().select().from(schema.events).where(eq(schema.events.type, 'link.propose.req'));
    expect(events.filter((e) => e.partnerId === a.id || e.partnerId === b.id)).toHaveLength(1);
  });
});
