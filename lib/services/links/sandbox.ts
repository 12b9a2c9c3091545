import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { orderedPair } from '@/lib/domain/links';
import { emitEvents } from '@/lib/events/emit';

export const SANDBOX_BANK_DOMAIN = 'sandbox-bank.test';
export const SANDBOX_BANK_ORG_NAME = 'Sandbox Bank';

type NamespaceRow = typeof schema.namespaces.$inferSelect;

/**
 * Every sandbox namespace is linked to the built-in Sandbox Bank at creation, established at once,
 * so a new user can pay a counterparty without a second institution.
 */
export async function ensureSandboxLink(tx: DbOrTx, ns: NamespaceRow): Promise<void> {
  if (ns.environment !== 'sandbox' || ns.isSystem) return;
  const [bank] = await tx
    .select()
    .from(schema.namespaces)
    .where(eq(schema.namespaces.domain, SANDBOX_BANK_DOMAIN))
    .limit(1);
  if (!bank) return;
  const id = newId('link');
  const inserted = await tx
    .insert(schema.links)
    .values({
      id,
      requesterPartnerId: ns.id,
      counterpartyPartnerId: bank.id,
      ...orderedPair(ns.id, bank.id),
      status: 'established',
    })
    .onConflictDoNothing()
    .returning({ id: schema.links.id });
  if (inserted.length === 0) return;
  const data = {
    link_id: id,
    requester_partner_id: ns.id,
    counterparty_partner_id: bank.id,
    status: 'established',
  };
  await emitEvents(tx, [
    { type: 'link_established', orgId: ns.orgId, partnerId: ns.id, data },
    { type: 'link_established', orgId: bank.orgId, partnerId: bank.id, data },
  ]);
}
