import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { ValidationError } from '@/lib/errors';
import { createTestDatabase, testContext, testNamespace } from '@/lib/testing/db';
import type { ListPaymentsQuery } from '@/lib/schemas/payments';
import { COUNT_CAP } from '../paging';
import { listPayments } from './list';

// The payments list over the real queries (PGlite, and PostgreSQL with TEST_DATABASE_URL): keyset
// paging, the capped count and each filter's index ranges, with rows bulk-loaded in SQL.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;
const ns = (id: string) => testNamespace(id, 'org_l');
const list = (partner: string, q: Partial<ListPaymentsQuery> = {}) =>
  listPayments(testContext(db(), { namespace: ns(partner), orgId: 'org_l' }), {
    limit: 20,
    ...q,
  } as ListPaymentsQuery);

/**
 * `n` payments of `debtor` to `beneficiary`, ids `<tag>-00001`…, created one second apart from
 * `start` (or all at one instant with `sameInstant`), with submissions of `status` for every
 * `every`-th one.
 */
async function load(
  tag: string,
  n: number,
  opts: {
    debtor: string;
    beneficiary: string;
    start: Date;
    sameInstant?: boolean;
    status?: number;
    every?: number;
  },
) {
  const created = opts.sameInstant
    ? sql`${opts.start.toISOString()}::timestamptz`
    : sql`${opts.start.toISOString()}::timestamptz + g * interval '1 second'`;
  await db().execute(sql`
    INSERT INTO payments (id, payment_id, org_id, partner_id, debtor_partner_id, beneficiary_partner_id, payment_type,
      currency, amount_minor, debtor_party, beneficiary_party, initiated_at, expires_at, created_at)
    SELECT 'pay_' || ${tag} || lpad(g::text, 6, '0'), ${tag} || '-' || lpad(g::text, 5, '0'), 'org_l', ${opts.debtor},
      ${opts.debtor}, ${opts.beneficiary}, 'Type_Push', 'USD', 100 + g, '{}', '{}', ${created}, now() + interval '1 day', ${created}
    FROM generate_series(1, ${n}) g`);
  if (opts.status !== undefined)
    await db().execute(sql`
      INSERT INTO submissions (id, payment_pk, payment_id, org_id, partner_id, admission_id, workflow, status, expires_at,
        debtor_partner_id, beneficiary_partner_id, payment_created_at)
      SELECT 'sub_' || p.id, p.id, p.payment_id, 'org_l', p.partner_id, 'adm_' || p.id, 'push.v1', ${opts.status},
        p.expires_at, p.debtor_partner_id, p.beneficiary_partner_id, p.created_at
      FROM payments p WHERE p.id LIKE ${`pay_${tag}%`} AND right(p.id, 6)::int % ${opts.every ?? 1} = 0`);
  // Rows written past the services: the counts' rollups recomputed from them, as a bulk load must.
  await db().execute(sql`SELECT csp_rebuild_rollups()`);
}

/** Every page from the start, following `next_cursor`. */
async function walk(partner: string, q: Partial<ListPaymentsQuery>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const page = await list(partner, { ...q, cursor });
    seen.push(...page.payments.map((p) => p.payment_id));
    if (!page.next_cursor) break;
    expect(page.has_more).toBe(true);
    cursor = page.next_cursor;
  }
  return seen;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await db().insert(schema.organizations).values({ id: 'org_l', name: 'Lists', status: 'verified' });
  const t0 = new Date(Date.UTC(2026, 0, 1));
  // part_a pays part_b 30 times; part_b pays part_a 20 times; part_a pays itself 5 times (on-us).
  await load('ab', 30, { debtor: 'part_a', beneficiary: 'part_b', start: t0, status: 1, every: 3 });
  await load('ba', 20, { debtor: 'part_b', beneficiary: 'part_a', start: new Date(t0.getTime() + 15_500) });
  await load('aa', 5, { debtor: 'part_a', beneficiary: 'part_a', start: new Date(t0.getTime() + 100_000) });
  // 25 payments created at the same instant: only the id orders them.
  await load('tie', 25, { debtor: 'part_t', beneficiary: 'part_u', start: t0, sameInstant: true });
});
afterAll(() => database?.close());

describe('the payments list, keyset-paged', () => {
  it('walks every payment a namespace is party to exactly once, newest first, by cursor', async () => {
    const seen = await walk('part_a', { limit: 7 });
    expect(seen).toHaveLength(55);
    expect(new Set(seen).size).toBe(55);
    const first = await list('part_a', { limit: 7 });
    expect(first).toMatchObject({ count: 55, count_capped: false, has_more: true, prev_cursor: null });
    // Newest first: the on-us ones (t0 + 100 s…), then both directions interleaved by time.
    expect(seen.slice(0, 5)).toEqual(['aa-00005', 'aa-00004', 'aa-00003', 'aa-00002', 'aa-00001']);
    expect(seen.at(-1)).toBe('ab-00001');
  });

  it('orders rows created at one instant by id, and pages through them without a gap', async () => {
    const seen = await walk('part_t', { limit: 4 });
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `tie-${String(25 - i).padStart(5, '0')}`));
  });

  it('walks back by prev_cursor to the very pages it came from', async () => {
    const p1 = await list('part_a', { limit: 10 });
    const p2 = await list('part_a', { limit: 10, cursor: p1.next_cursor! });
    const p3 = await list('part_a', { limit: 10, cursor: p2.next_cursor! });
    const back2 = await list('part_a', { limit: 10, cursor: p3.prev_cursor! });
    expect(back2.payments.map((p) => p.payment_id)).toEqual(p2.payments.map((p) => p.payment_id));
    const back1 = await list('part_a', { limit: 10, cursor: back2.prev_cursor! });
    expect(back1.payments.map((p) => p.payment_id)).toEqual(p1.payments.map((p) => p.payment_id));
    expect(back1.prev_cursor).toBeNull();
  });

  it('neither repeats nor skips a row when payments are created between pages', async () => {
    const p1 = await list('part_b', { limit: 10 });
    await load('new', 12, { debtor: 'part_b', beneficiary: 'part_a', start: new Date(Date.UTC(2026, 5, 1)) });
    const rest: string[] = [];
    let cursor = p1.next_cursor;
    while (cursor) {
      const page = await list('part_b', { limit: 10, cursor });
      rest.push(...page.payments.map((p) => p.payment_id));
      cursor = page.next_cursor;
    }
    const all = [...p1.payments.map((p) => p.payment_id), ...rest];
    expect(all).toHaveLength(50); // the 50 that existed; the 12 newer ones are before page 1
    expect(new Set(all).size).toBe(50);
    expect((await list('part_b', { limit: 10 })).payments[0]!.payment_id).toBe('new-00012');
    await db().execute(sql`DELETE FROM payments WHERE id LIKE 'pay_new%'`);
    await db().execute(sql`SELECT csp_rebuild_rollups()`);
  });

  it('filters by status through the submissions, and unsubmitted as the rest', async () => {
    const pending = await walk('part_a', { limit: 3, status: 'pending' });
    expect(pending).toEqual(
      Array.from({ length: 10 }, (_, i) => `ab-${String(30 - 3 * i).padStart(5, '0')}`),
    );
    expect((await list('part_a', { status: 'pending' })).count).toBe(10);
    const unsubmitted = await list('part_a', { status: 'unsubmitted', limit: 100 });
    expect(unsubmitted.count).toBe(45);
    expect(unsubmitted.payments.every((p) => p.submission_status === null)).toBe(true);
    expect((await list('part_a', { status: 'rejected' })).payments).toEqual([]);
  });

  it('combines a search with a stored status on either side, newest or oldest first, by cursor', async () => {
    const pendingAb = (g: number[]) => g.map((n) => `ab-${String(n).padStart(5, '0')}`);
    const every3 = (from: number) =>
      Array.from({ length: 10 }, (_, i) => 30 - 3 * i).filter((n) => n >= from);
    // part_a is the debtor of the pending ones, part_b their beneficiary.
    expect(await walk('part_a', { limit: 3, status: 'pending', counterparty: 'part_b' })).toEqual(
      pendingAb(every3(1)),
    );
    expect(await walk('part_b', { limit: 4, status: 'pending', counterparty: 'part_a' })).toEqual(
      pendingAb(every3(1)),
    );
    expect(await walk('part_b', { limit: 4, status: 'pending', amount_min: '115', order: 'asc' })).toEqual(
      pendingAb(every3(15)).reverse(),
    );
    // A status with a search is counted no further than its page (each row's status is checked
    // one by one), exactly when the whole list fits on it; the same for a status with a currency.
    const page = await list('part_a', { limit: 2, status: 'pending', amount_min: '115' });
    expect(page).toMatchObject({ count: 2, count_capped: true, has_more: true });
    expect(await list('part_a', { limit: 10, status: 'pending', amount_min: '115' })).toMatchObject({
      count: 6,
      count_capped: false,
      has_more: false,
    });
    expect(await list('part_a', { limit: 4, status: 'pending', currency: 'USD' })).toMatchObject({
      count: 4,
      count_capped: true,
      has_more: true,
    });
    expect(await list('part_a', { limit: 3, status: 'pending' })).toMatchObject({
      count: 10,
      count_capped: false,
    });
    expect(page.payments.map((p) => [p.payment_id, p.submission_status_name])).toEqual([
      ['ab-00030', 'pending'],
      ['ab-00027', 'pending'],
    ]);
    // A counterparty it has no payment with, and a status none of them has, find nothing.
    expect((await list('part_b', { status: 'pending', counterparty: 'part_b' })).payments).toEqual([]);
    expect((await list('part_a', { status: 'rejected', counterparty: 'part_b' })).payments).toEqual([]);
  });

  it('finds by payment_id prefix in payment_id order, and keeps the created range', async () => {
    const found = await walk('part_a', { limit: 4, payment_id: 'ab-0001' });
    expect(found).toEqual(Array.from({ length: 10 }, (_, i) => `ab-${String(10 + i).padStart(5, '0')}`));
    // `_` and `%` are the characters themselves, not patterns.
    expect((await list('part_a', { payment_id: 'ab_' })).count).toBe(0);
    const t0 = Date.UTC(2026, 0, 1) / 1000;
    const ranged = await walk('part_a', { limit: 5, created_from: t0 + 20, created_to: t0 + 25 });
    // ab-k was created at t0 + k s, ba-k at t0 + 15.5 + k s; created_to takes its whole second.
    expect(ranged).toEqual(
      ['ba-00010', 'ab-00025', 'ba-00009', 'ab-00024', 'ba-00008', 'ab-00023'].concat([
        'ba-00007',
        'ab-00022',
        'ba-00006',
        'ab-00021',
        'ba-00005',
        'ab-00020',
      ]),
    );
  });

  it('reads oldest first with order=asc: the same rows, reversed, by cursor both ways', async () => {
    const newest = await walk('part_a', { limit: 7 });
    const oldest = await walk('part_a', { limit: 7, order: 'asc' });
    expect(oldest).toEqual([...newest].reverse());
    // Rows at one instant keep their id order, reversed too.
    expect(await walk('part_t', { limit: 4, order: 'asc' })).toEqual(
      Array.from({ length: 25 }, (_, i) => `tie-${String(i + 1).padStart(5, '0')}`),
    );
    // Each filter's own ranges: a status (the submissions), a prefix (payment_id order, reversed).
    expect(await walk('part_a', { limit: 3, status: 'pending', order: 'asc' })).toEqual(
      Array.from({ length: 10 }, (_, i) => `ab-${String(3 + 3 * i).padStart(5, '0')}`),
    );
    expect(await walk('part_a', { limit: 4, payment_id: 'ab-0001', order: 'desc' })).toEqual(
      Array.from({ length: 10 }, (_, i) => `ab-${String(19 - i).padStart(5, '0')}`),
    );
    // Back by prev_cursor in the requested order; the page number counts in it too.
    const p1 = await list('part_a', { limit: 10, order: 'asc' });
    const p2 = await list('part_a', { limit: 10, order: 'asc', cursor: p1.next_cursor! });
    const back = await list('part_a', { limit: 10, order: 'asc', cursor: p2.prev_cursor! });
    expect(back.payments.map((p) => p.payment_id)).toEqual(p1.payments.map((p) => p.payment_id));
    expect(back.prev_cursor).toBeNull();
    const byPage = await list('part_a', { limit: 10, order: 'asc', page: 2 });
    expect(byPage.payments.map((p) => p.payment_id)).toEqual(p2.payments.map((p) => p.payment_id));
    expect(p1).toMatchObject({ count: 55, count_capped: false });
    // A cursor continues the order it was made in: another order is another list.
    await expect(list('part_a', { limit: 10, cursor: p1.next_cursor! })).rejects.toThrow(
      'cursor: it belongs to the same list with other filters or another order',
    );
  });

  it('refuses a malformed cursor, a cursor of other filters, and a cursor with a page', async () => {
    const p1 = await list('part_a', { limit: 5, status: 'pending' });
    await expect(list('part_a', { cursor: 'not-a-cursor' })).rejects.toThrow(
      new ValidationError('cursor: not a cursor of this list', 'cursor'),
    );
    await expect(list('part_a', { limit: 5, cursor: p1.next_cursor! })).rejects.toThrow(
      'cursor: it belongs to the same list with other filters or another order',
    );
    await expect(list('part_a', { status: 'pending', cursor: p1.next_cursor!, page: 2 })).rejects.toThrow(
      'cursor and page cannot be combined',
    );
  });

  it('counts from the rollups exactly at any size; a date filter counts up to 10,000 and says so', async () => {
    await load('big', COUNT_CAP + 50, {
      debtor: 'part_big',
      beneficiary: 'part_a',
      start: new Date(Date.UTC(2025, 0, 1)),
      status: 5,
      every: 2,
    });
    const page = await list('part_big', { limit: 3 });
    expect(page).toMatchObject({ count: COUNT_CAP + 50, count_capped: false, has_more: true });
    expect(await list('part_big', { limit: 3, status: 'expired' })).toMatchObject({
      count: (COUNT_CAP + 50) / 2,
      count_capped: false,
    });
    expect(await list('part_big', { limit: 3, status: 'unsubmitted' })).toMatchObject({
      count: (COUNT_CAP + 50) / 2,
      count_capped: false,
    });
    const since = Date.UTC(2025, 0, 1) / 1000;
    expect(await list('part_big', { limit: 3, created_from: since })).toMatchObject({
      count: COUNT_CAP,
      count_capped: true,
    });
    expect(await list('part_big', { limit: 3, created_from: since + 10_001 })).toMatchObject({
      count: 50,
      count_capped: false,
    });
    // Unsubmitted (or settled) within a range: each of the range's payments is checked for its
    // submission, so the count goes no further than the page, exact when the list fits on it.
    expect(await list('part_big', { limit: 3, status: 'unsubmitted', created_from: since })).toMatchObject({
      count: 3,
      count_capped: true,
      has_more: true,
    });
    // Without a status, a range and a currency are still counted up to the cap.
    expect(await list('part_big', { limit: 3, currency: 'USD' })).toMatchObject({
      count: COUNT_CAP,
      count_capped: true,
    });
    const fits = await list('part_big', { limit: 10, status: 'unsubmitted', created_from: since + 10_041 });
    expect(fits).toMatchObject({ count: 5, count_capped: false, has_more: false });
    expect(fits.payments.map((p) => p.payment_id)).toEqual([
      'big-10049',
      'big-10047',
      'big-10045',
      'big-10043',
      'big-10041',
    ]);
    expect(page.payments.map((p) => p.payment_id)).toEqual(['big-10050', 'big-10049', 'big-10048']);
    // The legacy page number still answers the right rows.
    const deep = await list('part_big', { limit: 3, page: 3000 });
    expect(deep.payments.map((p) => p.payment_id)).toEqual(['big-01053', 'big-01052', 'big-01051']);
  });

  it('counts a search by fragment no further than its page, exactly when it fits on the first', async () => {
    // part_big's 10,050 payments (loaded above) have no parties nor reference; give 1,200 of them
    // addresses (the API requires them) and a common reference.
    await db().execute(
      sql`UPDATE payments SET reference = 'Monthly fee ' || payment_id,
            debtor_party = '{"payment_address": "a@big.test"}', beneficiary_party = '{"payment_address": "b@a.test"}'
          WHERE payment_id LIKE 'big-%' AND right(payment_id, 5)::int <= 1200`,
    );
    const common = await list('part_big', { limit: 3, reference: 'monthly fee' });
    expect(common).toMatchObject({ count: 3, count_capped: true, has_more: true });
    expect(common.payments.map((p) => p.payment_id)).toEqual(['big-01200', 'big-01199', 'big-01198']);
    // By cursor: the rows before are not counted, so the count stays a lower bound.
    const next = await list('part_big', { limit: 3, reference: 'monthly fee', cursor: common.next_cursor! });
    expect(next).toMatchObject({ count: 3, count_capped: true, has_more: true });
    // By page number: the pages before are rows too.
    expect(await list('part_big', { limit: 3, reference: 'monthly fee', page: 400 })).toMatchObject({
      count: 1200,
      count_capped: false,
      has_more: false,
    });
    const few = await list('part_big', { limit: 10, reference: 'fee big-0000' });
    expect(few).toMatchObject({ count: 9, count_capped: false, has_more: false });
    expect(few.payments.map((p) => p.payment_id).slice(0, 3)).toEqual([
      'big-00009',
      'big-00008',
      'big-00007',
    ]);
    expect(await list('part_big', { limit: 3, reference: 'fee big-0000' })).toMatchObject({
      count: 3,
      count_capped: true,
    });
    // A search without a fragment is counted (up to COUNT_CAP).
    expect(await list('part_big', { limit: 3, amount_min: '0' })).toMatchObject({
      count: COUNT_CAP,
      count_capped: true,
    });
  });
});

describe('the payments table on PostgreSQL', () => {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_DB !== 'pglite');

  /** The plan's node types for a page of a namespace's newest payments, parallel workers made free. */
  async function pageNodes(withoutTheSetting: boolean): Promise<string[]> {
    const nodes: string[] = [];
    await db()
      .transaction(async (tx) => {
        if (withoutTheSetting) await tx.execute(sql`alter table payments reset (parallel_workers)`);
        for (const setting of [
          'parallel_setup_cost',
          'parallel_tuple_cost',
          'min_parallel_table_scan_size',
          'min_parallel_index_scan_size',
        ])
          await tx.execute(sql.raw(`set local ${setting} = 0`));
        const [row] = rowsOf(
          await tx.execute(sql`explain (format json) select id from payments
            where debtor_partner_id = 'ns_serial' and amount_minor % 7 = 0
            order by created_at desc, id desc limit 21`),
        );
        const visit = (n: Record<string, unknown>) => {
          nodes.push(n['Node Type'] as string);
          for (const child of (n.Plans as Array<Record<string, unknown>>) ?? []) visit(child);
        };
        visit((row!['QUERY PLAN'] as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
        tx.rollback();
      })
      .catch((err) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    return nodes;
  }

  // A page read newest first stops once it has its rows; parallel workers read ahead of it into
  // their queues (10x the rows at 10^6 payments: migration 0044, docs/benchmarks.md).
  it.runIf(onPostgres)('is scanned by one process, even where the planner finds workers free', async () => {
    await load('serial', 3000, {
      debtor: 'ns_serial',
      beneficiary: 'ns_serial_b',
      start: new Date('2026-03-01T00:00:00Z'),
    });
    await db().execute(sql`analyze payments`);
    const serial = await pageNodes(false);
    expect(serial.filter((node) => node.startsWith('Gather'))).toEqual([]);
    expect(serial).toContain('Limit');
    // Without the table's setting the same plan has workers: the check above can see them.
    expect(await pageNodes(true)).toContain('Gather Merge');
  });
});
