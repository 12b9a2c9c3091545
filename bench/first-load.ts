/**
 * `npm run bench:first-load`: the JavaScript a browser downloads on the first load of each page
 * route, gzipped, from the production build in .next (run `next build` first). Next.js 16 no longer
 * prints this table. A route's first load is the build's root chunks (runtime, React, the router)
 * plus every client chunk its segments reference (root and group layouts, error, loading and
 * not-found boundaries, the page) — the script tags of the route's HTML. The `nomodule` polyfills
 * are left out: modern browsers do not fetch them. Target: ≤ 180 kB gzipped per route
 * (FIRST_LOAD_BUDGET_KB); exits 1 when a route is over it, and when a first-load chunk lacks V8's
 * compile hint (lib/build/compile-hints.ts: a build made without scripts/compile-hints.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { hasCompileHint } from '../lib/build/compile-hints';

const root = path.resolve(import.meta.dirname, '..');
const next = path.join(root, '.next');
const BUDGET_KB = Number(process.env.FIRST_LOAD_BUDGET_KB || 180);

if (!existsSync(path.join(next, 'BUILD_ID'))) {
  console.error('No production build in .next: run `next build` first.');
  process.exit(1);
}

const json = (file: string) => JSON.parse(readFileSync(path.join(next, file), 'utf8'));
const buildManifest = json('build-manifest.json') as { rootMainFiles: string[] };
const routes = json('app-path-routes-manifest.json') as Record<string, string>;

const sizes = new Map<string, { raw: number; gzip: number; hinted: boolean }>();
function size(file: string) {
  let s = sizes.get(file);
  if (!s) {
    const buf = readFileSync(path.join(next, file));
    s = { raw: buf.length, gzip: gzipSync(buf).length, hinted: hasCompileHint(buf.toString('utf8')) };
    sizes.set(file, s);
  }
  return s;
}

/** The client chunks of one page entry, from its client-reference manifest. */
function entryChunks(entry: string): string[] {
  const file = path.join(next, 'server/app', `${entry}_client-reference-manifest.js`);
  const box = globalThis as unknown as {
    __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }>;
  };
  box.__RSC_MANIFEST = {};
  // The manifest is a script assigning globalThis.__RSC_MANIFEST[entry].
  new Function(readFileSync(file, 'utf8'))();
  const manifest = box.__RSC_MANIFEST[entry];
  if (!manifest) throw new Error(`no client manifest for ${entry}`);
  return [...new Set(Object.values(manifest.entryJSFiles).flat())];
}

const kb = (n: number) => (n / 1024).toFixed(1);
const shared = buildManifest.rootMainFiles;
const sharedGzip = shared.reduce((t, f) => t + size(f).gzip, 0);
const rows = Object.entries(routes)
  .filter(([entry]) => entry.endsWith('/page') && !entry.startsWith('/_'))
  .map(([entry, route]) => {
    const files = [...new Set([...shared, ...entryChunks(entry)])];
    const raw = files.reduce((t, f) => t + size(f).raw, 0);
    const gzip = files.reduce((t, f) => t + size(f).gzip, 0);
    return { route, files: files.length, raw, gzip, own: gzip - sharedGzip };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

console.log(
  `Build ${readFileSync(path.join(next, 'BUILD_ID'), 'utf8').trim()} · shared root chunks ${kb(sharedGzip)} kB gzipped (${shared.length} files)\n`,
);
console.log(
  '| route | JS files | first load, raw kB | first load, gzipped kB | beyond shared, gzipped kB | ≤ ' +
    BUDGET_KB +
    ' kB |',
);
console.log('|---|---:|---:|---:|---:|---|');
for (const r of rows) {
  const ok = r.gzip / 1024 <= BUDGET_KB;
  console.log(
    `| \`${r.route}\` | ${r.files} | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.own)} | ${ok ? 'yes' : '**no**'} |`,
  );
}
let failed = false;
const over = rows.filter((r) => r.gzip / 1024 > BUDGET_KB);
if (over.length) {
  console.error(`\n${over.length} route(s) over ${BUDGET_KB} kB: ${over.map((r) => r.route).join(', ')}`);
  failed = true;
}
// Every chunk a first load fetches (`sizes` holds each one read above) starts with the hint.
const unhinted = [...sizes].filter(([, s]) => !s.hinted).map(([f]) => f);
if (unhinted.length) {
  console.error(
    `\n${unhinted.length} of ${sizes.size} first-load chunks lack V8's compile hint (run scripts/compile-hints.ts after next build): ${unhinted.slice(0, 3).join(', ')}${unhinted.length > 3 ? ', …' : ''}`,
  );
  failed = true;
} else {
  console.log(`\nCompile hint: on all ${sizes.size} first-load chunks.`);
}
if (failed) process.exit(1);
