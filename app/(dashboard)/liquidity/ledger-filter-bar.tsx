'use client';

import { SelectField } from '@/components/ui/field';
import { FilterBar } from '@/components/ui/filter-bar';
import type { useUrlFilters } from '@/lib/client/use-url-state';
import type { LEDGER_FILTERS } from './search-params';

/**
 * The ledger's filters and its export, from one filters object: what the table shows is what
 * the CSV holds.
 */
export function LedgerFilterBar({
  list,
  currencies,
  partnerId,
}: {
  list: ReturnType<typeof useUrlFilters<typeof LEDGER_FILTERS>>;
  /** The namespace's currencies (its positions). */
  currencies: string[];
  partnerId: string;
}) {
  const { filters } = list;
  return (
    <FilterBar
      label="Filter the ledger"
      list={list}
      exportTo={{
        path: '/liquidity/entries/export',
        noun: 'entries',
        text: `Export ${filters.currency ? `the ${filters.currency} entries` : 'the ledger'} as CSV`,
        partnerId,
      }}
    >
      <SelectField
        label="Currency"
        id="ledger-currency"
        value={filters.currency ?? ''}
        onChange={(e) => list.set({ currency: e.target.value })}
      >
        <option value="">All</option>
        {[...new Set([...currencies, ...(filters.currency ? [filters.currency] : [])])].map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
    </FilterBar>
  );
}
