/**
 * `npm run verify-audit -- <org-id | network>`: walks an organization's audit chain from its first
 * entry and says whether it holds (docs/audit.md). Uses DATABASE_URL, or the PGlite folder in
 * DATA_DIR (stop the server first: PGlite serves one process).
 */
import { getDatabase } from '@/lib/db';
import { verifyAuditChain } from '@/lib/services/audit/verify';

const chain = process.argv[2];
if (!chain) {
  console.error('usage: npm run verify-audit -- <org-id | network>');
  process.exit(2);
}
const database = await getDatabase();
const r = await verifyAuditChain(database.db, chain);
console.log(
  `chain ${chain}: ${r.checked} entries checked, head ${r.head ? `${r.head.pos} ${r.head.hash}` : 'none'}`,
);
if (r.unsealed)
  console.log(`${r.unsealed} entries written but not chained yet (the server chains them each second)`);
console.log(`${r.batchesChecked} settlement batches' recorded heads found on the chain`);
if (r.failure)
  console.log(
    `FAIL at ${r.failure.pos !== null ? `position ${r.failure.pos}` : 'the end'}${r.failure.seq !== null ? ` (entry seq ${r.failure.seq})` : ''}: ${r.failure.reason}`,
  );
console.log(r.ok ? `the audit trail of ${chain} verifies` : `the audit trail of ${chain} does NOT verify`);
await database.close();
process.exit(r.ok ? 0 : 1);
