import { describe, expect, it } from 'vitest';
import { containing, escapeLike, startingWith } from './like';

describe('LIKE patterns from user text', () => {
  it('keeps %, _ and \\ literal', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(containing('a%b')).toBe('%a\\%b%');
    expect(startingWith('pay_')).toBe('pay\\_%');
    expect(containing('plain')).toBe('%plain%');
  });
});
