import { beforeAll, describe, expect, it } from 'vitest';
import { api, dbKind, expectError, withSql } from './helpers';
import {
  admissionTasks,
  COMPLETED,
  createBank,
  link,
  pushBody,
  waitForStatus,
  workTask,
  type Bank,
} from './payments-helpers';

// Returns of funds over HTTP (DESIGN §12, docs/decisions.md "Returns"): a debtor's request for its
// money back, decided by the beneficiary's namespace through a return_request task, or a return the
// beneficiary makes on its own; each a payment in the other direction (TT_RETURN).

let a: Bank;
let b: Bank;
let stranger: Bank;

beforeAll(async () => {
  [a, b, stranger] = [await createBank(), await createBank(), await createBank()];
  await link(a, b);
});

/** A payment of A to B, admitted by B. */
async function admitted(total: string) {
  const body = pushBody(a, `payee@${b.domain}`, total);
  expect((await api('POST', '/payments', { ...a.key, body })).status).toBe(200);
  const sub = await api('POST', `/payments/${body.payment_id}/submissions`, a.key);
  const [task] = await admissionTasks(b, body.payment_id, sub.body.data.admission_id);
  expect(
    (await workTask(b, body.payment_id, sub.body.data.admission_id, task!.token, COMPLETED)).status,
  ).toBe(200);
  await waitForStatus(a, body.payment_id, [3]);
  return body.payment_id as string;
}

const ask = (who: Bank, paymentId: string, body: Record<string, unknown>) =>
  api('POST', `/payments/${paymentId}/returns`, { ...who.key, body });

/** The return_request task of a return, as B reads it. */
async function requestTask(returnId: string) {
  const sub = await api('GET', `/payments/${returnId}/submissions`, b.key);
  expect(sub.status, sub.text).toBe(200);
  const [task] = await admissionTasks(b, returnId, sub.body.data.admission_id);
  return { task: task!, admissionId: sub.body.data.admission_id as string };
}

describe('POST /api/v1/csp/payments/{payment_id}/returns', () => {
  it('a request by the debtor: a return_request task for the beneficiary, who accepts it; the money goes back', async () => {
    const paymentId = await admitted('5000');
    const req = await ask(a, paymentId, {
      amount: '5000',
      reason: 'AC03',
      note: 'wrong account, customer called',
    });
    expect(req.status, req.text).toBe(200);
    const ret = req.body.data;
    expect(ret).toEqual({
      token: expect.stringMatching(/^rtn_/),
      payment_id: paymentId,
      kind: 'request',
      direction: 'incoming',
      status: 'requested',
      amount: { currency: 'USD', total: '5000' },
      reason: 'AC03',
      reason_text: 'Wrong account',
      note: 'wrong account, customer called',
      refusal: null,
      debtor_partner_id: a.partnerId,
      beneficiary_partner_id: b.partnerId,
      transaction_id: null,
      task_id: expect.stringMatching(/^task_/),
      created_at: expect.any(Number),
      decided_at: null,
    });
    // The return is a payment in the other direction whose id is the return's.
    const payment = await api('GET', `/payments/${ret.token}`, b.key);
    expect(payment.body.data).toMatchObject({
      payment_id: ret.token,
      payment_type: 'Type_Pull',
      return_of: paymentId,
      amount: { currency: 'USD', total: '5000' },
      partner_id: a.partnerId,
    });
    // B sees it as outgoing, in its queue as a task of its own kind.
    expect((await api('GET', `/returns/${ret.token}`, b.key)).body.data.direction).toBe('outgoing');
    const { task, admissionId } = await requestTask(ret.token);
    expect(task).toMatchObject({
      name: 'return_request',
      workflow: 'return.v1',
      partner_id: b.partnerId,
      status: 1,
    });
    const queue = await api('GET', '/tasks?status=pending&name=return_request', b.key);
    expect(queue.body.data.tasks.map((t: { token: string }) => t.token)).toContain(task.token);
    // Only the beneficiary's side decides: A cannot see the task.
    expectError(await workTask(a, ret.token, admissionId, task.token, COMPLETED), 404, 'error.not_found');
    const accepted = await workTask(b, ret.token, admissionId, task.token, COMPLETED);
    expect(accepted.status, accepted.text).toBe(200);
    const after = (await api('GET', `/returns/${ret.token}`, a.key)).body.data;
    expect(after).toMatchObject({
      status: 'returned',
      transaction_id: expect.stringMatching(/^txn_/),
      refusal: null,
    });
    expect(after.decided_at).toEqual(expect.any(Number));
    const txn = await api('GET', `/payments/${ret.token}/transactions`, a.key);
    expect(
      txn.body.data.transactions[0].transaction_lines.map(
        (l: { transaction_type: string }) => l.transaction_type,
      ),
    ).toEqual(['TT_RETURN', 'TT_RETURN']);
    const ofPayment = await api('GET', `/payments/${paymentId}/returns`, a.key);
    expect(ofPayment.body.data).toMatchObject({
      payment_id: paymentId,
      returned_amount: '5000',
      returns: [{ token: ret.token, status: 'returned' }],
    });
    // The payment itself says so, to both sides, as a charge carries amount_refunded.
    for (const side of [a, b])
      expect((await api('GET', `/payments/${paymentId}`, side.key)).body.data).toMatchObject({
        payment_id: paymentId,
        returned_amount: '5000',
      });
    // Nothing remains: a second request is refused with what remains.
    const again = await ask(a, paymentId, { amount: '1', reason: 'DUPL' });
    expectError(again, 400, 'error.bad_request');
    expect(again.body.message).toBe(
      "amount: at most 0 minor units remain to be returned of the payment's 5000 (5000 returned or requested already)",
    );
  });

  it('partial returns up to what remains; a refusal frees its part again', async () => {
    const paymentId = await admitted('1000');
    const first = await ask(a, paymentId, { amount: '600', reason: 'AM09' });
    expect(first.status, first.text).toBe(200);
    const over = await ask(a, paymentId, { amount: '401', reason: 'AM09' });
    expectError(over, 400, 'error.bad_request');
    expect(over.body.message).toBe(
      "amount: at most 400 minor units remain to be returned of the payment's 1000 (600 returned or requested already)",
    );
    // B refuses the first with a reason: the requester sees why.
    const { task, admissionId } = await requestTask(first.body.data.token);
    const refused = await workTask(b, first.body.data.token, admissionId, task.token, {
      status: 'failed',
      status_reason: 'business_reasons',
      note: 'customer already spent it',
    });
    expect(refused.status, refused.text).toBe(200);
    expect((await api('GET', `/returns/${first.body.data.token}`, a.key)).body.data).toMatchObject({
      status: 'refused',
      refusal: { code: 'BUSINESS_REASONS', message: 'Admission failed: business reasons' },
    });
    // The refused 600 can be asked again, now as two parts.
    expect((await ask(a, paymentId, { amount: '700', reason: 'CUST' })).status).toBe(200);
    expect((await ask(a, paymentId, { amount: '300', reason: 'CUST' })).status).toBe(200);
    expectError(await ask(a, paymentId, { amount: '1', reason: 'CUST' }), 400, 'error.bad_request');
  });

  it("a return on the beneficiary's own initiative is admitted at once", async () => {
    const paymentId = await admitted('2500');
    const made = await ask(b, paymentId, { amount: '2500', reason: 'DUPL', note: 'paid twice' });
    expect(made.status, made.text).toBe(200);
    expect(made.body.data).toMatchObject({
      kind: 'initiative',
      direction: 'outgoing',
      status: 'returned',
      task_id: null,
      transaction_id: expect.stringMatching(/^txn_/),
    });
    const sub = await api('GET', `/payments/${made.body.data.token}/submissions`, b.key);
    expect(sub.body.data).toMatchObject({ status: 3, workflow: 'return.v1' });
    expect((await api('GET', `/payments/${paymentId}/returns`, a.key)).body.data.returned_amount).toBe(
      '2500',
    );
  });

  it('refuses what is not to be returned: strangers 404, a payment not admitted, a return, bad input', async () => {
    const paymentId = await admitted('900');
    expectError(await ask(stranger, paymentId, { amount: '1', reason: 'FRAD' }), 404, 'error.not_found');
    const open = pushBody(a, `payee@${b.domain}`, '800');
    await api('POST', '/payments', { ...a.key, body: open });
    const notAdmitted = await ask(a, open.payment_id, { amount: '800', reason: 'FRAD' });
    expectError(notAdmitted, 409, 'error.conflict');
    expect(notAdmitted.body.message).toBe(
      `Payment ${open.payment_id} is not submitted: only an admitted or settled payment can be returned`,
    );
    const ret = (await ask(a, paymentId, { amount: '900', reason: 'FRAD' })).body.data;
    const ofReturn = await ask(b, ret.token, { amount: '1', reason: 'FRAD' });
    expectError(ofReturn, 409, 'error.conflict');
    for (const body of [
      { amount: '0', reason: 'FRAD' },
      { amount: '10.5', reason: 'FRAD' },
      { amount: '10', reason: 'NOPE' },
      { amount: '10' },
      { amount: 10, reason: 'FRAD' },
    ])
      expectError(await ask(a, paymentId, body), 400, 'error.bad_request');
    expectError(await api('GET', `/returns/${ret.token}`, stranger.key), 404, 'error.not_found');
    expectError(await api('GET', `/returns?status=lost`, a.key), 400, 'error.bad_request');
  });

  it('accepted twice at once (two people of B, a retried request): one return payment, one transaction', async () => {
    const paymentId = await admitted('1200');
    const ret = (await ask(a, paymentId, { amount: '1200', reason: 'TECH' })).body.data;
    const { task, admissionId } = await requestTask(ret.token);
    const path = `/payments/${ret.token}/admissions/${admissionId}/tasks/${task.token}`;
    const answers = await Promise.all([
      api('PUT', path, { ...b.key, body: COMPLETED }),
      api('PUT', path, { token: b.token, partner: b.partnerId, org: b.orgId, body: COMPLETED }),
      api('PUT', path, { ...b.key, body: COMPLETED, idempotencyKey: 'same-return-key' }),
      api('PUT', path, { ...b.key, body: COMPLETED, idempotencyKey: 'same-return-key' }),
    ]);
    expect(answers.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const txns = await api('GET', `/payments/${ret.token}/transactions`, a.key);
    expect(txns.body.data.transactions).toHaveLength(1);
    expect((await api('GET', `/payments/${paymentId}/returns`, a.key)).body.data.returned_amount).toBe(
      '1200',
    );
  });

  it.runIf(dbKind() === 'postgres')("refuses a request past the beneficiary's return window", async () => {
    const paymentId = await admitted('700');
    const window = await api('PATCH', `/partner/${b.partnerId}`, {
      token: b.token,
      body: { return_window_days: 30 },
    });
    expect(window.body.data.return_window_days).toBe(30);
    await withSql((c) =>
      c.query(`UPDATE transactions SET cleared_at = now() - interval '31 days' WHERE payment_id = $1`, [
        paymentId,
      ]),
    );
    const late = await ask(a, paymentId, { amount: '700', reason: 'CUST' });
    expectError(late, 409, 'error.conflict');
    expect(late.body.message).toMatch(/past .*'s return window of 30 days$/);
  });
});

describe('a request nobody decides', () => {
  it('expires with its payment: refused, PAYMENT_EXPIRED, its part free again', async () => {
    const [c, d] = [await createBank(), await createBank()];
    await link(c, d);
    const body = pushBody(c, `payee@${d.domain}`, '333');
    await api('POST', '/payments', { ...c.key, body });
    const sub = await api('POST', `/payments/${body.payment_id}/submissions`, c.key);
    const [task] = await admissionTasks(d, body.payment_id, sub.body.data.admission_id);
    await workTask(d, body.payment_id, sub.body.data.admission_id, task!.token, COMPLETED);
    await waitForStatus(c, body.payment_id, [3]);
    // C's requests live 5 seconds.
    await api('PATCH', `/partner/${c.partnerId}`, { token: c.token, body: { payment_ttl_seconds: 5 } });
    const ret = (await ask(c, body.payment_id, { amount: '333', reason: 'CUST' })).body.data;
    await waitForStatus(c, ret.token, [5], 15_000);
    expect((await api('GET', `/returns/${ret.token}`, d.key)).body.data).toMatchObject({
      status: 'refused',
      direction: 'outgoing',
      refusal: { code: 'PAYMENT_EXPIRED' },
    });
    expect((await ask(c, body.payment_id, { amount: '333', reason: 'CUST' })).status).toBe(200);
  });
});

describe('GET /api/v1/csp/returns', () => {
  it('lists both ways with direction and status filters, newest first, by cursor', async () => {
    const list = async (who: Bank, q: string) => (await api('GET', `/returns${q}`, who.key)).body.data;
    const incoming = await list(a, '?direction=incoming&limit=100');
    const outgoing = await list(b, '?direction=outgoing&limit=100');
    expect(incoming.count).toBeGreaterThanOrEqual(6);
    expect(outgoing.returns.map((r: { token: string }) => r.token)).toEqual(
      incoming.returns.map((r: { token: string }) => r.token),
    );
    expect((await list(a, '?direction=outgoing')).count).toBe(0);
    const returned = await list(a, '?status=returned&limit=100');
    expect(returned.returns.every((r: { status: string }) => r.status === 'returned')).toBe(true);
    const refused = await list(a, '?status=refused&limit=100');
    expect(refused.returns.map((r: { reason: string }) => r.reason)).toEqual(['AM09']);
    const page1 = await list(a, '?limit=2');
    const page2 = await list(a, `?limit=2&cursor=${page1.next_cursor}`);
    expect(page2.returns[0].created_at).toBeLessThanOrEqual(page1.returns[1].created_at);
    expect((await list(stranger, '')).count).toBe(0);
  });

  it('exports the filtered list as CSV', async () => {
    const res = await fetch(
      `${(await import('./helpers')).baseUrl()}/returns/export?direction=incoming&status=returned`,
      { headers: { 'x-service-api-key': a.key.apiKey!, 'x-org-id': a.orgId, 'x-partner-id': a.partnerId } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=UTF-8');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'return_id,created_at,payment_id,kind,direction,status,currency,amount_minor,amount,reason,note,refusal,decided_at,transaction_id',
    );
    const listed = (await api('GET', '/returns?direction=incoming&status=returned&limit=100', a.key)).body
      .data;
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      listed.returns.map((r: { token: string }) => r.token),
    );
    expect(lines[1]).toMatch(
      /^rtn_\w+,[^,]+,[^,]+,(request|initiative),incoming,returned,USD,\d+,\d+\.\d{2},/,
    );
  });

  it("records who asked and who gave back in each side's trail", async () => {
    const trail = await api('GET', '/audit-events?action=return.requested', { token: a.token });
    expect(trail.body.data.count).toBeGreaterThanOrEqual(1);
    const made = await api('GET', '/audit-events?action=return.made', { token: b.token });
    expect(made.body.data.audit_events[0]).toMatchObject({
      actor: { kind: 'apikey' },
      changes: { after: { reason: 'DUPL' } },
    });
  });
});
