import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db';
import { LOCKS } from '@/lib/db/locks';
import { rowsOf } from '@/lib/db/rows';
import { canonicalColumns, canonicalEntry, entryHash, GENESIS, NETWORK_CHAIN } from './chain';

/**
 * Archiving the audit trail (docs/audit.md, "Archiving"): the oldest part of a chain is written to
 * a file of JSON lines — each entry with its link, so the file verifies by itself — and removed
 * from the database in the transaction that records the file in `audit_archives`. The chain in the
 * database then starts from the archive's last hash; `verifyAuditChain` starts there, and
 * `verifyAuditArchive` checks a file against its record.
 */

export interface ArchiveRecord {
  chain: string;
  fromPos: number;
  throughPos: number;
  throughHash: string;
  fileName: string;
  fileSha256: string;
}

/** The first line of an archive file: what it holds. */
interface Header {
  archive: 'csp-audit-trail';
  chain: string;
  from_pos: number;
  through_pos: number;
  /** The hash the first entry's link follows: the previous archive's last, or 64 zeros. */
  prev_hash: string;
}

/** A line of an archive file: a link and its entry, the entry as the chain hashes it. */
interface Line {
  pos: number;
  prev_hash: string;
  hash: string;
  /** When it occurred (ISO 8601), for a reader; `entry.at_us` is what is hashed. */
  occurred_at: string;
  entry: Record<string, string | null>;
}

const PAGE = 5000;

/** The archives of a chain, oldest first. */
export async function archivesOf(db: DbOrTx, chain: string): Promise<ArchiveRecord[]> {
  return rowsOf(
    await db.execute(sql`
      SELECT chain, from_pos, through_pos, through_hash, file_name, file_sha256
      FROM audit_archives WHERE chain = ${chain} ORDER BY through_pos`),
  ).map((r) => ({
    chain: String(r.chain),
    fromPos: Number(r.from_pos),
    throughPos: Number(r.through_pos),
    throughHash: String(r.through_hash),
    fileName: String(r.file_name),
    fileSha256: String(r.file_sha256),
  }));
}

const chainEntries = (chain: string) =>
  chain === NETWORK_CHAIN ? sql`e.org_id IS NULL` : sql`e.org_id = ${chain}`;

/**
 * Moves the part of `chain` whose entries all occurred before `before` into a new file in `dir`:
 * the positions after the last archive up to the first entry at or after `before` (the chain is in
 * sealing order, so an entry that came late ends the part early). Refuses a part that does not
 * verify — archiving it would remove the evidence. One transaction from the first read to the
 * deletes, one archive at a time (an advisory lock): a second run waits, then finds the part gone.
 * Must run as the tables' owner (the database refuses the deletes otherwise). Answers null when
 * there is nothing to archive.
 */
export async function archiveAuditChain(
  db: Db,
  chain: string,
  opts: { before: Date; dir: string },
): Promise<(ArchiveRecord & { entries: number; file: string }) | null> {
  const files: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.auditArchive})`);
      const last = (await archivesOf(tx, chain)).at(-1);
      const fromPos = (last?.throughPos ?? 0) + 1;
      const [bound] = rowsOf(
        await tx.execute(sql`
          SELECT (SELECT min(l.pos) FROM audit_events e JOIN audit_links l ON l.seq = e.seq
                  WHERE ${chainEntries(chain)} AND e.occurred_at >= ${opts.before.toISOString()}) AS newer,
                 (SELECT pos FROM audit_heads WHERE chain = ${chain}) AS head`),
      );
      const throughPos = bound?.newer != null ? Number(bound.newer) - 1 : Number(bound?.head ?? 0);
      if (throughPos < fromPos) return null;

      const fileName = `audit-${chain}-${fromPos}-${throughPos}.jsonl`;
      const file = path.join(opts.dir, fileName);
      if (existsSync(file))
        throw new Error(
          `${file} exists already, with no record in the database (an archive stopped before it was recorded): remove it and run again`,
        );
      const partial = `${file}.partial`;
      const written = await writeArchive(tx, partial, {
        chain,
        fromPos,
        throughPos,
        prevHash: last?.throughHash ?? GENESIS,
      });
      files.push(partial);
      // Complete under its own name before it is recorded: a record never names a partial file.
      renameSync(partial, file);
      files.push(file);
      const record: ArchiveRecord = { chain, fromPos, throughPos, fileName, ...written };
      // The deletes below are the trail's one allowed delete (migration 0033), in this transaction only.
      await tx.execute(sql`SELECT set_config('csp.audit_archive', 'on', true)`);
      await tx.execute(sql`
        INSERT INTO audit_archives (chain, from_pos, through_pos, through_hash, last_occurred_at, file_name, file_sha256)
        VALUES (${chain}, ${fromPos}, ${throughPos}, ${record.throughHash}, ${written.lastOccurredAt.toISOString()},
                ${fileName}, ${record.fileSha256})`);
      await tx.execute(sql`
        DELETE FROM audit_events WHERE seq IN (
          SELECT seq FROM audit_links WHERE chain = ${chain} AND pos BETWEEN ${fromPos} AND ${throughPos})`);
      await tx.execute(
        sql`DELETE FROM audit_links WHERE chain = ${chain} AND pos BETWEEN ${fromPos} AND ${throughPos}`,
      );
      return { ...record, entries: throughPos - fromPos + 1, file };
    });
  } catch (e) {
    for (const f of files) rmSync(f, { force: true });
    throw e;
  }
}

/**
 * Writes positions `fromPos`…`throughPos` of the chain to `file` (created, never overwritten),
 * checking each link as verification does. Answers the last hash, the file's SHA-256 and the time
 * of the last entry; removes the file when a check or a write fails.
 */
async function writeArchive(
  tx: DbOrTx,
  file: string,
  part: { chain: string; fromPos: number; throughPos: number; prevHash: string },
): Promise<{ throughHash: string; fileSha256: string; lastOccurredAt: Date }> {
  const { chain, fromPos, throughPos } = part;
  const out = createWriteStream(file, { flags: 'wx' });
  await once(out, 'open');
  const digest = createHash('sha256');
  const write = async (value: unknown) => {
    const text = `${JSON.stringify(value)}\n`;
    digest.update(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  let prev = part.prevHash;
  let lastAt = 0;
  try {
    const header: Header = {
      archive: 'csp-audit-trail',
      chain,
      from_pos: fromPos,
      through_pos: throughPos,
      prev_hash: prev,
    };
    await write(header);
    for (let pos = fromPos - 1; pos < throughPos;) {
      const page = rowsOf(
        await tx.execute(sql`
          SELECT l.pos, l.prev_hash, l.hash AS link_hash, e.seq IS NOT NULL AS present, e.occurred_at, ${canonicalColumns}
          FROM audit_links l LEFT JOIN audit_events e ON e.seq = l.seq
          WHERE l.chain = ${chain} AND l.pos > ${pos} AND l.pos <= ${throughPos}
          ORDER BY l.pos LIMIT ${PAGE}`),
      );
      if (!page.length) throw new Error(`${chain}: position ${pos + 1} is missing from the chain`);
      for (const r of page) {
        const at = Number(r.pos);
        const refuse = (why: string) => new Error(`${chain} does not verify at position ${at}: ${why}`);
        if (at !== pos + 1) throw refuse(`position ${pos + 1} is missing`);
        if (r.prev_hash !== prev) throw refuse('the link does not follow the one before it');
        if (!r.present) throw refuse('its entry was removed');
        if (entryHash(prev, r) !== r.link_hash) throw refuse('its entry was changed after it was recorded');
        const line: Line = {
          pos: at,
          prev_hash: prev,
          hash: String(r.link_hash),
          occurred_at: new Date(r.occurred_at as string | Date).toISOString(),
          entry: canonicalEntry(r),
        };
        await write(line);
        lastAt = Math.max(lastAt, Date.parse(line.occurred_at));
        prev = line.hash;
        pos = at;
      }
    }
    out.end();
    await once(out, 'finish');
  } catch (e) {
    // Writes still buffered fail with the stream: their errors are not the one to report.
    await new Promise<void>((closed) => {
      out.on('error', () => {});
      out.once('close', () => closed());
      out.destroy();
    });
    rmSync(file, { force: true });
    throw e;
  }
  return { throughHash: prev, fileSha256: digest.digest('hex'), lastOccurredAt: new Date(lastAt) };
}

export interface ArchiveVerifyReport {
  file: string;
  ok: boolean;
  checked: number;
  failure: { pos: number | null; reason: string } | null;
  /** Settlement batches' recorded heads that fall in the file and were found on it. */
  batchesChecked: number;
}

/**
 * Checks an archive file against its record: the file's SHA-256, its header, every position in
 * order, each link following the one before (the first, the previous archive's last hash), each
 * entry hashing to its link, the last hash the one the database continues from, and the heads
 * settlement batches recorded in that range still on it.
 */
export async function verifyAuditArchive(
  record: ArchiveRecord,
  file: string,
  opts: { prevHash: string; batchHeads: Array<{ batch: string; pos: number; hash: string }> },
): Promise<ArchiveVerifyReport> {
  const report: ArchiveVerifyReport = { file, ok: true, checked: 0, failure: null, batchesChecked: 0 };
  const fail = (pos: number | null, reason: string) => {
    report.ok = false;
    report.failure = { pos, reason };
    return report;
  };
  if (!existsSync(file)) return fail(null, `${file} is missing`);
  const digest = createHash('sha256');
  const heads = new Map(opts.batchHeads.map((h) => [h.pos, h]));
  let prev = opts.prevHash;
  let pos = record.fromPos - 1;
  let header: Header | null = null;
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    digest.update(`${text}\n`);
    if (!report.ok) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      fail(pos + 1, 'a line is not JSON');
      continue;
    }
    if (!header) {
      header = value as Header;
      if (
        header.archive !== 'csp-audit-trail' ||
        header.chain !== record.chain ||
        header.from_pos !== record.fromPos ||
        header.through_pos !== record.throughPos ||
        header.prev_hash !== opts.prevHash
      )
        fail(null, 'its header does not match its record');
      continue;
    }
    const line = value as Line;
    if (line.pos !== pos + 1) {
      fail(pos + 1, `position ${pos + 1} is missing`);
      continue;
    }
    if (line.prev_hash !== prev) fail(line.pos, 'the link does not follow the one before it');
    else if (entryHash(prev, line.entry) !== line.hash)
      fail(line.pos, `entry ${line.entry.seq} was changed after it was recorded`);
    else if (heads.has(line.pos) && heads.get(line.pos)!.hash !== line.hash)
      fail(
        line.pos,
        `settlement batch ${heads.get(line.pos)!.batch} recorded position ${line.pos}, not on it`,
      );
    else {
      if (heads.has(line.pos)) report.batchesChecked++;
      prev = line.hash;
      pos = line.pos;
      report.checked++;
    }
  }
  if (!report.ok) return report;
  if (digest.digest('hex') !== record.fileSha256) return fail(null, 'its SHA-256 is not the one recorded');
  if (pos !== record.throughPos) return fail(pos + 1, `it ends at position ${pos}, not ${record.throughPos}`);
  if (prev !== record.throughHash)
    return fail(pos, 'its last hash is not the one the database continues from');
  return report;
}
