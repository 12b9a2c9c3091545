import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { createTestDatabase, testContext, testNamespace } from '@/lib/testing/db';
import { getOverview } from './overview';
import { rebuildRollups } from './deltas';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;
const DAY = 86_400_000;
const ns = (id: string) => testNamespace(id, 'org_o');
const ctx = (id: string) => testContext(db(), { namespace: ns(id), orgId: 'org_o' });

/** UTC midnight `daysAgo` days back, plus `hours`. */
function at(daysAgo: number, hours = 12) {
  const now = new Date();
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY + hours * 3600_000,
  );
}

async function payment(
  partner: string,
  createdAt: Date,
  amount: bigint,
  status: number | null,
  currency = 'USD',
  exception?: string,
) {
  const id = newId('pay');
  await db()
    .insert(schema.payments)
    .values({
      id,
      paymentId: id,
      orgId: 'org_o',
      partnerId: partner,
      debtorPartnerId: partner,
      beneficiaryPartnerId: 'part_other',
      paymentType: 'Type_Push',
      currency,
      amountMinor: amount,
      debtorParty: {},
      beneficiaryParty: {},
      initiatedAt: createdAt,
      expiresAt: new Date(createdAt.getTime() + DAY),
      createdAt,
    });
  if (status !== null) {
    await db()
      .insert(schema.submissions)
      .values({
        id: newId('sub'),
        paymentPk: id,
        paymentId: id,
        orgId: 'org_o',
        partnerId: partner,
        admissionId: newId('adm'),
        workflow: 'push.v1',
        status,
        debtorPartnerId: partner,
        beneficiaryPartnerId: 'part_other',
        paymentCreatedAt: createdAt,
        expiresAt: new Date(createdAt.getTime() + DAY),
      });
  }
  if (exception) {
    await db()
      .insert(schema.paymentExceptions)
      .values({
        id: newId('exc'),
        paymentPk: id,
        paymentId: id,
        orgId: 'org_o',
        partnerId: partner,
        exceptionCode: exception,
        exceptionMessage: 'x',
        blame: 'system',
        createdAt,
      });
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await db().insert(schema.organizations).values({ id: 'org_o', name: 'O', status: 'verified' });
  for (const id of ['part_o', 'part_other']) {
    await db()
      .insert(schema.namespaces)
      .values({ id, orgId: 'org_o', name: id, domain: `${id}.test`, environment: 'production' });
  }
  await payment('part_o', at(0, 0), 100n, 3); // today, first second of the UTC day
  await payment('part_o', at(1, 23.99), 200n, 3); // yesterday, last minute
  await payment('part_o', at(1), 300n, 5, 'USD', 'PAYMENT_EXPIRED');
  await payment('part_o', at(6), 400n, null, 'JPY');
  await payment('part_o', at(7), 999n, 4, 'USD', 'FRAUD_DETECTED'); // outside a 7-day window
  // Rows written in SQL, past the services: their figures are computed as a bulk load's are.
  await rebuildRollups(db());
});
afterAll(async () => database?.close());

describe('getOverview', () => {
  it('buckets payments by UTC day and leaves out what is older than the window', async () => {
    const o = await getOverview(ctx('part_o'), { days: 7 });
    const day = (n: number) => at(n).toISOString().slice(0, 10);
    expect(o.window.from).toBe(at(6, 0).getTime() / 1000);
    expect(o.daily_volume).toEqual([
      { date: day(6), status: 'unsubmitted', currency: 'JPY', count: 1, total: '400' },
      { date: day(1), status: 'admitted', currency: 'USD', count: 1, total: '200' },
      { date: day(1), status: 'expired', currency: 'USD', count: 1, total: '300' },
      { date: day(0), status: 'admitted', currency: 'USD', count: 1, total: '100' },
    ]);
    expect(o.payments_today).toEqual({
      count: 1,
      by_currency: [{ currency: 'USD', count: 1, total: '100' }],
    });
    expect(o.decisions).toEqual({ admitted: 2, rejected: 0, expired: 1, open: 1 });
    expect(o.exceptions).toEqual([{ exception_code: 'PAYMENT_EXPIRED', blame: 'system', count: 1 }]);
  });

  it('a wider window takes the older payment and its exception in', async () => {
    const o = await getOverview(ctx('part_o'), { days: 8 });
    expect(o.decisions).toEqual({ admitted: 2, rejected: 1, expired: 1, open: 1 });
    expect(o.exceptions.map((e) => e.exception_code)).toEqual(['FRAUD_DETECTED', 'PAYMENT_EXPIRED']);
  });

  it('a namespace sees the payments it is party to, and nothing of a namespace it is not', async () => {
    expect((await getOverview(ctx('part_other'), { days: 8 })).daily_volume).toHaveLength(5);
    expect((await getOverview(ctx('part_none'), { days: 90 })).daily_volume).toEqual([]);
  });
});
