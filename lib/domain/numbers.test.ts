import { describe, expect, it } from 'vitest';
import { formatCompact, formatCount, formatDecimal } from './numbers';

// Node's Intl is the reference: the functions print what Intl.NumberFormat('en', …) prints.
const EDGES = [
  0,
  -0,
  1,
  -1,
  5,
  9.5,
  9.95,
  99.95,
  0.05,
  0.123,
  0.0004,
  0.5,
  1.005,
  12.345,
  999,
  999.4,
  999.5,
  999.95,
  1000,
  1050,
  1449,
  1450,
  1500,
  9999,
  12345,
  99949,
  99950,
  999499,
  999500,
  999999,
  1e6,
  1234567,
  1.25e9,
  999.95e9,
  1e12,
  1e15,
  1.2345e17,
  2 ** 53,
  1e21,
  1e-7,
  -2500,
  -0.01,
  -999999,
  -1.25e9,
];
function randoms(count: number): number[] {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => {
    const magnitude = 10 ** Math.floor(next() * 16 - 3);
    const n = next() * magnitude;
    return next() < 0.2 ? -n : next() < 0.3 ? Math.round(n) : n;
  });
}

describe('numbers without Intl', () => {
  it('groups counts as en does, numbers and bigints', () => {
    for (const n of [0, 7, 999, 1000, 1234567, -1234567, 2 ** 53, 12.6])
      expect(formatCount(n)).toBe(Math.round(n).toLocaleString('en'));
    expect(formatCount(999999999999999999n)).toBe('999,999,999,999,999,999');
    expect(formatCount(-1000n)).toBe('-1,000');
  });

  it.each([0, 1, 2, 3])('decimals to %i places as Intl', (fraction) => {
    const intl = new Intl.NumberFormat('en', { maximumFractionDigits: fraction });
    for (const n of [...EDGES, ...randoms(3000)])
      expect(formatDecimal(n, fraction), String(n)).toBe(intl.format(n));
  });

  it.each([0, 1, 2, 3])('compact notation with up to %i decimals as Intl', (fraction) => {
    const intl = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: fraction });
    for (const n of [...EDGES, ...randoms(3000)])
      expect(formatCompact(n, fraction), String(n)).toBe(intl.format(n));
  });
});
