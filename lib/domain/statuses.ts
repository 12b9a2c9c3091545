/**
 * The numeric statuses on the wire (DESIGN §5) with their names and display labels: one home for
 * the gateway and the dashboard. 0 is never returned.
 */

/** A submission's status; settled (6) is derived, never stored (an admitted one whose transaction settled). */
export const SUBMISSION = {
  pending: 1,
  on_hold: 2,
  admitted: 3,
  rejected: 4,
  expired: 5,
  settled: 6,
} as const;
export type SubmissionStatusName = keyof typeof SUBMISSION;
export const SUBMISSION_NAMES = Object.fromEntries(
  Object.entries(SUBMISSION).map(([k, v]) => [v, k]),
) as Record<number, SubmissionStatusName>;
/** A payment's status in lists and filters: its submission's, or `unsubmitted` before there is one. */
export type PaymentStatusName = SubmissionStatusName | 'unsubmitted';
export const PAYMENT_STATUS_NAMES = [
  'unsubmitted',
  'pending',
  'on_hold',
  'admitted',
  'rejected',
  'expired',
  'settled',
] as const satisfies readonly PaymentStatusName[];

export const TASK = { pending: 1, completed: 2, failed: 3, on_hold: 4 } as const;
export type TaskStatusName = keyof typeof TASK;
/** A task status code's name (`4` → `on_hold`). */
export const taskStatusName = (code: number): TaskStatusName =>
  (Object.keys(TASK) as TaskStatusName[]).find((k) => TASK[k] === code)!;

export const TASK_STATUS_NAMES = Object.keys(TASK) as [TaskStatusName, ...TaskStatusName[]];

/** Which namespace works an admission task. */
export const ASSIGNEE = { beneficiary: 1, debtor: 2 } as const;

/** 2 processing (cleared, awaiting settlement), 3 completed (settled); 1, 4, 5, 6 are reserved. */
const TRANSACTION = {
  initiated: 1,
  processing: 2,
  completed: 3,
  failed: 4,
  reversed: 5,
  expired: 6,
} as const;

export type TransactionStatusName = keyof typeof TRANSACTION;
export const TRANSACTION_STATUS_NAMES = Object.keys(TRANSACTION) as [
  TransactionStatusName,
  ...TransactionStatusName[],
];
/** A transaction status code's name (`2` → `processing`). */
export const transactionStatusName = (code: number): TransactionStatusName =>
  TRANSACTION_STATUS_NAMES.find((k) => TRANSACTION[k] === code)!;

const CUSTOMER = { active: 1, suspended: 2, closed: 3 } as const;
export type CustomerStatusName = keyof typeof CUSTOMER;
export const CUSTOMER_STATUS_NAMES = Object.keys(CUSTOMER) as [CustomerStatusName, ...CustomerStatusName[]];
/** A customer status code's name (`2` → `suspended`). */
export const customerStatusName = (code: number): CustomerStatusName =>
  CUSTOMER_STATUS_NAMES.find((k) => CUSTOMER[k] === code)!;

/** How a name is shown to people: `on_hold` → "On hold". */
const statusLabel = (name: string): string => {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const SUBMISSION_LABELS: Record<number, string> = Object.fromEntries(
  Object.entries(SUBMISSION).map(([name, code]) => [code, statusLabel(name)]),
);
export const TASK_LABELS: Record<number, string> = Object.fromEntries(
  Object.entries(TASK).map(([name, code]) => [code, statusLabel(name)]),
);
