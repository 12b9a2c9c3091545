/**
 * Makes the image of an empty, migrated PGlite database ahead of the first start, so that no
 * start pays for initdb (lib/db/pglite-image.ts). Run by scripts/build-if-needed.sh and the
 * benchmarks; a no-op when the image for the current PGlite version and migrations exists.
 */
import path from 'node:path';
import { MIGRATIONS_FOLDER, openDatabase } from '../lib/db/client';
import { hasImage, pgliteImage } from '../lib/db/pglite-image';

const image = pgliteImage(MIGRATIONS_FOLDER);
if (!hasImage(image)) {
  // An in-memory database is fresh: opening it runs initdb and the migrations, then saves the image.
  const database = await openDatabase({});
  await database.close();
}
console.log(`PGlite image: ${hasImage(image) ? path.relative(process.cwd(), image.folder) : 'not written'}`);
