import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testContext } from '@/lib/testing/db';
import { loadParticipants } from '@/lib/testing/liquidity-queue';
import { rowsOf } from '@/lib/db/rows';
import { admissionLimit } from '@/lib/domain/liquidity';
import { listNetworkLiquidity } from './positions';

/**
 * The operator's desk (GET /operator/liquidity), highest utilisation first, reads the utilisation
 * its rows' writes store (migrations 0051, 0053): whatever wrote a row, the stored figure is the one the
 * limit and the position give, and the pages follow it.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ids: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  ids = await loadParticipants(database.db, 'dk', 8);
});
afterAll(async () => database?.close());

const operator = () =>
  testContext(database.db, {
    principal: { kind: 'user', userId: 'usr_op', orgId: null, role: 'operator', email: 'op@network.test' },
  });

/** Utilisation in hundredths of a percent as the desk orders by it (−1 unlimited). */
function expected(r: {
  balance: bigint;
  cap: bigint | null;
  unlimited: boolean;
  allowUnsecured: boolean;
  position: bigint;
}) {
  if (r.unlimited) return -1n;
  const limit = admissionLimit(r);
  if (limit > 0n) {
    // numeric → bigint rounds half away from zero
    const scaled = r.position * 10000n;
    const q = scaled / limit;
    const rem = scaled % limit;
    const rounded = 2n * (rem < 0n ? -rem : rem) >= limit ? q + (scaled < 0n ? -1n : 1n) : q;
    return rounded > 99_999_999n ? 99_999_999n : rounded;
  }
  return r.position > 0n ? 10000n : 0n;
}

const position = fc.record({
  balance: fc.bigInt({ min: 0n, max: 5000n }),
  cap: fc.option(fc.bigInt({ min: 0n, max: 5000n }), { freq: 4 }),
  unlimited: fc.boolean(),
  allowUnsecured: fc.boolean(),
  position: fc.bigInt({ min: -3000n, max: 9000n }),
});

describe("the operator's desk", () => {
  it('orders by the stored utilisation, which every write keeps equal to the limit and position', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(7), position), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        async (writes, limit) => {
          const currency = `D${String(run++).padStart(2, '0')}`;
          // Each write an INSERT or an UPDATE of an existing row, as the admissions and the operator make them.
          for (const [p, r] of writes)
            await database.db.execute(sql`
              INSERT INTO liquidity_positions AS lp (partner_id, currency, balance, cap, unlimited, allow_unsecured, position)
              VALUES (${ids[p]!}, ${currency}, ${r.balance}, ${r.cap}, ${r.unlimited}, ${r.allowUnsecured}, ${r.position})
              ON CONFLICT (partner_id, currency) DO UPDATE SET balance = excluded.balance, cap = excluded.cap,
                unlimited = excluded.unlimited, allow_unsecured = excluded.allow_unsecured,
                position = lp.position + (excluded.position - lp.position)`);
          const rows = rowsOf(
            await database.db.execute(sql`
              SELECT partner_id, balance::text, cap::text, unlimited, allow_unsecured, position::text, utilisation::text
              FROM liquidity_positions WHERE currency = ${currency}`),
          ).map((r) => ({
            partnerId: String(r.partner_id),
            balance: BigInt(String(r.balance)),
            cap: r.cap === null ? null : BigInt(String(r.cap)),
            unlimited: Boolean(r.unlimited),
            allowUnsecured: Boolean(r.allow_unsecured),
            position: BigInt(String(r.position)),
            utilisation: BigInt(String(r.utilisation)),
          }));
          for (const r of rows) expect(r.utilisation).toBe(expected(r));
          const order = [...rows]
            .sort((x, y) =>
              x.utilisation !== y.utilisation
                ? x.utilisation > y.utilisation
                  ? -1
                  : 1
                : x.partnerId > y.partnerId
                  ? -1
                  : 1,
            )
            .map((r) => r.partnerId);
          // Page after page by cursor, `limit` at a time.
          const listed: string[] = [];
          let cursor: string | undefined;
          do {
            const page = await listNetworkLiquidity(operator(), { currency, limit, cursor });
            listed.push(...page.positions.map((p) => p.partner_id));
            cursor = page.next_cursor ?? undefined;
          } while (cursor);
          expect(listed).toEqual(order);
        },
      ),
      { numRuns: 25 },
    );
  });
});
