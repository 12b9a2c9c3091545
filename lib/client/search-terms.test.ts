import { describe, expect, it } from 'vitest';
import {
  amountFilters,
  amountQuery,
  amountText,
  isAmountOf,
  matchOf,
  parseSearch,
  typedAmount,
  type SearchedPayment,
} from './search-terms';

const RENT: SearchedPayment = {
  payment_id: 'inv-1001',
  amount: { total: '125000', currency: 'USD' },
  reference: 'Rent March',
  debtor_party: { payment_address: 'jane@demo-bank.test', first_name: 'Demo', last_name: 'Payer' },
  beneficiary_party: { payment_address: 'maria@union-cu.test', first_name: 'Demo', last_name: 'Payee' },
};

describe('parseSearch: which of the payments filters a text is put to', () => {
  it.each([
    // text, id prefix, fragment, amount in minor units
    ['Rent', 'Rent', 'Rent', null],
    ['  99.00 ', '99.00', '99.00', '9900'],
    ['99', '99', null, '9900'],
    ['2,710.50', '2,710.50', '2,710.50', '271050'],
    ['jane quill', null, 'jane quill', null],
    ['r', null, null, null],
    ['12.345', '12.345', '12.345', null], // three decimals: no two-decimal amount
  ])('%j', (typed, idPrefix, fragment, minor) => {
    const t = parseSearch(typed);
    expect(t.text).toBe(typed.trim());
    expect(t.idPrefix).toBe(idPrefix);
    expect(t.fragment).toBe(fragment);
    expect(t.amount?.minor ?? null).toBe(minor);
  });

  it('reads a currency before or after the amount, in its own minor units', () => {
    expect(typedAmount('USD 99.00')).toEqual({ units: '99.00', currency: 'USD', minor: '9900' });
    expect(typedAmount('99 jpy')).toEqual({ units: '99', currency: 'JPY', minor: '99' });
    expect(typedAmount('BHD 1.5')).toEqual({ units: '1.5', currency: 'BHD', minor: '1500' });
    expect(typedAmount('USD 99 EUR')).toBeNull();
    expect(typedAmount('JPY 1.5')).toBeNull();
    expect(typedAmount('Rent 99')).toBeNull();
    expect(typedAmount('-5')).toBeNull();
  });

  it('names an amount, and puts it to the list (units) and the gateway (minor units)', () => {
    const any = typedAmount('1,250')!;
    expect(amountText(any)).toBe('1,250.00');
    expect(amountFilters(any)).toEqual({ amount_from: '1250', amount_to: '1250' });
    expect(amountQuery(any)).toEqual({ amount_min: '125000', amount_max: '125000' });
    const usd = typedAmount('usd 99')!;
    expect(amountText(usd)).toBe('USD 99.00');
    expect(amountFilters(usd)).toEqual({ amount_from: '99', amount_to: '99', currency: 'USD' });
    expect(amountQuery(usd)).toEqual({ amount_min: '9900', amount_max: '9900', currency: 'USD' });
  });
});

describe('isAmountOf: the same units in the payment’s own currency', () => {
  it('tells USD 99.00 from JPY 9,900, both 9900 on the wire', () => {
    const a = typedAmount('99.00')!;
    expect(isAmountOf(a, { total: '9900', currency: 'USD' })).toBe(true);
    expect(isAmountOf(a, { total: '9900', currency: 'JPY' })).toBe(false);
    expect(isAmountOf(typedAmount('99')!, { total: '99', currency: 'JPY' })).toBe(true);
    expect(isAmountOf(typedAmount('EUR 99')!, { total: '9900', currency: 'USD' })).toBe(false);
  });
});

describe('matchOf: the field a search matched, and where', () => {
  it.each([
    ['inv-10', 'Id', 'inv-1001', [0, 6]],
    ['1,250.00', 'Amount', 'USD 1,250.00', null],
    ['1250', 'Amount', 'USD 1,250.00', null],
    ['JANE@demo', 'Payer’s address', 'jane@demo-bank.test', [0, 9]],
    ['union-cu', 'Payee’s address', 'maria@union-cu.test', [6, 14]],
    ['demo payer', 'Payer’s name', 'Demo Payer', [0, 10]],
    ['o paye', 'Payer’s name', 'Demo Payer', [3, 9]],
    ['payee', 'Payee’s name', 'Demo Payee', [5, 10]],
    ['rent', 'Reference', 'Rent March', [0, 4]],
    ['march', 'Reference', 'Rent March', [5, 10]],
  ])('%j → %s', (typed, field, value, at) => {
    expect(matchOf(RENT, parseSearch(typed))).toEqual({ field, value, at });
  });

  it('names the customer record the gateway found it by, and whose', () => {
    const names = new Map([['maria@union-cu.test', 'Maria Quill']]);
    expect(matchOf(RENT, parseSearch('quill'), names)).toEqual({
      field: 'Payee’s customer record',
      value: 'Maria Quill',
      at: [6, 11],
    });
    expect(matchOf(RENT, parseSearch('quill'))).toBeNull();
    expect(matchOf(RENT, parseSearch('99.00'))).toBeNull();
  });
});
