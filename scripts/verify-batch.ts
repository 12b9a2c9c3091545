/**
 * `npm run verify-batch -- <batch-id>`: recomputes a settlement batch's merkle root from the
 * database and checks it against the stored one. Uses DATABASE_URL, or the PGlite folder in
 * DATA_DIR (stop the server first: PGlite serves one process).
 */
import { getDatabase } from '@/lib/db';
import { verifyBatch } from '@/lib/services/settlement/verify';

const batchId = process.argv[2];
if (!batchId) {
  console.error('usage: npm run verify-batch -- <batch-id>');
  process.exit(2);
}
const database = await getDatabase();
const report = await verifyBatch(database.db, batchId);
for (const c of report.checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.detail}`);
console.log(report.ok ? `batch ${batchId} verifies` : `batch ${batchId} does NOT verify`);
await database.close();
process.exit(report.ok ? 0 : 1);
