/**
 * V8's explicit compile hint on the browser's chunks (https://v8.dev/blog/explicit-compile-hints).
 *
 * Turbopack writes each module of a chunk as a function in an array, and its runtime calls that
 * function when the module is first required. V8 only pre-parses such a function when it compiles
 * the chunk's script (on a background thread, while the script streams in) and compiles it
 * fully when it is first called: on the main thread, inside the task that hydrates the page. On a
 * first load at Lighthouse's 4× that was the largest single cost of every page, 400–500 ms
 * charged to the runtime's module instantiation (docs/benchmarks.md, "Compile hints").
 *
 * A file that starts with the comment `//# allFunctionsCalledOnLoad` has every function compiled
 * eagerly, on the streaming thread (Chromium 136 and later; to other browsers it is a comment).
 * Nearly every module of a chunk the dashboard loads runs as the page starts, so the hint goes on
 * every chunk. `next build` has no option for it: scripts/compile-hints.ts adds it after the build
 * (scripts/build-if-needed.sh, `npm run build`), and bench/first-load.ts, which CI runs after the
 * build, fails on a first-load chunk without it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The magic comment, on a line of its own before the chunk's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export function hasCompileHint(source: string): boolean {
  return source.startsWith(COMPILE_HINT);
}

/** The source with the hint as its first line, once. */
export function withCompileHint(source: string): string {
  return hasCompileHint(source) ? source : COMPILE_HINT + source;
}

/** Adds the hint to every `.js` file of the folder (a build's `.next/static/chunks`). */
export function addCompileHints(folder: string): { files: number; added: number } {
  let files = 0;
  let added = 0;
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.js')) continue;
    const file = path.join(folder, name);
    const source = readFileSync(file, 'utf8');
    files++;
    if (hasCompileHint(source)) continue;
    writeFileSync(file, withCompileHint(source));
    added++;
  }
  return { files, added };
}
