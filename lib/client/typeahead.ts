'use client';

import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { idPrefixOf, recordPage, RECORD_FILTERS } from '@/lib/client/find';
import { countText } from '@/lib/client/list-page';
import { customerQueries } from '@/lib/client/queries/customers';
import { paymentListQuery, type PaymentList, type PaymentRow } from '@/lib/client/queries/payments';
import { batchesQuery } from '@/lib/client/queries/settlements';
import { webhookQueries } from '@/lib/client/queries/webhooks';
import {
  amountFilters,
  amountQuery,
  amountText,
  isAmountOf,
  matchOf,
  parseSearch,
  type Match,
  type SearchTerms,
} from '@/lib/client/search-terms';
import { formatLocalDay, when } from '@/lib/client/time';
import { formatMoney } from '@/lib/domain/money';
import { useNamespace } from '@/lib/client/namespace';

/** One suggestion of the shell's search: where it goes, what it shows, and what of it matched. */
export interface Suggestion {
  group: 'Go to' | 'Payments' | 'Customers' | 'Batches' | 'Webhooks' | 'Filtered lists';
  href: string;
  label: string;
  detail: string;
  /** Beside the label: a payment's day and status, a list's count. */
  aside?: string;
  match?: Match;
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

const paymentPage = (id: string) => `/payments/${encodeURIComponent(id)}`;
const paymentsWhere = (filters: Record<string, string>) => `/payments?${new URLSearchParams(filters)}`;

/**
 * A payment told apart from the others at a glance: its id, amount, both addresses (the names a
 * bank sends are often the same placeholder on every payment), its day and status, and the field
 * the search matched.
 */
function paymentSuggestion(p: PaymentRow, match: Match): Suggestion {
  return {
    group: 'Payments',
    href: paymentPage(p.payment_id),
    label: p.payment_id,
    detail: `${formatMoney(p.amount.total, p.amount.currency)} · ${p.debtor_party.payment_address} → ${p.beneficiary_party.payment_address}`,
    aside: `${formatLocalDay(new Date(p.initiated_at))} · ${p.submission_status_name.replace('_', ' ')}`,
    match,
  };
}

/** The payments filters one text is put to, each with the list it names and how it says so. */
interface PaymentSearch {
  filters: Record<string, string>;
  /** "Payments with reference containing “Rent”". */
  list: string;
  query: UseQueryResult<PaymentList>;
  /** Whether a row it found is one it was asked for (an amount in another currency is not). */
  keeps?: (p: PaymentRow) => boolean;
  /** What matched, when the row does not show it (the id of one of its records). */
  match?: Match;
}

/** One payments filter's first page, when it applies. */
function usePayments(ns: string | null, filters: Record<string, string>, enabled: boolean) {
  return useQuery({ ...paymentListQuery(ns, { ...filters, limit: PER_GROUP }), ...QUIET, enabled });
}

function usePaymentSearches(ns: string | null, terms: SearchTerms): PaymentSearch[] {
  const { text, idPrefix, fragment, amount } = terms;
  // The id of a payment's transaction, admission or task: its payment, no list.
  const prefix = idPrefixOf(text);
  const record =
    prefix && prefix in RECORD_FILTERS ? RECORD_FILTERS[prefix as keyof typeof RECORD_FILTERS] : null;
  const byRecord: Record<string, string> = record ? { [record.filter]: text } : {};
  // One of our ids is no party's name nor a reference: those reads are left out.
  const words = fragment !== null && record === null && recordPage(text) === null;
  const byId = { payment_id: idPrefix ?? '' };
  const byParty = { party: fragment ?? '' };
  const byReference = { reference: fragment ?? '' };
  // The list's URL takes the amount in units as typed; the gateway, minor units.
  const onWire = amount ? amountQuery(amount) : {};
  const searches: PaymentSearch[] = [
    {
      filters: byRecord,
      list: '',
      query: usePayments(ns, byRecord, record !== null),
      ...(record && { match: { field: record.kind, value: text, at: null } }),
    },
    {
      filters: byId,
      list: `Payments whose id starts with “${text}”`,
      query: usePayments(ns, byId, idPrefix !== null),
    },
    {
      filters: amount ? amountFilters(amount) : {},
      list: `Payments of ${amount ? amountText(amount) : ''}`,
      query: usePayments(ns, onWire, amount !== null),
      keeps: (p: PaymentRow) => amount !== null && isAmountOf(amount, p.amount),
    },
    {
      filters: byParty,
      list: `Payments with a party’s address or name containing “${text}”`,
      query: usePayments(ns, byParty, words),
    },
    {
      filters: byReference,
      list: `Payments with reference containing “${text}”`,
      query: usePayments(ns, byReference, words),
    },
  ];
  return searches;
}

/**
 * The suggestions for what is typed in the shell's search, read as the typing pauses, each
 * saying what of it matched:
 * - payments, asked of every filter of the payments search the text can be (lib/client/search-terms.ts):
 *   the start of a payment id, an amount ("99.00", "USD 99.00"), a fragment of a party's address or
 *   name (the customer record's name too) and of the reference (3 characters or more);
 * - customers whose id, address or name holds it;
 * - among the newest 100 of each, batches whose id and webhooks whose id, URL or description holds it;
 * - then the lists: for each payments filter that found something, the payments list with that
 *   filter applied (and its count), and the customers list — where a reader goes when the few
 *   suggestions are not the one.
 * Each group is read with the list screens' own queries (and cache); a group the caller may not
 * read is left out.
 */
export function useTypeahead(typed: string): { suggestions: Suggestion[]; settled: string; busy: boolean } {
  const ns = useNamespace();
  const settled = useDebounced(typed.trim(), TYPEAHEAD_DELAY_MS);
  const terms = parseSearch(settled);
  const text = settled.toLowerCase();
  const on = text.length >= 2;
  const searches = usePaymentSearches(ns, terms);
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
  const lists: Suggestion[] = [];
  if (on) {
    const page = recordPage(settled);
    if (page)
      suggestions.push({
        group: 'Go to',
        href: page.href,
        label: `${page.kind} ${settled}`,
        detail: `Opens ${page.where}`,
      });
    const found = customers.data?.customers ?? [];
    const customerNames = new Map(
      found.map((c) => [
        c.payment_address.toLowerCase(),
        [c.first_name, c.last_name].filter(Boolean).join(' '),
      ]),
    );
    // Each filter's payments in turn, one from each until the group is full, shown in the
    // filters' order: an id's start, an amount, a party, a reference.
    const rows = searches.map((s) => (s.query.data?.payments ?? []).filter((p) => s.keeps?.(p) ?? true));
    const picked = new Map<string, { p: PaymentRow; from: number }>();
    for (let i = 0; picked.size < PER_GROUP && rows.some((r) => r.length > i); i++)
      rows.forEach((r, from) => {
        const p = r[i];
        if (p && picked.size < PER_GROUP && !picked.has(p.payment_id)) picked.set(p.payment_id, { p, from });
      });
    for (const { p, from } of [...picked.values()].sort((a, b) => a.from - b.from))
      suggestions.push(
        paymentSuggestion(
          p,
          searches[from]!.match ??
            matchOf(p, terms, customerNames) ?? { field: 'A party’s customer record', value: '', at: null },
        ),
      );
    for (const c of found) {
      const name = [c.first_name, c.last_name].filter(Boolean).join(' ');
      suggestions.push({
        group: 'Customers',
        href: `/customers?q=${encodeURIComponent(c.token)}`,
        label: name || c.payment_address,
        detail: c.payment_address,
        match: within('Name', name, text) ??
          within('Address', c.payment_address, text) ?? { field: 'Id', value: c.token, at: null },
      });
    }
    for (const b of (batches.data?.batches ?? []).filter((x) => x.token.includes(text)).slice(0, PER_GROUP))
      suggestions.push({
        group: 'Batches',
        href: `/settlements/${encodeURIComponent(b.token)}`,
        label: b.token,
        // The reader's zone, named, as every time on screen (the search runs after hydration).
        detail: `${b.currency} · ${b.txn_count} transactions · ${when(b.cutoff_time)}`,
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

    // The lists, for the filters that found something. A whole payment id is its own answer: its
    // page, not a list of the ids it starts.
    searches.forEach((s, i) => {
      const data = s.query.data;
      if (!data || rows[i]!.length === 0 || !s.list) return;
      if (s.filters.payment_id !== undefined && data.payments.every((p) => p.payment_id === settled)) return;
      lists.push({
        group: 'Filtered lists',
        href: paymentsWhere(s.filters),
        label: s.list,
        detail: 'The payments list, filtered: narrow it further there, or export it',
        aside: listCount(data, rows[i]!.length),
      });
    });
    if (customers.data && found.length > 0)
      lists.push({
        group: 'Filtered lists',
        href: `/customers?q=${encodeURIComponent(settled)}`,
        label: `Customers whose id, address or name holds “${settled}”`,
        detail: 'The customers list, filtered',
        aside: `${countText(customers.data)} customers`,
      });
  }
  const busy =
    settled !== typed.trim() ||
    [...searches.map((s) => s.query), customers, batches, webhooks].some(
      (q) => q.isFetching && q.data === undefined,
    );
  return { suggestions: [...suggestions, ...lists], settled, busy: on && busy };
}

/**
 * "3 payments", "5+ payments": the list's count, or, where some of its rows were not the search's
 * (an amount in another currency), the rows kept.
 */
function listCount(data: PaymentList, kept: number): string {
  const all = kept === data.payments.length;
  const n = all ? countText(data) : `${kept}${data.has_more ? '+' : ''}`;
  return `${n} ${n === '1' ? 'payment' : 'payments'}`;
}

function within(field: string, value: string, lower: string): Match | null {
  const i = value.toLowerCase().indexOf(lower);
  return i < 0 ? null : { field, value, at: [i, i + lower.length] };
}
