import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_PATTERN, parseAddress } from './address';

describe('a payment address', () => {
  it("the document's pattern says what parseAddress accepts, for ASCII text", () => {
    const pattern = new RegExp(ADDRESS_PATTERN);
    const chars = fc.constantFrom(...'aZ09._+-@ \t'.split(''), 'x', 'Q', '@', '.');
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 24 }).map((a) => a.join('')),
        (s) => {
          expect(pattern.test(s)).toBe(parseAddress(s) !== null);
        },
      ),
      { numRuns: 2000, seed: 20261129 },
    );
    expect(pattern.test('Alice@Sandbox-Bank.test')).toBe(true);
    expect(parseAddress(' Alice@Sandbox-Bank.test ')).toEqual({
      local: 'alice',
      domain: 'sandbox-bank.test',
    });
  });
});
