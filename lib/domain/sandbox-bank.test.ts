import { describe, expect, it } from 'vitest';
import { SANDBOX_BANK_AMOUNTS, sandboxBankAmountsText, sandboxBankOutcome } from './sandbox-bank';

describe("the Sandbox Bank's test amounts", () => {
  it('decides by the last two digits of the amount in minor units (DESIGN §5)', () => {
    const cases: Array<[bigint, string, string]> = [
      [2501n, 'failed', 'insufficient_funds'],
      [1n, 'failed', 'insufficient_funds'],
      [10001n, 'failed', 'insufficient_funds'],
      [2502n, 'failed', 'fraud_detected'],
      [2503n, 'on_hold', 'business_reasons'],
      [2500n, 'completed', 'accepted'],
      [2504n, 'completed', 'accepted'],
      [2510n, 'completed', 'accepted'],
      [2599n, 'completed', 'accepted'],
    ];
    for (const [amount, status, reason] of cases)
      expect(sandboxBankOutcome(amount), String(amount)).toEqual({ status, status_reason: reason });
  });

  it('is said in the reference as it is done: every ending, its example and its reason', () => {
    const text = sandboxBankAmountsText();
    for (const a of SANDBOX_BANK_AMOUNTS) {
      expect(text).toContain(`\`…${a.ending}\` (e.g. \`25${a.ending}\`)`);
      expect(text).toContain(`\`${a.reason}\``);
      expect(sandboxBankOutcome(BigInt(`25${a.ending}`)).status_reason).toBe(a.reason);
    }
    expect(text).toMatch(/any other amount is accepted$/);
  });
});
