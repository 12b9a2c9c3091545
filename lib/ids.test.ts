import { describe, expect, it } from 'vitest';
import { idAt, newId } from './ids';

describe('newId', () => {
  it('gives prefixed, time-first ids, unique across refills of the random pool', () => {
    const ids = Array.from({ length: 20_000 }, () => newId('pay'));
    for (const id of ids.slice(0, 300)) expect(id).toMatch(/^pay_[0-9a-z]{9}[0-9a-z]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // The random part differs between consecutive ids (no byte of the pool is used twice).
    const tails = new Set(ids.map((id) => id.slice(-13)));
    expect(tails.size).toBe(ids.length);
  });

  it('orders the ids one process makes as it made them, within a millisecond too', () => {
    const ids = Array.from({ length: 5_000 }, () => newId('inm'));
    expect([...ids].sort()).toEqual(ids);
    // Many share a millisecond here: their time parts are equal, their sequence tells them apart.
    expect(new Set(ids.map((id) => id.slice(4, 13))).size).toBeLessThan(ids.length);
  });
});

describe('idAt', () => {
  it('bounds the identifiers made before a moment from those made at or after it', () => {
    const before = newId('dlv');
    const at = new Date(Date.now() + 2);
    while (Date.now() < at.getTime() + 1);
    const after = newId('dlv');
    const bound = idAt('dlv', at);
    expect(before < bound).toBe(true);
    expect(after >= bound).toBe(true);
  });
});
