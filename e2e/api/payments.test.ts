import { describe, expect, it } from 'vitest';
import { api, expectError, keyAccess, uniq, withSql } from './helpers';
import { ALICE, createAndSubmit, createBank, link, pushBody, waitForStatus } from './payments-helpers';

describe('POST /api/v1/csp/payments', () => {
  it('creates a push payment with the spec shape', async () => {
    const bank = await createBank();
    const body = pushBody(bank, ALICE, '1050');
    const res = await api('POST', '/payments', { ...bank.key, body });
    expect(res.status).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({
      payment_id: body.payment_id,
      amount: { currency: 'USD', total: '1050' },
      payment_type: 'Type_Push',
      reference: 'invoice 42',
      organization_id: bank.orgId,
      partner_id: bank.partnerId,
      device: {},
      location: {},
      beneficiary_party: { payment_address: ALICE },
    });
    expect(Date.parse(p.expires_at) - Date.parse(p.initiated_at)).toBe(24 * 3600 * 1000);
    expect((await api('GET', `/payments/${body.payment_id}`, bank.key)).body.data).toEqual({
      ...p,
      returned_amount: '0',
    });
    expectError(await api('POST', '/payments', { ...bank.key, body }), 409, 'error.conflict');
  });

  it.each([
    ['a decimal amount', { amount: { currency: 'USD', total: '10.50' } }, /amount.total/],
    ['a negative amount', { amount: { currency: 'USD', total: '-5' } }, /amount.total/],
    ['a zero amount', { amount: { currency: 'USD', total: '0' } }, /amount.total/],
    ['an exponent', { amount: { currency: 'USD', total: '1e3' } }, /amount.total/],
    ['a number amount', { amount: { currency: 'USD', total: 1050 } }, /amount.total/],
    ['a bad currency', { amount: { currency: 'usd', total: '100' } }, /amount.currency/],
    [
      'a code ISO 4217 does not list',
      { amount: { currency: 'ZZZ', total: '100' } },
      /amount.currency: is not an ISO 4217 currency code/,
    ],
    ['the code for no currency', { amount: { currency: 'XXX', total: '100' } }, /amount.currency/],
    [
      'an amount past the largest payment',
      { amount: { currency: 'EUR', total: '1000000000000001' } },
      /amount.total: must be at most 1000000000000000 minor units/,
    ],
    [
      'the amounts that overflowed a cut-off',
      { amount: { currency: 'EUR', total: '999999999999999999' } },
      /amount.total: must be at most 1000000000000000 minor units/,
    ],
    ['an unknown payment_type', { payment_type: 'Type_Teleport' }, /payment_type/],
    [
      'an unknown party type',
      { debtor_party: { payment_address: 'x@y.test', type: 'Payer_Robot' } },
      /debtor_party.type/,
    ],
  ])('answers 400 for %s, naming the field', async (_l, over, field) => {
    const bank = await createBank();
    const res = await api('POST', '/payments', {
      ...bank.key,
      body: { ...pushBody(bank, ALICE, '100'), ...over },
    });
    expectError(res, 400, 'error.bad_request');
    expect(res.body.message).toMatch(field);
    expect((await api('GET', '/payments', bank.key)).body.data.count).toBe(0);
  });

  it('routes by domain: unknown domains, foreign debtors and unlinked namespaces are 400', async () => {
    const bank = await createBank();
    const other = await createBank();
    expectError(
      await api('POST', '/payments', {
        ...bank.key,
        body: pushBody(bank, `x@nowhere-${uniq()}.test`, '100'),
      }),
      400,
      'error.bad_request',
    );
    expectError(
      await api('POST', '/payments', { ...bank.key, body: pushBody(other, ALICE, '100') }),
      400,
      'error.bad_request',
    );
    const unlinked = await api('POST', '/payments', {
      ...bank.key,
      body: pushBody(bank, `bob@${other.domain}`, '100'),
    });
    expectError(unlinked, 400, 'error.bad_request');
    expect(unlinked.body.message).toMatch(/link/);
  });

  it('creates exactly one payment from 20 concurrent identical requests', async () => {
    const bank = await createBank();
    const body = pushBody(bank, ALICE, '777');
    const key = `idem-${uniq()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api('POST', '/payments', { ...bank.key, body, idempotencyKey: key })),
    );
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect((await api('GET', '/payments', bank.key)).body.data.count).toBe(1);
    await withSql(async (c) => {
      expect(
        (await c.query('SELECT count(*)::int AS n FROM payments WHERE partner_id = $1', [bank.partnerId]))
          .rows[0].n,
      ).toBe(1);
    });
  });

  it('needs transactions_write for creating and transactions_read for reading', async () => {
    const bank = await createBank();
    const ro = await api('POST', '/apikey', {
      token: bank.token,
      partner: bank.partnerId,
      body: {
        name: 'ro',
        access: keyAccess('customers_read', 'transactions_read'),
      },
    });
    const k = { apiKey: ro.body.data.secret_key, org: bank.orgId, partner: bank.partnerId };
    expectError(
      await api('POST', '/payments', { ...k, body: pushBody(bank, ALICE, '100') }),
      403,
      'error.forbidden',
    );
    expect((await api('GET', '/payments', k)).status).toBe(200);
  });
});

describe('the lifecycle with the Sandbox Bank', () => {
  it('push: submitted → beneficiary_admission completed by the Sandbox Bank → admitted with a balanced transaction', async () => {
    const bank = await createBank();
    const body = pushBody(bank, ALICE, '2500');
    const sub = await createAndSubmit(bank, body);
    expect(sub).toMatchObject({
      payment_id: body.payment_id,
      status: 1,
      workflow: 'push.v1',
      partner_id: bank.partnerId,
      transaction_id: null,
    });
    expect(sub.token).toMatch(/^sub_/);
    expect(typeof sub.submission_time).toBe('number');
    expect(typeof sub.relationships.payment.expires_at).toBe('number');
    const tasks = await api(
      'GET',
      `/payments/${body.payment_id}/admissions/${sub.admission_id}/tasks`,
      bank.key,
    );
    // Pending, or already completed when the Sandbox Bank's 300 ms passed before this read (a
    // loaded machine): never anything else.
    const [task] = tasks.body.data.tasks;
    expect(tasks.body.data.tasks).toHaveLength(1);
    expect(task).toMatchObject({ name: 'beneficiary_admission', assignee: 1 });
    expect([
      [1, 'pending', 0, 'none'],
      [2, 'completed', 1, 'accepted'],
    ]).toContainEqual([task.status, task.status_name, task.status_reason, task.status_reason_name]);

    const admitted = await waitForStatus(bank, body.payment_id, [3]);
    expect(admitted.transaction_id).toMatch(/^txn_/);
    const txn = await api(
      'GET',
      `/payments/${body.payment_id}/transactions/${admitted.transaction_id}`,
      bank.key,
    );
    expect(txn.status).toBe(200);
    expect(txn.body.data).toMatchObject({
      transaction_id: admitted.transaction_id,
      payment_id: body.payment_id,
      status: 2,
      status_name: 'processing',
    });
    expect(txn.body.data.approval_code).toMatch(/^[0-9A-F]{6}$/);
    const lines = txn.body.data.transaction_lines;
    expect(
      lines
        .map((l: any) => [l.direction, l.partner_id === bank.partnerId, l.amount.total, l.transaction_type])
        .sort(),
    ).toEqual([
      ['TD_Credit', false, '2500', 'TT_PAYMENT'],
      ['TD_Debit', true, '2500', 'TT_PAYMENT'],
    ]);
    expect((await api('GET', `/payments/${body.payment_id}/transactions`, bank.key)).body.data.count).toBe(1);
    expect((await api('GET', `/payments/${body.payment_id}/exceptions`, bank.key)).body.data).toEqual({
      count: 0,
      exceptions: [],
    });
    expectError(
      await api('POST', `/payments/${body.payment_id}/submissions`, bank.key),
      409,
      'error.conflict',
    );
    await withSql(async (c) => {
      const ev = await c.query('SELECT type FROM events WHERE partner_id = $1 ORDER BY seq', [
        bank.partnerId,
      ]);
      expect(ev.rows.map((r) => r.type)).toEqual([
        'link_established',
        'payment.created',
        'payment.submitted',
        'payment.admitted',
        'transaction.created',
      ]);
    });
  });

  it.each([
    ['01', 'INSUFFICIENT_FUNDS', 'debtor_party'],
    ['02', 'FRAUD_DETECTED', 'debtor_party'],
  ])('amount ending %s is rejected with exception %s blamed on %s', async (tail, code, blame) => {
    const bank = await createBank();
    const body = pushBody(bank, ALICE, `10${tail}`);
    await createAndSubmit(bank, body);
    await waitForStatus(bank, body.payment_id, [4]);
    const exc = await api('GET', `/payments/${body.payment_id}/exceptions`, bank.key);
    expect(exc.body.data.count).toBe(1);
    expect(exc.body.data.exceptions[0]).toMatchObject({
      payment_id: body.payment_id,
      record_type: 'PaymentSubmission',
      exception_code: code,
      blame,
      partner_id: bank.partnerId,
    });
    expect(exc.body.data.exceptions[0].relationships.payment.payment_id).toBe(body.payment_id);
  });

  it('amount ending 03 is put on hold', async () => {
    const bank = await createBank();
    const body = pushBody(bank, ALICE, '1003');
    await createAndSubmit(bank, body);
    const held = await waitForStatus(bank, body.payment_id, [2]);
    expect(held.status_name).toBe('on_hold');
  });

  it('pull: the creator owns the beneficiary; the Sandbox Bank authorizes as debtor', async () => {
    const bank = await createBank();
    const body = {
      ...pushBody(bank, ALICE, '900'),
      payment_type: 'Type_Pull',
      debtor_party: { payment_address: ALICE },
      beneficiary_party: { payment_address: `shop@${bank.domain}` },
    };
    const sub = await createAndSubmit(bank, body as any);
    expect(sub.workflow).toBe('pull.v1');
    const tasks = await api(
      'GET',
      `/payments/${body.payment_id}/admissions/${sub.admission_id}/tasks`,
      bank.key,
    );
    expect(tasks.body.data.tasks).toMatchObject([{ name: 'debtor_authorization', assignee: 2 }]);
    const admitted = await waitForStatus(bank, body.payment_id, [3]);
    const txn = await api(
      'GET',
      `/payments/${body.payment_id}/transactions/${admitted.transaction_id}`,
      bank.key,
    );
    const credit = txn.body.data.transaction_lines.find((l: any) => l.direction === 'TD_Credit');
    expect(credit.partner_id).toBe(bank.partnerId);
  });

  it('adds a compliance_review for the creator at the review threshold, and admits only when both are done', async () => {
    const bank = await createBank();
    await api('PATCH', `/partner/${bank.partnerId}`, {
      token: bank.token,
      body: { review_threshold: '5000' },
    });
    const small = pushBody(bank, ALICE, '4999');
    const smallSub = await createAndSubmit(bank, small);
    expect(
      (await api('GET', `/payments/${small.payment_id}/admissions/${smallSub.admission_id}/tasks`, bank.key))
        .body.data.count,
    ).toBe(1);

    const big = pushBody(bank, ALICE, '5000');
    const sub = await createAndSubmit(bank, big);
    const tasks = (
      await api('GET', `/payments/${big.payment_id}/admissions/${sub.admission_id}/tasks`, bank.key)
    ).body.data.tasks;
    expect(tasks.map((t: any) => t.name).sort()).toEqual(['beneficiary_admission', 'compliance_review']);
    const review = tasks.find((t: any) => t.name === 'compliance_review');
    expect(review).toMatchObject({ partner_id: bank.partnerId, assignee: 2 });
    // the Sandbox Bank completes its task; the payment waits for the review
    await new Promise((r) => setTimeout(r, 1200));
    expect((await api('GET', `/payments/${big.payment_id}/submissions`, bank.key)).body.data.status).toBe(1);
    const queue = await api('GET', '/tasks?status=pending&name=compliance_review', bank.key);
    expect(queue.body.data.tasks.map((t: any) => t.token)).toEqual([review.token]);
    const done = await api(
      'PUT',
      `/payments/${big.payment_id}/admissions/${sub.admission_id}/tasks/${review.token}`,
      { ...bank.key, body: { status: 'completed', status_reason: 'accepted' } },
    );
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 2, status_reason: 1 });
    expect((await waitForStatus(bank, big.payment_id, [3])).transaction_id).toMatch(/^txn_/);
  });
});

describe('PUT …/tasks/{task_id}: the task state machine', () => {
  async function reviewTask() {
    const bank = await createBank();
    await api('PATCH', `/partner/${bank.partnerId}`, { token: bank.token, body: { review_threshold: '1' } });
    const body = pushBody(bank, ALICE, '4242');
    const sub = await createAndSubmit(bank, body);
    const tasks = (
      await api('GET', `/payments/${body.payment_id}/admissions/${sub.admission_id}/tasks`, bank.key)
    ).body.data.tasks;
    const review = tasks.find((t: any) => t.name === 'compliance_review');
    const path = `/payments/${body.payment_id}/admissions/${sub.admission_id}/tasks/${review.token}`;
    return { bank, body, sub, review, path };
  }

  it('enforces reasons and transitions with exact answers', async () => {
    const { bank, path, body } = await reviewTask();
    const put = (b: unknown) => api('PUT', path, { ...bank.key, body: b });
    expectError(
      await put({ status: 'completed', status_reason: 'fraud_detected' }),
      400,
      'error.bad_request',
    );
    expectError(await put({ status: 'failed', status_reason: 'accepted' }), 400, 'error.bad_request');
    expectError(await put({ status: 'done', status_reason: 'accepted' }), 400, 'error.bad_request');
    expectError(await put({ status: 'failed', status_reason: 'because' }), 400, 'error.bad_request');
    expectError(await put({ status: 'pending', status_reason: 'accepted' }), 409, 'error.conflict');
    expect(
      (await put({ status: 'on_hold', status_reason: 'business_reasons', note: 'checking' })).body.data,
    ).toMatchObject({ status: 4, status_reason: 9, note: 'checking' });
    expect((await api('GET', `/payments/${body.payment_id}/submissions`, bank.key)).body.data.status).toBe(2);
    expect((await put({ status: 'pending', status_reason: 'accepted' })).body.data.status).toBe(1);
    const failed = await put({ status: 'failed', status_reason: 'regulatory_issues' });
    expect(failed.body.data).toMatchObject({ status: 3, status_reason: 14 });
    // the same final answer again: 200, unchanged; another one: 409
    expect((await put({ status: 'failed', status_reason: 'regulatory_issues' })).body.data.modified_on).toBe(
      failed.body.data.modified_on,
    );
    expectError(await put({ status: 'completed', status_reason: 'accepted' }), 409, 'error.conflict');
    expect((await api('GET', `/payments/${body.payment_id}/submissions`, bank.key)).body.data.status).toBe(4);
    const exc = (await api('GET', `/payments/${body.payment_id}/exceptions`, bank.key)).body.data.exceptions;
    expect(exc).toMatchObject([{ exception_code: 'REGULATORY_ISSUES', blame: 'system' }]);
  });

  it('gives 10 concurrent updates of one task one final state and one event', async () => {
    const { bank, path, review } = await reviewTask();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api('PUT', path, {
          ...bank.key,
          body:
            i % 2
              ? { status: 'failed', status_reason: 'business_reasons' }
              : { status: 'completed', status_reason: 'accepted' },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const finals = new Set(ok.map((r) => r.body.data.status));
    expect(finals.size).toBe(1);
    await withSql(async (c) => {
      const n = await c.query(
        "SELECT count(*)::int AS n FROM events WHERE type = 'admission_task.updated' AND data->'task'->>'token' = $1",
        [review.token],
      );
      expect(n.rows[0].n).toBe(1);
    });
  });

  it('hides tasks from everyone but the assignee (404)', async () => {
    const { path } = await reviewTask();
    const stranger = await createBank();
    expectError(
      await api('PUT', path, { ...stranger.key, body: { status: 'completed', status_reason: 'accepted' } }),
      404,
      'error.not_found',
    );
  });
});

describe('two organizations linked to each other', () => {
  it('pay each other and work each other’s tasks; strangers see nothing', async () => {
    const a = await createBank();
    const b = await createBank();
    const c = await createBank();
    await link(a, b);
    const body = pushBody(a, `bob@${b.domain}`, '12345');
    const sub = await createAndSubmit(a, body);
    // b sees the payment and the task in its queue
    expect((await api('GET', `/payments/${body.payment_id}`, b.key)).body.data.payment_id).toBe(
      body.payment_id,
    );
    const queue = await api('GET', '/tasks?status=pending', b.key);
    const task = queue.body.data.tasks.find((t: any) => t.payment_id === body.payment_id);
    expect(task).toMatchObject({
      name: 'beneficiary_admission',
      assignee: 1,
      amount: { currency: 'USD', total: '12345' },
    });
    // the creator cannot work the counterparty's task
    expectError(
      await api('PUT', `/payments/${body.payment_id}/admissions/${sub.admission_id}/tasks/${task.token}`, {
        ...a.key,
        body: { status: 'completed', status_reason: 'accepted' },
      }),
      404,
      'error.not_found',
    );
    const done = await api(
      'PUT',
      `/payments/${body.payment_id}/admissions/${sub.admission_id}/tasks/${task.token}`,
      { ...b.key, body: { status: 'completed', status_reason: 'accepted' } },
    );
    expect(done.status).toBe(200);
    const admitted = await waitForStatus(a, body.payment_id, [3]);
    expect(
      (await api('GET', `/payments/${body.payment_id}/transactions/${admitted.transaction_id}`, b.key))
        .status,
    ).toBe(200);
    // The submission by its id reads as the payment's submission, for both parties.
    for (const k of [a.key, b.key]) {
      const named = await api('GET', `/payments/${body.payment_id}/submissions/${sub.token}`, k);
      expect(named.status).toBe(200);
      expect(named.body).toEqual((await api('GET', `/payments/${body.payment_id}/submissions`, k)).body);
      expect(named.body.data).toMatchObject({
        token: sub.token,
        status: 3,
        transaction_id: admitted.transaction_id,
      });
    }
    expectError(
      await api('GET', `/payments/${body.payment_id}/submissions/sub_unknown`, a.key),
      404,
      'error.not_found',
    );

    // c is a stranger: every read is 404
    for (const p of [
      `/payments/${body.payment_id}`,
      `/payments/${body.payment_id}/submissions`,
      `/payments/${body.payment_id}/exceptions`,
      `/payments/${body.payment_id}/transactions/${admitted.transaction_id}`,
      `/payments/${body.payment_id}/submissions/${sub.token}`,
    ]) {
      expectError(await api('GET', p, c.key), 404, 'error.not_found');
    }
    expect((await api('GET', '/tasks', c.key)).body.data.count).toBe(0);
    // only the creator submits
    expectError(await api('POST', `/payments/${body.payment_id}/submissions`, b.key), 404, 'error.not_found');
  });
});

describe('submissions', () => {
  it('10 concurrent submissions create one submission', async () => {
    const bank = await createBank();
    const body = pushBody(bank, ALICE, '3100');
    expect((await api('POST', '/payments', { ...bank.key, body })).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => api('POST', `/payments/${body.payment_id}/submissions`, bank.key)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    results.filter((r) => r.status !== 200).forEach((r) => expectError(r, 409, 'error.conflict'));
    await withSql(async (c) => {
      expect(
        (await c.query('SELECT count(*)::int AS n FROM submissions WHERE payment_id = $1', [body.payment_id]))
          .rows[0].n,
      ).toBe(1);
    });
  });

  it('expires a submission past expires_at with a PAYMENT_EXPIRED exception', async () => {
    const bank = await createBank();
    await api('PATCH', `/partner/${bank.partnerId}`, {
      token: bank.token,
      body: { payment_ttl_seconds: 5, review_threshold: '1' },
    });
    const body = pushBody(bank, ALICE, '5000');
    await createAndSubmit(bank, body);
    const expired = await waitForStatus(bank, body.payment_id, [5], 15_000);
    expect(expired.status_name).toBe('expired');
    const exc = (await api('GET', `/payments/${body.payment_id}/exceptions`, bank.key)).body.data.exceptions;
    expect(exc).toMatchObject([{ exception_code: 'PAYMENT_EXPIRED', blame: 'system' }]);
  });

  it('answers 404 for an unknown payment and its submission', async () => {
    const bank = await createBank();
    expectError(await api('POST', '/payments/nope/submissions', bank.key), 404, 'error.not_found');
    expectError(await api('GET', '/payments/nope/submissions', bank.key), 404, 'error.not_found');
    const body = pushBody(bank, ALICE, '100');
    await api('POST', '/payments', { ...bank.key, body });
    expectError(
      await api('GET', `/payments/${body.payment_id}/submissions`, bank.key),
      404,
      'error.not_found',
    );
  });
});

describe('GET /api/v1/csp/payments (list)', () => {
  it('filters by status and paginates; bad filters are 400', async () => {
    const bank = await createBank();
    const a = pushBody(bank, ALICE, '1101');
    await createAndSubmit(bank, a);
    await api('POST', '/payments', { ...bank.key, body: pushBody(bank, ALICE, '200') });
    await waitForStatus(bank, a.payment_id, [4]);
    const rejected = await api('GET', '/payments?status=rejected', bank.key);
    expect(rejected.body.data.payments.map((p: any) => [p.payment_id, p.submission_status])).toEqual([
      [a.payment_id, 4],
    ]);
    expect((await api('GET', '/payments?status=unsubmitted', bank.key)).body.data.count).toBe(1);
    expect((await api('GET', '/payments?limit=1&page=2', bank.key)).body.data).toMatchObject({
      count: 2,
      payments: [{}],
    });
    for (const q of ['status=lost', 'limit=0', 'limit=101', 'page=0', 'created_from=yesterday']) {
      expectError(await api('GET', `/payments?${q}`, bank.key), 400, 'error.bad_request');
    }
  });
});
