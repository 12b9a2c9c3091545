/**
 * Test data for the settlement screens, made through the gateway's API: a new sandbox organization
 * whose namespaces pay each other and the Sandbox Bank, and cut-offs run as the operator.
 */
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { API, gatewayToken, OPERATOR, uniq } from './helpers';

const idem = () => ({ 'idempotency-key': crypto.randomUUID() });

export interface Namespace {
  token: string;
  domain: string;
}

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  const body = await r.json();
  expect(r.status(), JSON.stringify(body)).toBe(200);
  return body.data as T;
}

/** Runs a cut-off as the operator and returns the batch id of each currency. */
export async function runCutoff(request: APIRequestContext): Promise<Record<string, string>> {
  const { jwt } = await gatewayToken(request, OPERATOR);
  const res = await ok<{ ran: boolean; batches: Array<{ id: string; currency: string; status: string }> }>(
    request.post(`${API}/settlements`, { headers: { authorization: `Bearer ${jwt}`, ...idem() } }),
  );
  expect(res.ran).toBe(true);
  return Object.fromEntries(res.batches.map((b) => [b.currency, b.id]));
}

/** A new sandbox organization (its first namespace is linked to the Sandbox Bank) and what it can do. */
export async function newOrganization(request: APIRequestContext) {
  const u = uniq();
  const email = `settle-${u}@example.test`;
  const password = 'settle-password-1';
  const org = await ok<{ token: string }>(
    request.post(`${API}/organization`, {
      headers: idem(),
      data: { name: `Settle Test ${u}`, admin_email: email, admin_password: password },
    }),
  );
  const { jwt } = await gatewayToken(request, { email, password });
  const as = (ns?: Namespace) => ({
    authorization: `Bearer ${jwt}`,
    'x-org-id': org.token,
    ...(ns ? { 'x-partner-id': ns.token } : {}),
  });
  const first = (await ok<{ partners: Namespace[] }>(request.get(`${API}/partner`, { headers: as() })))
    .partners[0]!;
  const path = (paymentId: string) => `${API}/payments/${encodeURIComponent(paymentId)}`;

  return {
    email,
    password,
    first,
    createNamespace: (name: string) =>
      ok<Namespace>(
        request.post(`${API}/partner`, {
          headers: { ...as(), ...idem() },
          data: { name, domain: `${name.toLowerCase()}-${u}.sandbox.test` },
        }),
      ),
    /** `from` proposes, `to` accepts (both are ours). */
    async link(from: Namespace, to: Namespace) {
      const l = await ok<{ token: string }>(
        request.post(`${API}/link`, {
          headers: { ...as(from), ...idem() },
          data: { counterparty_domain: to.domain },
        }),
      );
      await ok(
        request.put(`${API}/link/${l.token}`, {
          headers: { ...as(to), ...idem() },
          data: { action: 'accept' },
        }),
      );
    },
    /** A submitted push payment; `to` (one of ours) admits it, or else the Sandbox Bank does by itself. */
    async pay(
      from: Namespace,
      toAddress: string,
      to: Namespace | null,
      paymentId: string,
      currency: string,
      total: string,
    ) {
      await ok(
        request.post(`${API}/payments`, {
          headers: { ...as(from), ...idem() },
          data: {
            payment_id: paymentId,
            amount: { currency, total },
            debtor_party: { payment_address: `payer@${from.domain}`, first_name: 'Pat', last_name: 'Payer' },
            beneficiary_party: { payment_address: toAddress, first_name: 'Bea', last_name: 'Payee' },
            reference: 'Settlement test',
            payment_type: 'Type_Push',
          },
        }),
      );
      const sub = await ok<{ admission_id: string }>(
        request.post(`${path(paymentId)}/submissions`, { headers: { ...as(from), ...idem() } }),
      );
      if (to) {
        const { tasks } = await ok<{ tasks: Array<{ token: string }> }>(
          request.get(`${path(paymentId)}/admissions/${sub.admission_id}/tasks`, { headers: as(to) }),
        );
        for (const t of tasks) {
          await ok(
            request.put(`${path(paymentId)}/admissions/${sub.admission_id}/tasks/${t.token}`, {
              headers: { ...as(to), ...idem() },
              data: { status: 'completed', status_reason: 'accepted' },
            }),
          );
        }
      }
    },
    /** Waits until every payment is admitted (its transaction cleared). */
    async admitted(from: Namespace, paymentIds: string[]) {
      for (const id of paymentIds) {
        await expect
          .poll(
            async () =>
              (await ok<{ status: number }>(request.get(`${path(id)}/submissions`, { headers: as(from) })))
                .status,
          )
          .toBe(3);
      }
    },
    /** The namespace on the other side of a payment's transaction. */
    async counterpartyOf(ns: Namespace, paymentId: string): Promise<string> {
      const { transactions } = await ok<{
        transactions: Array<{ transaction_lines: Array<{ partner_id: string }> }>;
      }>(request.get(`${path(paymentId)}/transactions`, { headers: as(ns) }));
      return transactions[0]!.transaction_lines.find((l) => l.partner_id !== ns.token)!.partner_id;
    },
  };
}

export interface TradingFixture {
  email: string;
  password: string;
  a: Namespace;
  b: Namespace;
  c: Namespace;
  sandboxBankId: string;
  /** A's payments and its side of each. */
  payments: Array<{
    paymentId: string;
    direction: 'Debit' | 'Credit';
    counterpartyId: string;
    total: string;
  }>;
}

/**
 * Namespace A of a new organization trades in EUR with three counterparties: it pays the Sandbox
 * Bank 25.00 (debit), receives 70.00 from B (credit) and pays C 12.00 + 3.00 (debit 15.00). Its
 * multilateral net is +30.00: a creditor leaf of 3000 minor units.
 */
export async function makeTradingFixture(request: APIRequestContext): Promise<TradingFixture> {
  const org = await newOrganization(request);
  const a = org.first;
  const b = await org.createNamespace('Bravo');
  const c = await org.createNamespace('Charlie');
  await org.link(a, b);
  await org.link(a, c);
  const u = uniq();
  // A comma and quotes in a payment id test the CSV's quoting.
  const toBank = `sbx, "Q1" ${u}`;
  await org.pay(a, 'alice@sandbox-bank.test', null, toBank, 'EUR', '2500');
  await org.pay(b, `payee@${a.domain}`, a, `b-to-a-${u}`, 'EUR', '7000');
  await org.pay(a, `payee@${c.domain}`, c, `a-to-c-1-${u}`, 'EUR', '1200');
  await org.pay(a, `payee@${c.domain}`, c, `a-to-c-2-${u}`, 'EUR', '300');
  await org.admitted(a, [toBank, `a-to-c-1-${u}`, `a-to-c-2-${u}`]);
  await org.admitted(b, [`b-to-a-${u}`]);
  const sandboxBankId = await org.counterpartyOf(a, toBank);
  return {
    email: org.email,
    password: org.password,
    a,
    b,
    c,
    sandboxBankId,
    payments: [
      { paymentId: toBank, direction: 'Debit', counterpartyId: sandboxBankId, total: '2500' },
      { paymentId: `b-to-a-${u}`, direction: 'Credit', counterpartyId: b.token, total: '7000' },
      { paymentId: `a-to-c-1-${u}`, direction: 'Debit', counterpartyId: c.token, total: '1200' },
      { paymentId: `a-to-c-2-${u}`, direction: 'Debit', counterpartyId: c.token, total: '300' },
    ],
  };
}
