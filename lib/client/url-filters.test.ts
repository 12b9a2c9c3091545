import { describe, expect, it } from 'vitest';
import { PAYMENT_FILTERS, paymentFilters } from '@/app/(dashboard)/payments/search-params';
import { currencyCode, daySeconds, localDay, oneOf, text, unixSeconds, urlFilters } from './url-filters';

const url = (q: string) => new URLSearchParams(q);

describe('a list’s filters in the URL', () => {
  const LIST = urlFilters({
    status: oneOf(['open', 'closed'] as const),
    q: text({ min: 3 }),
    currency: currencyCode(),
    from: unixSeconds(),
    day: localDay('end'),
  });

  it('reads what the URL holds, leaving out what no kind accepts', () => {
    expect(LIST.read(url('status=open&q=%20ab%20&currency=EUR&from=1700000000&day=2026-11-26'))).toEqual({
      status: 'open',
      q: 'ab',
      currency: 'EUR',
      from: '1700000000',
      day: '2026-11-26',
    });
    expect(LIST.read(url('status=ajar&q=%20&currency=eur&from=yesterday&day=2026-13-45&other=1'))).toEqual(
      {},
    );
  });

  it('sends the gateway only what it takes: a fragment once long enough, a day as its last second', () => {
    const f = LIST.read(url('status=closed&q=ab&day=2026-11-26'));
    expect(LIST.gateway(f)).toEqual({ status: 'closed', day: String(daySeconds('2026-11-26', 'end')) });
    expect(LIST.gateway(LIST.read(url('q=abc')))).toEqual({ q: 'abc' });
    expect(daySeconds('2026-11-26', 'end')! - daySeconds('2026-11-26', 'start')!).toBe(86_399);
  });

  it('says whether any filter is set, and clears each of them', () => {
    expect(LIST.active(LIST.read(url('order=asc&cursor=abc')))).toBe(false);
    expect(LIST.active(LIST.read(url('q=a')))).toBe(true);
    expect(LIST.cleared).toEqual({
      status: undefined,
      q: undefined,
      currency: undefined,
      from: undefined,
      day: undefined,
    });
  });
});

describe('the payments list’s filters', () => {
  it('send amounts in minor units of the chosen currency, under the gateway’s names', () => {
    expect(Object.fromEntries(paymentFilters(url('amount_from=25&amount_to=1000&currency=JPY')))).toEqual({
      amount_min: '25',
      amount_max: '1000',
      currency: 'JPY',
    });
    // Yen have no decimals: 1000.5 is no amount of them, and is not sent.
    expect(Object.fromEntries(paymentFilters(url('amount_to=1000.5&currency=JPY')))).toEqual({
      currency: 'JPY',
    });
    expect(Object.fromEntries(paymentFilters(url('amount_from=25.5')))).toEqual({ amount_min: '2550' });
  });

  it('keep a malformed amount in the URL (the field says what is wrong) but never send it', () => {
    const f = PAYMENT_FILTERS.read(url('amount_from=lots&party=Jo'));
    expect(f).toEqual({ amount_from: 'lots', party: 'Jo' });
    expect(PAYMENT_FILTERS.gateway(f)).toEqual({});
    expect(PAYMENT_FILTERS.active(f)).toBe(true);
  });
});

describe('a list’s filter descriptors', () => {
  const LIST = urlFilters({
    status: {
      kind: oneOf({ open: 'Open', closed: 'Closed' }, { fallback: 'open' }),
      label: 'Status',
      id: 'x-status',
      options: { open: 'Open', closed: 'Closed' },
      any: null,
    },
    q: { kind: text(), label: 'Find', id: 'x-q' },
    cursor: unixSeconds(),
  });

  it('lists the fields the filter bar draws, in their order, each with its kind', () => {
    expect(LIST.fields.map((f) => [f.key, f.field.label])).toEqual([
      ['status', 'Status'],
      ['q', 'Find'],
    ]);
    expect(LIST.fields[0]!.kind.fallback).toBe('open');
  });

  it('reads a fallback when the URL names none or a value the kind refuses, and does not count it as set', () => {
    expect(LIST.read(url(''))).toEqual({ status: 'open' });
    expect(LIST.read(url('status=ajar'))).toEqual({ status: 'open' });
    expect(LIST.gateway(LIST.read(url('')))).toEqual({ status: 'open' });
    expect(LIST.active(LIST.read(url('status=open')))).toBe(false);
    expect(LIST.active(LIST.read(url('status=closed')))).toBe(true);
  });
});
