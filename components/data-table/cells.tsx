import { LINK } from '@/components/ui/styles';
import { formatMoney } from '@/lib/client/format';
import { CellLink } from './cell-link';

/** A payment's id in a cell, linking to its page. */
export const paymentCell = (paymentId: string) => (
  <CellLink className={`whitespace-nowrap ${LINK}`} href={`/payments/${encodeURIComponent(paymentId)}`}>
    {paymentId}
  </CellLink>
);

/** An amount in a cell, in minor units of `currency`: right-aligned, figures of one width, on one line. */
export const moneyCell = (minor: string | bigint, currency: string) => (
  <span className="block text-right whitespace-nowrap tabular-nums">{formatMoney(minor, currency)}</span>
);

/** A header aligned with figures under it ("Amount"). */
export function rightHeader(text: string) {
  return function RightHeader() {
    return <span className="block text-right">{text}</span>;
  };
}
