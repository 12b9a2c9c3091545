import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '@/lib/testing/db';
import { loadParticipants, loadQueue } from '@/lib/testing/liquidity-queue';
import { rowsOf } from '@/lib/db/rows';
import { returnStatusOf } from '@/lib/domain/returns';

/**
 * A return's stored status (`payment_returns.status`, migration 0051) follows its return
 * payment's submission in the statement that writes it, as the wire names it (returnStatusOf);
 * other submissions' writes leave the returns alone.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const ids = await loadParticipants(database.db, 'rs', 2);
  // Three payments with their submissions: an original, its return, and one unrelated.
  await loadQueue(database.db, {
    ids,
    run: 'S',
    currency: 'USD',
    standings: [],
    queued: [
      { d: 0, b: 1, amount: 100 },
      { d: 1, b: 0, amount: 100 },
      { d: 0, b: 1, amount: 100 },
    ],
  });
  await database.db.execute(sql`UPDATE submissions SET workflow = 'return.v1' WHERE id = 'sub_qS_2'`);
  await database.db.execute(sql`
    INSERT INTO payment_returns (id, original_pk, original_payment_id, payment_pk, debtor_partner_id,
      beneficiary_partner_id, kind, currency, amount_minor, reason)
    VALUES ('rtn_s', 'pay_qS_1', 'qS_1', 'pay_qS_2', ${ids[0]!}, ${ids[1]!}, 'request', 'USD', 100, 'DUPL')`);
});
afterAll(async () => database?.close());

const stored = async () =>
  String(
    rowsOf(await database.db.execute(sql`SELECT status FROM payment_returns WHERE id = 'rtn_s'`))[0]!.status,
  );

describe("a return's stored status", () => {
  it('is its submission’s, as the wire names it, through every change of it', async () => {
    expect(await stored()).toBe('requested');
    for (const status of [2, 1, 4, 1, 5, 3]) {
      await database.db.execute(sql`UPDATE submissions SET status = ${status} WHERE id = 'sub_qS_2'`);
      expect(await stored()).toBe(returnStatusOf(status));
    }
    // Another submission's change, or another column's, leaves it as it is.
    await database.db.execute(sql`UPDATE submissions SET status = 4 WHERE id IN ('sub_qS_1', 'sub_qS_3')`);
    await database.db.execute(sql`UPDATE submissions SET version = version + 1 WHERE id = 'sub_qS_2'`);
    expect(await stored()).toBe('returned');
  });
});
