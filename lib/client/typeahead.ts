'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { customerQueries } from '@/lib/client/queries/customers';
import { paymentListQuery, type PaymentRow } from '@/lib/client/queries/payments';
import { batchesQuery } from '@/lib/client/queries/settlements';
import { webhookQueries } from '@/lib/client/queries/webhooks';
import { formatMoney } from '@/lib/domain/money';
import { useNamespace } from '@/lib/client/namespace';

/** One suggestion of the shell's search: where it goes, and what it shows. */
export interface Suggestion {
  group: 'Payments' | 'Customers' | 'Batches' | 'Webhooks';
  href: string;
  label: string;
  detail: string;
}

/** How long typing must pause before the suggestions are read (ms). */
const TYPEAHEAD_DELAY_MS = 250;
const PER_GROUP = 5;
/** Batches and webhooks have no search of their own: the newest this many are matched here. */
const SCANNED = 100;

/**
 * A suggestion group that fails (refused, or the gateway away) is left out, not sent to the
 * page's error boundary as a screen's own read is (app/providers.tsx), nor tried again.
 */
const QUIET = { throwOnError: false, retry: false } as const;

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

const partyName = (p: PaymentRow['debtor_party']) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ') || p.payment_address;

function paymentSuggestion(p: PaymentRow): Suggestion {
  return {
    group: 'Payments',
    href: `/payments/${encodeURIComponent(p.payment_id)}`,
    label: p.payment_id,
    detail: `${formatMoney(p.amount.total, p.amount.currency)} · ${partyName(p.debtor_party)} → ${partyName(p.beneficiary_party)}`,
  };
}

/**
 * The suggestions for what is typed in the shell's search, read as the typing pauses: payments
 * whose id starts with it or whose party's address or name holds it (3 characters or more, the
 * payments search's rule), customers whose id, address or name holds it, and, among the newest
 * 100 of each, batches whose id and webhooks whose id, URL or description holds it. Each group is
 * read with the list screens' own queries (and cache); a group the caller may not read is left out.
 */
export function useTypeahead(typed: string): { suggestions: Suggestion[]; settled: string; busy: boolean } {
  const ns = useNamespace();
  const settled = useDebounced(typed.trim(), TYPEAHEAD_DELAY_MS);
  const text = settled.toLowerCase();
  const on = text.length >= 2;
  const byId = useQuery({
    ...paymentListQuery(ns, { payment_id: settled, limit: PER_GROUP }),
    ...QUIET,
    enabled: on && !/\s/.test(settled),
  });
  const byParty = useQuery({
    ...paymentListQuery(ns, { party: settled, limit: PER_GROUP }),
    ...QUIET,
    enabled: settled.length >= 3,
  });
  const customers = useQuery({
    ...customerQueries.list(ns, { q: settled, limit: PER_GROUP }),
    ...QUIET,
    enabled: on,
  });
  const batches = useQuery({
    ...batchesQuery(ns, { limit: SCANNED }),
    ...QUIET,
    enabled: on,
    staleTime: 30_000,
  });
  const webhooks = useQuery({
    ...webhookQueries.list(ns, { limit: SCANNED }),
    ...QUIET,
    enabled: on,
    staleTime: 30_000,
  });

  const suggestions: Suggestion[] = [];
  if (on) {
    const seen = new Set<string>();
    for (const p of [...(byId.data?.payments ?? []), ...(byParty.data?.payments ?? [])]) {
      if (seen.has(p.payment_id) || seen.size >= PER_GROUP) continue;
      seen.add(p.payment_id);
      suggestions.push(paymentSuggestion(p));
    }
    for (const c of customers.data?.customers ?? [])
      suggestions.push({
        group: 'Customers',
        href: `/customers?q=${encodeURIComponent(c.token)}`,
        label: [c.first_name, c.last_name].filter(Boolean).join(' ') || c.payment_address,
        detail: c.payment_address,
      });
    for (const b of (batches.data?.batches ?? []).filter((x) => x.token.includes(text)).slice(0, PER_GROUP))
      suggestions.push({
        group: 'Batches',
        href: `/settlements/${encodeURIComponent(b.token)}`,
        label: b.token,
        detail: `${b.currency} · ${b.txn_count} transactions · ${new Date(b.cutoff_time * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      });
    const matches = (w: { token: string; url: string; description: string }) =>
      [w.token, w.url, w.description].some((f) => f.toLowerCase().includes(text));
    for (const w of (webhooks.data?.webhooks ?? []).filter(matches).slice(0, PER_GROUP))
      suggestions.push({
        group: 'Webhooks',
        href: `/webhooks/${encodeURIComponent(w.token)}`,
        label: w.description || w.url,
        detail: w.kind === 'inbox' ? 'Inbox' : w.url,
      });
  }
  const busy =
    settled !== typed.trim() ||
    [byId, byParty, customers, batches, webhooks].some((q) => q.isFetching && q.data === undefined);
  return { suggestions, settled, busy: on && busy };
}
