import type { BatchTransaction } from '@/lib/client/queries/settlements';

/** A transaction seen from one namespace: which way the money went and with whom. */
export function sideOf(t: BatchTransaction, partnerId: string) {
  const mine = t.transaction_lines.filter((l) => l.partner_id === partnerId);
  const other = t.transaction_lines.find((l) => l.partner_id !== partnerId);
  const line = mine[0] ?? t.transaction_lines[0]!;
  // Both lines ours: a payment inside the namespace, not netted.
  const direction = mine.length > 1 ? 'Internal' : line.direction === 'TD_Debit' ? 'Debit' : 'Credit';
  return { direction, counterparty: other?.partner_id ?? partnerId, amount: line.amount };
}
