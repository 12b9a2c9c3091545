import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canOpen, SCREENS } from './permissions';

const root = path.resolve(import.meta.dirname, '../..');

describe('the table of screens', () => {
  it('names only screens the app has', () => {
    const missing = SCREENS.filter(
      (s) =>
        !existsSync(path.join(root, 'app/(dashboard)', s.href, 'page.tsx')) &&
        !existsSync(path.join(root, 'app', s.href, 'route.ts')),
    ).map((s) => s.href);
    expect(missing).toEqual([]);
  });

  it('opens the operator screens to the operator alone and Webhooks to everyone in an organization', () => {
    expect(
      (['admin', 'support', 'viewer', 'operator'] as const).filter((r) => canOpen(r, '/operator')),
    ).toEqual(['operator']);
    expect(
      (['admin', 'support', 'viewer', 'operator'] as const).filter((r) => canOpen(r, '/webhooks')),
    ).toEqual(['admin', 'support', 'viewer']);
    expect(canOpen('viewer', '/audit')).toBe(false);
    expect(() => canOpen('admin', '/nowhere')).toThrow('No screen /nowhere');
  });
});
