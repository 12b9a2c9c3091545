import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@/lib/domain/audit';

// Each action of the trail is made and read back over HTTP by some API test (e2e/api/audit*.test.ts
// and the tests of each area): a new action without one fails here.
describe('audit actions', () => {
  it('are each walked through by an API test', () => {
    // e2e/api and its folders (e2e/api/cutoffs: the files that run cut-offs).
    const dir = path.join(process.cwd(), 'e2e/api');
    const tests = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    const named = (action: string) =>
      new RegExp(`(?<![\\w.])${action.replace('.', '\\.')}(?![\\w.])`).test(tests);
    const untested = Object.keys(AUDIT_ACTIONS).filter((action) => !named(action));
    expect(untested).toEqual([]);
  });
});
