import { formatCount } from '@/lib/domain/numbers';

/** What a keyset-paged list answers beside its rows (`count`, or `total` for settlement lists). */
export interface ListPage {
  count?: number;
  total?: number;
  count_capped?: boolean;
  total_capped?: boolean;
  has_more: boolean;
  next_cursor: string | null;
  prev_cursor: string | null;
}

/** "10,000+" when the gateway stopped counting at its cap: never a wrong number. */
export function countText(list: ListPage): string {
  const n = list.count ?? list.total ?? 0;
  return `${formatCount(n)}${list.count_capped || list.total_capped ? '+' : ''}`;
}
