import { groupDigits } from './numbers';

/**
 * ISO 4217's minor units (List One) where they are not 2; every other well-formed code has 2.
 * The codes ISO gives no minor unit (precious metals, SDR, test and "no currency" codes) count in
 * whole units. A table of our own rather than `Intl`: the first `Intl` object costs a page
 * 70–200 ms of main thread on a phone (lib/domain/numbers.ts), and the runtimes' ICU data do not
 * agree with ISO or with each other — ICU gives HUF, IDR, COP and PKR 0 and IQD 0 (ISO: 2, 2, 2, 2
 * and 3), and Chromium's ICU and Node's differed on RSD — so the server's exports and the
 * dashboard read one currency's minor units differently (docs/decisions.md, "Currencies").
 */
const EXPONENTS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV']
      .concat(['XAF', 'XOF', 'XPF'])
      .concat(['XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX'])
      .map((c) => [c, 0]),
  ),
  ...Object.fromEntries(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((c) => [c, 3])),
  CLF: 4,
  UYW: 4,
};

/**
 * The number of minor-unit digits of an ISO 4217 currency (JPY 0, USD 2, BHD 3…). A code that is
 * not three letters throws a RangeError (as `Intl` did); case does not matter.
 */
export function currencyExponent(currency: string): number {
  if (!/^[A-Za-z]{3}$/.test(currency)) throw new RangeError(`Invalid currency code: ${currency}`);
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}

/** Minor units → the amount in the currency's units as a plain decimal ("125050" USD → "1250.50"). */
export function unitsOf(total: string | bigint, currency: string): string {
  const digits = currencyExponent(currency);
  const n = BigInt(total);
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  const scale = 10n ** BigInt(digits);
  return `${sign}${abs / scale}${digits ? `.${(abs % scale).toString().padStart(digits, '0')}` : ''}`;
}

/**
 * Minor units → a currency string, using the currency's own exponent (JPY 0, USD 2, BHD 3…); a
 * negative amount (a net credit position, funds out) keeps its sign before the digits: "USD -0.50".
 */
export function formatMoney(total: string | bigint, currency: string): string {
  const amount = formatAmount(total, currency);
  return `${currency.toUpperCase()} ${amount}`;
}

/** The amount alone ("-1,234.50"), where the currency is named beside it (a table's row, a column). */
export function formatAmount(total: string | bigint, currency: string): string {
  // unitsOf's plain decimal, its whole part grouped by threes.
  const [whole, fraction] = unitsOf(total, currency).split('.') as [string, string | undefined];
  const sign = whole.startsWith('-') ? '-' : '';
  return `${sign}${groupDigits(whole.slice(sign.length))}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * An amount typed by a person ("1,250.5") → the gateway's digit string in minor units ("125050"),
 * with the currency's own exponent; null when it is not a positive amount with at most that many
 * decimals (DESIGN §2: never a float on the way).
 */
export function toMinorUnits(amount: string, currency: string): string | null {
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) return null;
  const digits = currencyExponent(currency);
  const frac = m[2] ?? '';
  if (frac.length > digits) return null;
  const minor = (m[1]!.replace(/,/g, '') + frac.padEnd(digits, '0')).replace(/^0+/, '');
  return minor && minor.length <= 18 ? minor : null;
}
