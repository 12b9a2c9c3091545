/**
 * Numbers as the dashboard prints them ("1,234,567", "12.3K"), without `Intl` or `toLocaleString`.
 *
 * The first `Intl` object a page builds (a formatter, a collator, `toLocaleString`) loads ICU's
 * locale data: 70–200 ms of the main thread at Lighthouse's 4× CPU slowdown, in the task that
 * hydrates the page — a long task of its own size, every first load (docs/benchmarks.md, "ICU on
 * the first load"). The formats the dashboard uses are English and few, so they are written here:
 * the same text as `Intl.NumberFormat('en', …)` (lib/domain/numbers.test.ts compares them), with
 * no locale data. ESLint refuses `Intl` and the `toLocale…` methods in code the browser runs.
 */

/** Groups an integer's digits by three: -1234567 → "-1,234,567"; a bigint keeps every digit. */
export function formatCount(n: number | bigint): string {
  const digits = typeof n === 'bigint' ? n.toString() : Math.round(n).toString();
  const sign = digits.startsWith('-') ? '-' : '';
  return sign + groupDigits(sign ? digits.slice(1) : digits);
}

/** "1234567" → "1,234,567" (digits only). */
export function groupDigits(digits: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    out = out ? `${part},${out}` : part;
  }
  return out || '0';
}

/**
 * A finite number's decimal digits and point: the shortest digits that read back as the same
 * double (what `Intl` formats too), as `digits` × 10^(exponent − digits.length).
 */
function decimal(n: number): { digits: string; exponent: number } {
  const [mantissa, exp] = Math.abs(n).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  return { digits, exponent: Number(exp) + 1 };
}

/**
 * Rounds digits × 10^(exponent − digits.length) half away from zero to `fraction` decimals;
 * answers the integer and fraction parts, the fraction without trailing zeros.
 */
function round(digits: string, exponent: number, fraction: number): { whole: string; fraction: string } {
  // Pad so that the point sits inside the digit string: `point` digits before it.
  let d = digits;
  let point = exponent;
  if (point <= 0) {
    d = '0'.repeat(1 - point) + d;
    point = 1;
  }
  if (d.length < point) d = d.padEnd(point, '0');
  const keep = point + fraction;
  let kept = d.slice(0, keep).padEnd(keep, '0');
  if (d.length > keep && d[keep]! >= '5') kept = (BigInt(kept) + 1n).toString().padStart(keep, '0');
  // A carry may have added a digit in front ("999.96" → "1000.0").
  const wholeLength = kept.length - fraction;
  const whole = kept.slice(0, wholeLength).replace(/^0+(?=\d)/, '');
  return { whole, fraction: kept.slice(wholeLength).replace(/0+$/, '') };
}

/** A number with up to `fraction` decimals, grouped: 1234.5678, 2 → "1,234.57". */
export function formatDecimal(n: number, fraction: number): string {
  if (!Number.isFinite(n)) return String(n);
  const { digits, exponent } = decimal(n);
  const r = round(digits, exponent, fraction);
  const text = groupDigits(r.whole) + (r.fraction ? `.${r.fraction}` : '');
  return negative(n) ? `-${text}` : text;
}

/** Intl keeps the sign of what rounds to zero ("-0"), and of -0 itself. */
const negative = (n: number) => n < 0 || Object.is(n, -0);

const COMPACT = ['', 'K', 'M', 'B', 'T'] as const;

/**
 * English compact notation with up to `fraction` decimals, as `Intl.NumberFormat('en',
 * { notation: 'compact', maximumFractionDigits })`: 950 → "950", 12345 → "12.3K", 999999 → "1M",
 * 1.25e9 → "1.3B", 1e15 → "1000T".
 */
export function formatCompact(n: number, fraction: number): string {
  if (!Number.isFinite(n)) return String(n);
  const { digits, exponent } = decimal(n);
  // The unit from the magnitude (10^3 each), then once more if rounding reached 1,000 of it.
  let unit = n === 0 ? 0 : Math.min(COMPACT.length - 1, Math.max(0, Math.floor((exponent - 1) / 3)));
  let r = round(digits, exponent - 3 * unit, fraction);
  if (r.whole.length > 3 && unit < COMPACT.length - 1) {
    unit += 1;
    r = round(digits, exponent - 3 * unit, fraction);
  }
  // Compact notation groups from five digits on ("1000T", "12,345T").
  const whole = r.whole.length >= 5 ? groupDigits(r.whole) : r.whole;
  const text = whole + (r.fraction ? `.${r.fraction}` : '');
  return `${negative(n) ? '-' : ''}${text}${COMPACT[unit]}`;
}
