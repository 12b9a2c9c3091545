import { LINK } from '@/components/ui/styles';
import { formatMoney } from '@/lib/client/format';
import { whenParts } from '@/lib/client/time';
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

/**
 * A time in a cell (Unix seconds, the reader's zone named): the day and the clock each whole, on
 * one line where the table has room, the clock under the day where it has not — a timestamp is
 * 25–29 characters, and its width changes with the hour ("1:05" against "12:05"), so a table of
 * several of them on one line each fits a wide screen at some hours and not at others.
 */
export function timeCell(seconds: number) {
  const [day, clock] = whenParts(seconds);
  return (
    <span>
      <span className="whitespace-nowrap">{day}</span> <span className="whitespace-nowrap">{clock}</span>
    </span>
  );
}

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
