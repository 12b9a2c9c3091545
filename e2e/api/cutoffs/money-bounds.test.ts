import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createVerifiedOrg,
  dbKind,
  expectError,
  operatorToken,
  settleEarlierFiles,
  uniq,
  withSql,
} from '../helpers';
import {
  admissionTasks,
  COMPLETED,
  createBank,
  link,
  pushBody,
  withKey,
  workTask,
  type Bank,
} from '../payments-helpers';

// The third audit's findings on money (docs/decisions.md, "Money that cannot overflow", "No credit
// without a limit", "Failure isolated"), over HTTP: the amounts that once halted every cut-off are
// refused at the door, a currency nobody opened lends nothing, and a currency that cannot settle
// does not stop the others. In the api-cutoffs project: its cut-offs settle the whole network.
let op: string;
beforeAll(async () => {
  await settleEarlierFiles();
  op = await operatorToken();
});

const note = 'audit';

/** `from` pays `to` `total` minor units of `currency`; `to` admits. The submission as it ends. */
async function pay(from: Bank, to: Bank, currency: string, total: string) {
  const body = pushBody(from, `payee@${to.domain}`, total, { amount: { currency, total } });
  const created = await api('POST', '/payments', { ...from.key, body });
  expect(created.status, created.text).toBe(200);
  const sub = await api('POST', `/payments/${body.payment_id}/submissions`, from.key);
  expect(sub.status, sub.text).toBe(200);
  // Each task by its assignee: the payee's admission, and the payer's compliance review of a large one.
  for (const task of await admissionTasks(to, body.payment_id, sub.body.data.admission_id)) {
    const by = task.partner_id === to.partnerId ? to : from;
    const worked = await workTask(by, body.payment_id, sub.body.data.admission_id, task.token, COMPLETED);
    expect(worked.status, worked.text).toBe(200);
  }
  const now = await api('GET', `/payments/${body.payment_id}/submissions`, from.key);
  const exceptions = await api('GET', `/payments/${body.payment_id}/exceptions`, from.key);
  return { paymentId: body.payment_id as string, status: now.body.data.status as number, exceptions };
}

/** A verified organization's production namespace with an all-access key. */
async function liveBank(): Promise<Bank> {
  const org = await createVerifiedOrg();
  const ns = await api('POST', '/partner', {
    token: org.token,
    body: { name: 'Live', domain: `live-${uniq()}.test`, environment: 'production' },
  });
  expect(ns.status, ns.text).toBe(200);
  return withKey({ ...org, partnerId: ns.body.data.token, domain: ns.body.data.domain });
}

const positionIn = async (b: Bank, currency: string) =>
  ((await api('GET', '/liquidity', b.key)).body.data.positions as Array<Record<string, any>>).find(
    (p) => p.currency === currency,
  );
const cutoff = async () => {
  const res = await api('POST', '/settlements', { token: op });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { batches: Array<{ id: string; currency: string; status: string }> };
};

describe('the amounts that once halted settlement', () => {
  it('are refused at the door; the largest payment lends nothing past a cap; the network settles on', async () => {
    const [a, b, c, d] = [await createBank(), await createBank(), await createBank(), await createBank()];
    await link(a, b);
    await link(c, d);
    // The audit's payment: 999,999,999,999,999,999 EUR minor units, ten of which passed 2^63.
    const huge = pushBody(a, `payee@${b.domain}`, '999999999999999999', {
      amount: { currency: 'EUR', total: '999999999999999999' },
    });
    const refused = await api('POST', '/payments', { ...a.key, body: huge });
    expectError(refused, 400, 'error.bad_request');
    expect(refused.body.message).toBe(
      "amount.total: must be at most 1000000000000000 minor units (the network's largest payment)",
    );
    expect(refused.body.field).toBe('amount.total');
    // The largest payment is taken, and the sandbox's EUR, opened on its first payment out with the
    // demo cap, bounds it like any other.
    const largest = await pay(a, b, 'EUR', '1000000000000000');
    expect(largest.status).toBe(4);
    expect(largest.exceptions.body.data.exceptions[0]).toMatchObject({
      exception_code: 'NET_DEBIT_CAP_EXCEEDED',
    });
    expect(await positionIn(a, 'EUR')).toMatchObject({ cap: '100000000', position: '0', unlimited: false });
    expect((await pay(a, b, 'EUR', '100000000')).status).toBe(3);
    // An unrelated USD payment of other organizations settles at the next cut-off, with the EUR.
    expect((await pay(c, d, 'USD', '777')).status).toBe(3);
    const cut = await cutoff();
    expect(cut.batches.map((x) => [x.currency, x.status]).sort()).toEqual([
      ['EUR', 'COMPLETED'],
      ['USD', 'COMPLETED'],
    ]);
    expect(await positionIn(a, 'EUR')).toMatchObject({ position: '0', balance: '0' });
    expect(await positionIn(d, 'USD')).toMatchObject({ position: '0', balance: '100000777' });
  });

  it('a currency that is not ISO 4217 is a 400 everywhere one is given', async () => {
    const a = await createBank();
    for (const [method, path, opts] of [
      [
        'POST',
        '/payments',
        {
          ...a.key,
          body: pushBody(a, 'alice@sandbox-bank.test', '5', { amount: { currency: 'ZZZ', total: '5' } }),
        },
      ],
      ['GET', '/payments?currency=ZZZ', a.key],
      ['GET', '/liquidity/intraday?currency=ZZZ', a.key],
      ['PUT', `/operator/liquidity/${a.partnerId}/ZZZ`, { token: op, body: { cap: '100', note } }],
      [
        'POST',
        `/operator/liquidity/${a.partnerId}/XXX/funds`,
        { token: op, body: { direction: 'in', amount: '5', reference: 'r', note } },
      ],
    ] as const) {
      const res = await api(method, path, opts);
      expectError(res, 400, 'error.bad_request');
      expect(res.body.message, `${method} ${path}`).toMatch(/currency.*is not an ISO 4217 currency code/);
    }
    expect(await positionIn(a, 'ZZZ')).toBeUndefined();
  });

  it('funds past the bound are a 400 naming it, never a 500; the balance does not move', async () => {
    const a = await createBank();
    const funds = (amount: string) =>
      api('POST', `/operator/liquidity/${a.partnerId}/CHF/funds`, {
        token: op,
        body: { direction: 'in', amount, reference: `r-${uniq()}`, note },
      });
    expectError(await funds('9223372036854775808'), 400, 'error.bad_request');
    expect((await funds('1000000000000000000')).status).toBe(200);
    const past = await funds('1');
    expectError(past, 400, 'error.bad_request');
    expect(past.body.message).toMatch(/past the bound of 1000000000000000000 minor units/);
    expect(past.body.field).toBe('amount');
    expect(await positionIn(a, 'CHF')).toMatchObject({ balance: '1000000000000000000' });
  });
});

describe('no credit without a limit', () => {
  it('a production participant pays nothing out in a currency not opened; the operator opens it unlimited or with a cap', async () => {
    const [a, b] = [await liveBank(), await liveBank()];
    await link(a, b);
    const refused = await pay(a, b, 'GBP', '100');
    expect(refused.status).toBe(4);
    expect(refused.exceptions.body.data.exceptions[0]).toMatchObject({
      exception_code: 'CURRENCY_NOT_ENABLED',
      blame: 'debtor_party',
    });
    // Nothing moved: not even a row for the currency.
    expect(await positionIn(a, 'GBP')).toBeUndefined();
    const both = await api('PUT', `/operator/liquidity/${a.partnerId}/GBP`, {
      token: op,
      body: { cap: '5000', unlimited: true, note },
    });
    expectError(both, 400, 'error.bad_request');
    expect(both.body.field).toBe('unlimited');
    const open = await api('PUT', `/operator/liquidity/${a.partnerId}/GBP`, {
      token: op,
      body: { cap: null, unlimited: true, note: 'correspondent of long standing' },
    });
    expect(open.status, open.text).toBe(200);
    expect(open.body.data.position).toMatchObject({
      cap: null,
      unlimited: true,
      limit: null,
      headroom: null,
    });
    expect((await pay(a, b, 'GBP', '1000000000000000')).status).toBe(3);
    // The operator's choice is in the participant's trail, unlimited named.
    const trail = await api('GET', '/audit-events?action=liquidity.limits_set', { token: a.token });
    expect(trail.status, trail.text).toBe(200);
    expect(trail.body.data.audit_events[0].changes).toMatchObject({
      before: { unlimited: false },
      after: { unlimited: true, note: 'correspondent of long standing' },
    });
    // Its receiver may pay on what it received, and no more: GBP was never opened for it.
    expect((await pay(b, a, 'GBP', '1000000000000000')).status).toBe(3);
    const more = await pay(b, a, 'GBP', '1');
    expect(more.exceptions.body.data.exceptions[0]).toMatchObject({ exception_code: 'CURRENCY_NOT_ENABLED' });
  });
});

describe.runIf(dbKind() === 'postgres')('a currency that cannot settle', () => {
  it('fails alone, on the health panel; the others settle; mended, it settles next time', async () => {
    const [a, b] = [await createBank(), await createBank()];
    await link(a, b);
    expect((await pay(a, b, 'USD', '1200')).status).toBe(3);
    expect((await pay(a, b, 'SEK', '3400')).status).toBe(3);
    // A balance no net can be added to, as an earlier release could have left it.
    await withSql((c) =>
      c.query(
        `UPDATE liquidity_positions SET balance = 9223372036854775807 WHERE partner_id = $1 AND currency = 'SEK'`,
        [b.partnerId],
      ),
    );
    const cut = await cutoff();
    const sek = cut.batches.find((x) => x.currency === 'SEK');
    const usd = cut.batches.find((x) => x.currency === 'USD');
    expect(sek).toMatchObject({ status: 'FAILED' });
    expect(usd).toMatchObject({ status: 'COMPLETED' });
    const health = await api('GET', '/operator/health', { token: op });
    expect(health.body.data.failing_settlements).toEqual([
      { currency: 'SEK', batch_id: sek!.id, cutoff_time: expect.any(Number), reason: 'bigint out of range' },
    ]);
    // The batch says why in the database's words, never the statement.
    const network = await api('GET', '/operator/settlements', { token: op });
    const failed = network.body.data.batches.find((x: { token: string }) => x.token === sek!.id);
    expect(failed).toMatchObject({ status: 'FAILED', failure_reason: 'bigint out of range' });
    await withSql((c) =>
      c.query(`UPDATE liquidity_positions SET balance = 0 WHERE partner_id = $1 AND currency = 'SEK'`, [
        b.partnerId,
      ]),
    );
    const next = await cutoff();
    expect(next.batches.find((x) => x.currency === 'SEK')).toMatchObject({ status: 'COMPLETED' });
    expect((await api('GET', '/operator/health', { token: op })).body.data.failing_settlements).toEqual([]);
  });
});
