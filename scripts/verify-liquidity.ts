/**
 * `npm run verify-liquidity`: recomputes every participant's balance, position and queued figures
 * from the ledger, the unsettled transactions and the liquidity queue, and checks each settled
 * batch's entries sum to 0 (lib/services/liquidity/verify.ts). Exits 1 naming every difference.
 * Uses DATABASE_URL, or the PGlite folder in DATA_DIR (stop the server first: PGlite serves one
 * process).
 */
import { sql } from 'drizzle-orm';
import { getDatabase } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { verifyLiquidity } from '@/lib/services/liquidity/verify';

const database = await getDatabase();
// One snapshot, read only: a cut-off or an admission committing meanwhile is either all in or out.
const problems = await database.db.transaction(async (tx) => {
  await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY`);
  return verifyLiquidity(tx);
});
const [counted] = rowsOf(await database.db.execute(sql`SELECT count(*)::int AS n FROM liquidity_positions`));
const n = Number(counted?.n ?? 0);
for (const p of problems) console.log(`FAIL  ${p}`);
console.log(
  problems.length === 0
    ? `liquidity verifies: ${n} positions, balances, queues and batches as their records make them`
    : `liquidity does NOT verify: ${problems.length} difference${problems.length === 1 ? '' : 's'}`,
);
await database.close();
process.exit(problems.length === 0 ? 0 : 1);
