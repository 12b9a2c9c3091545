/**
 * Four-eyes admission (maker-checker): a namespace may require that its tasks for large payments,
 * and every compliance review, are approved by someone other than the payment's maker (whoever
 * created or submitted it), and optionally by two distinct people. A task keeps what the policy
 * required when it was made (`fixedRequirement`), and a decision applies the stricter of that and
 * the policy now (`taskRequirement`): strengthening the policy covers the tasks already waiting,
 * weakening it (off, a higher threshold, one approval, keys approving) only the tasks made after
 * it — so nobody switches four eyes off to approve a waiting payment alone
 * (docs/decisions.md, "Four eyes").
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
function approvalsRequired(policy: FourEyesPolicy, taskName: string, amountMinor: bigint): 0 | 1 | 2 {
  if (policy.fourEyesThreshold === null) return 0;
  if (taskName !== 'compliance_review' && amountMinor < policy.fourEyesThreshold) return 0;
  return policy.fourEyesApprovals >= 2 ? 2 : 1;
}

/**
 * What four eyes require of one task: approvals by checkers (0: not covered, anyone of the
 * namespace decides alone) and whether an API key may give one.
 */
export interface FourEyesRequirement {
  approvals: 0 | 1 | 2;
  keysApprove: boolean;
}

/** What `policy` requires of a task named `taskName` for a payment of `amountMinor`. */
export function requirementOf(
  policy: FourEyesPolicy,
  taskName: string,
  amountMinor: bigint,
): FourEyesRequirement {
  const approvals = approvalsRequired(policy, taskName, amountMinor);
  return { approvals, keysApprove: approvals > 0 && policy.fourEyesKeysApprove };
}

/** A task's requirement as stored when it was made (admission_tasks.four_eyes_*). */
export interface FixedFourEyes {
  fourEyesApprovals: number;
  fourEyesKeysApprove: boolean;
}

/** A requirement as a new task stores it. */
export function fixedFourEyes(requirement: FourEyesRequirement): FixedFourEyes {
  return { fourEyesApprovals: requirement.approvals, fourEyesKeysApprove: requirement.keysApprove };
}

function fixedRequirement(task: FixedFourEyes): FourEyesRequirement {
  const approvals = task.fourEyesApprovals >= 2 ? 2 : task.fourEyesApprovals === 1 ? 1 : 0;
  return { approvals, keysApprove: approvals > 0 && task.fourEyesKeysApprove };
}

/**
 * The stricter of two requirements: the more approvals, and keys approve only where every
 * requirement that covers the task lets them.
 */
export function stricter(a: FourEyesRequirement, b: FourEyesRequirement): FourEyesRequirement {
  if (a.approvals === 0) return b;
  if (b.approvals === 0) return a;
  return {
    approvals: a.approvals >= b.approvals ? a.approvals : b.approvals,
    keysApprove: a.keysApprove && b.keysApprove,
  };
}

/**
 * What a decision of `task` requires: the requirement fixed when it was made, or the assignee's
 * policy now where that is stricter. Never less than the fixed one, whatever the policy became.
 */
export function taskRequirement(
  task: FixedFourEyes & { name: string },
  policyNow: FourEyesPolicy,
  amountMinor: bigint,
): FourEyesRequirement {
  return stricter(fixedRequirement(task), requirementOf(policyNow, task.name, amountMinor));
}

/**
 * Who is deciding, by credential (`usr:<id>`, `key:<id>`); null for the system's own decisions.
 * `account`: a person's, for where their password came from; `keyHolders`: a key's, the people
 * who received its secret.
 */
export type Checker = {
  credential: string | null;
  account?: CheckerAccount | null;
  keyHolders?: string[];
};

/**
 * Where a checker's password came from: the person who issued the link or initial password
 * through which it was set (null when they chose it at sign-up), and when it was set.
 */
export interface CheckerAccount {
  credentialsIssuedBy: string | null;
  credentialsSetAt: Date | null;
}

/**
 * Who made the payment: the credentials that created and submitted it and, for an API key among
 * them, the people who received its secret (at creation and at the last rotation) — whoever holds
 * a key's secret makes what the key makes. `madeAt`: when the payment was created.
 */
export interface Makers {
  credentials: Array<string | null>;
  madeAt: Date;
}

/**
 * Why this checker may not approve, or null when they may. The system's own deciders (the Sandbox
 * Bank, the demo seed) are not makers and are never refused. One person must not be two pairs of
 * eyes: not a maker, not a maker's key, and not an account whose password was set, after the
 * payment was made, through a link or initial password that a maker (or an earlier approver)
 * issued — whoever held that link could have set the password (docs/decisions.md, "Four eyes").
 */
export function approvalRefusal(
  requirement: Pick<FourEyesRequirement, 'keysApprove'>,
  checker: Checker,
  makers: Makers,
  approvedBy: string[],
): string | null {
  const who = checker.credential;
  if (who === null) return null;
  if (who.startsWith('key:') && !requirement.keysApprove)
    return 'This task needs four eyes: an API key cannot approve it (the namespace lets only people approve); a person must';
  if (makers.credentials.includes(who))
    return 'This task needs four eyes: the person who created or submitted the payment, or holds the API key that did, cannot approve it; someone else must';
  if (approvedBy.includes(who)) return 'You already approved this task; it needs a second approver';
  if (checker.keyHolders?.some((h) => makers.credentials.includes(h) || approvedBy.includes(h)))
    return 'This task needs four eyes: this API key was issued to the person who made the payment (or approved it already); someone else must approve';
  const issuer = checker.account?.credentialsIssuedBy;
  const setAt = checker.account?.credentialsSetAt;
  if (
    issuer &&
    (makers.credentials.includes(issuer) || approvedBy.includes(issuer)) &&
    (!setAt || setAt.getTime() >= makers.madeAt.getTime())
  )
    return "This task needs four eyes: your password was set after the payment was made, through a link or initial password issued by the payment's maker or its first approver; someone else must approve";
  return null;
}
