import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, keyAccess, operatorToken, settleEarlierFiles, uniq } from '../helpers';
import { startReceiver } from '../receiver';
import {
  admissionTasks,
  COMPLETED,
  createBank,
  link,
  pushBody,
  waitForStatus,
  workTask,
  type Bank,
} from '../payments-helpers';

// Liquidity over HTTP (DESIGN §11, docs/liquidity.md): net debit caps checked at admission,
// reject or queue past them, the queue released by cut-offs, funds and caps and by offsetting.
// A cut-off settles every cleared transaction of the network: in the api-cutoffs project, whose
// files run one at a time on its own server, each after a cut-off of what the ones before it left.
let op: string;
beforeAll(async () => {
  await settleEarlierFiles();
  op = await operatorToken();
});

const note = 'risk review';

/** Three banks linked in a ring, each in its own sandbox organization. */
async function ring(): Promise<[Bank, Bank, Bank]> {
  const banks = [await createBank(), await createBank(), await createBank()] as [Bank, Bank, Bank];
  await link(banks[0], banks[1]);
  await link(banks[1], banks[2]);
  await link(banks[2], banks[0]);
  return banks;
}

/** `from` pays `to` (USD minor units); `to` admits it. Answers the submission as it stands. */
async function pay(from: Bank, to: Bank, total: string) {
  const body = pushBody(from, `payee@${to.domain}`, total, { amount: { currency: 'USD', total } });
  expect((await api('POST', '/payments', { ...from.key, body })).status).toBe(200);
  const sub = await api('POST', `/payments/${body.payment_id}/submissions`, from.key);
  expect(sub.status, sub.text).toBe(200);
  const [task] = await admissionTasks(to, body.payment_id, sub.body.data.admission_id);
  const worked = await workTask(to, body.payment_id, sub.body.data.admission_id, task!.token, COMPLETED);
  expect(worked.status, worked.text).toBe(200);
  const now = await api('GET', `/payments/${body.payment_id}/submissions`, from.key);
  return {
    paymentId: body.payment_id as string,
    ...(now.body.data as { status: number; token: string }),
    sub: now.body.data,
  };
}

const usd = async (b: Bank) =>
  ((await api('GET', '/liquidity', b.key)).body.data.positions as Array<Record<string, any>>).find(
    (p) => p.currency === 'USD',
  )!;
const setCap = (b: Bank, body: Record<string, unknown>) =>
  api('PUT', `/operator/liquidity/${b.partnerId}/USD`, { token: op, body: { note, ...body } });
const funds = (b: Bank, direction: 'in' | 'out', amount: string) =>
  api('POST', `/operator/liquidity/${b.partnerId}/USD/funds`, {
    token: op,
    body: { direction, amount, reference: `ref-${uniq()}`, note },
  });
const queueOf = async (b: Bank) => (await api('GET', '/liquidity/queue', b.key)).body.data;
const onCap = async (b: Bank, mode: 'reject' | 'queue') => {
  const res = await api('PATCH', `/partner/${b.partnerId}`, { token: b.token, body: { on_cap: mode } });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.on_cap).toBe(mode);
};
const cutoff = async () => {
  const res = await api('POST', '/settlements', { token: op });
  expect(res.status, res.text).toBe(200);
};

describe('GET /api/v1/csp/liquidity', () => {
  it("answers the namespace's balance, cap and position per currency: a sandbox starts with its demo liquidity", async () => {
    const b = await createBank();
    const res = await api('GET', '/liquidity', b.key);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      on_cap: 'reject',
      positions: [
        {
          partner_id: b.partnerId,
          currency: 'USD',
          balance: '100000000',
          cap: '100000000',
          unlimited: false,
          allow_unsecured: false,
          limit: '100000000',
          position: '0',
          headroom: '100000000',
          utilisation: 0,
          queued_count: 0,
          queued_amount: '0',
          thresholds: [75, 90],
          updated_at: expect.any(Number),
        },
      ],
    });
    const ledger = await api('GET', '/liquidity/entries', b.key);
    expect(ledger.body.data).toMatchObject({
      count: 1,
      entries: [{ kind: 'funds_in', amount: '100000000', balance_after: '100000000', reference: 'sandbox' }],
    });
    // Tenancy and permissions: a missing namespace, another's, and a key without read access.
    expectError(await api('GET', '/liquidity', { token: b.token }), 400, 'error.bad_request');
    const other = await createBank();
    expectError(
      await api('GET', '/liquidity', { token: other.token, partner: b.partnerId }),
      401,
      'error.unauthorized',
    );
    const writeOnly = await api('POST', '/apikey', {
      token: b.token,
      partner: b.partnerId,
      body: {
        name: 'writer',
        access: keyAccess('customers_write'),
      },
    });
    expectError(
      await api('GET', '/liquidity', {
        apiKey: writeOnly.body.data.secret_key,
        partner: b.partnerId,
        org: b.orgId,
      }),
      403,
      'error.forbidden',
    );
  });
});

describe('the net debit cap at admission', () => {
  it('admits a payment landing exactly on the cap, rejects one minor unit more; credits raise headroom', async () => {
    const [a, b] = await ring();
    const set = await setCap(a, { cap: '1000' });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data.position).toMatchObject({ cap: '1000', limit: '1000', headroom: '1000' });
    expect((await pay(a, b, '600')).status).toBe(3);
    expect((await pay(a, b, '400')).status).toBe(3);
    expect(await usd(a)).toMatchObject({ position: '1000', headroom: '0', utilisation: 100 });
    const refused = await pay(a, b, '1');
    expect(refused.status).toBe(4);
    const exceptions = await api('GET', `/payments/${refused.paymentId}/exceptions`, a.key);
    expect(exceptions.body.data.exceptions).toMatchObject([
      { exception_code: 'NET_DEBIT_CAP_EXCEEDED', blame: 'debtor_party' },
    ]);
    // B pays A 300: A's position drops at once, and 300 fits again.
    expect((await pay(b, a, '300')).status).toBe(3);
    expect(await usd(a)).toMatchObject({ position: '700', headroom: '300' });
    expect((await pay(a, b, '300')).status).toBe(3);
    expect(await usd(b)).toMatchObject({ position: '-1000' });
  });

  it('queues what does not fit when the namespace queues; a higher cap releases it, oldest first', async () => {
    const [a, b] = await ring();
    await setCap(a, { cap: '500' });
    await onCap(a, 'queue');
    expect((await pay(a, b, '400')).status).toBe(3);
    const waiting = await pay(a, b, '200');
    expect(waiting.status).toBe(1);
    expect(waiting.sub.liquidity_queued_at).toEqual(expect.any(Number));
    // A later payment that would fit alone waits behind the older one.
    const behind = await pay(a, b, '50');
    expect(behind.status).toBe(1);
    expect(await queueOf(a)).toMatchObject({
      count: 2,
      queue: [
        { payment_id: waiting.paymentId, amount: '200', beneficiary_partner_id: b.partnerId },
        { payment_id: behind.paymentId, amount: '50' },
      ],
    });
    expect(await usd(a)).toMatchObject({ position: '400', queued_count: 2, queued_amount: '250' });
    await setCap(a, { cap: '650' });
    await waitForStatus(a, waiting.paymentId, [3]);
    await waitForStatus(a, behind.paymentId, [3]);
    expect(await usd(a)).toMatchObject({
      position: '650',
      queued_count: 0,
      queued_amount: '0',
      headroom: '0',
    });
    expect((await queueOf(a)).count).toBe(0);
  });

  it('releases the queue at a cut-off, and with funds in when the balance binds', async () => {
    const [a, b] = await ring();
    await setCap(a, { cap: '1000' });
    await onCap(a, 'queue');
    expect((await pay(a, b, '900')).status).toBe(3);
    const waiting = await pay(a, b, '300');
    expect(waiting.status).toBe(1);
    await cutoff();
    await waitForStatus(a, waiting.paymentId, [3]);
    expect(await usd(a)).toMatchObject({ position: '300', balance: String(100_000_000 - 900) });
    // Funds out to a balance of 1000 (the cap needs no more), then settle: the balance binds.
    const out = await funds(a, 'out', String(100_000_000 - 900 - 1000));
    expect(out.status, out.text).toBe(200);
    expect(out.body.data.entry).toMatchObject({
      kind: 'funds_out',
      balance_after: '1000',
      created_by: 'operator@network.test',
    });
    await cutoff();
    expect(await usd(a)).toMatchObject({ balance: '700', limit: '700', position: '0' });
    const bound = await pay(a, b, '800');
    expect(bound.status).toBe(1);
    const topUp = await funds(a, 'in', '100');
    expect(topUp.status).toBe(200);
    await waitForStatus(a, bound.paymentId, [3]);
    expect(await usd(a)).toMatchObject({ balance: '800', position: '800', headroom: '0' });
  });

  it('a queued payment expires with its payment', async () => {
    const [a, b] = await ring();
    const ttl = await api('PATCH', `/partner/${a.partnerId}`, {
      token: a.token,
      body: { payment_ttl_seconds: 5 },
    });
    expect(ttl.status, ttl.text).toBe(200);
    await setCap(a, { cap: '10' });
    await onCap(a, 'queue');
    const waiting = await pay(a, b, '500');
    expect(waiting.status).toBe(1);
    await waitForStatus(a, waiting.paymentId, [5], 15_000);
    expect(await usd(a)).toMatchObject({ queued_count: 0, queued_amount: '0', position: '0' });
    expect((await queueOf(a)).count).toBe(0);
  });

  it('admits a ring that fits only together: A→B, B→C, C→A of 100 under caps of 50', async () => {
    const [a, b, c] = await ring();
    for (const x of [a, b, c]) {
      await setCap(x, { cap: '50' });
      await onCap(x, 'queue');
    }
    const ab = await pay(a, b, '100');
    const bc = await pay(b, c, '100');
    expect([ab.status, bc.status]).toEqual([1, 1]);
    const ca = await pay(c, a, '100');
    // The third side closes the ring: the release pass offsets the three and admits them together.
    for (const [bank, p] of [
      [a, ab],
      [b, bc],
      [c, ca],
    ] as const)
      await waitForStatus(bank, p.paymentId, [3]);
    for (const x of [a, b, c]) expect(await usd(x)).toMatchObject({ position: '0', queued_count: 0 });
  });
});

describe('the operator sets caps and records funds', () => {
  it('refuses a cap above the balance unless unsecured, and funds out below what the cap needs', async () => {
    const a = await createBank();
    const tooHigh = await setCap(a, { cap: '200000000' });
    expectError(tooHigh, 400, 'error.bad_request');
    expect(tooHigh.body.message).toBe(
      'cap of USD 2,000,000.00 (200000000 minor units) exceeds the balance of USD 1,000,000.00 (100000000 minor units): record funds in first, or set allow_unsecured to lend beyond it',
    );
    const lent = await setCap(a, { cap: '200000000', allow_unsecured: true });
    expect(lent.body.data.position).toMatchObject({
      cap: '200000000',
      allow_unsecured: true,
      limit: '200000000',
    });
    // Left out, allow_unsecured stays as it is: secured again only when said.
    expect((await setCap(a, { cap: '60000000' })).body.data.position).toMatchObject({
      allow_unsecured: true,
    });
    await setCap(a, { cap: '60000000', allow_unsecured: false });
    const out = await funds(a, 'out', '50000000');
    expectError(out, 400, 'error.bad_request');
    expect(out.body.message).toBe(
      'funds out of USD 500,000.00 (50000000 minor units) would leave USD 500,000.00 (50000000 minor units), below the USD 600,000.00 (60000000 minor units) that the net debit cap needs; at most USD 400,000.00 (40000000 minor units) may go out now',
    );
    expect(await usd(a)).toMatchObject({ balance: '100000000' });
    // Bad input: 400 with the field named, nothing written.
    for (const body of [
      { cap: '-5', note },
      { cap: '1.5', note },
      { cap: '100' },
      { cap: '100', note: '' },
      { cap: '100', note, thresholds: [0] },
      { cap: '100', note, thresholds: [101] },
    ])
      expectError(
        await api('PUT', `/operator/liquidity/${a.partnerId}/USD`, { token: op, body }),
        400,
        'error.bad_request',
      );
    expectError(await setCap({ ...a, partnerId: 'part_nope' }, { cap: '1' }), 404, 'error.not_found');
    expectError(
      await api('PUT', `/operator/liquidity/${a.partnerId}/usd`, { token: op, body: { cap: '1', note } }),
      400,
      'error.bad_request',
    );
    expect(await usd(a)).toMatchObject({ cap: '60000000' });
  });

  it("is the operator's alone: 403 for organization users and API keys", async () => {
    const a = await createBank();
    expectError(
      await api('PUT', `/operator/liquidity/${a.partnerId}/USD`, {
        token: a.token,
        body: { cap: '1', note },
      }),
      403,
      'error.forbidden',
    );
    expectError(
      await api('POST', `/operator/liquidity/${a.partnerId}/USD/funds`, {
        token: a.token,
        body: { direction: 'in', amount: '1', reference: 'r', note },
      }),
      403,
      'error.forbidden',
    );
    expectError(await api('GET', '/operator/liquidity', { token: a.token }), 403, 'error.forbidden');
    expect((await api('GET', '/operator/liquidity', a.key)).status).toBe(401);
  });

  it("records every change in the participant's trail and sends liquidity.updated", async () => {
    const a = await createBank();
    await setCap(a, { cap: '5000' });
    await funds(a, 'in', '250');
    const trail = await api('GET', `/audit-events?target=${encodeURIComponent(`${a.partnerId}/USD`)}`, {
      token: a.token,
    });
    expect(trail.status, trail.text).toBe(200);
    expect(
      (trail.body.data.audit_events as Array<{ action: string; actor: { label: string }; changes: any }>).map(
        (e) => [e.action, e.actor.label, e.changes.after.note],
      ),
    ).toEqual([
      ['liquidity.funds_recorded', 'operator@network.test', note],
      ['liquidity.limits_set', 'operator@network.test', note],
    ]);
    const list = await api('GET', '/operator/liquidity?currency=USD&limit=100', { token: op });
    expect(list.status, list.text).toBe(200);
    const mine = list.body.data.positions.find((p: { partner_id: string }) => p.partner_id === a.partnerId);
    expect(mine).toMatchObject({ cap: '5000', balance: '100000250', partner_domain: a.domain });
    const history = await api('GET', `/operator/liquidity/${a.partnerId}/entries`, { token: op });
    expect(history.body.data.entries.map((e: { kind: string }) => e.kind)).toEqual(['funds_in', 'funds_in']);
  });
});

describe('liquidity events', () => {
  it('sends liquidity.threshold once per upward crossing, liquidity.cap_reached and liquidity.updated to the participant', async () => {
    const [a, b] = await ring();
    const receiver = await startReceiver();
    try {
      const hook = await api('POST', '/webhook', {
        token: a.token,
        partner: a.partnerId,
        body: {
          url: receiver.url,
          event_types: ['liquidity.threshold', 'liquidity.cap_reached', 'liquidity.updated'],
        },
      });
      expect(hook.status, hook.text).toBe(200);
      await setCap(a, { cap: '1000' });
      for (const total of ['800', '100']) expect((await pay(a, b, total)).status).toBe(3);
      // Down below 65 % (re-armed) and up again: 75 % alerts a second time; 90 % stays armed.
      expect((await pay(b, a, '300')).status).toBe(3);
      expect((await pay(a, b, '200')).status).toBe(3);
      expect((await pay(a, b, '500')).status).toBe(4);
      await receiver.waitFor((r) => r.filter((x) => x.json.type === 'liquidity.cap_reached').length === 1);
      const seen = receiver.received.map((r) => r.json);
      expect(seen.map((e) => [e.type, e.data.threshold ?? e.data.change ?? e.data.outcome])).toEqual([
        ['liquidity.updated', 'limits'],
        ['liquidity.threshold', 75],
        ['liquidity.threshold', 90],
        ['liquidity.threshold', 75],
        ['liquidity.cap_reached', 'rejected'],
      ]);
      expect(seen[2]).toMatchObject({
        partner_id: a.partnerId,
        data: {
          currency: 'USD',
          threshold: 90,
          utilisation: 90,
          position: '900',
          limit: '1000',
          cap: '1000',
        },
      });
      expect(seen[4].data).toMatchObject({ amount: '500', position: '800', limit: '1000', headroom: '200' });
    } finally {
      await receiver.close();
    }
  });
});

describe('returns in settlement', () => {
  it('a return is netted in the next batch with everything else: positions and the leaves include it', async () => {
    const [a, b] = await ring();
    const paid = await pay(a, b, '1000');
    expect(paid.status).toBe(3);
    const made = await api('POST', `/payments/${paid.paymentId}/returns`, {
      ...b.key,
      body: { amount: '400', reason: 'DUPL' },
    });
    expect(made.status, made.text).toBe(200);
    expect(await usd(a)).toMatchObject({ position: '600' });
    expect(await usd(b)).toMatchObject({ position: '-600' });
    await cutoff();
    const entries = await api('GET', '/liquidity/entries?currency=USD', a.key);
    const settlement = entries.body.data.entries.find((e: { kind: string }) => e.kind === 'settlement');
    expect(settlement).toMatchObject({ amount: '-600' });
    const batch = await api('GET', `/settlements/${settlement.batch_id}`, { ...a.key });
    expect(batch.body.data.merkle_leaf).toMatchObject({ kind: 'debtor', amount: '600' });
    expect(batch.body.data.positions).toEqual([
      {
        counterparty_id: b.partnerId,
        counterparty_name: expect.any(String),
        counterparty_domain: b.domain,
        currency: 'USD',
        position_type: 'Debit',
        net_amount: '600',
      },
    ]);
    expect(await usd(a)).toMatchObject({ position: '0', balance: String(100_000_000 - 600) });
  });
});
