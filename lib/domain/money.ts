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
 * The minus sign of every amount on screen: U+2212, the width of "+" and of a figure, so signed
 * columns align. Files and exports keep ASCII's hyphen-minus (`unitsOf`), which spreadsheets read.
 */
const MINUS = '\u2212';

/** A bigint's sign and magnitude. */
function split(total: string | bigint): { negative: boolean; magnitude: bigint } {
  const n = BigInt(total);
  return { negative: n < 0n, magnitude: n < 0n ? -n : n };
}

/**
 * The one way an amount of money reads on screen: its currency's code, then its units grouped by
 * threes with the currency's own exponent (JPY 0, USD 2, BHD 3…); a negative amount (funds out, a
 * net credit position) carries the minus before the code, as a figure's sign does: "−USD 2,710.50".
 */
export function formatMoney(total: string | bigint, currency: string): string {
  const { negative, magnitude } = split(total);
  return `${negative ? MINUS : ''}${currency.toUpperCase()} ${formatAmount(magnitude, currency)}`;
}

/** A change of money, its sign always written: "+USD 25.00", "−USD 25.00"; zero "USD 0.00". */
export function formatMoneyChange(total: string | bigint, currency: string): string {
  const n = BigInt(total);
  return n > 0n ? `+${formatMoney(n, currency)}` : formatMoney(n, currency);
}

/** Which side of the network a net position is on: owes it (debit) or is owed (credit). */
export type NetSide = 'debit' | 'credit';

/**
 * A net position as words read it: the amount (always positive) and its side, "USD 2,710.50 (net
 * debit)", "USD 2,710.50 (net credit)"; a zero has no side: "USD 0.00". A settlement's positions
 * come as a side and an amount (`position_type`, a Merkle leaf's `kind`).
 */
export function formatNet(side: NetSide, amount: string | bigint, currency: string): string {
  const { magnitude } = split(amount);
  return magnitude === 0n ? formatMoney(0n, currency) : `${formatMoney(magnitude, currency)} (net ${side})`;
}

/**
 * A liquidity position (DESIGN §11: positive, the namespace owes the network) in words:
 * 25000 → "USD 250.00 (net debit)", -25000 → "USD 250.00 (net credit)".
 */
export const formatPosition = (position: string | bigint, currency: string) =>
  formatNet(BigInt(position) < 0n ? 'credit' : 'debit', position, currency);

/**
 * The amount alone ("−1,234.50"), where the currency is named beside it (a column of one currency,
 * a form's field); its sign as `formatMoney` writes it.
 */
export function formatAmount(total: string | bigint, currency: string): string {
  // unitsOf's plain decimal, its whole part grouped by threes.
  const [whole, fraction] = unitsOf(total, currency).split('.') as [string, string | undefined];
  const negative = whole.startsWith('-');
  return `${negative ? MINUS : ''}${groupDigits(whole.slice(negative ? 1 : 0))}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * An amount as a form's field holds it: units without grouping or code ("10000.00"), the text that
 * `toMinorUnits` reads back; empty for nothing.
 */
export const moneyInput = (total: string | null | undefined, currency: string) =>
  total ? unitsOf(total, currency) : '';

/**
 * An amount as a number of units, for a chart's scale only (a float: exact below 2^53 minor units);
 * what a chart prints comes from `formatMoney`.
 */
export const unitsNumber = (total: string | bigint, currency: string) =>
  Number(total) / 10 ** currencyExponent(currency);

/** A chart's number of units back to money, to the minor unit: 1234.5 USD → "USD 1,234.50". */
export const formatUnitsNumber = (units: number, currency: string) =>
  formatMoney(BigInt(Math.round(units * 10 ** currencyExponent(currency))), currency);

/**
 * A position's use of its limit (`utilisation`, a percentage: the position over the limit): "91.0 %";
 * "No limit" without one; "net credit" for a position below zero, which uses none of it (the
 * gateway's figure is then negative, "-21.4 %", which reads as a fault, or rounds to 0.0 % against
 * a large limit: the position, when given, decides).
 */
export function formatUtilisation(utilisation: number | null, position?: string | bigint): string {
  if (utilisation === null) return 'No limit';
  if (utilisation < 0 || (position !== undefined && BigInt(position) < 0n)) return 'net credit';
  return `${formatDecimalFixed(utilisation, 1)} %`;
}

/** `n` with exactly `digits` decimals, rounded half away from zero ("92.0"), grouped. */
function formatDecimalFixed(n: number, digits: number): string {
  const scaled = Math.round(Math.abs(n) * 10 ** digits);
  const whole = Math.floor(scaled / 10 ** digits);
  const fraction = String(scaled % 10 ** digits).padStart(digits, '0');
  return `${n < 0 ? MINUS : ''}${groupDigits(String(whole))}${digits ? `.${fraction}` : ''}`;
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
