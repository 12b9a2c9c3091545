import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonical } from './idempotency';

/** The recursive form the fingerprints stored so far were made with: the output must not change. */
function recursive(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(recursive).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${recursive((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

describe('canonical JSON of the idempotency fingerprint', () => {
  it('is what the recursive form made, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (v) => {
        expect(canonical(v)).toBe(recursive(v));
      }),
      { seed: 20261123, numRuns: 500 },
    );
    expect(canonical({ b: [1, { d: null, c: 'x' }], a: true })).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
    expect(canonical([])).toBe('[]');
    expect(canonical({})).toBe('{}');
    expect(canonical(undefined)).toBe('null');
  });

  it('takes any depth without running out of stack (100,000 levels)', () => {
    const deep = JSON.parse('{"a":'.repeat(100_000) + '[1]' + '}'.repeat(100_000));
    const text = canonical(deep);
    expect(text.length).toBe(100_000 * 6 + 3);
    expect(text.startsWith('{"a":{"a":')).toBe(true);
  });

  it('keeps lone surrogates apart (escaped, not replaced by U+FFFD)', () => {
    expect(canonical({ '\ud800': '\udbff' })).toBe('{"\\ud800":"\\udbff"}');
    expect(canonical('\ud800')).not.toBe(canonical('\udc00'));
  });
});
