import { apiFetch } from '@/lib/client/api';
import { amountFilters, amountQuery, parseSearch } from '@/lib/client/search-terms';

/** The payment filter each payment record's id names, by its prefix (lib/ids.ts). */
const RECORD_FILTERS = { txn: 'transaction_id', adm: 'admission_id', task: 'task_id' } as const;
/** Records with a page of their own, by prefix. */
const PAGES: Record<string, (id: string) => string> = {
  acct: (id) => `/accounts/${id}`,
  batch: (id) => `/settlements/${id}`,
  wh: (id) => `/webhooks/${id}`,
  cus: (id) => `/customers?q=${encodeURIComponent(id)}`,
  req: (id) => `/logs/${encodeURIComponent(id)}`,
};
const ID = /^([a-z]+)_[0-9a-z]{6,}$/;

interface Found {
  payments: Array<{ payment_id: string }>;
}

const paymentPage = (id: string) => `/payments/${encodeURIComponent(id)}`;
const paymentsWhere = (filters: Record<string, string>) => `/payments?${new URLSearchParams(filters)}`;

/** Whether the payments filtered so hold any (a refusal counts as none). */
const anyPayments = (ns: string | null, filters: Record<string, string>) =>
  apiFetch<Found>(paymentsWhere({ ...filters, limit: '1' }), { partner: ns }).then(
    (f) => f.payments.length > 0,
    () => false,
  );

/**
 * Where the search goes for what was typed when no suggestion is chosen, never a dead end: an
 * identifier of ours opens its record (the payment of a transaction, admission or task; a batch,
 * account, webhook, delivery, customer or request log entry); a whole payment id opens the
 * payment; the start of one lists the payments it starts; then the first of these that finds a
 * payment: the payments of that amount, of a party whose address or name holds the text, of a
 * reference that holds it; when none does, the list under the filter the text reads as (an amount,
 * else a party), which says so. Looked up in the namespace `ns`.
 */
export async function findTarget(ns: string | null, typed: string): Promise<string | null> {
  const text = typed.trim();
  if (!text) return null;
  const prefix = ID.exec(text)?.[1];
  if (prefix && prefix in PAGES) return PAGES[prefix]!(text);
  if (prefix === 'dlv') {
    // A delivery's page is under its endpoint's, which the id alone does not name.
    const d = await apiFetch<{ webhook_id: string }>(`/webhook-deliveries/${encodeURIComponent(text)}`, {
      partner: ns,
    }).catch(() => null);
    if (d) return `/webhooks/${encodeURIComponent(d.webhook_id)}/deliveries/${encodeURIComponent(text)}`;
  }
  if (prefix && prefix in RECORD_FILTERS) {
    const filter = { [RECORD_FILTERS[prefix as keyof typeof RECORD_FILTERS]]: text };
    const found = await apiFetch<Found>(paymentsWhere({ ...filter, limit: '2' }), { partner: ns }).catch(
      () => null,
    );
    if (found?.payments.length === 1) return paymentPage(found.payments[0]!.payment_id);
    // None: it may be a client's payment id that looks like ours.
  }
  const found = await apiFetch<Found>(paymentsWhere({ payment_id: text, limit: '2' }), { partner: ns }).catch(
    () => null,
  );
  if (found?.payments[0]?.payment_id === text) return paymentPage(text);
  if (found?.payments.length) return paymentsWhere({ payment_id: text });
  const { amount, fragment } = parseSearch(text);
  if (amount && (await anyPayments(ns, amountQuery(amount)))) return paymentsWhere(amountFilters(amount));
  if (fragment && (await anyPayments(ns, { party: text }))) return paymentsWhere({ party: text });
  if (fragment && (await anyPayments(ns, { reference: text }))) return paymentsWhere({ reference: text });
  // Found by nothing: the list under the filter the text reads as, which says none match.
  if (amount) return paymentsWhere(amountFilters(amount));
  return paymentsWhere(fragment ? { party: text } : { payment_id: text });
}
