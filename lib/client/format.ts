/** The number of minor-unit digits of an ISO 4217 currency (JPY 0, USD 2, BHD 3…). */
export function currencyExponent(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units → a currency string, using the currency's own exponent (JPY 0, USD 2, BHD 3…). */
export function formatMoney(total: string, currency: string): string {
  const digits = currencyExponent(currency);
  const n = BigInt(total);
  const scale = 10n ** BigInt(digits);
  const whole = n / scale;
  const frac = (n % scale).toString().padStart(digits, '0');
  const symbol = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'code' }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
  return `${symbol} ${whole.toLocaleString('en')}${digits ? `.${frac}` : ''}`;
}

export const SUBMISSION_STATUS: Record<number, string> = { 1: 'Pending', 2: 'On hold', 3: 'Admitted', 4: 'Rejected', 5: 'Expired', 6: 'Settled' };
export const TASK_STATUS: Record<number, string> = { 1: 'Pending', 2: 'Completed', 3: 'Failed', 4: 'On hold' };
export const REASONS = [
  'accepted', 'invalid_beneficiary_details', 'alias_not_provisioned', 'unknown_alias', 'account_closed', 'duplicate_payment', 'blocked_account',
  'currency_mismatch', 'business_reasons', 'deceased_account_holder', 'insufficient_funds', 'unknown_error', 'fraud_detected', 'regulatory_issues', 'account_unavailable',
] as const;
export const reasonLabel = (code: number) => (code > 0 ? (REASONS[code - 1] ?? String(code)).replace(/_/g, ' ') : '—');
export const when = (seconds: number) => new Date(seconds * 1000).toLocaleString();

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
