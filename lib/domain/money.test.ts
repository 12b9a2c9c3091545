import { describe, expect, it } from 'vitest';
import {
  currencyExponent,
  formatAmount,
  formatMoney,
  formatMoneyChange,
  formatNet,
  formatPosition,
  formatUnitsNumber,
  formatUtilisation,
  moneyInput,
  toMinorUnits,
  unitsNumber,
} from './money';

describe('formatMoney', () => {
  it.each([
    ['125050', 'USD', 'USD 1,250.50'],
    ['-150', 'USD', '−USD 1.50'],
    ['-50', 'USD', '−USD 0.50'],
    ['-1234', 'JPY', '−JPY 1,234'],
    ['0', 'BHD', 'BHD 0.000'],
    ['-0', 'USD', 'USD 0.00'],
    // Past 2^53: every digit kept (the grouping formats the bigint, not a float).
    ['999999999999999999', 'USD', 'USD 9,999,999,999,999,999.99'],
    ['-999999999999999999', 'JPY', '−JPY 999,999,999,999,999,999'],
  ])('%s %s → %s', (minor, currency, text) => {
    expect(formatMoney(minor, currency)).toBe(text);
    // The amount alone is the same text without its code, its sign kept.
    expect(formatAmount(minor, currency)).toBe(text.replace(`${currency} `, ''));
  });

  it('writes the minus as U+2212, the width of a figure and of "+", never a hyphen', () => {
    expect(formatMoney(-271050n, 'USD')).toBe('−USD 2,710.50');
    expect(formatMoney(-271050n, 'USD').codePointAt(0)).toBe(0x2212);
    expect(formatAmount('-271050', 'USD')).toBe('−2,710.50');
  });
});

describe('signed amounts and net positions', () => {
  it.each([
    ['2500', 'USD', '+USD 25.00'],
    ['-2500', 'USD', '−USD 25.00'],
    ['0', 'USD', 'USD 0.00'],
    ['-1', 'KWD', '−KWD 0.001'],
  ])('a change of %s %s reads %s', (minor, currency, text) => {
    expect(formatMoneyChange(minor, currency)).toBe(text);
  });

  it.each([
    ['credit', '271050', 'USD 2,710.50 (net credit)'],
    ['debit', '271050', 'USD 2,710.50 (net debit)'],
    // A signed figure gives its size; the side is the caller's word.
    ['debit', '-271050', 'USD 2,710.50 (net debit)'],
    ['credit', '0', 'USD 0.00'],
  ] as const)('a net %s of %s reads %s', (side, minor, text) => {
    expect(formatNet(side, minor, 'USD')).toBe(text);
  });

  it('a liquidity position above zero is a net debit, below zero a net credit', () => {
    expect(formatPosition('25000', 'USD')).toBe('USD 250.00 (net debit)');
    expect(formatPosition('-2000', 'USD')).toBe('USD 20.00 (net credit)');
    expect(formatPosition('0', 'USD')).toBe('USD 0.00');
    expect(formatPosition(-5n, 'JPY')).toBe('JPY 5 (net credit)');
  });
});

describe('utilisation', () => {
  it.each([
    [91, '91.0 %'],
    [90.64, '90.6 %'],
    [92.05, '92.1 %'],
    [0, '0.0 %'],
    [150, '150.0 %'],
    [1234.5, '1,234.5 %'],
    [-21.4, 'net credit'],
    [null, 'No limit'],
  ])('%s → %s', (utilisation, text) => {
    expect(formatUtilisation(utilisation)).toBe(text);
  });

  it('a position below zero is a net credit even where its utilisation rounds to 0.0 %', () => {
    expect(formatUtilisation(0, '-3000')).toBe('net credit');
    expect(formatUtilisation(0, '0')).toBe('0.0 %');
    expect(formatUtilisation(12.5, 250n)).toBe('12.5 %');
    expect(formatUtilisation(null, '-3000')).toBe('No limit');
  });
});

describe('amounts in fields and charts', () => {
  it('a field holds units without grouping or code, read back by toMinorUnits', () => {
    expect(moneyInput('1000000', 'USD')).toBe('10000.00');
    expect(moneyInput('1000000', 'JPY')).toBe('1000000');
    expect(moneyInput(null, 'USD')).toBe('');
    expect(toMinorUnits(moneyInput('123456', 'BHD'), 'BHD')).toBe('123456');
  });

  it("a chart's numbers of units, and back to money to the minor unit", () => {
    expect(unitsNumber('125050', 'USD')).toBe(1250.5);
    expect(unitsNumber('-125050', 'JPY')).toBe(-125050);
    expect(formatUnitsNumber(1250.5, 'USD')).toBe('USD 1,250.50');
    expect(formatUnitsNumber(0.1 + 0.2, 'USD')).toBe('USD 0.30');
    expect(formatUnitsNumber(-2.5, 'BHD')).toBe('−BHD 2.500');
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
