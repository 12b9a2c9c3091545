// Building an Intl.NumberFormat costs tens of microseconds (more on a phone): what the formatters
// derive from one is kept per currency, and the digits' grouping is one formatter, not one a call.
const exponents = new Map<string, number>();
const codes = new Map<string, string>();
const GROUPED = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** The number of minor-unit digits of an ISO 4217 currency (JPY 0, USD 2, BHD 3…). */
export function currencyExponent(currency: string): number {
  let digits = exponents.get(currency);
  if (digits === undefined) {
    // An unknown code throws here (RangeError), every time: nothing is kept for it.
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    exponents.set(currency, digits);
  }
  return digits;
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
  let code = codes.get(currency);
  if (code === undefined) {
    code =
      new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'code' })
        .formatToParts(0)
        .find((p) => p.type === 'currency')?.value ?? currency;
    codes.set(currency, code);
  }
  return `${code} ${formatAmount(total, currency)}`;
}

/** The amount alone ("-1,234.50"), where the currency is named beside it (a table's row, a column). */
export function formatAmount(total: string | bigint, currency: string): string {
  const digits = currencyExponent(currency);
  const n = BigInt(total);
  const abs = n < 0n ? -n : n;
  const scale = 10n ** BigInt(digits);
  const whole = abs / scale;
  const frac = (abs % scale).toString().padStart(digits, '0');
  return `${n < 0n ? '-' : ''}${GROUPED.format(whole)}${digits ? `.${frac}` : ''}`;
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
