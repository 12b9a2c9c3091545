import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import type { PaymentStatusName } from '@/lib/domain/statuses';

/**
 * How many payments a namespace is party to — in one status, or in any — from the rollups the
 * writes keep (lib/services/overview/deltas.ts): the folded rows plus the deltas not yet folded,
 * so the number is exact at any size and costs a few hundred rows (days × statuses × currencies),
 * not a scan of the history. The payments list counts this way when no date or id filter narrows
 * it (docs/decisions.md "Lists").
 */
export async function paymentCount(
  db: Db,
  partnerId: string,
  status: PaymentStatusName | null,
): Promise<number> {
  const key = status === null ? sql`` : sql` AND key = ${status}`;
  const part = (table: string) =>
    sql`SELECT count FROM ${sql.identifier(table)} WHERE partner_id = ${partnerId} AND metric = 'volume'${key}`;
  const [row] = rowsOf(
    await db.execute(
      sql`SELECT coalesce(sum(count), 0)::bigint AS n FROM (${part('namespace_rollups')} UNION ALL ${part('namespace_rollup_deltas')}) f`,
    ),
  );
  return Number(row?.n ?? 0);
}
