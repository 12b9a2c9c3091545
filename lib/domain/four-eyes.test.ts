import { describe, expect, it } from 'vitest';
import {
  fixedFourEyes,
  NO_FOUR_EYES,
  requirementOf,
  stricter,
  taskRequirement,
  type FourEyesPolicy,
} from './four-eyes';

// What four eyes require of a task: fixed when it is made, never lowered by a later policy
// (docs/decisions.md, "Four eyes").

const policy = (threshold: bigint | null, approvals = 1, keys = false): FourEyesPolicy => ({
  fourEyesThreshold: threshold,
  fourEyesApprovals: approvals,
  fourEyesKeysApprove: keys,
});
const made = (p: FourEyesPolicy, name = 'beneficiary_admission', amount = 5_000n) => ({
  name,
  ...fixedFourEyes(requirementOf(p, name, amount)),
});

describe('four eyes', () => {
  it('a policy covers tasks from its threshold up, and every compliance review', () => {
    expect(requirementOf(policy(1_000n, 2, true), 'beneficiary_admission', 999n)).toEqual({
      approvals: 0,
      keysApprove: false,
    });
    expect(requirementOf(policy(1_000n, 2, true), 'beneficiary_admission', 1_000n)).toEqual({
      approvals: 2,
      keysApprove: true,
    });
    expect(requirementOf(policy(10_000n), 'compliance_review', 1n).approvals).toBe(1);
    expect(requirementOf(NO_FOUR_EYES, 'compliance_review', 1n).approvals).toBe(0);
  });

  it('no later weakening lowers what a task was made with: off, a higher threshold, one approval, keys', () => {
    const task = made(policy(1_000n, 2, false));
    for (const weaker of [NO_FOUR_EYES, policy(1_000_000n), policy(1_000n, 1), policy(1_000n, 2, true)])
      expect(taskRequirement(task, weaker, 5_000n)).toEqual({ approvals: 2, keysApprove: false });
  });

  it('a strengthening applies at once, to the tasks already waiting', () => {
    const unCovered = made(NO_FOUR_EYES);
    expect(taskRequirement(unCovered, policy(1_000n, 2, true), 5_000n)).toEqual({
      approvals: 2,
      keysApprove: true,
    });
    const one = made(policy(1_000n, 1, true));
    expect(taskRequirement(one, policy(1_000n, 2, false), 5_000n)).toEqual({
      approvals: 2,
      keysApprove: false,
    });
  });

  it('the stricter of two: the more approvals, keys only where every covering one lets them', () => {
    const none = { approvals: 0, keysApprove: false } as const;
    const keys = { approvals: 1, keysApprove: true } as const;
    const people = { approvals: 2, keysApprove: false } as const;
    expect(stricter(none, keys)).toEqual(keys);
    expect(stricter(keys, none)).toEqual(keys);
    expect(stricter(keys, people)).toEqual({ approvals: 2, keysApprove: false });
    expect(stricter(keys, { approvals: 2, keysApprove: true })).toEqual({ approvals: 2, keysApprove: true });
  });
});
