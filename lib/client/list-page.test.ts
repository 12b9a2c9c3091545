import { describe, expect, it } from 'vitest';
import { countText } from './list-page';

const rest = { has_more: false, next_cursor: null, prev_cursor: null };

describe('countText', () => {
  it('prints an exact count with separators', () => {
    expect(countText({ ...rest, count: 9_999, count_capped: false })).toBe('9,999');
  });
  it('says "10,000+" when the gateway stopped counting, for either spelling of the count', () => {
    expect(countText({ ...rest, count: 10_000, count_capped: true })).toBe('10,000+');
    expect(countText({ ...rest, total: 10_000, total_capped: true })).toBe('10,000+');
    expect(countText({ ...rest, total: 10_000, total_capped: false })).toBe('10,000');
  });
});
