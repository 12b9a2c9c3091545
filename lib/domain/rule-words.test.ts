import { describe, expect, it } from 'vitest';
import {
  actionInWords,
  amountCurrency,
  changedBy,
  conditionsInWords,
  orList,
  windowInWords,
} from './rule-words';
import { noteBesideRule, ruleIdOf, ruleNote, ruleOwnNote } from './rules';

describe('an admission rule in words', () => {
  it('money in the currency’s units: the rule’s one currency, else two decimals', () => {
    expect(conditionsInWords({ amount_min: '500000', currencies: ['EUR'] })).toEqual([
      'amount ≥ EUR 5,000.00',
    ]);
    expect(conditionsInWords({ amount_max: '500000' })).toEqual(['amount ≤ 5,000.00']);
    expect(conditionsInWords({ amount_max: '500000', currencies: ['JPY'] })).toEqual([
      'amount ≤ JPY 500,000',
    ]);
    expect(
      conditionsInWords({ amount_min: '100', amount_max: '500000', currencies: ['USD', 'EUR'] }),
    ).toEqual(['amount 1.00 to 5,000.00', 'in USD or EUR']);
    // Currencies of other decimals: the bound is read in each.
    expect(conditionsInWords({ amount_max: '1000', currencies: ['USD', 'JPY'] })).toEqual([
      'amount ≤ USD 10.00 / JPY 1,000',
      'in USD or JPY',
    ]);
  });

  it('every condition, in the form’s order', () => {
    expect(
      conditionsInWords({
        amount_min: '500000',
        currencies: ['EUR'],
        counterparty_known: true,
        reference_matches: 'crypto',
      }),
    ).toEqual(['amount ≥ EUR 5,000.00', 'with a known counterparty', 'reference contains “crypto”']);
    expect(
      conditionsInWords({
        amount_ends_with: '01',
        counterparty_domains: ['union-cu.test', 'demo-bank.test'],
        counterparty_known: false,
        payer_velocity: { count: 6, amount: '100000', window_minutes: 10 },
        hours: { from: '22:00', to: '06:00', time_zone: 'Europe/Zurich' },
      }),
    ).toEqual([
      'amount ending in …01 (minor units)',
      'counterparty union-cu.test or demo-bank.test',
      'with a new counterparty',
      'payer sent ≥ 6 payments and ≥ 1,000.00 in 10 minutes',
      'between 22:00 and 06:00 (Europe/Zurich)',
    ]);
    expect(conditionsInWords({ hours: { from: '09:00', to: '09:00', time_zone: 'UTC' } })).toEqual([
      'at any hour (UTC)',
    ]);
    expect(conditionsInWords({})).toEqual([]);
  });

  it('actions, windows and lists', () => {
    expect(actionInWords('accept', null)).toBe('Accept');
    expect(actionInWords('reject', 'fraud_detected')).toBe('Reject (fraud detected)');
    expect(actionInWords('hold', null)).toBe('Hold (business reasons)');
    expect(actionInWords('review', null)).toBe('Send to review');
    expect(windowInWords(1)).toBe('1 minute');
    expect(windowInWords(60)).toBe('1 hour');
    expect(windowInWords(1440)).toBe('24 hours');
    expect(orList(['USD', 'EUR', 'GBP'])).toBe('USD, EUR or GBP');
    expect(amountCurrency(['usd'])).toBe('USD');
    expect(amountCurrency(['USD', 'JPY'])).toBe('USD');
    expect(amountCurrency(['JPY', 'KRW'])).toBe('JPY');
  });

  it('a task changed by a rule names the rule, and its note reads back', () => {
    const rule = { id: 'rul_1', name: 'Crypto held' };
    expect(changedBy('rule:rul_1', rule)).toBe('rule “Crypto held”');
    expect(changedBy('rule:rul_2', rule)).toBe('a rule');
    expect(changedBy('ana@demo-bank.test', rule)).toBe('ana@demo-bank.test');
    expect(changedBy(null, null)).toBeNull();
    expect(ruleIdOf('rule:rul_1')).toBe('rul_1');
    expect(ruleIdOf('api_1')).toBeNull();
    const note = ruleNote({ name: 'Crypto held', note: 'Ask the member', action: 'hold' }, false);
    expect(ruleOwnNote(note, 'Crypto held')).toBe('Ask the member');
    expect(ruleOwnNote(ruleNote({ name: 'Big', note: null, action: 'review' }, false), 'Big')).toBeNull();
    expect(ruleOwnNote('Called the customer', 'Big')).toBeNull();
    expect(noteBesideRule(note, 'Crypto held')).toBe('Ask the member');
    expect(noteBesideRule('Decided by rule "Big"', 'Big')).toBeNull();
    expect(noteBesideRule('Called the customer', 'Big')).toBe('Called the customer');
  });
});
