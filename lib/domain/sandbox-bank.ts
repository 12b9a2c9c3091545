import type { Reason } from './reasons';
import type { TaskStatusName } from './statuses';
import type { RuleAction, RuleConditions } from './rules';

/**
 * The Sandbox Bank's test amounts (DESIGN §5): it works its own tasks a few seconds after they are
 * made, by the last two digits of the payment's amount in minor units. One table, read by the
 * Sandbox Bank itself (lib/services/payments/sandbox-bank.ts), the API reference's createPayment
 * and the dashboard's new-payment form, so what they say is what it does.
 */
export const SANDBOX_BANK_AMOUNTS = [
  { ending: '01', status: 'failed', reason: 'insufficient_funds', says: 'refused (insufficient funds)' },
  { ending: '02', status: 'failed', reason: 'fraud_detected', says: 'refused (fraud detected)' },
  { ending: '03', status: 'on_hold', reason: 'business_reasons', says: 'held for review' },
] as const satisfies ReadonlyArray<{ ending: string; status: TaskStatusName; reason: Reason; says: string }>;

/** What the Sandbox Bank answers its task of a payment of `amountMinor`: any other ending is accepted. */
export function sandboxBankOutcome(amountMinor: bigint): { status: TaskStatusName; status_reason: Reason } {
  const ending = (amountMinor % 100n).toString().padStart(2, '0');
  const test = SANDBOX_BANK_AMOUNTS.find((a) => a.ending === ending);
  return test
    ? { status: test.status, status_reason: test.reason }
    : { status: 'completed', status_reason: 'accepted' };
}

/**
 * The table as the API reference says it (Markdown): "`…01` (e.g. `2501`) refused with
 * `insufficient_funds`, …, `…03` (e.g. `2503`) put on hold (`business_reasons`); any other amount
 * is accepted".
 */
export function sandboxBankAmountsText(): string {
  const cases = SANDBOX_BANK_AMOUNTS.map((a) =>
    a.status === 'failed'
      ? `\`…${a.ending}\` (e.g. \`25${a.ending}\`) refused with \`${a.reason}\``
      : `\`…${a.ending}\` (e.g. \`25${a.ending}\`) put on hold (\`${a.reason}\`)`,
  );
  return `${cases.join(', ')}; any other amount is accepted`;
}

/**
 * The table as the Sandbox Bank's own admission rules (DESIGN §13), in their order: one per test
 * amount, then one accepting everything else. Written in its namespace at start-up
 * (lib/services/setup/bootstrap.ts) and evaluated as anyone's rules are.
 */
export const SANDBOX_BANK_RULES: ReadonlyArray<{
  name: string;
  conditions: RuleConditions;
  action: RuleAction;
  reason: Reason | null;
  note: string;
}> = [
  ...SANDBOX_BANK_AMOUNTS.map((a) => ({
    name: `Test amount …${a.ending}: ${a.says}`,
    conditions: { amount_ends_with: a.ending },
    action: (a.status === 'failed' ? 'reject' : 'hold') as RuleAction,
    reason: a.reason as Reason,
    note: 'Answered automatically by the Sandbox Bank',
  })),
  {
    name: 'Any other amount: accepted',
    conditions: {},
    action: 'accept',
    reason: null,
    note: 'Answered automatically by the Sandbox Bank',
  },
];
