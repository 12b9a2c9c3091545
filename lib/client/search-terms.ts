import { formatAmount, formatMoney, toMinorUnits } from '@/lib/domain/money';

/**
 * What the shell's search reads in a text: which of the payments search's filters it can be put
 * to (an id's start, a party or reference fragment, an amount), so that one box asks each filter
 * that applies and says which one found a payment. Pure: unit-tested without a browser.
 */
export interface SearchTerms {
  /** As typed, without surrounding spaces. */
  text: string;
  /** The start of a payment id: two characters or more, no spaces (ids have none). */
  idPrefix: string | null;
  /** A fragment the gateway searches parties and references by: three characters or more. */
  fragment: string | null;
  /** An amount: "99", "99.00", "2,710.50", "USD 99.00" or "99.00 usd". */
  amount: TypedAmount | null;
}

export interface TypedAmount {
  /** As typed in units, without the currency ("99.00"): the payments list's amount filters take it so. */
  units: string;
  /** The currency typed with it, upper case; null when none was. */
  currency: string | null;
  /**
   * Minor units for the gateway. Without a currency, in two decimals (the payments list's rule when
   * no currency is chosen): "99" is 9900, a USD or EUR 99.00.
   */
  minor: string;
}

/** The gateway's shortest party or reference fragment (lib/schemas/payments.ts, containsText). */
const FRAGMENT_MIN = 3;
const FRAGMENT_MAX = 100;

const AMOUNT = /^(?:([A-Za-z]{3})\s*)?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?:\s*([A-Za-z]{3}))?$/;

/** An amount in `text`, with a currency before or after it (not both); null when it is none. */
export function typedAmount(text: string): TypedAmount | null {
  const m = AMOUNT.exec(text.trim());
  if (!m || (m[1] && m[3])) return null;
  const code = (m[1] ?? m[3])?.toUpperCase() ?? null;
  const units = m[2]!;
  const minor = toMinorUnits(units, code ?? 'USD');
  return minor ? { units, currency: code, minor } : null;
}

export function parseSearch(typed: string): SearchTerms {
  const text = typed.trim();
  return {
    text,
    idPrefix: text.length >= 2 && !/\s/.test(text) && text.length <= 128 ? text : null,
    fragment: text.length >= FRAGMENT_MIN && text.length <= FRAGMENT_MAX ? text : null,
    amount: typedAmount(text),
  };
}

/** The amount as the search names it: "USD 99.00", or "99.00" in any currency. */
export const amountText = (a: TypedAmount) =>
  a.currency ? formatMoney(a.minor, a.currency) : formatAmount(a.minor, 'USD');

/** The payments list's URL for an amount (its filters take units as typed; minor units on the wire). */
export function amountFilters(a: TypedAmount): Record<string, string> {
  const units = a.units.replace(/,/g, '');
  return { amount_from: units, amount_to: units, ...(a.currency ? { currency: a.currency } : {}) };
}

/** The gateway's filters for an amount (`GET /payments`): minor units, the currency if typed. */
export function amountQuery(a: TypedAmount): Record<string, string> {
  return { amount_min: a.minor, amount_max: a.minor, ...(a.currency ? { currency: a.currency } : {}) };
}

/** The parts of a payment the search looks at (the list's row). */
export interface SearchedPayment {
  payment_id: string;
  amount: { total: string; currency: string };
  reference: string;
  debtor_party: { payment_address: string; first_name?: string; last_name?: string };
  beneficiary_party: { payment_address: string; first_name?: string; last_name?: string };
}

/** Which field of a payment a search matched, and its text with where the match is in it. */
export interface Match {
  field: string;
  value: string;
  /** Where the typed text is in `value` (characters); null when the whole value is the match. */
  at: [number, number] | null;
}

const fullName = (p: { first_name?: string; last_name?: string }) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ');

/**
 * The field of `p` that the search for `terms` matched, in the order a reader would look for it:
 * its id's start, the amount, either party's address or name, the reference; then a party's
 * customer record, whose name the gateway searches too though the payment may carry another:
 * `customerNames` (address → the customer's name, from the customers the same search found)
 * says whose. Null when none of them holds it (the gateway found it by a customer record this
 * search did not list).
 */
export function matchOf(
  p: SearchedPayment,
  terms: SearchTerms,
  customerNames: ReadonlyMap<string, string> = new Map(),
): Match | null {
  const lower = terms.text.toLowerCase();
  const within = (field: string, value: string): Match | null => {
    const i = value.toLowerCase().indexOf(lower);
    return i < 0 || !lower ? null : { field, value, at: [i, i + lower.length] };
  };
  if (terms.idPrefix && p.payment_id.startsWith(terms.idPrefix))
    return { field: 'Id', value: p.payment_id, at: [0, terms.idPrefix.length] };
  if (terms.amount && isAmountOf(terms.amount, p.amount))
    return { field: 'Amount', value: formatMoney(p.amount.total, p.amount.currency), at: null };
  if (!terms.fragment) return null;
  const found =
    within('Payer’s address', p.debtor_party.payment_address) ??
    within('Payee’s address', p.beneficiary_party.payment_address) ??
    within('Payer’s name', fullName(p.debtor_party)) ??
    within('Payee’s name', fullName(p.beneficiary_party)) ??
    within('Reference', p.reference);
  if (found) return found;
  for (const [side, party] of [
    ['Payer’s customer record', p.debtor_party],
    ['Payee’s customer record', p.beneficiary_party],
  ] as const) {
    const name = customerNames.get(party.payment_address.toLowerCase());
    const named = name === undefined ? null : within(side, name);
    if (named) return named;
  }
  return null;
}

/**
 * Whether a typed amount is a payment's: the same units in the payment's own currency (and the
 * currency typed, if one was). "99.00" is USD 99.00, not JPY 9,900, though both are 9900 on the
 * wire when no currency is chosen.
 */
export function isAmountOf(a: TypedAmount, amount: { total: string; currency: string }): boolean {
  if (a.currency && a.currency !== amount.currency) return false;
  try {
    return toMinorUnits(a.units, amount.currency) === amount.total;
  } catch {
    return false;
  }
}
