import type { Return } from '@/lib/schemas/returns';

/**
 * What remains of a payment to be returned: its amount less its returns asked for and waiting, or
 * made (the gateway's rule: a refused or expired request frees its part again).
 */
export function remainingOf(total: string, returns: Pick<Return, 'status' | 'amount'>[]): bigint {
  const taken = returns
    .filter((r) => r.status !== 'refused')
    .reduce((sum, r) => sum + BigInt(r.amount.total), 0n);
  const left = BigInt(total) - taken;
  return left > 0n ? left : 0n;
}

/** Why a return request was refused, in words: the decider's reason, or that nobody decided in time. */
export function refusalText(r: Pick<Return, 'refusal'>): string {
  if (!r.refusal) return 'refused';
  if (r.refusal.code === 'PAYMENT_EXPIRED') return 'expired before anyone decided it';
  // "Admission failed: business reasons" → "business reasons": the task's reason is the refusal's.
  return r.refusal.message.replace(/^Admission failed: /, '');
}
