import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keysOf } from './keys';

describe('query keys: [resource, namespace, filters]', () => {
  const keys = keysOf('payments');

  it('puts the namespace and everything else that changes the answer in the key', () => {
    expect(keys.of('ns_a', { status: 'pending', limit: 20 })).toEqual([
      'payments',
      'ns_a',
      { status: 'pending', limit: 20 },
    ]);
    expect(keys.all).toEqual(['payments']);
    expect(keys.namespace(null)).toEqual(['payments', null]);
  });

  it('invalidates by prefix: every namespace, one namespace, a record and its parts', async () => {
    const qc = new QueryClient();
    const stale = () =>
      qc
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey);
    const seed = [
      keys.of('ns_a', { limit: 20 }),
      keys.of('ns_a', { id: 'p1' }),
      keys.of('ns_a', { id: 'p1', part: 'tasks' }),
      keys.of('ns_a', { id: 'p2' }),
      keys.of('ns_b', { id: 'p1' }),
    ];
    for (const k of seed) qc.setQueryData(k, {});
    await qc.invalidateQueries({ queryKey: keys.of('ns_a', { id: 'p1' }) });
    expect(stale()).toEqual([seed[1], seed[2]]);
    await qc.invalidateQueries({ queryKey: keys.namespace('ns_a') });
    expect(stale()).toHaveLength(4);
    await qc.invalidateQueries({ queryKey: keys.all });
    expect(stale()).toHaveLength(5);
  });
});
