import { apiFetch } from '@/lib/client/api';
import { amountFilters, amountQuery, parseSearch } from '@/lib/client/search-terms';

/** The payment filter each payment record's id names, by its prefix (lib/ids.ts). */
export const RECORD_FILTERS = {
  txn: { filter: 'transaction_id', kind: 'Transaction id' },
  adm: { filter: 'admission_id', kind: 'Admission id' },
  task: { filter: 'task_id', kind: 'Task id' },
} as const;

const audited = (id: string) => `/audit?target=${encodeURIComponent(id)}`;
/**
 * Records with a page of their own, by prefix: what the id is, and where it opens. A record
 * without one (an API key, a user, a link) opens its history in the audit trail.
 */
const PAGES: Record<string, { kind: string; where: string; href: (id: string) => string }> = {
  acct: { kind: 'Account', where: 'its page', href: (id) => `/accounts/${id}` },
  batch: { kind: 'Settlement batch', where: 'its page', href: (id) => `/settlements/${id}` },
  wh: { kind: 'Webhook endpoint', where: 'its page', href: (id) => `/webhooks/${id}` },
  cus: {
    kind: 'Customer',
    where: 'the customers list',
    href: (id) => `/customers?q=${encodeURIComponent(id)}`,
  },
  req: { kind: 'Request', where: 'the request log', href: (id) => `/logs/${encodeURIComponent(id)}` },
  part: {
    kind: 'Namespace',
    where: 'its settings',
    href: (id) => `/namespaces?settings=${encodeURIComponent(id)}`,
  },
  api: { kind: 'API key', where: 'its history in the audit trail', href: audited },
  usr: { kind: 'User', where: 'their history in the audit trail', href: audited },
  link: { kind: 'Link', where: 'its history in the audit trail', href: audited },
};
const ID = /^([a-z]+)_[0-9a-z]{6,}$/;

/** The prefix of one of our ids in `text`, if it is one. */
export const idPrefixOf = (text: string) => ID.exec(text.trim())?.[1] ?? null;

/** Where an id of a record with a page of its own opens, without asking the gateway; else null. */
export function recordPage(text: string): { kind: string; where: string; href: string } | null {
  const id = text.trim();
  const page = PAGES[idPrefixOf(id) ?? ''];
  return page ? { kind: page.kind, where: page.where, href: page.href(id) } : null;
}

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
 * account, webhook, delivery, customer, request log entry or namespace; the audit trail's history
 * of a key, user or link); a whole payment id opens the payment; the start of one lists the
 * payments it starts; then the first of these that finds a
 * payment: the payments of that amount, of a party whose address or name holds the text, of a
 * reference that holds it; when none does, the list under the filter the text reads as (an amount,
 * else a party), which says so. Looked up in the namespace `ns`.
 */
export async function findTarget(ns: string | null, typed: string): Promise<string | null> {
  const text = typed.trim();
  if (!text) return null;
  const prefix = idPrefixOf(text);
  const page = recordPage(text);
  if (page) return page.href;
  if (prefix === 'dlv') {
    // A delivery's page is under its endpoint's, which the id alone does not name.
    const d = await apiFetch<{ webhook_id: string }>(`/webhook-deliveries/${encodeURIComponent(text)}`, {
      partner: ns,
    }).catch(() => null);
    if (d) return `/webhooks/${encodeURIComponent(d.webhook_id)}/deliveries/${encodeURIComponent(text)}`;
  }
  if (prefix && prefix in RECORD_FILTERS) {
    const filter = { [RECORD_FILTERS[prefix as keyof typeof RECORD_FILTERS].filter]: text };
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
