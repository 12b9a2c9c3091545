/**
 * `npm run archive-audit -- --before <date> --to <folder> [<org-id | network> …]`: moves each named
 * chain's entries (every chain's, when none is named) that occurred before the date out of the
 * database into a file of JSON lines in the folder (docs/audit.md, "Archiving"). Run it as the
 * tables' owner (DATABASE_URL), or on the PGlite folder in DATA_DIR with the server stopped.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { getDatabase } from '@/lib/db';
import { archiveAuditChain } from '@/lib/services/audit/archive';
import { auditChains } from '@/lib/services/audit/chain';

const usage = 'usage: npm run archive-audit -- --before <YYYY-MM-DD> --to <folder> [<org-id | network> …]';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { before: { type: 'string' }, to: { type: 'string' } },
});
const before = values.before ? new Date(values.before) : null;
if (!before || Number.isNaN(before.getTime()) || !values.to) {
  console.error(usage);
  process.exit(2);
}
if (before.getTime() > Date.now()) {
  console.error('--before is in the future: only what has happened can be archived');
  process.exit(2);
}
mkdirSync(values.to, { recursive: true });
const database = await getDatabase();
const chains = positionals.length ? positionals : await auditChains(database.db);
let failed = false;
for (const chain of chains) {
  try {
    const done = await archiveAuditChain(database.db, chain, { before, dir: values.to });
    console.log(
      done
        ? `chain ${chain}: positions ${done.fromPos} to ${done.throughPos} (${done.entries} entries) → ${done.file} (sha256 ${done.fileSha256})`
        : `chain ${chain}: nothing before ${before.toISOString()} left to archive`,
    );
  } catch (e) {
    failed = true;
    console.error(`chain ${chain}: not archived: ${(e as Error).message}`);
  }
}
await database.close();
process.exit(failed ? 1 : 0);
