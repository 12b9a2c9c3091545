import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import path from 'node:path';
import { archivesOf, verifyAuditArchive, type ArchiveVerifyReport } from './archive';
import { canonicalColumns, entryHash, GENESIS } from './chain';

export interface AuditVerifyReport {
  chain: string;
  ok: boolean;
  /** Links checked, in order. */
  checked: number;
  head: { pos: number; hash: string } | null;
  /** Entries written but not chained yet (the sealer runs every second). */
  unsealed: number;
  /** The first thing that does not hold, with the position where it was found. */
  failure: { pos: number | null; seq: number | null; reason: string } | null;
  /** Settlement batches whose recorded head for this chain was found on it. */
  batchesChecked: number;
  /** The positions moved to archive files: the chain in the database starts after them. */
  archived: { throughPos: number; files: number } | null;
  /** Settlement batches whose recorded head is in an archived part (checked with its file). */
  batchesInArchives: number;
  /** The archive files checked (when a folder of them was given). */
  archiveFiles: ArchiveVerifyReport[];
}

const PAGE = 5000;

/**
 * Walks one organization's chain (`chain`: its id, or `network`) from the first link: positions
 * consecutive from 1, each link's `prev_hash` the previous hash, each entry present and hashing to
 * its link, the head where the last link is, every entry of the organization chained or queued, and
 * the heads settlement batches recorded at cut-off still on the chain. An edited entry fails at its
 * own position; a removed one at the link that named it; a trail cut short at its end, at the first
 * batch that recorded a longer one.
 */
export async function verifyAuditChain(
  db: Db,
  chain: string,
  opts: { archiveDir?: string } = {},
): Promise<AuditVerifyReport> {
  // One snapshot for the walk and the counts: on a live database the sealer chains entries
  // meanwhile, and read apart, an entry chained after the walk would be counted as lost.
  return db.transaction((tx) => verifyIn(tx, chain, opts), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function verifyIn(db: Tx, chain: string, opts: { archiveDir?: string }): Promise<AuditVerifyReport> {
  const report: AuditVerifyReport = {
    chain,
    ok: true,
    checked: 0,
    head: null,
    unsealed: 0,
    failure: null,
    batchesChecked: 0,
    archived: null,
    batchesInArchives: 0,
    archiveFiles: [],
  };
  const fail = (pos: number | null, seq: number | null, reason: string) => {
    report.ok = false;
    report.failure = { pos, seq, reason };
    return report;
  };
  // Archived parts (lib/services/audit/archive.ts): consecutive from position 1; the chain in the
  // database continues from the last one's hash.
  const archives = await archivesOf(db, chain);
  let prev = GENESIS;
  let pos = 0;
  for (const a of archives) {
    if (a.fromPos !== pos + 1)
      return fail(pos + 1, null, `positions ${pos + 1} to ${a.fromPos - 1} are in no archive`);
    pos = a.throughPos;
    prev = a.throughHash;
  }
  const archivedThrough = pos;
  if (archives.length) report.archived = { throughPos: archivedThrough, files: archives.length };
  for (;;) {
    const page = rowsOf(
      await db.execute(sql`
        SELECT l.pos, l.seq AS link_seq, l.prev_hash, l.hash AS link_hash, e.seq IS NOT NULL AS present,
          coalesce(e.org_id, 'network') AS entry_chain, ${canonicalColumns}
        FROM audit_links l LEFT JOIN audit_events e ON e.seq = l.seq
        WHERE l.chain = ${chain} AND l.pos > ${pos}
        ORDER BY l.pos LIMIT ${PAGE}`),
    );
    for (const r of page) {
      const at = Number(r.pos);
      const seq = Number(r.link_seq);
      if (at !== pos + 1) return fail(pos + 1, null, `position ${pos + 1} is missing from the chain`);
      if (r.prev_hash !== prev) return fail(at, seq, 'the link does not follow the one before it');
      if (!r.present) return fail(at, seq, `entry ${seq} was removed`);
      if (r.entry_chain !== chain) return fail(at, seq, `entry ${seq} was moved to another organization`);
      if (entryHash(prev, r) !== r.link_hash)
        return fail(at, seq, `entry ${seq} was changed after it was recorded`);
      prev = String(r.link_hash);
      pos = at;
      report.checked++;
    }
    if (page.length < PAGE) break;
  }
  const [head] = rowsOf(await db.execute(sql`SELECT pos, hash FROM audit_heads WHERE chain = ${chain}`));
  report.head = head ? { pos: Number(head.pos), hash: String(head.hash) } : null;
  if ((report.head?.pos ?? 0) !== pos || (report.head?.hash ?? GENESIS) !== prev)
    return fail(pos, null, 'the chain head does not match its last link');
  const [counts] = rowsOf(
    await db.execute(sql`
      SELECT count(*)::int AS entries,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM audit_queue q WHERE q.seq = e.seq))::int AS queued
      FROM audit_events e WHERE coalesce(e.org_id, 'network') = ${chain}`),
  );
  report.unsealed = Number(counts?.queued ?? 0);
  const unaccounted = Number(counts?.entries ?? 0) - report.unsealed - (pos - archivedThrough);
  if (unaccounted !== 0)
    return fail(
      null,
      null,
      `${Math.abs(unaccounted)} entr${Math.abs(unaccounted) === 1 ? 'y is' : 'ies are'} neither chained nor queued`,
    );
  const recorded = rowsOf(
    await db.execute(sql`
      SELECT b.id, (b.audit_heads -> ${chain} ->> 'pos')::bigint AS pos, b.audit_heads -> ${chain} ->> 'hash' AS hash,
        l.hash AS link_hash
      FROM settlement_batches b LEFT JOIN audit_links l ON l.chain = ${chain} AND l.pos = (b.audit_heads -> ${chain} ->> 'pos')::bigint
      WHERE b.audit_heads ? ${chain} ORDER BY b.cutoff_time`),
  );
  const inArchives: Array<{ batch: string; pos: number; hash: string }> = [];
  for (const b of recorded) {
    const want = Number(b.pos);
    if (want === 0) continue;
    if (want <= archivedThrough) {
      // In an archived part: its file holds the link (checked with the files); the last one archived
      // is also the database's starting hash.
      if (want === archivedThrough && b.hash !== archives.at(-1)!.throughHash)
        return fail(
          want,
          null,
          `settlement batch ${String(b.id)} recorded position ${want}, not the archive's`,
        );
      inArchives.push({ batch: String(b.id), pos: want, hash: String(b.hash) });
      continue;
    }
    if (b.link_hash !== b.hash)
      return fail(
        want,
        null,
        `settlement batch ${String(b.id)} recorded position ${want}, no longer on the chain`,
      );
    report.batchesChecked++;
  }
  report.batchesInArchives = inArchives.length;
  if (opts.archiveDir) {
    let before = GENESIS;
    for (const a of archives) {
      const checked = await verifyAuditArchive(a, path.join(opts.archiveDir, a.fileName), {
        prevHash: before,
        batchHeads: inArchives.filter((h) => h.pos >= a.fromPos && h.pos <= a.throughPos),
      });
      report.archiveFiles.push(checked);
      if (!checked.ok)
        return fail(checked.failure!.pos, null, `archive ${a.fileName}: ${checked.failure!.reason}`);
      before = a.throughHash;
    }
  }
  return report;
}
