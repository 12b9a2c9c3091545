import { currencyExponent, formatAmount, toMinorUnits } from '@/lib/client/format';

const ZERO = /^0+(\.0+)?$/;

/**
 * An amount typed in the currency's units → minor units (a digit string, never a float); `zero`
 * allows 0 (a cap of nothing). Null when it is not an amount of this currency.
 */
export function typedMinorUnits(typed: string, currency: string, { zero = false } = {}): string | null {
  const v = typed.trim();
  if (zero && ZERO.test(v)) {
    const decimals = v.split('.')[1]?.length ?? 0;
    return decimals <= currencyExponent(currency) ? '0' : null;
  }
  return toMinorUnits(v, currency);
}

/** "5,000.00 USD = 500000 minor units", under an amount field while it is typed. */
export function minorUnitsHint(typed: string, currency: string, { zero = false } = {}): string {
  if (!typed.trim()) return `In ${currency}, e.g. 5,000.00`;
  const minor = typedMinorUnits(typed, currency, { zero });
  if (minor === null) {
    const digits = currencyExponent(currency);
    return `Not an amount of ${currency} (at most ${digits} decimal${digits === 1 ? '' : 's'})`;
  }
  // Read as the amount was typed: figures first, then the code.
  return `${formatAmount(minor, currency)} ${currency} = ${minor} minor units`;
}

/** The message of an amount that is not one of the currency's. */
export function amountError(currency: string): string {
  const digits = currencyExponent(currency);
  return `Enter an amount of ${currency} with at most ${digits} decimal${digits === 1 ? '' : 's'}`;
}
