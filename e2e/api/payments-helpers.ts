import { expect } from 'vitest';
import { ALL_ACCESS, api, createOrg, uniq, type TestOrg } from './helpers';

/** The Sandbox Bank's customer every sandbox namespace can pay (it admits by itself). */
export const ALICE = 'alice@sandbox-bank.test';

/** A task's decision that approves it (PUT of a task's status). */
export const COMPLETED = { status: 'completed', status_reason: 'accepted' };

export interface Bank extends TestOrg {
  key: { apiKey: string; org: string; partner: string };
}

/** A sandbox organization with an all-access API key. */
export async function createBank(): Promise<Bank> {
  return withKey(await createOrg());
}

/** `org` as a bank: an all-access API key made in its namespace `org.partnerId`. */
export async function withKey(org: TestOrg): Promise<Bank> {
  const res = await api('POST', '/apikey', {
    token: org.token,
    partner: org.partnerId,
    body: { name: 'core', access: ALL_ACCESS },
  });
  expect(res.status, res.text).toBe(200);
  return { ...org, key: { apiKey: res.body.data.secret_key, org: org.orgId, partner: org.partnerId } };
}

/** Two sandbox banks, the first's namespace linked to the second's (the first proposed it). */
export async function linkedBanks(): Promise<[Bank, Bank]> {
  const a = await createBank();
  const b = await createBank();
  await link(a, b);
  return [a, b];
}

export function pushBody(from: TestOrg, to: string, total: string, over: Record<string, unknown> = {}) {
  return {
    payment_id: `pay-${uniq()}-${uniq()}`,
    amount: { currency: 'USD', total },
    debtor_party: {
      payment_address: `payer@${from.domain}`,
      first_name: 'Pat',
      last_name: 'Payer',
      type: 'Payer_Individual',
      billing: { country: 'US' },
    },
    beneficiary_party: {
      payment_address: to,
      first_name: 'Bea',
      last_name: 'Payee',
      type: 'Payee_Individual',
    },
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

/** Links two organizations' first namespaces (a proposes, b accepts); answers the link. */
export async function link(a: TestOrg, b: TestOrg) {
  const p = await api('POST', '/link', {
    token: a.token,
    partner: a.partnerId,
    body: { counterparty_domain: b.domain },
  });
  expect(p.status).toBe(200);
  const acc = await api('PUT', `/link/${p.body.data.token}`, {
    token: b.token,
    partner: b.partnerId,
    body: { action: 'accept' },
  });
  expect(acc.status).toBe(200);
  expect(acc.body.data.status).toBe('established');
  return acc.body.data as { token: string; status: string };
}

/** A Type_Pull body: the creator `to` owns the beneficiary's address, `debtor` is asked to pay. */
export function pullBody(to: TestOrg, debtor: string, total: string, over: Record<string, unknown> = {}) {
  return pushBody(to, debtor, total, {
    payment_type: 'Type_Pull',
    debtor_party: {
      payment_address: debtor,
      first_name: 'Pat',
      last_name: 'Payer',
      type: 'Payer_Individual',
    },
    beneficiary_party: {
      payment_address: `shop@${to.domain}`,
      first_name: 'Sam',
      last_name: 'Shop',
      type: 'Payee_Individual',
    },
    ...over,
  });
}

/** The tasks of the submission's admission, as the given bank reads them. */
export async function admissionTasks(bank: Bank, paymentId: string, admissionId: string) {
  const res = await api('GET', `/payments/${paymentId}/admissions/${admissionId}/tasks`, bank.key);
  expect(res.status, res.text).toBe(200);
  return res.body.data.tasks as Array<Record<string, any> & { token: string; name: string }>;
}

/** PUT of a task's status by the given bank. */
export function workTask(
  bank: Bank,
  paymentId: string,
  admissionId: string,
  taskId: string,
  body: Record<string, unknown>,
  over: Record<string, unknown> = {},
) {
  return api('PUT', `/payments/${paymentId}/admissions/${admissionId}/tasks/${taskId}`, {
    ...bank.key,
    body,
    ...over,
  });
}
