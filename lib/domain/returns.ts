/**
 * Returns of funds (DESIGN §12): the reasons a return is asked for or made — ISO 20022's codes,
 * as camt.056 carries them — and what a return's status is, read from its return payment's
 * submission. Shared by the gateway and the dashboard.
 */
export const RETURN_REASONS = {
  AC03: 'Wrong account',
  AM09: 'Wrong amount',
  DUPL: 'Duplicate payment',
  FRAD: 'Fraud',
  CUST: 'Requested by the customer',
  TECH: 'Technical problem',
} as const;

export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_CODES = Object.keys(RETURN_REASONS) as ReturnReason[];

/** `requested` while the beneficiary's side decides; `returned` once the money goes back; `refused` otherwise. */
export type ReturnStatus = 'requested' | 'returned' | 'refused';
export const RETURN_STATUSES: ReturnStatus[] = ['requested', 'returned', 'refused'];

/** A return's status from its payment's submission status (1 pending … 5 expired). */
export function returnStatusOf(submissionStatus: number | null | undefined): ReturnStatus {
  if (submissionStatus === 3) return 'returned';
  if (submissionStatus === 4 || submissionStatus === 5) return 'refused';
  return 'requested';
}
