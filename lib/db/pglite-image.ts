import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The extensions the migrations create (drizzle/0021: trigram search), loaded by every PGlite. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * An image of an empty, migrated PGlite database. A fresh PGlite database otherwise runs initdb
 * first: 2.5–3 s on a quiet 2-core machine and several times that under load — most of a cold
 * start. The image is made once per PGlite version and migration set (by scripts/pglite-image.ts
 * at build time, or by the first fresh start) and kept in node_modules/.cache, where tools keep
 * caches that a clean install discards (PGLITE_IMAGE_DIR moves it). It has two forms: the data folder itself, copied into a
 * fresh DATA_DIR (a plain file copy, then PGlite opens an existing database), and a gzip tarball
 * of it for in-memory databases (PGlite's `loadDataDir`).
 */
export interface PgliteImage {
  folder: string;
  tarball: string;
}

export function pgliteImage(migrationsFolder: string): PgliteImage {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  for (const file of listFiles(migrationsFolder)) {
    hash.update(file);
    hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  const base = path.join(config.pgliteImageDir, `pglite-${hash.digest('hex').slice(0, 16)}`);
  return { folder: base, tarball: `${base}.tgz` };
}

export function hasImage(image: PgliteImage): boolean {
  return existsSync(path.join(image.folder, 'PG_VERSION')) && existsSync(image.tarball);
}

/**
 * Makes the image: initdb and the migrations in a scratch folder, a checkpoint (clean pages, no
 * WAL to replay at each start), the tarball, a clean shutdown, then the folder renamed into place.
 * Several processes may do this at once (parallel test workers): each works in its own scratch
 * folder and the first rename wins.
 */
export async function makeImage(
  image: PgliteImage,
  migrate: (client: PGlite) => Promise<void>,
): Promise<void> {
  const scratch = `${image.folder}.${process.pid}.partial`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  try {
    const client = new PGlite(scratch, { extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    await migrate(client);
    await client.exec('CHECKPOINT');
    const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    await client.close();
    writeFileSync(`${image.tarball}.${process.pid}.partial`, tarball);
    renameSync(`${image.tarball}.${process.pid}.partial`, image.tarball);
    try {
      renameSync(scratch, image.folder);
    } catch (err) {
      if (!existsSync(path.join(image.folder, 'PG_VERSION'))) throw err; // else another process won
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Copies the image's data folder into a fresh (missing or empty) DATA_DIR. */
export function copyImage(image: PgliteImage, dataDir: string): void {
  cpSync(image.folder, dataDir, { recursive: true });
}

export function readImageTarball(image: PgliteImage): Blob {
  return new Blob([readFileSync(image.tarball)]);
}

export function discardImage(image: PgliteImage): void {
  rmSync(image.folder, { recursive: true, force: true });
  rmSync(image.tarball, { force: true });
}

/** Whether PGlite would create a database in this folder (missing or empty). */
export function isEmptyFolder(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

function pgliteVersion(): string {
  try {
    const pkg = path.join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'package.json');
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? listFiles(dir, path.join(prefix, e.name)) : [path.join(prefix, e.name)],
    )
    .sort();
}
