/**
 * `npm run verify-audit -- <org-id | network | --all> [--archives <folder>]`: walks an
 * organization's audit chain (or every chain) from its first entry, or from its last archive, and
 * says whether it holds (docs/audit.md); with `--archives`, the archive files in that folder are
 * checked too. Exits 0 when every chain verifies, 1 when one does not. Uses DATABASE_URL, or the
 * PGlite folder in DATA_DIR (stop the server first: PGlite serves one process).
 */
import { parseArgs } from 'node:util';
import { getDatabase } from '@/lib/db';
import { auditChains } from '@/lib/services/audit/chain';
import { verifyAuditChain, type AuditVerifyReport } from '@/lib/services/audit/verify';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { archives: { type: 'string' }, all: { type: 'boolean' } },
});
if (values.all ? positionals.length !== 0 : positionals.length !== 1) {
  console.error('usage: npm run verify-audit -- <org-id | network | --all> [--archives <folder>]');
  process.exit(2);
}
const database = await getDatabase();
const chains = values.all ? await auditChains(database.db) : positionals;

function report(chain: string, r: AuditVerifyReport) {
  if (r.archived)
    console.log(
      `chain ${chain}: positions 1 to ${r.archived.throughPos} archived in ${r.archived.files} file(s)${
        values.archives
          ? `, ${r.archiveFiles.filter((f) => f.ok).length} checked`
          : ' (give --archives to check them)'
      }`,
    );
  console.log(
    `chain ${chain}: ${r.checked} entries checked, head ${r.head ? `${r.head.pos} ${r.head.hash}` : 'none'}`,
  );
  if (r.unsealed)
    console.log(`${r.unsealed} entries written but not chained yet (the server chains them each second)`);
  console.log(`${r.batchesChecked} settlement batches' recorded heads found on the chain`);
  if (r.batchesInArchives)
    console.log(
      `${r.batchesInArchives} settlement batches' recorded heads in archived parts${
        values.archives ? `, ${r.archiveFiles.reduce((n, f) => n + f.batchesChecked, 0)} found there` : ''
      }`,
    );
  if (r.failure)
    console.log(
      `FAIL at ${r.failure.pos !== null ? `position ${r.failure.pos}` : 'the end'}${r.failure.seq !== null ? ` (entry seq ${r.failure.seq})` : ''}: ${r.failure.reason}`,
    );
  console.log(r.ok ? `the audit trail of ${chain} verifies` : `the audit trail of ${chain} does NOT verify`);
}

const failed: string[] = [];
for (const chain of chains) {
  const r = await verifyAuditChain(database.db, chain, { archiveDir: values.archives });
  report(chain, r);
  if (!r.ok) failed.push(chain);
}
if (values.all)
  console.log(
    failed.length
      ? `${failed.length} of ${chains.length} chains do NOT verify: ${failed.join(', ')}`
      : `all ${chains.length} chains verify`,
  );
await database.close();
process.exit(failed.length ? 1 : 0);
