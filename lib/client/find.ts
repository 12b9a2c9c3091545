import { apiFetch } from '@/lib/client/api';

/** The payment filter each payment record's id names, by its prefix (lib/ids.ts). */
const RECORD_FILTERS = { txn: 'transaction_id', adm: 'admission_id', task: 'task_id' } as const;
/** Records with a page of their own, by prefix. */
const PAGES: Record<string, (id: string) => string> = {
  acct: (id) => `/accounts/${id}`,
  batch: (id) => `/settlements/${id}`,
  wh: (id) => `/webhooks/${id}`,
  cus: (id) => `/customers?q=${encodeURIComponent(id)}`,
};
const ID = /^([a-z]+)_[0-9a-z]{6,}$/;

interface Found {
  payments: Array<{ payment_id: string }>;
}

const paymentPage = (id: string) => `/payments/${encodeURIComponent(id)}`;
const paymentsWhere = (filters: Record<string, string>) => `/payments?${new URLSearchParams(filters)}`;

/**
 * Where "Find" goes for what was typed, never a dead end: an identifier of ours opens its record
 * (the payment of a transaction, admission or task); a whole payment id opens the payment; the
 * start of one lists the payments it starts; anything else of three characters or more lists the
 * payments whose party's address or name holds it. Looked up in the namespace `ns`.
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
  if (found?.payments.length || text.length < 3) return paymentsWhere({ payment_id: text });
  return paymentsWhere({ party: text });
}
