/**
 * Admission task reasons. The order IS the wire code (`status_reason` = index + 1; 0 is "none"):
 * the spec's request enum in its order, then our own `account_unavailable`. Never reorder.
 */
export const REASONS = [
  'accepted',
  'invalid_beneficiary_details',
  'alias_not_provisioned',
  'unknown_alias',
  'account_closed',
  'duplicate_payment',
  'blocked_account',
  'currency_mismatch',
  'business_reasons',
  'deceased_account_holder',
  'insufficient_funds',
  'unknown_error',
  'fraud_detected',
  'regulatory_issues',
  'account_unavailable',
] as const;
export type Reason = (typeof REASONS)[number];

export const reasonCode = (r: Reason): number => REASONS.indexOf(r) + 1;
/** A reason's name on the wire (`status_reason_name`): `none` for 0, then the list's. */
export type ReasonName = 'none' | Reason;
export const REASON_NAMES = ['none', ...REASONS] as const satisfies readonly ReasonName[];
export const reasonName = (code: number): ReasonName => REASON_NAMES[code] ?? 'none';
/** "insufficient funds"; "—" for none. */
export const reasonLabel = (code: number): string =>
  code > 0 ? (REASONS[code - 1] ?? String(code)).replace(/_/g, ' ') : '—';

export type Blame = 'beneficiary_party' | 'debtor_party' | 'system';

/** Who a failure is blamed on, by reason: the party whose facts caused it, else the system. */
const BENEFICIARY_REASONS = new Set<Reason>([
  'invalid_beneficiary_details',
  'alias_not_provisioned',
  'unknown_alias',
  'account_closed',
  'deceased_account_holder',
  'account_unavailable',
]);
const DEBTOR_REASONS = new Set<Reason>(['insufficient_funds', 'fraud_detected', 'blocked_account']);
export function blameFor(reason: Reason): Blame {
  if (BENEFICIARY_REASONS.has(reason)) return 'beneficiary_party';
  if (DEBTOR_REASONS.has(reason)) return 'debtor_party';
  return 'system';
}
