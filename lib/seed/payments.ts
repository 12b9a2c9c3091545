import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import type { NamespaceInfo, ServiceContext } from '@/lib/services/context';
import { createPayment } from '@/lib/services/payments/payments';
import { submitPayment } from '@/lib/services/payments/submissions';
import { applyTaskUpdate, type TaskUpdateInput } from '@/lib/services/payments/tasks';
import type { DemoIds } from './demo';

async function contextFor(db: Db, partnerId: string): Promise<ServiceContext> {
  const [ns] = await db.select().from(schema.namespaces).where(eq(schema.namespaces.id, partnerId)).limit(1);
  const namespace = ns as NamespaceInfo;
  return {
    db,
    principal: {
      kind: 'user',
      userId: 'seed',
      orgId: namespace.orgId,
      role: 'admin',
      email: 'demo data (seed)',
    },
    orgId: namespace.orgId,
    orgStatus: 'verified',
    namespace,
    requestId: 'seed',
  };
}

const party = (address: string, first: string, last: string) => ({
  payment_address: address,
  first_name: first,
  last_name: last,
});

/**
 * Demo payments in every state: one not yet submitted, tasks waiting in both demo banks' queues
 * (a pull among them), admitted ones with transactions (settled by the first cut-off), a rejected
 * one with its exception, one on hold and one expired.
 */
export async function seedDemoPayments(db: Db, ids: DemoIds): Promise<void> {
  const demo = await contextFor(db, ids.demoPartnerId);
  const union = await contextFor(db, ids.unionPartnerId);
  const fintech = await contextFor(db, ids.fintechPartnerId);

  const create = (
    ctx: ServiceContext,
    paymentId: string,
    from: string,
    to: string,
    total: string,
    reference: string,
    type: 'Type_Push' | 'Type_Pull' = 'Type_Push',
  ) =>
    createPayment(ctx, {
      payment_id: paymentId,
      amount: { currency: 'USD', total },
      debtor_party: party(from, 'Demo', 'Payer'),
      beneficiary_party: party(to, 'Demo', 'Payee'),
      reference,
      payment_type: type,
    });
  const pay = async (...args: Parameters<typeof create>) => {
    await create(...args);
    return submitPayment(args[0], args[1]);
  };
  const work = async (submissionToken: string, input: TaskUpdateInput) => {
    const tasks = await db
      .select()
      .from(schema.admissionTasks)
      .where(eq(schema.admissionTasks.submissionId, submissionToken));
    for (const t of tasks) await applyTaskUpdate(db, t.id, input, 'demo seed');
  };

  // Demo Bank → Union: two waiting in Union's queue, three admitted, one rejected, one on hold.
  await pay(demo, 'inv-1001', 'jane@demo-bank.test', 'maria@union-cu.test', '125000', 'Rent March');
  await pay(demo, 'inv-1002', 'omar@demo-bank.test', 'kofi@union-cu.test', '4999', 'Dinner split');
  for (const [id, total] of [
    ['inv-0990', '75000'],
    ['inv-0991', '18050'],
    ['inv-0992', '230000'],
  ] as const) {
    const s = await pay(demo, id, 'li@demo-bank.test', 'maria@union-cu.test', total, 'Supplier invoice');
    await work(s.token, { status: 'completed', status_reason: 'accepted' });
  }
  const rejected = await pay(
    demo,
    'inv-0993',
    'jane@demo-bank.test',
    'kofi@union-cu.test',
    '990000',
    'Car deposit',
  );
  await work(rejected.token, { status: 'failed', status_reason: 'account_closed' });
  const held = await pay(demo, 'inv-0994', 'omar@demo-bank.test', 'maria@union-cu.test', '31000', 'Tuition');
  await work(held.token, {
    status: 'on_hold',
    status_reason: 'business_reasons',
    note: 'Awaiting documents',
  });

  // Union → Demo Bank: waiting in Demo Bank's queue for its support staff, one admitted.
  await pay(union, 'ucu-2001', 'maria@union-cu.test', 'jane@demo-bank.test', '64000', 'Refund');
  await pay(union, 'ucu-2002', 'kofi@union-cu.test', 'li@demo-bank.test', '1500', 'Coffee club');
  await pay(union, 'ucu-2003', 'kofi@union-cu.test', 'omar@demo-bank.test', '1500000', 'Property escrow');
  const back = await pay(
    union,
    'ucu-2000',
    'maria@union-cu.test',
    'omar@demo-bank.test',
    '52000',
    'Loan repayment',
  );
  await work(back.token, { status: 'completed', status_reason: 'accepted' });

  // Created, not yet submitted: a draft the dashboard can submit.
  await create(demo, 'inv-1003', 'li@demo-bank.test', 'maria@union-cu.test', '27500', 'Quarterly fee');
  // A pull: Union collects from a Demo Bank customer, so the approval waits in Demo Bank's queue.
  await pay(
    union,
    'ucu-2004',
    'jane@demo-bank.test',
    'kofi@union-cu.test',
    '9900',
    'Membership dues',
    'Type_Pull',
  );

  // Expired: a payment whose time ran out before admission (the sweeper expires it).
  await pay(demo, 'inv-0980', 'li@demo-bank.test', 'kofi@union-cu.test', '8800', 'Old request');
  await db
    .update(schema.submissions)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(schema.submissions.paymentId, 'inv-0980'));

  // The sandbox fintech pays the Sandbox Bank, which answers by itself.
  await pay(
    fintech,
    'sbx-1',
    'tester@fintech.sandbox.test',
    'alice@sandbox-bank.test',
    '2500',
    'First test payment',
  );
  await pay(
    fintech,
    'sbx-2',
    'tester@fintech.sandbox.test',
    'bob@sandbox-bank.test',
    '1001',
    'Insufficient funds test',
  );
}
