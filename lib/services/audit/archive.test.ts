import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { createTestDatabase, reviewedSandboxAdmin } from '@/lib/testing/db';
import type { ServiceContext } from '@/lib/services/context';
import { auditTrailHealth } from '@/lib/services/health/signals';
import { archiveAuditChain } from './archive';
import { recordAudit } from './record';
import { sealAuditTrail } from './seal';
import { verifyAuditChain } from './verify';

// Archiving the oldest part of a chain to a file (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// what moves, what the chain in the database starts from, and what verification of the files finds.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: ServiceContext;
let dir: string;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = await reviewedSandboxAdmin(db(), 'Archive Bank', 'admin@archive.test');
  dir = mkdtempSync(path.join(tmpdir(), 'csp-audit-archive-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const org = () => ctx.orgId!;
const note = (id: string) =>
  recordAudit(db(), ctx, { action: 'namespace.updated', target: { type: 'test', id } });
const sealAll = async () => {
  while ((await sealAuditTrail(db())) > 0);
};
const pause = () => new Promise((r) => setTimeout(r, 20));
const inDatabase = async () =>
  (await db().select().from(schema.auditEvents).where(eq(schema.auditEvents.orgId, org()))).map(
    (e) => e.targetId,
  );
const linesOf = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('archiving the audit trail', () => {
  it('moves the part before a time to a file that verifies, and the chain goes on from it', async () => {
    await note('a1');
    await note('a2');
    await sealAll();
    await pause();
    const cut = new Date();
    await pause();
    await note('b1');
    await sealAll();
    const whole = await verifyAuditChain(db(), org());
    expect(whole).toMatchObject({ ok: true, archived: null });
    const archivedCount = whole.checked - 1;

    // A batch cut off after a2 recorded the chain's head then.
    const [a2] = rowsOf(
      await db().execute(sql`
        SELECT l.pos, l.hash FROM audit_links l JOIN audit_events e ON e.seq = l.seq
        WHERE e.target_id = 'a2'`),
    ) as Array<{ pos: string; hash: string }>;
    await db()
      .insert(schema.settlementBatches)
      .values({
        id: 'batch_archive',
        currency: 'USD',
        cutoffTime: new Date(),
        status: 'COMPLETED',
        auditHeads: { [org()]: { pos: Number(a2!.pos), hash: a2!.hash } },
      });

    const done = await archiveAuditChain(db(), org(), { before: cut, dir });
    expect(done).toMatchObject({ fromPos: 1, throughPos: archivedCount, entries: archivedCount });
    expect(done!.throughHash).toBe(a2!.hash);
    // The file: a header, then each link with its entry.
    const lines = linesOf(done!.file);
    expect(lines[0]).toEqual({
      archive: 'csp-audit-trail',
      chain: org(),
      from_pos: 1,
      through_pos: archivedCount,
      prev_hash: '0'.repeat(64),
    });
    expect(lines).toHaveLength(archivedCount + 1);
    expect(lines.at(-1)).toMatchObject({ pos: archivedCount, hash: a2!.hash, entry: { target_id: 'a2' } });
    // The database keeps what came after the cut only.
    expect(await inDatabase()).toEqual(['b1']);

    const after = await verifyAuditChain(db(), org());
    expect(after).toMatchObject({
      ok: true,
      checked: 1,
      archived: { throughPos: archivedCount, files: 1 },
      batchesInArchives: 1,
      failure: null,
    });
    const withFiles = await verifyAuditChain(db(), org(), { archiveDir: dir });
    expect(withFiles.ok).toBe(true);
    expect(withFiles.archiveFiles).toMatchObject([{ ok: true, checked: archivedCount, batchesChecked: 1 }]);

    // Nothing more before the same time; a later cut archives the next part into a second file.
    expect(await archiveAuditChain(db(), org(), { before: cut, dir })).toBeNull();
    await pause();
    const later = new Date();
    await pause();
    await note('c1');
    await sealAll();
    const second = await archiveAuditChain(db(), org(), { before: later, dir });
    expect(second).toMatchObject({ fromPos: archivedCount + 1, throughPos: archivedCount + 1, entries: 1 });
    expect(linesOf(second!.file)[0].prev_hash).toBe(a2!.hash);
    expect(await inDatabase()).toEqual(['c1']);
    const both = await verifyAuditChain(db(), org(), { archiveDir: dir });
    expect(both).toMatchObject({
      ok: true,
      checked: 1,
      archived: { throughPos: archivedCount + 1, files: 2 },
    });
  });

  it('makes one archive of a part when two run at once: the second finds it gone', async () => {
    await note('d1');
    await sealAll();
    await pause();
    const cut = new Date();
    const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'csp-audit-archive-')));
    try {
      const results = await Promise.allSettled(
        dirs.map((d) => archiveAuditChain(db(), org(), { before: cut, dir: d })),
      );
      // One waits for the other, then finds nothing left to archive.
      const made = results.findIndex((r) => r.status === 'fulfilled' && r.value !== null);
      const refused = results.findIndex((r) => r.status === 'fulfilled' && r.value === null);
      expect([made, refused].sort()).toEqual([0, 1]);
      // The second left nothing behind; the one made joins the others.
      expect(readdirSync(dirs[refused]!)).toEqual([]);
      const [file] = readdirSync(dirs[made]!);
      renameSync(path.join(dirs[made]!, file!), path.join(dir, file!));
      expect(await inDatabase()).toEqual([]);
      expect((await verifyAuditChain(db(), org(), { archiveDir: dir })).ok).toBe(true);
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });

  it('finds an archive file edited, altered or missing', async () => {
    const [first] = rowsOf(
      await db().execute(
        sql`SELECT file_name FROM audit_archives WHERE chain = ${org()} ORDER BY through_pos`,
      ),
    ) as Array<{ file_name: string }>;
    const file = path.join(dir, first!.file_name);
    const original = readFileSync(file, 'utf8');

    // An entry edited in the file: found at its position.
    const lines = original.trimEnd().split('\n');
    const edited = JSON.parse(lines[2]!);
    edited.entry.actor_label = 'someone@else.test';
    lines[2] = JSON.stringify(edited);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const changed = await verifyAuditChain(db(), org(), { archiveDir: dir });
    expect(changed.ok).toBe(false);
    expect(changed.failure).toMatchObject({ pos: 2 });
    expect(changed.failure!.reason).toMatch(
      /^archive audit-.*: entry \d+ was changed after it was recorded$/,
    );

    // The same lines written another way: the file is not the one recorded.
    writeFileSync(file, original.replace('{"pos":1,', '{"pos": 1,'));
    expect((await verifyAuditChain(db(), org(), { archiveDir: dir })).failure!.reason).toMatch(
      /its SHA-256 is not the one recorded$/,
    );

    rmSync(file);
    expect((await verifyAuditChain(db(), org(), { archiveDir: dir })).failure!.reason).toMatch(/is missing$/);
    writeFileSync(file, original);
    expect((await verifyAuditChain(db(), org(), { archiveDir: dir })).ok).toBe(true);
  });

  it('refuses to archive a part that does not verify, and keeps the records of archives', async () => {
    const other = await reviewedSandboxAdmin(db(), 'Tampered Bank', 'admin@tampered.test');
    await recordAudit(db(), other, { action: 'namespace.updated', target: { type: 'test', id: 't1' } });
    await sealAll();
    await db().transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`);
      await tx.execute(sql`UPDATE audit_events SET actor_label = 'x' WHERE target_id = 't1'`);
      await tx.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`);
    });
    await expect(
      archiveAuditChain(db(), other.orgId!, { before: new Date(Date.now() + 1000), dir }),
    ).rejects.toThrow(/does not verify at position \d+: its entry was changed after it was recorded/);
    expect(
      (await db().select().from(schema.auditEvents).where(eq(schema.auditEvents.orgId, other.orgId!))).length,
    ).toBeGreaterThan(0);

    // Outside an archive's transaction the trail is append-only as before; the records of
    // archives are append-only always.
    await expect(db().execute(sql`DELETE FROM audit_events`)).rejects.toThrow();
    await expect(db().execute(sql`DELETE FROM audit_archives`)).rejects.toThrow();
    await expect(db().execute(sql`UPDATE audit_archives SET through_hash = 'x'`)).rejects.toThrow();
  });

  it("gives the operator's health panel the sealer's lag, the oldest entry held and the last archive", async () => {
    const before = await auditTrailHealth(db());
    expect(before.unchained_oldest_age_seconds).toBe(0);
    expect(before.last_archived_at).toBeGreaterThan(Math.floor(Date.now() / 1000) - 60);
    const [oldest] = rowsOf(
      await db().execute(
        sql`SELECT floor(extract(epoch FROM min(occurred_at)))::bigint AS at FROM audit_events`,
      ),
    );
    expect(before.oldest_entry_at).toBe(Number(oldest!.at));
    // An entry the sealer has not reached: its age is the lag, until it is chained.
    await note('lagging');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await auditTrailHealth(db())).unchained_oldest_age_seconds).toBeGreaterThanOrEqual(1);
    await sealAll();
    expect((await auditTrailHealth(db())).unchained_oldest_age_seconds).toBe(0);
  });

  it("refuses an archive's delete to a role that does not own the tables, as the application's", async () => {
    await note('e1');
    // A role of this run only (roles are the server's, not the database's), gone at the end.
    const role = sql.identifier(`csp_app_${Math.random().toString(36).slice(2, 10)}`);
    await db().execute(sql`CREATE ROLE ${role}`);
    await db().execute(sql`GRANT SELECT, INSERT, UPDATE, DELETE ON audit_events, audit_links TO ${role}`);
    const refusal = await db()
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL ROLE ${role}`);
        await tx.execute(sql`SELECT set_config('csp.audit_archive', 'on', true)`);
        await tx.execute(sql`DELETE FROM audit_events WHERE org_id = ${org()}`);
      })
      .then(
        () => null,
        (e: { cause?: Error }) => String(e.cause?.message ?? e),
      );
    await db().execute(sql`DROP OWNED BY ${role}`);
    await db().execute(sql`DROP ROLE ${role}`);
    expect(refusal).toMatch(/the audit trail is append-only: DELETE on audit_events is refused/);
    expect(await inDatabase()).toEqual(['lagging', 'e1']);
  });
});
