/**
 * Four-eyes admission (maker-checker): a namespace may require that its tasks for large payments,
 * and every compliance review, are approved by someone other than the payment's maker (whoever
 * created or submitted it), and optionally by two distinct people. Evaluated when a task is
 * decided, so turning the policy on covers the tasks already waiting.
 */

/** A namespace's policy, as stored (namespaces.four_eyes_*). */
export interface FourEyesPolicy {
  /** Tasks for payments of at least this amount (minor units) need four eyes; null: off. */
  fourEyesThreshold: bigint | null;
  /** Distinct approvals such a task needs: 1 or 2. */
  fourEyesApprovals: number;
  /** Whether an API key may approve such a task. */
  fourEyesKeysApprove: boolean;
}

export const NO_FOUR_EYES: FourEyesPolicy = {
  fourEyesThreshold: null,
  fourEyesApprovals: 1,
  fourEyesKeysApprove: false,
};

/**
 * How many approvals the task needs from checkers: 0 when the policy does not cover it (anyone in
 * the namespace decides alone, as without the policy), else 1 or 2.
 */
export function approvalsRequired(policy: FourEyesPolicy, taskName: string, amountMinor: bigint): 0 | 1 | 2 {
  if (policy.fourEyesThreshold === null) return 0;
  if (taskName !== 'compliance_review' && amountMinor < policy.fourEyesThreshold) return 0;
  return policy.fourEyesApprovals >= 2 ? 2 : 1;
}

/** Who is deciding, by credential (`usr:<id>`, `key:<id>`); null for the system's own decisions. */
export type Checker = { credential: string | null };

/**
 * Why this checker may not approve, or null when they may. The system's own deciders (the Sandbox
 * Bank, the demo seed) are not makers and are never refused.
 */
export function approvalRefusal(
  policy: FourEyesPolicy,
  checker: Checker,
  makers: Array<string | null>,
  approvedBy: string[],
): string | null {
  const who = checker.credential;
  if (who === null) return null;
  if (who.startsWith('key:') && !policy.fourEyesKeysApprove)
    return 'This task needs four eyes: an API key cannot approve it (the namespace lets only people approve); a person must';
  if (makers.includes(who))
    return 'This task needs four eyes: the person who created or submitted the payment cannot approve it; someone else must';
  if (approvedBy.includes(who)) return 'You already approved this task; it needs a second approver';
  return null;
}
