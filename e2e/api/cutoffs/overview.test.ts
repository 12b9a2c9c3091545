import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createOrg,
  expectError,
  keyAccess,
  operatorToken,
  settleEarlierFiles,
  type TestOrg,
} from '../helpers';
import { createAndSubmit, createBank, link, pushBody, waitForStatus, type Bank } from '../payments-helpers';

// The test runs a settlement cut-off, which settles every cleared transaction of the network and
// would race with the other files' assertions: it runs in the api-cutoffs project, whose server
// serves the files that run cut-offs, one at a time (vitest.config.ts).
beforeAll(settleEarlierFiles);

const jwt = (o: TestOrg) => ({ token: o.token, partner: o.partnerId });

/** A payment to or from the Sandbox Bank, waited until the Sandbox Bank has answered. */
async function withSandbox(bank: Bank, total: string, currency = 'USD', type: 'push' | 'pull' = 'push') {
  const over =
    type === 'pull'
      ? {
          payment_type: 'Type_Pull',
          debtor_party: { payment_address: 'alice@sandbox-bank.test' },
          beneficiary_party: { payment_address: `me@${bank.domain}` },
        }
      : {};
  const body = pushBody(bank, 'alice@sandbox-bank.test', total, { amount: { currency, total }, ...over });
  await createAndSubmit(bank, body);
  const tail = BigInt(total) % 100n;
  await waitForStatus(bank, body.payment_id, [tail === 1n || tail === 2n ? 4 : tail === 3n ? 2 : 3]);
  return body.payment_id;
}

/** `from` pays `to`; `to` answers its beneficiary task (or leaves it pending). */
async function counterpartyPays(
  from: Bank,
  to: Bank,
  total: string,
  currency: string,
  answer?: { status: string; status_reason: string },
) {
  const body = pushBody(from, `bob@${to.domain}`, total, { amount: { currency, total } });
  const sub = await createAndSubmit(from, body);
  if (!answer) return;
  const tasks = await api('GET', `/payments/${body.payment_id}/admissions/${sub.admission_id}/tasks`, to.key);
  const res = await api(
    'PUT',
    `/payments/${body.payment_id}/admissions/${sub.admission_id}/tasks/${tasks.body.data.tasks[0].token}`,
    { ...to.key, body: answer },
  );
  expect(res.status, res.text).toBe(200);
}

// Many sequential calls, sign-ups (argon2) and Sandbox Bank round trips: slow on a loaded machine.
const SLOW = 120_000;

describe('GET /api/v1/csp/overview', () => {
  it(
    'counts exactly the namespace’s own activity, money grouped by currency',
    async () => {
      const a = await createBank();
      const b = await createBank();
      const stranger = await createBank();
      await link(b, a);
      // Before anything happens: a sandbox namespace with its key only.
      const fresh = await api('GET', '/overview', jwt(a));
      expect(fresh.status).toBe(200);
      expect(fresh.body.data).toMatchObject({
        partner_id: a.partnerId,
        payments_today: { count: 0, by_currency: [] },
        decisions: { admitted: 0, rejected: 0, expired: 0, open: 0 },
        tasks_waiting: { pending: 0, on_hold: 0 },
        awaiting_settlement: [],
        last_batch_positions: [],
        daily_volume: [],
        exceptions: [],
        getting_started: { api_key: true, sandbox_payment: false, webhook: false },
      });

      // Settled by the cut-off below: USD out 2500, USD in 700 (a pull), EUR out 900.
      await withSandbox(a, '2500');
      await withSandbox(a, '700', 'USD', 'pull');
      await withSandbox(a, '900', 'EUR');
      await withSandbox(a, '1001'); // rejected: INSUFFICIENT_FUNDS, debtor_party
      await withSandbox(a, '1002'); // rejected: FRAUD_DETECTED, debtor_party
      await withSandbox(a, '1003'); // on hold at the Sandbox Bank
      expect(
        (await api('POST', '/payments', { ...a.key, body: pushBody(a, 'alice@sandbox-bank.test', '50') }))
          .status,
      ).toBe(200);
      await withSandbox(stranger, '4444'); // another namespace's payment: never counted for a

      const cut = await api('POST', '/settlements', { token: await operatorToken() });
      expect(cut.status, cut.text).toBe(200);

      // Cleared after the cut-off, awaiting the next: USD out 300, USD in 600, EUR out 250.
      await withSandbox(a, '300');
      await withSandbox(a, '250', 'EUR');
      await counterpartyPays(b, a, '600', 'USD', { status: 'completed', status_reason: 'accepted' });
      await counterpartyPays(b, a, '4000', 'USD'); // waiting in a's queue
      await counterpartyPays(b, a, '100', 'EUR', { status: 'on_hold', status_reason: 'business_reasons' });
      await counterpartyPays(b, a, '77', 'USD', { status: 'failed', status_reason: 'account_closed' });

      const res = await api('GET', '/overview', jwt(a));
      expect(res.status, res.text).toBe(200);
      const o = res.body.data;
      const today = new Date().toISOString().slice(0, 10);
      expect(o.payments_today).toEqual({
        count: 13,
        by_currency: [
          { currency: 'EUR', count: 3, total: '1250' },
          { currency: 'USD', count: 10, total: '11233' },
        ],
      });
      expect(o.decisions).toEqual({ admitted: 6, rejected: 3, expired: 0, open: 4 });
      expect(o.tasks_waiting).toEqual({ pending: 1, on_hold: 1 });
      expect(o.awaiting_settlement).toEqual([
        { currency: 'EUR', count: 1, incoming: '0', outgoing: '250', net: '-250' },
        { currency: 'USD', count: 2, incoming: '600', outgoing: '300', net: '300' },
      ]);
      expect(o.last_batch_positions).toEqual([
        {
          batch_id: expect.stringMatching(/^batch_/),
          currency: 'EUR',
          cutoff_time: expect.any(Number),
          kind: 'debtor',
          amount: '900',
          txn_count: 1,
        },
        {
          batch_id: expect.stringMatching(/^batch_/),
          currency: 'USD',
          cutoff_time: expect.any(Number),
          kind: 'debtor',
          amount: '1800',
          txn_count: 2,
        },
      ]);
      expect(o.daily_volume).toEqual(
        [
          ['admitted', 'EUR', 1, '250'],
          ['admitted', 'USD', 2, '900'],
          ['on_hold', 'EUR', 1, '100'],
          ['on_hold', 'USD', 1, '1003'],
          ['pending', 'USD', 1, '4000'],
          ['rejected', 'USD', 3, '2080'],
          ['settled', 'EUR', 1, '900'],
          ['settled', 'USD', 2, '3200'],
          ['unsubmitted', 'USD', 1, '50'],
        ].map(([status, currency, count, total]) => ({ date: today, status, currency, count, total })),
      );
      expect(o.exceptions).toEqual([
        { exception_code: 'ACCOUNT_CLOSED', blame: 'beneficiary_party', count: 1 },
        { exception_code: 'FRAUD_DETECTED', blame: 'debtor_party', count: 1 },
        { exception_code: 'INSUFFICIENT_FUNDS', blame: 'debtor_party', count: 1 },
      ]);
      expect(o.getting_started).toEqual({ api_key: true, sandbox_payment: true, webhook: false });
      expect(o.window.days).toBe(14);
      expect(o.window.from).toBe(Date.parse(today) / 1000 - 13 * 86400);

      // The API key with transactions_read sees the same figures.
      const byKey = await api('GET', '/overview?days=1', a.key);
      expect(byKey.status).toBe(200);
      expect(byKey.body.data.payments_today).toEqual(o.payments_today);
      expect(byKey.body.data.window.from).toBe(Date.parse(today) / 1000);

      // The counterparty sees only the four payments it made to a; the stranger only its own.
      const bView = (await api('GET', '/overview', jwt(b))).body.data;
      expect(bView.payments_today).toEqual({
        count: 4,
        by_currency: [
          { currency: 'EUR', count: 1, total: '100' },
          { currency: 'USD', count: 3, total: '4677' },
        ],
      });
      expect(bView.tasks_waiting).toEqual({ pending: 0, on_hold: 0 });
      expect(bView.awaiting_settlement).toEqual([
        { currency: 'USD', count: 1, incoming: '0', outgoing: '600', net: '-600' },
      ]);
      expect(bView.last_batch_positions).toEqual([]);
      expect(bView.exceptions).toEqual([
        { exception_code: 'ACCOUNT_CLOSED', blame: 'beneficiary_party', count: 1 },
      ]);
      const sView = (await api('GET', '/overview', jwt(stranger))).body.data;
      expect(sView.payments_today).toEqual({
        count: 1,
        by_currency: [{ currency: 'USD', count: 1, total: '4444' }],
      });
      expect(sView.last_batch_positions).toEqual([
        {
          batch_id: expect.any(String),
          currency: 'USD',
          cutoff_time: expect.any(Number),
          kind: 'debtor',
          amount: '4444',
          txn_count: 1,
        },
      ]);

      // Adding a webhook ticks the last item of the checklist.
      const hook = await api('POST', '/webhook', {
        ...jwt(a),
        body: { url: 'http://127.0.0.1:9/hook', event_types: ['*'] },
      });
      expect(hook.status, hook.text).toBe(200);
      expect((await api('GET', '/overview', jwt(a))).body.data.getting_started).toEqual({
        api_key: true,
        sandbox_payment: true,
        webhook: true,
      });
    },
    SLOW,
  );

  it(
    'a new organization starts with nothing ticked',
    async () => {
      const org = await createOrg();
      const res = await api('GET', '/overview', jwt(org));
      expect(res.status).toBe(200);
      expect(res.body.data.getting_started).toEqual({
        api_key: false,
        sandbox_payment: false,
        webhook: false,
      });
    },
    SLOW,
  );

  it(
    'refuses bad headers, credentials and parameters with the envelope',
    async () => {
      const a = await createBank();
      const other = await createOrg();
      const readless = await api('POST', '/apikey', {
        ...jwt(a),
        body: {
          name: 'no read',
          access: keyAccess('customers_read'),
        },
      });
      const cases: Array<[string, Parameters<typeof api>[2], number, string]> = [
        ['no credential', { partner: a.partnerId }, 401, 'error.unauthorized'],
        ['a forged token', { token: 'not-a-jwt', partner: a.partnerId }, 401, 'error.unauthorized'],
        ['no x-partner-id', { token: a.token }, 400, 'error.bad_request'],
        [
          'another organization’s namespace',
          { token: a.token, partner: other.partnerId },
          401,
          'error.unauthorized',
        ],
        [
          'an x-org-id that is not the token’s',
          { token: a.token, partner: a.partnerId, org: other.orgId },
          401,
          'error.unauthorized',
        ],
        [
          'an API key with another namespace',
          { apiKey: a.key.apiKey, partner: other.partnerId },
          401,
          'error.unauthorized',
        ],
        [
          'an API key without transactions_read',
          { apiKey: readless.body.data.secret_key, partner: a.partnerId },
          403,
          'error.forbidden',
        ],
      ];
      for (const [name, opts, status, code] of cases) {
        const res = await api('GET', '/overview', opts);
        expect(`${name}: ${res.status} ${res.body?.code}`).toBe(`${name}: ${status} ${code}`);
      }
      for (const q of ['days=0', 'days=91', 'days=abc', 'days=1.5']) {
        const res = await api('GET', `/overview?${q}`, jwt(a));
        expectError(res, 400, 'error.bad_request');
        expect(res.body.message).toContain('days');
      }
    },
    SLOW,
  );
});
