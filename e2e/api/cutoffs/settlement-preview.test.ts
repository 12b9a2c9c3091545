import { beforeAll, describe, expect, it } from 'vitest';
import { api, operatorToken, settleEarlierFiles } from '../helpers';
import { createAndSubmit, createBank, pushBody, waitForStatus, type Bank } from '../payments-helpers';

// The preview reads every cleared transaction of the network, and the test runs a cut-off, which
// settles them all: in the api-cutoffs project, whose files run one at a time on its own server
// (vitest.config.ts), each after a cut-off of what the files before it left cleared.
beforeAll(settleEarlierFiles);

/** A payment from the bank to `to`, submitted and waited for until admitted (cleared). */
async function pay(b: Bank, to: string, total: string, currency = 'USD') {
  const body = pushBody(b, to, total, { amount: { currency, total } });
  await createAndSubmit(b, body);
  await waitForStatus(b, body.payment_id, [3], 12_000);
}

describe('GET /operator/settlements/preview', () => {
  it('answers what a cut-off now would batch, per currency, and the cut-off then batches exactly that', async () => {
    const op = { token: await operatorToken() };
    const a = await createBank();
    const b = await createBank();
    expect(
      (await api('GET', '/operator/settlements/preview', { token: a.token, partner: a.partnerId })).status,
    ).toBe(403);
    expect((await api('GET', '/operator/settlements/preview')).status).toBe(401);

    const before = Math.floor(Date.now() / 1000);
    const empty = await api('GET', '/operator/settlements/preview', op);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ cutoff_time: expect.any(Number), transactions: 0, currencies: [] });
    expect(empty.body.data.cutoff_time).toBeGreaterThanOrEqual(before);

    // USD: a pays 1500 and 700 to Sandbox Bank, b pays 500 to Sandbox Bank; EUR: a pays 900.
    await pay(a, 'alice@sandbox-bank.test', '1500');
    await pay(a, 'alice@sandbox-bank.test', '700');
    await pay(b, 'bob@sandbox-bank.test', '500');
    await pay(a, 'alice@sandbox-bank.test', '900', 'EUR');

    const preview = await api('GET', '/operator/settlements/preview', op);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({
      cutoff_time: expect.any(Number),
      transactions: 4,
      currencies: [
        { currency: 'EUR', transactions: 1, participants: 2, gross: '900', net: '900' },
        { currency: 'USD', transactions: 3, participants: 3, gross: '2700', net: '2700' },
      ],
    });
    // Reading it changes nothing: the same answer again.
    expect((await api('GET', '/operator/settlements/preview', op)).body.data.currencies).toEqual(
      preview.body.data.currencies,
    );

    const cut = await api('POST', '/settlements', op);
    expect(cut.body.data.batches.map((x: any) => [x.currency, x.status, x.txnCount])).toEqual([
      ['EUR', 'COMPLETED', 1],
      ['USD', 'COMPLETED', 3],
    ]);
    const usd = cut.body.data.batches.find((x: any) => x.currency === 'USD');
    const batch = await api('GET', `/operator/settlements/${usd.id}`, op);
    expect(batch.status).toBe(200);
    expect(batch.body.data.batch).toMatchObject({ leaves_count: 3, txn_count: 3 });
    expect(batch.body.data.total).toBe(3);

    const after = await api('GET', '/operator/settlements/preview', op);
    expect(after.body.data).toMatchObject({ transactions: 0, currencies: [] });
  });
});
