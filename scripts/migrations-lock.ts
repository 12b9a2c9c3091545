/**
 * The migrations folder only grows: drizzle/migrations.sha256 lists every migration that was ever
 * committed with the SHA-256 of its SQL, in the journal's order. A database that ran a migration
 * never runs it again, so editing or removing one would leave installations apart from new ones.
 *
 *   tsx scripts/migrations-lock.ts check    fails when a listed migration is missing or changed, or
 *                                            when a migration (file or journal entry) is not listed
 *   tsx scripts/migrations-lock.ts listed   fails when a listed migration is missing or changed
 *   tsx scripts/migrations-lock.ts append   lists the migrations that are not yet (after a check of
 *                                            the listed ones); `npm run db:lock`, and db:generate
 *
 * The lock's lines are `<sha256>  <file>`, the format of `sha256sum`, so
 * `cd drizzle && sha256sum -c migrations.sha256` checks it too.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const FOLDER = path.resolve(import.meta.dirname, '../drizzle');
const LOCK = path.join(FOLDER, 'migrations.sha256');

interface Locked {
  hash: string;
  file: string;
}

const sha256 = (file: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(FOLDER, file)))
    .digest('hex');

function readLock(): Locked[] {
  if (!existsSync(LOCK)) return [];
  return readFileSync(LOCK, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const m = /^([0-9a-f]{64}) {2}(\S+\.sql)$/.exec(line);
      if (!m)
        throw new Error(`drizzle/migrations.sha256 line ${i + 1} is not "<sha256>  <file>.sql": ${line}`);
      return { hash: m[1]!, file: m[2]! };
    });
}

/** The migrations drizzle runs, in order: the journal's tags. */
function journalFiles(): string[] {
  const journal = JSON.parse(readFileSync(path.join(FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((e) => `${e.tag}.sql`);
}

/** What is wrong with the listed migrations (changed, missing, out of the journal's order). */
function checkListed(lock: Locked[], journal: string[]): string[] {
  const problems: string[] = [];
  lock.forEach(({ hash, file }, i) => {
    if (!existsSync(path.join(FOLDER, file))) problems.push(`${file} is listed but missing`);
    else if (sha256(file) !== hash) problems.push(`${file} was changed after it was committed`);
    if (journal[i] !== file)
      problems.push(
        `${file} is listed as migration ${i} but the journal has ${journal[i] ?? 'nothing'} there`,
      );
  });
  return problems;
}

/** Migrations on disk or in the journal that the lock does not list. */
function unlisted(lock: Locked[], journal: string[]): string[] {
  const listed = new Set(lock.map((l) => l.file));
  const onDisk = readdirSync(FOLDER).filter((f) => f.endsWith('.sql'));
  return [...new Set([...journal, ...onDisk])].filter((f) => !listed.has(f)).sort();
}

function fail(problems: string[], hint: string): never {
  for (const p of problems) console.error(`drizzle/${p}`);
  console.error(hint);
  process.exit(1);
}

const CHANGED_HINT =
  'A committed migration is never edited or removed: restore it (git checkout <commit> -- drizzle/<file>) ' +
  'and add a new migration for the change (npm run db:generate -- --name <what>).';

const command = process.argv[2];
const lock = readLock();
const journal = journalFiles();
const problems = checkListed(lock, journal);
if (problems.length > 0) fail(problems, CHANGED_HINT);
const missing = unlisted(lock, journal);

if (command === 'check') {
  if (missing.length > 0)
    fail(
      missing.map((f) => `${f} is not listed in drizzle/migrations.sha256`),
      'List a new migration with `npm run db:lock` (npm run db:generate does it) and commit the lock with it.',
    );
  console.log(`migrations: ${lock.length} listed, none changed or missing`);
} else if (command === 'listed') {
  console.log(`migrations: ${lock.length} listed, none changed or missing`);
} else if (command === 'append') {
  const newOnes = missing.filter((f) => journal.includes(f));
  const strays = missing.filter((f) => !journal.includes(f));
  if (strays.length > 0)
    fail(
      strays.map((f) => `${f} is not in drizzle/meta/_journal.json`),
      'Only migrations drizzle-kit generated (listed in its journal) are locked.',
    );
  // In the journal's order, after the ones listed: the lock follows the order migrations run in.
  newOnes.sort((a, b) => journal.indexOf(a) - journal.indexOf(b));
  for (const file of newOnes) appendFileSync(LOCK, `${sha256(file)}  ${file}\n`);
  console.log(
    newOnes.length > 0 ? `migrations: listed ${newOnes.join(', ')}` : 'migrations: nothing new to list',
  );
} else {
  console.error('usage: tsx scripts/migrations-lock.ts check|listed|append');
  process.exit(2);
}
