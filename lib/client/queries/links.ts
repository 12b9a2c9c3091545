'use client';

import { useQuery } from '@tanstack/react-query';
import { useNamespace } from '@/lib/client/namespace';
import type { Link } from '@/lib/schemas/links';
import { resourceQueries } from './resource';

/** The selected namespace's links, either direction. */
export const linkQueries = resourceQueries<Link, 'links'>('links', '/link');

/**
 * The domains of the namespaces this one is linked to, by namespace id: a counterparty is named
 * by its domain where a link tells it (the first 100 links; others show their id only). Read once;
 * without it (no namespace selected, or refused) the ids stand alone.
 */
export function useCounterpartyDomains(): Map<string, string> {
  const links = useQuery({
    ...linkQueries.list(useNamespace(), { limit: 100 }),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const domains = new Map<string, string>();
  for (const l of links.data?.links ?? []) {
    domains.set(l.requester_partner_id, l.requester_domain);
    domains.set(l.counterparty_partner_id, l.counterparty_domain);
  }
  return domains;
}
