'use client';

import { SelectField } from '@/components/ui/field';
import { useNamespace } from '@/lib/client/namespace';
import { useCounterpartyDomains } from '@/lib/client/queries/links';
import { compareText } from '@/lib/domain/compare';

/** The counterparty filter: the namespaces this one is linked to, by domain. */
export function CounterpartyFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const domains = useCounterpartyDomains();
  const mine = useNamespace();
  const options = [...domains].filter(([id]) => id !== mine).sort((a, b) => compareText(a[1], b[1]));
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
