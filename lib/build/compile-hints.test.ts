import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, hasCompileHint, withCompileHint } from './compile-hints';

const CHUNK = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([null,1,(e,t,n)=>{n.v(1)}]);\n';

describe('withCompileHint', () => {
  it('puts the magic comment on a line of its own before the first line', () => {
    expect(withCompileHint(CHUNK)).toBe(`//# allFunctionsCalledOnLoad\n${CHUNK}`);
    expect(hasCompileHint(withCompileHint(CHUNK))).toBe(true);
    expect(hasCompileHint(CHUNK)).toBe(false);
  });

  it('adds it once', () => {
    expect(withCompileHint(withCompileHint(CHUNK))).toBe(COMPILE_HINT + CHUNK);
  });

  it('does not count the comment further down the file', () => {
    expect(hasCompileHint(`x();\n${COMPILE_HINT}`)).toBe(false);
  });
});

describe('addCompileHints', () => {
  let folder = '';
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('hints every .js file of the folder and its subfolders, leaves other files, and is a no-op the second time', () => {
    folder = mkdtempSync(path.join(tmpdir(), 'csp-hints-'));
    mkdirSync(path.join(folder, 'app'));
    writeFileSync(path.join(folder, 'a.js'), CHUNK);
    writeFileSync(path.join(folder, 'app', 'b.js'), COMPILE_HINT + CHUNK);
    writeFileSync(path.join(folder, 'c.css'), 'body{margin:0}');

    expect(addCompileHints(folder)).toEqual({ files: 2, added: 1 });
    expect(readFileSync(path.join(folder, 'a.js'), 'utf8')).toBe(COMPILE_HINT + CHUNK);
    expect(readFileSync(path.join(folder, 'app', 'b.js'), 'utf8')).toBe(COMPILE_HINT + CHUNK);
    expect(readFileSync(path.join(folder, 'c.css'), 'utf8')).toBe('body{margin:0}');

    expect(addCompileHints(folder)).toEqual({ files: 2, added: 0 });
    expect(readFileSync(path.join(folder, 'a.js'), 'utf8')).toBe(COMPILE_HINT + CHUNK);
  });
});
