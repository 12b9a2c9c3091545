import { describe, expect, it } from 'vitest';
import { currencyExponent, formatAmount, formatMoney, toMinorUnits } from './money';

describe('formatMoney', () => {
  it.each([
    ['125050', 'USD', 'USD 1,250.50'],
    ['-150', 'USD', 'USD -1.50'],
    ['-50', 'USD', 'USD -0.50'],
    ['-1234', 'JPY', 'JPY -1,234'],
    ['0', 'BHD', 'BHD 0.000'],
    // Past 2^53: every digit kept (the grouping formats the bigint, not a float).
    ['999999999999999999', 'USD', 'USD 9,999,999,999,999,999.99'],
    ['-999999999999999999', 'JPY', 'JPY -999,999,999,999,999,999'],
  ])('%s %s → %s', (minor, currency, text) => {
    expect(formatMoney(minor, currency)).toBe(text);
    // The amount alone is the same text without its code.
    expect(formatAmount(minor, currency)).toBe(text.slice(currency.length + 1));
  });
});

describe('currencies', () => {
  it('an unknown code is refused every time, a known one answered after it (nothing kept for it)', () => {
    expect(() => formatMoney('100', 'US')).toThrow(RangeError);
    expect(() => formatMoney('100', 'US')).toThrow(RangeError);
    expect(currencyExponent('KWD')).toBe(3);
    expect(formatMoney('100', 'KWD')).toBe('KWD 0.100');
    expect(formatMoney('100', 'KWD')).toBe('KWD 0.100');
  });

  it("have ISO 4217's minor units, whatever the runtime's ICU says", () => {
    // ICU: HUF, IDR, COP, PKR and IQD 0, RSD 0 or 2 by version; ISO 4217 List One below.
    const iso = { USD: 2, HUF: 2, IDR: 2, COP: 2, PKR: 2, RSD: 2, IQD: 3, JPY: 0, KRW: 0, ISK: 0 };
    for (const [code, digits] of Object.entries(iso)) expect(currencyExponent(code), code).toBe(digits);
    expect([currencyExponent('CLF'), currencyExponent('UYW'), currencyExponent('XAU')]).toEqual([4, 4, 0]);
    expect(formatMoney('123456', 'HUF')).toBe('HUF 1,234.56');
    // Case does not matter; a code's letters are all it needs (ZZZ: 2, as any code ISO does not list).
    expect(formatMoney('5', 'usd')).toBe('USD 0.05');
    expect(formatMoney('5', 'ZZZ')).toBe('ZZZ 0.05');
    expect(() => currencyExponent('U1D')).toThrow(RangeError);
  });
});

describe('toMinorUnits', () => {
  it.each([
    ['25', 'USD', '2500'],
    ['25.5', 'USD', '2550'],
    ['0.01', 'USD', '1'],
    [' 1,250.00 ', 'USD', '125000'],
    ['1250', 'JPY', '1250'],
    ['1.234', 'BHD', '1234'],
    ['999999999999999999', 'JPY', '999999999999999999'],
  ])('%s %s → %s minor units', (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
  });

  it('gives back what formatMoney shows', () => {
    expect(formatMoney(toMinorUnits('1,250.5', 'USD')!, 'USD')).toBe('USD 1,250.50');
    expect(formatMoney(toMinorUnits('0.01', 'USD')!, 'USD')).toBe('USD 0.01');
    expect(formatMoney(toMinorUnits('1.234', 'BHD')!, 'BHD')).toBe('BHD 1.234');
  });

  it.each([
    ['0'],
    ['0.00'],
    ['-5'],
    ['1.001'],
    ['abc'],
    [''],
    ['1,25'],
    ['1.'],
    ['.5'],
    ['1e3'],
    ['10000000000000000000'],
  ])('refuses %j', (amount) => {
    expect(toMinorUnits(amount, 'USD')).toBeNull();
  });

  it('refuses decimals in a currency without minor units', () => {
    expect(toMinorUnits('12.5', 'JPY')).toBeNull();
  });
});
