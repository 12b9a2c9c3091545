import { describe, expect, it } from 'vitest';
import { ACTIONS, type Action } from '@/lib/domain/permissions';
import { createGateway } from './app';

type Op = {
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
  'x-action'?: string;
};

describe("each operation's action (lib/domain/permissions.ts)", () => {
  const doc = createGateway().getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '0' } });
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Op>).map(([method, op]) => ({ name: `${method} ${path}`, op })),
  );

  it('is named on every operation that takes a credential, which then takes what the action says', () => {
    for (const { name, op } of operations) {
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s)).sort();
      const action = op['x-action'] as Action | undefined;
      if (!action) {
        expect(schemes, name).toEqual([]);
        continue;
      }
      expect(ACTIONS[action], name).toBeDefined();
      // A JWT always; an API key only where keys may do the action (DESIGN §3).
      expect(schemes, name).toEqual(ACTIONS[action].key ? ['apiKey', 'bearer'] : ['bearer']);
      expect(op.responses['403'], name).toBeDefined();
    }
  });

  it('leaves no action of the table unused', () => {
    const used = new Set(operations.map(({ op }) => op['x-action']));
    expect(Object.keys(ACTIONS).filter((a) => !used.has(a))).toEqual([]);
  });
});
