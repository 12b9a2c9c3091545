import { expect } from 'vitest';
import { api, createOrg, uniq, type TestOrg } from './helpers';

export interface Bank extends TestOrg {
  key: { apiKey: string; org: string; partner: string };
}

/** A sandbox organization with an all-access API key. */
export async function createBank(): Promise<Bank> {
  const org = await createOrg();
  const res = await api('POST', '/apikey', {
    token: org.token,
    partner: org.partnerId,
    body: { name: 'core', access: { customers_read: true, customers_write: true, transactions_read: true, transactions_write: true } },
  });
  expect(res.status).toBe(200);
  return { ...org, key: { apiKey: res.body.data.secret_key, org: org.orgId, partner: org.partnerId } };
}

export function pushBody(from: TestOrg, to: string, total: string, over: Record<string, unknown> = {}) {
  return {
    payment_id: `pay-${uniq()}-${uniq()}`,
    amount: { currency: 'USD', total },
    debtor_party: { payment_address: `payer@${from.domain}`, first_name: 'Pat', last_name: 'Payer', type: 'Payer_Individual', billing: { country: 'US' } },
    beneficiary_party: { payment_address: to, first_name: 'Bea', last_name: 'Payee', type: 'Payee_Individual' },
    reference: 'invoice 42',
    payment_type: 'Type_Push',
    ...over,
  };
}

export async function createAndSubmit(bank: Bank, body: ReturnType<typeof pushBody>) {
  const created = await api('POST', '/payments', { ...bank.key, body });
  expect(created.status, created.text).toBe(200);
  const sub = await api('POST', `/payments/${body.payment_id}/submissions`, bank.key);
  expect(sub.status, sub.text).toBe(200);
  return sub.body.data;
}

/** Polls the submission until its status is one of `statuses` (background workers act on it). */
export async function waitForStatus(bank: Bank, paymentId: string, statuses: number[], timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api('GET', `/payments/${paymentId}/submissions`, bank.key);
    if (statuses.includes(res.body.data?.status)) return res.body.data;
    if (Date.now() > deadline) throw new Error(`submission of ${paymentId} stayed at ${res.text}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Links two organizations' first namespaces (a proposes, b accepts). */
export async function link(a: TestOrg, b: TestOrg) {
  const p = await api('POST', '/link', { token: a.token, partner: a.partnerId, body: { counterparty_domain: b.domain } });
  expect(p.status).toBe(200);
  const acc = await api('PUT', `/link/${p.body.data.token}`, { token: b.token, partner: b.partnerId, body: { action: 'accept' } });
  expect(acc.status).toBe(200);
}
