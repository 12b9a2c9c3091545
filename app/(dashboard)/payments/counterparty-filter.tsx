'use client';

import { SelectField } from '@/components/ui/field';
import { getActivePartner } from '@/lib/client/api';
import { useCounterpartyDomains } from '@/lib/client/queries/links';

/** The counterparty filter: the namespaces this one is linked to, by domain. */
export function CounterpartyFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const domains = useCounterpartyDomains();
  const mine = getActivePartner();
  const options = [...domains].filter(([id]) => id !== mine).sort((a, b) => a[1].localeCompare(b[1]));
  if (value && !domains.has(value)) options.push([value, value]);
  return (
    <SelectField
      label="Counterparty"
      id="payment-counterparty"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">Any</option>
      {options.map(([id, domain]) => (
        <option key={id} value={id}>
          {domain}
        </option>
      ))}
    </SelectField>
  );
}
