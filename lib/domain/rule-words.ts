import { currencyExponent, formatAmount, formatMoney } from './money';
import { formatCount } from './numbers';
import type { Reason } from './reasons';
import { ruleIdOf, type RuleAction, type RuleConditions } from './rules';

/**
 * An admission rule in words (DESIGN §13: "a form with the conditions in words and money in the
 * currency's units"), as the Rules screen lists it and its form repeats it: "amount ≥ USD 5,000.00,
 * with a known counterparty, reference contains “crypto”". Bounds are minor units of whichever
 * currency a payment is in; they read in the rule's currency when it names currencies that share
 * their decimals, else as an amount with two decimals, the network's usual (as the namespace's
 * thresholds do: docs/decisions.md).
 */

/** The currency whose decimals a rule's amounts are read and typed in: its own, else USD's two. */
export function amountCurrency(currencies: readonly string[] | undefined): string {
  if (!currencies?.length) return 'USD';
  const valid = currencies.filter((c) => /^[A-Za-z]{3}$/.test(c));
  if (valid.length !== currencies.length) return 'USD';
  const first = valid[0]!;
  return valid.every((c) => currencyExponent(c) === currencyExponent(first)) ? first.toUpperCase() : 'USD';
}

/** Whether a rule's currencies disagree on their decimals, so that one bound reads as two amounts. */
export function mixedDecimals(currencies: readonly string[] | undefined): boolean {
  const valid = (currencies ?? []).filter((c) => /^[A-Za-z]{3}$/.test(c));
  return new Set(valid.map(currencyExponent)).size > 1;
}

/** "USD", "USD or EUR", "USD, EUR or GBP". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** A bound in minor units as money: "USD 5,000.00" for one currency, else "5,000.00". */
function bound(minor: string, currencies: readonly string[] | undefined): string {
  if (currencies?.length === 1 && /^[A-Za-z]{3}$/.test(currencies[0]!))
    return formatMoney(minor, currencies[0]!);
  if (mixedDecimals(currencies)) return currencies!.map((c) => formatMoney(minor, c)).join(' / ');
  return formatAmount(minor, amountCurrency(currencies));
}

/** 10 → "10 minutes", 60 → "1 hour", 1440 → "24 hours". */
export function windowInWords(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Each condition of a rule in words, in the order the form asks them; none: every task. */
export function conditionsInWords(c: RuleConditions): string[] {
  const words: string[] = [];
  const min = c.amount_min && c.amount_min !== '0' ? c.amount_min : undefined;
  if (min && c.amount_max)
    words.push(`amount ${bound(min, c.currencies)} to ${bound(c.amount_max, c.currencies)}`);
  else if (min) words.push(`amount ≥ ${bound(min, c.currencies)}`);
  else if (c.amount_max) words.push(`amount ≤ ${bound(c.amount_max, c.currencies)}`);
  if (c.amount_ends_with) words.push(`amount ending in …${c.amount_ends_with} (minor units)`);
  // One currency is named with the amount already.
  if (c.currencies?.length && !((min || c.amount_max) && c.currencies.length === 1))
    words.push(`in ${orList(c.currencies)}`);
  if (c.counterparty_domains?.length) words.push(`counterparty ${orList(c.counterparty_domains)}`);
  if (c.counterparty_known === true) words.push('with a known counterparty');
  if (c.counterparty_known === false) words.push('with a new counterparty');
  if (c.reference_matches) words.push(`reference contains “${c.reference_matches}”`);
  if (c.payer_velocity) {
    const v = c.payer_velocity;
    const parts = [
      v.count !== undefined ? `${formatCount(v.count)} payment${v.count === 1 ? '' : 's'}` : null,
      v.amount !== undefined ? bound(v.amount, c.currencies) : null,
    ].filter(Boolean);
    words.push(`payer sent ≥ ${parts.join(' and ≥ ')} in ${windowInWords(v.window_minutes)}`);
  }
  if (c.hours)
    words.push(
      c.hours.from === c.hours.to
        ? `at any hour (${c.hours.time_zone})`
        : `between ${c.hours.from} and ${c.hours.to} (${c.hours.time_zone})`,
    );
  return words;
}

/** What a rule does, in words: "Accept", "Reject (fraud detected)", "Hold (business reasons)", "Send to review". */
export function actionInWords(action: RuleAction, reason: Reason | null): string {
  const why = reason ? ` (${reason.replace(/_/g, ' ')})` : '';
  if (action === 'accept') return 'Accept';
  if (action === 'reject') return `Reject${why}`;
  if (action === 'hold') return `Hold${why || ' (business reasons)'}`;
  return 'Send to review';
}

/**
 * Who changed a task, as the dashboard names them: a rule by its name (`rule:<id>` of the rule the
 * task matched: "rule “Crypto held”"), anyone else as the gateway names them.
 */
export function changedBy(by: string | null, rule: { id: string; name: string } | null): string | null {
  const id = ruleIdOf(by);
  if (id === null) return by;
  return rule?.id === id ? `rule “${rule.name}”` : 'a rule';
}
