'use client';

import { Button } from '@/components/ui/button';
import { ExportLink } from '@/components/ui/export-link';
import { SelectField } from '@/components/ui/field';
import { LEDGER_FILTERS, type LedgerFilters } from './search-params';

/**
 * The ledger's filters and its export, from one filters object: what the table shows is what
 * the CSV holds.
 */
export function LedgerFilterBar({
  filters,
  currencies,
  set,
  partnerId,
}: {
  filters: LedgerFilters;
  /** The namespace's currencies (its positions). */
  currencies: string[];
  set: (updates: Record<string, string | undefined>) => void;
  partnerId: string;
}) {
  const filtered = LEDGER_FILTERS.some((k) => filters[k]);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => e.preventDefault()}
      aria-label="Filter the ledger"
    >
      <SelectField
        label="Currency"
        id="ledger-currency"
        value={filters.currency ?? ''}
        onChange={(e) => set({ currency: e.target.value })}
      >
        <option value="">All</option>
        {[...new Set([...currencies, ...(filters.currency ? [filters.currency] : [])])].map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      {filtered ? (
        <Button
          type="button"
          variant="secondary"
          onClick={() => set(Object.fromEntries(LEDGER_FILTERS.map((k) => [k, undefined])))}
        >
          Clear filters
        </Button>
      ) : null}
      <ExportLink
        path="/liquidity/entries/export"
        filters={filters}
        partnerId={partnerId}
        className="ml-auto self-center"
      >
        Export {filters.currency ? `the ${filters.currency} entries` : 'the ledger'} as CSV
      </ExportLink>
    </form>
  );
}
