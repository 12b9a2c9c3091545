'use client';

import { SelectField } from '@/components/ui/field';
import { useNamespace } from '@/lib/client/namespace';
import { useCounterpartyDomains } from '@/lib/client/queries/links';
import type { FilterComponent } from '@/lib/client/url-filters';
import { compareText } from '@/lib/domain/compare';

/** The counterparty filter: the namespaces this one is linked to, by domain. */
export const CounterpartyFilter: FilterComponent = ({ id, label, value, onValue }) => {
  const domains = useCounterpartyDomains();
  const mine = useNamespace();
  const options = [...domains].filter(([ns]) => ns !== mine).sort((a, b) => compareText(a[1], b[1]));
  if (value && !domains.has(value)) options.push([value, value]);
  return (
    <SelectField label={label} id={id} value={value} onChange={(e) => onValue(e.target.value)}>
      <option value="">Any</option>
      {options.map(([ns, domain]) => (
        <option key={ns} value={ns}>
          {domain}
        </option>
      ))}
    </SelectField>
  );
};
