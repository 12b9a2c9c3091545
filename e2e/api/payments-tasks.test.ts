import { describe, expect, it } from 'vitest';
import { api, expectError, withSql, listAnswer } from './helpers';
import {
  admissionTasks,
  ALICE,
  COMPLETED,
  createAndSubmit,
  createBank,
  linkedBanks,
  pushBody,
  waitForStatus,
  workTask,
  type Bank,
} from './payments-helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setPartner(bank: Bank, patch: Record<string, unknown>) {
  const res = await api('PATCH', `/partner/${bank.partnerId}`, { token: bank.token, body: patch });
  expect(res.status, res.text).toBe(200);
}

describe('GET /api/v1/csp/tasks (the namespace’s queue)', () => {
  it('lists soonest payment expiry first, pages, and refuses bad values with the envelope', async () => {
    const bank = await createBank();
    // Every payment gets a compliance_review in the bank's own queue; the Sandbox Bank works only its own task.
    await setPartner(bank, { review_threshold: '1' });
    const late = pushBody(bank, ALICE, '1000'); // default TTL: 24 h
    await createAndSubmit(bank, late);
    await setPartner(bank, { payment_ttl_seconds: 3600 });
    const soonest = pushBody(bank, ALICE, '2000');
    await createAndSubmit(bank, soonest);
    await setPartner(bank, { payment_ttl_seconds: 7200 });
    const middle = pushBody(bank, ALICE, '3000');
    await createAndSubmit(bank, middle);

    const all = await api('GET', '/tasks', bank.key);
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBe(3);
    const tasks = all.body.data.tasks;
    expect(
      tasks.map((t: any) => [t.payment_id, t.name, t.status, t.submission_status, t.amount.total]),
    ).toEqual([
      [soonest.payment_id, 'compliance_review', 1, 1, '2000'],
      [middle.payment_id, 'compliance_review', 1, 1, '3000'],
      [late.payment_id, 'compliance_review', 1, 1, '1000'],
    ]);
    expect(tasks[0].expires_at).toBeLessThan(tasks[1].expires_at);
    expect(tasks[1].expires_at).toBeLessThan(tasks[2].expires_at);
    expect(
      (await api('GET', '/tasks?status=pending&name=compliance_review', bank.key)).body.data.tasks,
    ).toEqual(tasks);

    const page2 = await api('GET', '/tasks?limit=1&page=2', bank.key);
    expect(page2.body.data).toEqual(listAnswer(3, { tasks: [tasks[1]] }, { more: true, before: true }));
    expect((await api('GET', '/tasks?limit=2&page=2', bank.key)).body.data).toEqual(
      listAnswer(3, { tasks: [tasks[2]] }, { before: true }),
    );
    expect((await api('GET', '/tasks?limit=1&page=4', bank.key)).body.data).toEqual(
      listAnswer(3, { tasks: [] }),
    );
    expect((await api('GET', '/tasks?status=completed', bank.key)).body.data).toEqual(
      listAnswer(0, { tasks: [] }),
    );
    expect((await api('GET', '/tasks?name=beneficiary_admission', bank.key)).body.data).toEqual(
      listAnswer(0, { tasks: [] }),
    );

    for (const [q, message] of [
      ['status=bogus', /status must be pending, completed, failed or on_hold/],
      ['status=PENDING', /status must be pending, completed, failed or on_hold/],
      ['limit=0', /limit must be an integer from 1 to 100/],
      ['limit=101', /limit must be an integer from 1 to 100/],
      ['limit=1.5', /limit must be an integer from 1 to 100/],
      ['page=0', /page must be an integer ≥ 1/],
      ['page=two', /page must be an integer ≥ 1/],
    ] as const) {
      const res = await api('GET', `/tasks?${q}`, bank.key);
      expectError(res, 400, 'error.bad_request');
      expect(res.body.message, q).toMatch(message);
      // The envelope, naming the query parameter at fault.
      expect(res.body).toEqual({
        code: 'error.bad_request',
        message: expect.any(String),
        field: q.split('=')[0],
      });
    }
  });
});

describe('GET /api/v1/csp/payments with a creation range', () => {
  it('returns exactly the payments created within the inclusive Unix-second bounds', async () => {
    const bank = await createBank();
    const created: Array<{ id: string; second: number }> = [];
    for (const total of ['100', '200', '300']) {
      if (created.length) await sleep(1100); // each payment in a later second than the previous one
      const body = pushBody(bank, ALICE, total);
      const res = await api('POST', '/payments', { ...bank.key, body });
      expect(res.status, res.text).toBe(200);
      created.push({
        id: body.payment_id,
        second: Math.floor(Date.parse(res.body.data.initiated_at) / 1000),
      });
    }
    const [p1, p2, p3] = created as [(typeof created)[0], (typeof created)[0], (typeof created)[0]];
    expect(p1.second).toBeLessThan(p2.second);
    expect(p2.second).toBeLessThan(p3.second);
    const ids = async (q: string) => {
      const res = await api('GET', `/payments?${q}`, bank.key);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.count).toBe(res.body.data.payments.length);
      return res.body.data.payments.map((p: any) => p.payment_id);
    };
    // Newest first; both bounds take their whole second.
    expect(await ids(`created_from=${p2.second}&created_to=${p2.second}`)).toEqual([p2.id]);
    expect(await ids(`created_from=${p2.second}`)).toEqual([p3.id, p2.id]);
    expect(await ids(`created_to=${p2.second}`)).toEqual([p2.id, p1.id]);
    expect(await ids(`created_from=${p1.second}&created_to=${p3.second}`)).toEqual([p3.id, p2.id, p1.id]);
    expect(await ids(`created_from=${p3.second + 1}`)).toEqual([]);
    expect(await ids(`created_to=${p1.second - 1}`)).toEqual([]);
    const paged = await api(
      'GET',
      `/payments?created_from=${p1.second}&created_to=${p3.second}&limit=1&page=3`,
      bank.key,
    );
    expect([paged.body.data.count, paged.body.data.payments.map((p: any) => p.payment_id)]).toEqual([
      3,
      [p1.id],
    ]);
    for (const q of ['created_from=-1', 'created_to=1.5', 'created_to=tomorrow'])
      expectError(await api('GET', `/payments?${q}`, bank.key), 400, 'error.bad_request');
  });
});

describe('bad input on submissions, tasks and transactions', () => {
  it('refuses writes without idempotency-key and answers 404 for unknown tasks, admissions and transactions', async () => {
    const bank = await createBank();
    await setPartner(bank, { review_threshold: '1' });
    const body = pushBody(bank, ALICE, '1000');

    const noKeyCreate = await api('POST', '/payments', { ...bank.key, body, idempotencyKey: false });
    expectError(noKeyCreate, 400, 'error.bad_request');
    expect(noKeyCreate.body.message).toBe('Missing required header idempotency-key');
    expectError(await api('GET', `/payments/${body.payment_id}`, bank.key), 404, 'error.not_found');
    expect((await api('POST', '/payments', { ...bank.key, body })).status).toBe(200);

    const noKeySubmit = await api('POST', `/payments/${body.payment_id}/submissions`, {
      ...bank.key,
      idempotencyKey: false,
    });
    expectError(noKeySubmit, 400, 'error.bad_request');
    expect(noKeySubmit.body.message).toBe('Missing required header idempotency-key');
    expect((await api('GET', `/payments/${body.payment_id}/submissions`, bank.key)).body.message).toBe(
      `Payment ${body.payment_id} has not been submitted`,
    );

    const sub = (await api('POST', `/payments/${body.payment_id}/submissions`, bank.key)).body.data;
    const review = (await admissionTasks(bank, body.payment_id, sub.admission_id)).find(
      (t) => t.name === 'compliance_review',
    )!;
    const noKeyTask = await workTask(bank, body.payment_id, sub.admission_id, review.token, COMPLETED, {
      idempotencyKey: false,
    });
    expectError(noKeyTask, 400, 'error.bad_request');
    expect(noKeyTask.body.message).toBe('Missing required header idempotency-key');
    expect(
      (await admissionTasks(bank, body.payment_id, sub.admission_id)).find(
        (t) => t.name === 'compliance_review',
      ),
    ).toMatchObject({ status: 1, status_reason: 0 });

    // Unknown task, admission and payment in the task's path.
    const unknownTask = await workTask(bank, body.payment_id, sub.admission_id, 'task_unknown', COMPLETED);
    expect(unknownTask.body).toEqual({ code: 'error.not_found', message: 'Task task_unknown not found' });
    expect(unknownTask.status).toBe(404);
    expectError(
      await workTask(bank, body.payment_id, 'adm_unknown', review.token, COMPLETED),
      404,
      'error.not_found',
    );
    expectError(
      await workTask(bank, 'no-such-payment', sub.admission_id, review.token, COMPLETED),
      404,
      'error.not_found',
    );
    const unknownAdmission = await api(
      'GET',
      `/payments/${body.payment_id}/admissions/adm_unknown/tasks`,
      bank.key,
    );
    expect(unknownAdmission.status).toBe(404);
    expect(unknownAdmission.body).toEqual({
      code: 'error.not_found',
      message: 'Admission adm_unknown not found',
    });
    expectError(
      await api('GET', `/payments/no-such-payment/admissions/${sub.admission_id}/tasks`, bank.key),
      404,
      'error.not_found',
    );
    // None of these touched the task.
    expect(
      (await admissionTasks(bank, body.payment_id, sub.admission_id)).find(
        (t) => t.name === 'compliance_review',
      ),
    ).toMatchObject({ status: 1, status_reason: 0, updated_by: null });

    // Transactions: an unknown one, an unknown payment, ids over their length.
    expect((await api('GET', `/payments/${body.payment_id}/transactions`, bank.key)).body.data).toEqual({
      count: 0,
      transactions: [],
    });
    const unknownTxn = await api('GET', `/payments/${body.payment_id}/transactions/txn_unknown`, bank.key);
    expect(unknownTxn.status).toBe(404);
    expect(unknownTxn.body).toEqual({
      code: 'error.not_found',
      message: 'Transaction txn_unknown not found',
    });
    expectError(await api('GET', '/payments/no-such-payment/transactions', bank.key), 404, 'error.not_found');
    const longId = await api('GET', `/payments/${'p'.repeat(129)}/transactions`, bank.key);
    expectError(longId, 400, 'error.bad_request');
    expect(longId.body.message).toMatch(/payment_id/);
    const longTxn = await api('GET', `/payments/${body.payment_id}/transactions/${'t'.repeat(65)}`, bank.key);
    expectError(longTxn, 400, 'error.bad_request');
    expect(longTxn.body.message).toMatch(/transaction_id/);
    expectError(
      await api('GET', `/payments/${body.payment_id}/admissions/${'a'.repeat(65)}/tasks`, bank.key),
      400,
      'error.bad_request',
    );
  });
});

describe('task transitions over HTTP with an open submission', () => {
  /** a pays b with a compliance review: b's beneficiary_admission and a's compliance_review, both pending. */
  async function twoTasks(a: Bank, b: Bank, total: string) {
    const body = pushBody(a, `bob@${b.domain}`, total);
    const sub = await createAndSubmit(a, body);
    const admission = (await admissionTasks(a, body.payment_id, sub.admission_id)).sort((x, y) =>
      x.name.localeCompare(y.name),
    );
    expect(admission.map((t) => [t.name, t.partner_id, t.status])).toEqual([
      ['beneficiary_admission', b.partnerId, 1],
      ['compliance_review', a.partnerId, 1],
    ]);
    const [beneficiary, review] = admission as [(typeof admission)[0], (typeof admission)[0]];
    const submission = async () =>
      (await api('GET', `/payments/${body.payment_id}/submissions`, a.key)).body.data;
    return { id: body.payment_id, adm: sub.admission_id as string, beneficiary, review, submission };
  }

  it('keeps each change of a task in its history; a same-answer repeat adds none', async () => {
    const [a, b] = await linkedBanks();
    await setPartner(a, { review_threshold: '1' });
    const pay = await twoTasks(a, b, '5400');
    expect(pay.review.history).toEqual([]);
    // Changes made with the API key are by the key (its token).
    const keys = await api('GET', '/apikey', { token: a.token, partner: a.partnerId });
    expect(keys.body.data.api_keys.map((k: any) => k.name)).toEqual(['core']);
    const keyId: string = keys.body.data.api_keys[0].token;

    const held = await workTask(a, pay.id, pay.adm, pay.review.token, {
      status: 'on_hold',
      status_reason: 'business_reasons',
      note: 'source of funds',
    });
    expect(held.status, held.text).toBe(200);
    const onHold = {
      status: 4,
      status_name: 'on_hold',
      status_reason: 9,
      status_reason_name: 'business_reasons',
      note: 'source of funds',
      updated_by: keyId,
      at: held.body.data.modified_on,
    };
    expect(held.body.data.history).toEqual([onHold]);
    // Seconds apart, so the two entries' times differ.
    await sleep(1100);
    const done = await workTask(a, pay.id, pay.adm, pay.review.token, COMPLETED);
    expect(done.status, done.text).toBe(200);
    const completed = {
      status: 2,
      status_name: 'completed',
      status_reason: 1,
      status_reason_name: 'accepted',
      note: null,
      updated_by: keyId,
      at: done.body.data.modified_on,
    };
    expect(completed.at).toBeGreaterThan(onHold.at);
    expect(done.body.data).toMatchObject({
      status: 2,
      status_name: 'completed',
      status_reason: 1,
      status_reason_name: 'accepted',
      note: null,
      updated_by: keyId,
    });
    expect(done.body.data.history).toEqual([onHold, completed]);
    // The answer reads exactly like a later read, key order of the entries included.
    const read = (await admissionTasks(a, pay.id, pay.adm)).find((t) => t.token === pay.review.token)!;
    expect(read).toEqual(done.body.data);
    expect(JSON.stringify(read.history)).toBe(JSON.stringify(done.body.data.history));
    const queue = await api('GET', '/tasks?status=completed', a.key);
    expect(queue.body.data.tasks.map((t: any) => [t.token, t.history])).toEqual([
      [pay.review.token, [onHold, completed]],
    ]);

    // The same final answer again: unchanged, no event, nothing appended.
    const repeat = await workTask(a, pay.id, pay.adm, pay.review.token, COMPLETED);
    expect(repeat.status, repeat.text).toBe(200);
    expect(repeat.body.data).toEqual(done.body.data);
    // The counterparty's task, never changed, keeps an empty history.
    expect(
      (await admissionTasks(b, pay.id, pay.adm)).find((t) => t.token === pay.beneficiary.token)!.history,
    ).toEqual([]);

    // The rows and the events (where the suite can read the database: PostgreSQL). A stored
    // entry also keeps how other organizations see the actor (its namespace and role).
    const namespace = (await api('GET', `/partner/${a.partnerId}`, { token: a.token })).body.data.name;
    // The names of the codes are the answer's, not stored with the entry.
    const stored = ({ status_name: _s, status_reason_name: _r, ...entry }: Record<string, unknown>) => ({
      ...entry,
      updated_by_label: `${namespace} (API key)`,
    });
    await withSql(async (c) => {
      const rows = await c.query(
        'SELECT id, history FROM admission_tasks WHERE payment_id = $1 ORDER BY name',
        [pay.id],
      );
      expect(rows.rows).toEqual([
        { id: pay.beneficiary.token, history: [] },
        { id: pay.review.token, history: [stored(onHold), stored(completed)] },
      ]);
      const events = await c.query(
        `SELECT data->'task'->'history' AS history, data->'task'->>'status_name' AS status_name,
           data->'task'->>'status_reason_name' AS reason FROM events
         WHERE type = 'admission_task.updated' AND data->'task'->>'token' = $1 ORDER BY created_at, id`,
        [pay.review.token],
      );
      // One event per real change, each carrying the history up to it, the codes with their names.
      expect(events.rows).toEqual([
        { history: [onHold], status_name: 'on_hold', reason: 'business_reasons' },
        { history: [onHold, completed], status_name: 'completed', reason: 'accepted' },
      ]);
    });
  });

  it('on_hold → completed admits, on_hold → failed rejects, completed → failed is 409', async () => {
    const [a, b] = await linkedBanks();
    await setPartner(a, { review_threshold: '1' });

    // on_hold → completed: the last open task, so the payment is admitted in the same write.
    const one = await twoTasks(a, b, '5100');
    expect((await workTask(b, one.id, one.adm, one.beneficiary.token, COMPLETED)).body.data.status).toBe(2);
    expect((await one.submission()).status).toBe(1);
    const held = await workTask(a, one.id, one.adm, one.review.token, {
      status: 'on_hold',
      status_reason: 'business_reasons',
      note: 'source of funds',
    });
    expect(held.body.data).toMatchObject({ status: 4, status_reason: 9, note: 'source of funds' });
    expect(await one.submission()).toMatchObject({ status: 2, status_name: 'on_hold' });
    const released = await workTask(a, one.id, one.adm, one.review.token, COMPLETED);
    expect(released.status, released.text).toBe(200);
    expect(released.body.data).toMatchObject({ status: 2, status_reason: 1, note: null });
    const admitted = await one.submission();
    expect(admitted).toMatchObject({
      status: 3,
      status_name: 'admitted',
      transaction_id: expect.stringMatching(/^txn_/),
    });
    expect(
      (await api('GET', `/payments/${one.id}/transactions`, a.key)).body.data.transactions.map(
        (t: any) => t.transaction_id,
      ),
    ).toEqual([admitted.transaction_id]);

    // on_hold → failed: rejected with the reason's exception; the counterparty's task can no longer change.
    const two = await twoTasks(a, b, '5200');
    expect(
      (
        await workTask(a, two.id, two.adm, two.review.token, {
          status: 'on_hold',
          status_reason: 'business_reasons',
        })
      ).body.data.status,
    ).toBe(4);
    expect((await two.submission()).status).toBe(2);
    const failed = await workTask(a, two.id, two.adm, two.review.token, {
      status: 'failed',
      status_reason: 'blocked_account',
      note: 'sanctions hit',
    });
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.data).toMatchObject({ status: 3, status_reason: 7, note: 'sanctions hit' });
    expect(await two.submission()).toMatchObject({
      status: 4,
      status_name: 'rejected',
      transaction_id: null,
    });
    const exc = (await api('GET', `/payments/${two.id}/exceptions`, b.key)).body.data;
    expect(exc.count).toBe(1);
    expect(exc.exceptions[0]).toMatchObject({
      exception_code: 'BLOCKED_ACCOUNT',
      blame: 'debtor_party',
      record_type: 'PaymentSubmission',
    });
    const late = await workTask(b, two.id, two.adm, two.beneficiary.token, COMPLETED);
    expectError(late, 409, 'error.conflict');
    expect(late.body.message).toBe('The submission is already rejected');

    // completed → failed while the submission is still open: the task machine's own 409.
    const three = await twoTasks(a, b, '5300');
    expect((await workTask(a, three.id, three.adm, three.review.token, COMPLETED)).body.data.status).toBe(2);
    const reversed = await workTask(a, three.id, three.adm, three.review.token, {
      status: 'failed',
      status_reason: 'fraud_detected',
    });
    expectError(reversed, 409, 'error.conflict');
    expect(reversed.body.message).toBe('A task that is completed cannot become failed');
    const onHoldAgain = await workTask(a, three.id, three.adm, three.review.token, {
      status: 'on_hold',
      status_reason: 'business_reasons',
    });
    expect(onHoldAgain.body.message).toBe('A task that is completed cannot become on_hold');
    expect(await three.submission()).toMatchObject({ status: 1, status_name: 'pending' });
    expect((await api('GET', `/payments/${three.id}/exceptions`, a.key)).body.data).toEqual({
      count: 0,
      exceptions: [],
    });
    expect(
      (await admissionTasks(a, three.id, three.adm)).find((t) => t.name === 'compliance_review'),
    ).toMatchObject({ status: 2, status_reason: 1 });
    // The counterparty's completion then admits it.
    expect((await workTask(b, three.id, three.adm, three.beneficiary.token, COMPLETED)).status).toBe(200);
    expect((await three.submission()).status).toBe(3);

    await withSql(async (c) => {
      const count = async (token: string) =>
        (
          await c.query(
            "SELECT count(*)::int AS n FROM events WHERE type = 'admission_task.updated' AND data->'task'->>'token' = $1",
            [token],
          )
        ).rows[0].n;
      // One event per real change: on_hold then completed; on_hold then failed; completed (the refused moves wrote none).
      expect(await count(one.review.token)).toBe(2);
      expect(await count(two.review.token)).toBe(2);
      expect(await count(two.beneficiary.token)).toBe(0);
      expect(await count(three.review.token)).toBe(1);
      const exceptions = await c.query(
        'SELECT payment_id, exception_code FROM payment_exceptions WHERE payment_id = ANY($1)',
        [[one.id, two.id, three.id]],
      );
      expect(exceptions.rows).toEqual([{ payment_id: two.id, exception_code: 'BLOCKED_ACCOUNT' }]);
    });
  });

  it('a rejected or expired payment takes its open tasks out of the queue and the waiting figures', async () => {
    const [a, b] = await linkedBanks();
    await setPartner(a, { review_threshold: '1' });
    const queue = async (bank: Bank) =>
      (
        (await api('GET', '/tasks?status=pending&limit=100', bank.key)).body.data.tasks as Array<{
          token: string;
        }>
      ).map((t) => t.token);
    const waiting = async (bank: Bank) => (await api('GET', '/overview', bank.key)).body.data.tasks_waiting;

    // Rejected: a fails its review; b's admission task can no longer change, and leaves b's queue.
    const one = await twoTasks(a, b, '5400');
    expect(await queue(b)).toEqual([one.beneficiary.token]);
    expect(await waiting(b)).toEqual({ pending: 1, on_hold: 0 });
    const failed = await workTask(a, one.id, one.adm, one.review.token, {
      status: 'failed',
      status_reason: 'fraud_detected',
    });
    expect(failed.status, failed.text).toBe(200);
    expect(await queue(b)).toEqual([]);
    expect(await waiting(b)).toEqual({ pending: 0, on_hold: 0 });
    expect(await waiting(a)).toEqual({ pending: 0, on_hold: 0 });
    // Its own status is still DESIGN's (pending); the submission says why it is closed.
    expect(
      (await admissionTasks(b, one.id, one.adm)).find((t) => t.token === one.beneficiary.token),
    ).toMatchObject({
      status: 1,
    });
    expect((await one.submission()).status_name).toBe('rejected');

    // Expired: both tasks (b's admission, a's review on hold) leave both queues at the sweep.
    await setPartner(a, { payment_ttl_seconds: 5 });
    const two = await twoTasks(a, b, '5500');
    const held = await workTask(a, two.id, two.adm, two.review.token, {
      status: 'on_hold',
      status_reason: 'business_reasons',
    });
    expect(held.status, held.text).toBe(200);
    expect(await queue(b)).toEqual([two.beneficiary.token]);
    expect(await waiting(b)).toEqual({ pending: 1, on_hold: 0 });
    expect(await waiting(a)).toEqual({ pending: 0, on_hold: 1 });
    expect((await api('GET', '/tasks?status=on_hold', a.key)).body.data.count).toBe(1);
    await waitForStatus(a, two.id, [5], 20_000);
    expect(await queue(b)).toEqual([]);
    expect((await api('GET', '/tasks?status=on_hold', a.key)).body.data.count).toBe(0);
    expect(await waiting(b)).toEqual({ pending: 0, on_hold: 0 });
    expect(await waiting(a)).toEqual({ pending: 0, on_hold: 0 });
  });
});
