import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from './rows';
import { sql } from 'drizzle-orm';

// The image lives in a folder of this test's own, so the real cache is left alone. Settings are
// read once, when lib/config.ts loads: the modules are loaded afresh after the setting is made.
// The image is made of a migration set of the test's own, two tables in one migration: how an
// image is made, kept and discarded does not depend on the schema, and the project's whole set
// takes tens of seconds to run on PGlite each time an image is made (twice here).
let root: string;
let migrationsFolder: string;
const previous = process.env.PGLITE_IMAGE_DIR;
let openDatabase: typeof import('./client').openDatabase;
let hasImage: typeof import('./pglite-image').hasImage;
let pgliteImage: typeof import('./pglite-image').pgliteImage;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'csp-image-'));
  process.env.PGLITE_IMAGE_DIR = path.join(root, 'images');
  migrationsFolder = path.join(root, 'migrations');
  mkdirSync(path.join(migrationsFolder, 'meta'), { recursive: true });
  writeFileSync(
    path.join(migrationsFolder, '0000_two_tables.sql'),
    'CREATE TABLE organizations (id text PRIMARY KEY, name text NOT NULL, status text NOT NULL);\n' +
      '--> statement-breakpoint\nCREATE TABLE customers (id text PRIMARY KEY);\n',
  );
  writeFileSync(
    path.join(migrationsFolder, 'meta', '_journal.json'),
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: [{ idx: 0, version: '7', when: 1, tag: '0000_two_tables', breakpoints: true }],
    }),
  );
  vi.resetModules();
  ({ openDatabase } = await import('./client'));
  ({ hasImage, pgliteImage } = await import('./pglite-image'));
});
afterAll(() => {
  if (previous === undefined) delete process.env.PGLITE_IMAGE_DIR;
  else process.env.PGLITE_IMAGE_DIR = previous;
  rmSync(root, { recursive: true, force: true });
});

async function migrationsApplied(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<number> {
  return Number(rowsOf(await db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`))[0]!.n);
}

const open = (dataDir?: string) => openDatabase({ dataDir, migrationsFolder });

describe('PGlite image of an empty migrated database', () => {
  it('is made by the first fresh database, then fresh folders and in-memory databases start from it', async () => {
    const image = pgliteImage(migrationsFolder);
    expect(hasImage(image)).toBe(false);

    const first = await open(path.join(root, 'a'));
    expect(hasImage(image)).toBe(true);
    expect(await migrationsApplied(first.db)).toBe(1);
    await first.close();

    // A folder from the image is a real database of its own: writes stay in it across a reopen.
    const dataDir = path.join(root, 'b');
    const second = await open(dataDir);
    expect(await migrationsApplied(second.db)).toBe(1);
    expect(rowsOf(await second.db.execute(sql`select count(*) as n from customers`))[0]!.n).toBe(0);
    await second.db.execute(
      sql`insert into organizations (id, name, status) values ('org_image_test', 'Image Bank', 'sandbox')`,
    );
    await second.close();
    const reopened = await open(dataDir);
    expect(
      rowsOf(await reopened.db.execute(sql`select name from organizations where id = 'org_image_test'`)),
    ).toEqual([{ name: 'Image Bank' }]);
    await reopened.close();

    const memory = await open();
    expect(await migrationsApplied(memory.db)).toBe(1);
    expect(rowsOf(await memory.db.execute(sql`select count(*) as n from organizations`))[0]!.n).toBe(0);
    await memory.close();
  });

  it('discards a damaged image and still creates the database', async () => {
    const image = pgliteImage(migrationsFolder);
    mkdirSync(image.folder, { recursive: true });
    writeFileSync(path.join(image.folder, 'PG_VERSION'), 'not a version\n');
    writeFileSync(image.tarball, 'not a tarball');
    const database = await open(path.join(root, 'c'));
    expect(await migrationsApplied(database.db)).toBe(1);
    expect(hasImage(image)).toBe(false);
    await database.close();
  });
});
