import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import type { DemoIds } from './demo';

/**
 * Two admission rules (DESIGN §13), so the Rules screen and the queue show what they do: the demo
 * bank accepts the payroll that known counterparties send, up to 5,000.00 (four eyes still take
 * what is larger from 10,000.00), and the credit union holds payments whose reference speaks of
 * crypto. Written after the demo payments, which people decided. The demo bank's rule names its
 * payments by their reference: the demo's other payments from the credit union wait for people,
 * as the demo's queue and its browser specs have them (docs/decisions.md, "The Rules screen").
 */
export async function seedDemoRules(db: Db, ids: DemoIds): Promise<void> {
  const rules = [
    {
      orgId: ids.demoOrgId,
      partnerId: ids.demoPartnerId,
      name: 'Payroll from known counterparties up to 5,000.00',
      taskNames: ['beneficiary_admission'],
      conditions: { amount_max: '500000', counterparty_known: true, reference_matches: 'payroll' },
      action: 'accept' as const,
      reason: null,
      note: null,
    },
    {
      orgId: ids.unionOrgId,
      partnerId: ids.unionPartnerId,
      name: 'Crypto in the reference held',
      taskNames: null,
      conditions: { reference_matches: 'crypto' },
      action: 'hold' as const,
      reason: 'business_reasons',
      note: 'Ask the member what the payment is for before releasing it',
    },
  ];
  await db.transaction(async (tx) => {
    for (const r of rules) {
      await tx.insert(schema.admissionRules).values({
        id: newId('rul'),
        ...r,
        enabled: true,
        position: 1,
        createdBy: 'demo seed',
        updatedBy: 'demo seed',
      });
      await tx
        .update(schema.namespaces)
        .set({ rulesVersion: sql`${schema.namespaces.rulesVersion} + 1` })
        .where(eq(schema.namespaces.id, r.partnerId));
    }
  });
}
