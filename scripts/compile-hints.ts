/**
 * Puts V8's compile hint on the browser's chunks of the last build (lib/build/compile-hints.ts).
 * Run after `next build` by scripts/build-if-needed.sh and `npm run build`; a no-op on chunks that
 * have it.
 */
import { existsSync } from 'node:fs';
import { addCompileHints } from '../lib/build/compile-hints';

const folder = '.next/static/chunks';
if (!existsSync(folder)) {
  console.error(`compile hints: ${folder} does not exist (run next build first)`);
  process.exit(1);
}
const { files, added } = addCompileHints(folder);
console.log(`compile hints: ${files} chunks, ${added} given the hint`);
