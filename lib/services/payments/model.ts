/** Numeric statuses on the wire (DESIGN §5); 0 is never returned. */
export const SUBMISSION = { pending: 1, on_hold: 2, admitted: 3, rejected: 4, expired: 5, settled: 6 } as const;
export const SUBMISSION_NAMES = Object.fromEntries(Object.entries(SUBMISSION).map(([k, v]) => [v, k])) as Record<number, keyof typeof SUBMISSION>;
export const TASK = { pending: 1, completed: 2, failed: 3, on_hold: 4 } as const;
export type TaskStatusName = keyof typeof TASK;

/** The spec's request enum in its order, then our own `account_unavailable`; 0 is "none". */
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
export const reasonCode = (r: Reason) => REASONS.indexOf(r) + 1;
export const reasonName = (code: number): Reason | null => (code > 0 ? (REASONS[code - 1] ?? null) : null);

/** Who a failure is blamed on, by reason: the party whose facts caused it, else the system. */
const BENEFICIARY_REASONS = new Set<Reason>(['invalid_beneficiary_details', 'alias_not_provisioned', 'unknown_alias', 'account_closed', 'deceased_account_holder', 'account_unavailable']);
const DEBTOR_REASONS = new Set<Reason>(['insufficient_funds', 'fraud_detected', 'blocked_account']);
export function blameFor(reason: Reason): 'beneficiary_party' | 'debtor_party' | 'system' {
  if (BENEFICIARY_REASONS.has(reason)) return 'beneficiary_party';
  if (DEBTOR_REASONS.has(reason)) return 'debtor_party';
  return 'system';
}

export const ASSIGNEE = { beneficiary: 1, debtor: 2 } as const;
