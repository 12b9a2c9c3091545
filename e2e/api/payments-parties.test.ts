import { describe, expect, it } from 'vitest';
import { api, expectError, withSql, listAnswer } from './helpers';
import {
  admissionTasks,
  ALICE,
  COMPLETED,
  createAndSubmit,
  createBank,
  link,
  linkedBanks,
  pullBody,
  pushBody,
  workTask,
  type Bank,
} from './payments-helpers';

/** The bank's queue of pending tasks as [payment_id, name, assignee, partner_id, organization_id, amount]. */
async function pendingQueue(bank: Bank) {
  const res = await api('GET', '/tasks?status=pending', bank.key);
  expect(res.status, res.text).toBe(200);
  return res.body.data.tasks.map((t: any) => [
    t.payment_id,
    t.name,
    t.assignee,
    t.partner_id,
    t.organization_id,
    t.amount,
  ]);
}

/** The lines of the payment's only transaction as [direction, partner_id, total], as `bank` reads them. */
async function transactionLines(bank: Bank, paymentId: string) {
  const res = await api('GET', `/payments/${paymentId}/transactions`, bank.key);
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.count).toBe(1);
  const [txn] = res.body.data.transactions;
  expect(txn).toMatchObject({ payment_id: paymentId, status: 2, batch_id: null });
  return txn.transaction_lines
    .map((l: any) => [l.direction, l.partner_id, l.amount.total, l.transaction_type])
    .sort();
}

describe('two linked organizations paying each other', () => {
  it('push in both directions: each admits the other’s payment from its own queue', async () => {
    const [a, b] = await linkedBanks();
    const ab = pushBody(a, `bob@${b.domain}`, '1200');
    const ba = pushBody(b, `ann@${a.domain}`, '3400');
    const abSub = await createAndSubmit(a, ab);
    const baSub = await createAndSubmit(b, ba);
    expect(baSub).toMatchObject({
      workflow: 'push.v1',
      status: 1,
      partner_id: b.partnerId,
      organization_id: b.orgId,
      transaction_id: null,
    });

    // Each queue holds exactly the other organization's payment.
    expect(await pendingQueue(a)).toEqual([
      [ba.payment_id, 'beneficiary_admission', 1, a.partnerId, a.orgId, { currency: 'USD', total: '3400' }],
    ]);
    expect(await pendingQueue(b)).toEqual([
      [ab.payment_id, 'beneficiary_admission', 1, b.partnerId, b.orgId, { currency: 'USD', total: '1200' }],
    ]);
    const [taskForA] = await admissionTasks(b, ba.payment_id, baSub.admission_id);
    const [taskForB] = await admissionTasks(a, ab.payment_id, abSub.admission_id);

    // The creator never works the counterparty's task, in either direction.
    expectError(
      await workTask(b, ba.payment_id, baSub.admission_id, taskForA!.token, COMPLETED),
      404,
      'error.not_found',
    );
    expectError(
      await workTask(a, ab.payment_id, abSub.admission_id, taskForB!.token, COMPLETED),
      404,
      'error.not_found',
    );

    const doneByA = await workTask(a, ba.payment_id, baSub.admission_id, taskForA!.token, {
      ...COMPLETED,
      note: 'known payee',
    });
    expect(doneByA.status, doneByA.text).toBe(200);
    expect(doneByA.body.data).toMatchObject({
      token: taskForA!.token,
      partner_id: a.partnerId,
      status: 2,
      status_reason: 1,
      note: 'known payee',
    });
    expect((await workTask(b, ab.payment_id, abSub.admission_id, taskForB!.token, COMPLETED)).status).toBe(
      200,
    );

    // A single task: its completion admits the payment in the same write, seen by both sides.
    for (const [bank, id] of [
      [a, ba.payment_id],
      [b, ba.payment_id],
      [a, ab.payment_id],
      [b, ab.payment_id],
    ] as const) {
      expect((await api('GET', `/payments/${id}/submissions`, bank.key)).body.data).toMatchObject({
        status: 3,
        status_name: 'admitted',
        transaction_id: expect.stringMatching(/^txn_/),
      });
    }
    const baLines = [
      ['TD_Credit', a.partnerId, '3400', 'TT_PAYMENT'],
      ['TD_Debit', b.partnerId, '3400', 'TT_PAYMENT'],
    ];
    expect(await transactionLines(b, ba.payment_id)).toEqual(baLines);
    expect(await transactionLines(a, ba.payment_id)).toEqual(baLines);
    const abLines = [
      ['TD_Credit', b.partnerId, '1200', 'TT_PAYMENT'],
      ['TD_Debit', a.partnerId, '1200', 'TT_PAYMENT'],
    ];
    expect(await transactionLines(a, ab.payment_id)).toEqual(abLines);
    expect(await transactionLines(b, ab.payment_id)).toEqual(abLines);

    // The queues are empty of pending work; each holds its one completed task.
    expect(await pendingQueue(a)).toEqual([]);
    expect(await pendingQueue(b)).toEqual([]);
    expect(
      (await api('GET', '/tasks?status=completed', a.key)).body.data.tasks.map((t: any) => t.token),
    ).toEqual([taskForA!.token]);
    expect(
      (await api('GET', '/tasks?status=completed', b.key)).body.data.tasks.map((t: any) => t.token),
    ).toEqual([taskForB!.token]);
    // Each lists both payments: the one it created and the one it received.
    expect(
      (await api('GET', '/payments?status=admitted', a.key)).body.data.payments
        .map((p: any) => p.payment_id)
        .sort(),
    ).toEqual([ab.payment_id, ba.payment_id].sort());

    await withSql(async (c) => {
      const updated = await c.query(
        "SELECT partner_id, data->'task'->>'token' AS task FROM events WHERE type = 'admission_task.updated' AND partner_id = ANY($1) ORDER BY seq",
        [[a.partnerId, b.partnerId]],
      );
      expect(updated.rows).toEqual([
        { partner_id: a.partnerId, task: taskForA!.token },
        { partner_id: b.partnerId, task: taskForB!.token },
      ]);
      const txns = await c.query(
        'SELECT payment_id, debtor_partner_id, beneficiary_partner_id, amount_minor::text AS amount FROM transactions WHERE payment_id = ANY($1) ORDER BY amount_minor',
        [[ab.payment_id, ba.payment_id]],
      );
      expect(txns.rows).toEqual([
        {
          payment_id: ab.payment_id,
          debtor_partner_id: a.partnerId,
          beneficiary_partner_id: b.partnerId,
          amount: '1200',
        },
        {
          payment_id: ba.payment_id,
          debtor_partner_id: b.partnerId,
          beneficiary_partner_id: a.partnerId,
          amount: '3400',
        },
      ]);
    });
  });

  it('pull across organizations: the debtor’s side authorizes or refuses the creditor’s request', async () => {
    const [a, b] = await linkedBanks();
    // a (the creditor) asks b's customer to pay.
    const ok = pullBody(a, `payer@${b.domain}`, '2750');
    const okSub = await createAndSubmit(a, ok);
    expect(okSub).toMatchObject({ workflow: 'pull.v1', status: 1, partner_id: a.partnerId });
    const [auth] = await admissionTasks(a, ok.payment_id, okSub.admission_id);
    expect(auth).toMatchObject({
      name: 'debtor_authorization',
      workflow: 'pull.v1',
      assignee: 2,
      partner_id: b.partnerId,
      organization_id: b.orgId,
      status: 1,
      status_reason: 0,
    });
    expect(await pendingQueue(b)).toEqual([
      [ok.payment_id, 'debtor_authorization', 2, b.partnerId, b.orgId, { currency: 'USD', total: '2750' }],
    ]);
    expect(await pendingQueue(a)).toEqual([]);
    // The debtor's side reads the request; the creditor cannot authorize it for the debtor.
    expect((await api('GET', `/payments/${ok.payment_id}`, b.key)).body.data).toMatchObject({
      payment_type: 'Type_Pull',
      partner_id: a.partnerId,
    });
    expectError(
      await workTask(a, ok.payment_id, okSub.admission_id, auth!.token, COMPLETED),
      404,
      'error.not_found',
    );
    expect(
      (await workTask(b, ok.payment_id, okSub.admission_id, auth!.token, COMPLETED)).body.data,
    ).toMatchObject({ status: 2, status_reason: 1 });
    expect((await api('GET', `/payments/${ok.payment_id}/submissions`, a.key)).body.data).toMatchObject({
      status: 3,
      status_name: 'admitted',
    });
    const lines = [
      ['TD_Credit', a.partnerId, '2750', 'TT_PAYMENT'],
      ['TD_Debit', b.partnerId, '2750', 'TT_PAYMENT'],
    ];
    expect(await transactionLines(a, ok.payment_id)).toEqual(lines);
    expect(await transactionLines(b, ok.payment_id)).toEqual(lines);

    // A second request refused by the debtor's side: rejected, the exception blames the debtor.
    const refused = pullBody(a, `payer@${b.domain}`, '990');
    const refusedSub = await createAndSubmit(a, refused);
    const [auth2] = await admissionTasks(b, refused.payment_id, refusedSub.admission_id);
    expect(
      (
        await workTask(b, refused.payment_id, refusedSub.admission_id, auth2!.token, {
          status: 'failed',
          status_reason: 'insufficient_funds',
        })
      ).body.data,
    ).toMatchObject({
      status: 3,
      status_reason: 11,
    });
    for (const bank of [a, b]) {
      expect(
        (await api('GET', `/payments/${refused.payment_id}/submissions`, bank.key)).body.data,
      ).toMatchObject({ status: 4, status_name: 'rejected', transaction_id: null });
      const exc = await api('GET', `/payments/${refused.payment_id}/exceptions`, bank.key);
      expect(exc.body.data.count).toBe(1);
      expect(exc.body.data.exceptions[0]).toMatchObject({
        record_type: 'PaymentSubmission',
        exception_code: 'INSUFFICIENT_FUNDS',
        blame: 'debtor_party',
        partner_id: a.partnerId,
      });
      expect((await api('GET', `/payments/${refused.payment_id}/transactions`, bank.key)).body.data).toEqual({
        count: 0,
        transactions: [],
      });
    }
  });
});

describe('tenant isolation across organizations', () => {
  it('a stranger gets 404 on the payment, its transactions and its admission’s tasks, as for an unknown id', async () => {
    const a = await createBank();
    const b = await createBank();
    const stranger = await createBank();
    await link(a, b);
    const body = pushBody(a, `bob@${b.domain}`, '4321');
    const sub = await createAndSubmit(a, body);
    const [task] = await admissionTasks(b, body.payment_id, sub.admission_id);
    expect((await workTask(b, body.payment_id, sub.admission_id, task!.token, COMPLETED)).status).toBe(200);
    const txnId = (await api('GET', `/payments/${body.payment_id}/submissions`, a.key)).body.data
      .transaction_id;
    expect(txnId).toMatch(/^txn_/);
    const paths = [
      `/payments/${body.payment_id}`,
      `/payments/${body.payment_id}/transactions`,
      `/payments/${body.payment_id}/admissions/${sub.admission_id}/tasks`,
    ];
    // Both parties read all three.
    for (const bank of [a, b])
      for (const p of paths) expect((await api('GET', p, bank.key)).status, p).toBe(200);
    // The stranger reads none, with the same answer as for a payment that does not exist.
    for (const p of paths) {
      const res = await api('GET', p, stranger.key);
      expectError(res, 404, 'error.not_found');
      expect(res.body.message).toBe(`Payment ${body.payment_id} not found`);
      const unknown = await api('GET', p.replace(body.payment_id, `${body.payment_id}-x`), stranger.key);
      expect(unknown.body).toEqual({
        code: 'error.not_found',
        message: `Payment ${body.payment_id}-x not found`,
      });
    }
    expectError(
      await api('GET', `/payments/${body.payment_id}/transactions/${txnId}`, stranger.key),
      404,
      'error.not_found',
    );
    expect((await api('GET', '/payments', stranger.key)).body.data).toEqual(listAnswer(0, { payments: [] }));
    expect((await api('GET', '/tasks', stranger.key)).body.data).toEqual(listAnswer(0, { tasks: [] }));
  });
});

describe('ownership and links', () => {
  it('a pull whose beneficiary belongs to another namespace is 400, linked or not', async () => {
    const bank = await createBank();
    const linked = await createBank();
    const unlinked = await createBank();
    await link(bank, linked);
    for (const other of [linked, unlinked]) {
      const body = pullBody(bank, ALICE, '100', {
        beneficiary_party: { payment_address: `shop@${other.domain}` },
      });
      const res = await api('POST', '/payments', { ...bank.key, body });
      expectError(res, 400, 'error.bad_request');
      expect(res.body.message).toBe(
        `beneficiary_party.payment_address must belong to this namespace (${bank.domain}) for a Type_Pull payment`,
      );
    }
    // The mirror: a push whose debtor is the other namespace's.
    const push = await api('POST', '/payments', { ...bank.key, body: pushBody(linked, ALICE, '100') });
    expect(push.body.message).toBe(
      `debtor_party.payment_address must belong to this namespace (${bank.domain}) for a Type_Push payment`,
    );
    expect((await api('GET', '/payments', bank.key)).body.data.count).toBe(0);
    // A pull from the own namespace is accepted.
    expect((await api('POST', '/payments', { ...bank.key, body: pullBody(bank, ALICE, '100') })).status).toBe(
      200,
    );
  });

  it('a suspended link refuses new payments both ways, and submissions of earlier ones, with 400 until it is resumed', async () => {
    const a = await createBank();
    const b = await createBank();
    const theLink = await link(a, b);
    const before = await api('POST', '/payments', { ...a.key, body: pushBody(a, `bob@${b.domain}`, '500') });
    expect(before.status, before.text).toBe(200);
    const suspended = await api('PUT', `/link/${theLink.token}`, {
      token: b.token,
      partner: b.partnerId,
      body: { action: 'suspend' },
    });
    expect(suspended.body.data.status).toBe('suspended');

    const push = await api('POST', '/payments', { ...a.key, body: pushBody(a, `bob@${b.domain}`, '500') });
    expectError(push, 400, 'error.bad_request');
    expect(push.body.message).toBe(`No established link between ${a.domain} and ${b.domain}`);
    const pull = await api('POST', '/payments', { ...b.key, body: pullBody(b, `ann@${a.domain}`, '500') });
    expectError(pull, 400, 'error.bad_request');
    expect(pull.body.message).toBe(`No established link between ${b.domain} and ${a.domain}`);
    // A payment made before the suspension cannot be submitted while it lasts: nothing is written.
    const early = await api('POST', `/payments/${before.body.data.payment_id}/submissions`, a.key);
    expectError(early, 400, 'error.bad_request');
    expect(early.body.message).toBe(`No established link between ${a.domain} and ${b.domain}`);
    expect((await api('GET', `/payments/${before.body.data.payment_id}/submissions`, a.key)).status).toBe(
      404,
    );
    expect((await api('GET', '/payments', a.key)).body.data.count).toBe(1);
    expect((await api('GET', '/payments', b.key)).body.data.count).toBe(1);
    // The Sandbox Bank's link is untouched.
    expect((await api('POST', '/payments', { ...a.key, body: pushBody(a, ALICE, '500') })).status).toBe(200);

    expect(
      (
        await api('PUT', `/link/${theLink.token}`, {
          token: a.token,
          partner: a.partnerId,
          body: { action: 'resume' },
        })
      ).body.data.status,
    ).toBe('established');
    const again = await api('POST', '/payments', { ...a.key, body: pushBody(a, `bob@${b.domain}`, '500') });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.partner_id).toBe(a.partnerId);
    const resumed = await api('POST', `/payments/${before.body.data.payment_id}/submissions`, a.key);
    expect(resumed.status, resumed.text).toBe(200);
  });
});

describe('payment_id is unique per namespace, not across the network', () => {
  it('two namespaces create the same payment_id and each reads its own', async () => {
    const a = await createBank();
    const b = await createBank();
    const id = `shared-${crypto.randomUUID()}`;
    const fromA = await api('POST', '/payments', {
      ...a.key,
      body: pushBody(a, ALICE, '111', { payment_id: id }),
    });
    const fromB = await api('POST', '/payments', {
      ...b.key,
      body: pushBody(b, ALICE, '222', { payment_id: id }),
    });
    expect(fromA.status, fromA.text).toBe(200);
    expect(fromB.status, fromB.text).toBe(200);
    expect((await api('GET', `/payments/${id}`, a.key)).body.data).toEqual({
      ...fromA.body.data,
      returned_amount: '0',
    });
    expect((await api('GET', `/payments/${id}`, b.key)).body.data).toEqual({
      ...fromB.body.data,
      returned_amount: '0',
    });
    expect(fromA.body.data).toMatchObject({ partner_id: a.partnerId, amount: { total: '111' } });
    expect(fromB.body.data).toMatchObject({ partner_id: b.partnerId, amount: { total: '222' } });
    // Within one namespace it stays unique.
    expectError(
      await api('POST', '/payments', { ...a.key, body: pushBody(a, ALICE, '333', { payment_id: id }) }),
      409,
      'error.conflict',
    );
    await withSql(async (c) => {
      const rows = await c.query(
        'SELECT partner_id, amount_minor::text AS amount FROM payments WHERE payment_id = $1 ORDER BY amount_minor',
        [id],
      );
      expect(rows.rows).toEqual([
        { partner_id: a.partnerId, amount: '111' },
        { partner_id: b.partnerId, amount: '222' },
      ]);
    });
  });

  it('a party to the counterparty’s payment of the same payment_id reads, submits and lists its own first', async () => {
    const a = await createBank();
    const b = await createBank();
    // b pays a customer of c, whose task waits for a person: the Sandbox Bank would answer it
    // 300 ms after the submission, and the list below would see it admitted on a slow machine.
    const c = await createBank();
    await link(a, b);
    await link(b, c);
    const id = `shared-${crypto.randomUUID()}`;
    const aToB = await api('POST', '/payments', {
      ...a.key,
      body: pushBody(a, `bob@${b.domain}`, '700', { payment_id: id }),
    });
    expect(aToB.status, aToB.text).toBe(200);
    // b is party to a's payment; it reads that one until it has its own.
    expect((await api('GET', `/payments/${id}`, b.key)).body.data.partner_id).toBe(a.partnerId);
    const own = await api('POST', '/payments', {
      ...b.key,
      body: pushBody(b, `carol@${c.domain}`, '800', { payment_id: id }),
    });
    expect(own.status, own.text).toBe(200);
    expect((await api('GET', `/payments/${id}`, b.key)).body.data).toEqual({
      ...own.body.data,
      returned_amount: '0',
    });
    expect((await api('GET', `/payments/${id}`, a.key)).body.data).toEqual({
      ...aToB.body.data,
      returned_amount: '0',
    });

    const sub = await api('POST', `/payments/${id}/submissions`, b.key);
    expect(sub.body.data).toMatchObject({
      partner_id: b.partnerId,
      workflow: 'push.v1',
      relationships: { payment: { partner_id: b.partnerId, amount: { total: '800' } } },
    });
    // a's payment of that id is still unsubmitted.
    const aSub = await api('GET', `/payments/${id}/submissions`, a.key);
    expectError(aSub, 404, 'error.not_found');
    expect(aSub.body.message).toBe(`Payment ${id} has not been submitted`);
    // b's list holds both: its own and the one it is party to.
    const listed = await api('GET', `/payments?payment_id=${id}`, b.key);
    expect(listed.body.data.count).toBe(2);
    expect(
      listed.body.data.payments.map((p: any) => [p.partner_id, p.amount.total, p.submission_status]).sort(),
    ).toEqual(
      [
        [a.partnerId, '700', null],
        [b.partnerId, '800', 1],
      ].sort(),
    );
    expect(
      (await api('GET', `/payments?payment_id=${id}`, a.key)).body.data.payments.map(
        (p: any) => p.partner_id,
      ),
    ).toEqual([a.partnerId]);
  });
});
