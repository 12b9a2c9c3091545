import type { ReactNode } from 'react';
import { PARTNER_PARAM } from '@/lib/domain/partner-cookie';
import { LINK } from './styles';

type Filters = URLSearchParams | Record<string, string | null | undefined>;

/**
 * The address of a list's export: the gateway streams the CSV through the dashboard's proxy. A
 * download sends no header, so the namespace travels as the proxy's query parameter. Empty filters
 * are left out.
 */
function exportHref(path: string, filters: Filters, partnerId?: string | null): string {
  const qs = new URLSearchParams();
  const entries = filters instanceof URLSearchParams ? [...filters.entries()] : Object.entries(filters);
  for (const [k, v] of entries) if (v) qs.set(k, v);
  if (partnerId) qs.set(PARTNER_PARAM, partnerId);
  const text = qs.toString();
  return `/api/proxy${path}${text ? `?${text}` : ''}`;
}

const LOOK = {
  link: `text-sm ${LINK}`,
  button:
    'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium dark:border-slate-600 dark:bg-slate-900',
};

/** The link that downloads a list's current filtered set as CSV (every list screen has one). */
export function ExportLink({
  path,
  filters,
  partnerId,
  look = 'link',
  className = '',
  children,
}: {
  /** The gateway's export route, e.g. `/payments/export`. */
  path: string;
  filters: Filters;
  /** The namespace the page shows; absent for organization-wide lists (the audit trail). */
  partnerId?: string | null;
  look?: keyof typeof LOOK;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={exportHref(path, filters, partnerId)} download className={`${LOOK[look]} ${className}`.trim()}>
      {children}
    </a>
  );
}
