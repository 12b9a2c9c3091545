import { LINK } from '@/components/ui/styles';
import { formatMoney } from '@/lib/client/format';
import { CellLink } from './cell-link';

/**
 * A payment's id in a cell, linking to its page: on one line in a table; on a phone's card, where
 * an id of 28 wide characters is wider than the card beside its label, broken anywhere (an id has
 * no words to keep whole).
 */
export const paymentCell = (paymentId: string) => (
  <CellLink
    className={`whitespace-nowrap max-sm:whitespace-normal max-sm:break-all ${LINK}`}
    href={`/payments/${encodeURIComponent(paymentId)}`}
  >
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
