import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, signIn, uniq } from './helpers';
import {
  admissionTasks,
  createBank,
  link,
  pushBody,
  waitForStatus,
  workTask,
  type Bank,
} from './payments-helpers';

// Four-eyes admission (docs/decisions.md, "Four eyes"): a namespace's policy makes its tasks for
// payments of at least a threshold, and every compliance review, need an approval by someone
// other than whoever created or submitted the payment, optionally by two distinct people.

const completed = { status: 'completed', status_reason: 'accepted' };
let a: Bank;
let b: Bank;
/** People of A: two support agents, signed in. */
const people: Record<'one' | 'two', { email: string; token: string }> = {} as never;

const as = (token: string, bank: Bank) => ({
  apiKey: undefined,
  token,
  partner: bank.partnerId,
  org: bank.orgId,
});

async function addSupport(bank: Bank) {
  const email = `support-${uniq()}@four-eyes.example.test`;
  const res = await api('POST', '/users', {
    token: bank.token,
    body: { email, role: 'support', password: 'support-password-1' },
  });
  expect(res.status, res.text).toBe(200);
  return { email, token: (await signIn(email, 'support-password-1')).access_token };
}

async function setPolicy(bank: Bank, body: Record<string, unknown>) {
  const res = await api('PATCH', `/partner/${bank.partnerId}`, { token: bank.token, body });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** A payment of A to B, created and submitted by `by` (A's admin by default); its two tasks. */
async function paymentOfA(total: string, by: Record<string, unknown> = as(a.token, a)) {
  const body = pushBody(a, `payee@${b.domain}`, total);
  const created = await api('POST', '/payments', { ...by, body });
  expect(created.status, created.text).toBe(200);
  const sub = await api('POST', `/payments/${body.payment_id}/submissions`, by);
  expect(sub.status, sub.text).toBe(200);
  const tasks = await admissionTasks(a, body.payment_id, sub.body.data.admission_id);
  const named = (name: string) => tasks.find((t) => t.name === name)!;
  return {
    paymentId: body.payment_id as string,
    admissionId: sub.body.data.admission_id as string,
    review: named('compliance_review'),
    admission: named('beneficiary_admission'),
  };
}

beforeAll(async () => {
  a = await createBank();
  b = await createBank();
  await link(a, b);
  people.one = await addSupport(a);
  people.two = await addSupport(a);
  // A reviews every payment it makes; four eyes from 10,000.00 with two approvers.
  await setPolicy(a, { review_threshold: '1', four_eyes_threshold: '1000000', four_eyes_approvals: 2 });
}, 60_000);

describe('the four-eyes policy of a namespace', () => {
  it('is read and changed with the namespace, checked as the API checks it', async () => {
    const read = await api('GET', `/partner/${a.partnerId}`, { token: a.token });
    expect(read.body.data).toMatchObject({
      four_eyes_threshold: '1000000',
      four_eyes_approvals: 2,
      four_eyes_api_keys_approve: false,
    });
    for (const body of [
      { four_eyes_approvals: 3 },
      { four_eyes_approvals: '2' },
      { four_eyes_threshold: '0' },
      { four_eyes_threshold: 'ten' },
      { four_eyes_threshold: 1000 },
      { four_eyes_api_keys_approve: 'yes' },
    ]) {
      const res = await api('PATCH', `/partner/${b.partnerId}`, { token: b.token, body });
      expectError(res, 400, 'error.bad_request');
    }
    // Nothing of the refused changes was written.
    const fresh = await api('GET', `/partner/${b.partnerId}`, { token: b.token });
    expect(fresh.body.data).toMatchObject({
      four_eyes_threshold: null,
      four_eyes_approvals: 1,
      four_eyes_api_keys_approve: false,
    });
    // Turned off with null.
    const off = await setPolicy(b, { four_eyes_threshold: '5', four_eyes_api_keys_approve: true });
    expect(off).toMatchObject({ four_eyes_threshold: '5', four_eyes_api_keys_approve: true });
    expect(
      await setPolicy(b, { four_eyes_threshold: null, four_eyes_api_keys_approve: false }),
    ).toMatchObject({ four_eyes_threshold: null, four_eyes_api_keys_approve: false });
  });
});

describe('a compliance review that needs two approvers', () => {
  it('refuses the maker and API keys, keeps the first approval open, and completes on a second distinct approver', async () => {
    const p = await paymentOfA('5000');
    const review = (body: Record<string, unknown>, who: Record<string, unknown>) =>
      workTask(a, p.paymentId, p.admissionId, p.review.token, body, who);

    // The admin created and submitted the payment: refused, nothing written.
    const self = await review(completed, as(a.token, a));
    expectError(self, 403, 'error.forbidden');
    expect(self.body.message).toContain('created or submitted the payment');
    // A's API key may not approve (machines are makers unless the setting says so).
    const key = await review(completed, a.key);
    expectError(key, 403, 'error.forbidden');
    expect(key.body.message).toContain('API key');

    // The queue says so before anyone decides.
    const queued = (await api('GET', '/tasks', as(people.one.token, a))).body.data.tasks.find(
      (t: { token: string }) => t.token === p.review.token,
    );
    expect(queued).toMatchObject({ status: 1, approvals_required: 2, approvals: [], history: [] });

    // The first approver: the task stays pending, naming them.
    const first = await review({ ...completed, note: 'checked the payee' }, as(people.one.token, a));
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({
      status: 1,
      status_reason: 1,
      updated_by: people.one.email,
      approvals: [{ updated_by: people.one.email }],
      history: [
        { status: 1, status_reason: 1, note: 'checked the payee', updated_by: people.one.email, approval: 1 },
      ],
    });
    // The same person twice: refused.
    const again = await review(completed, as(people.one.token, a));
    expectError(again, 403, 'error.forbidden');
    expect(again.body.message).toContain('already approved');

    // B admits its side; the payment waits for A's second approver.
    const admitted = await workTask(b, p.paymentId, p.admissionId, p.admission.token, completed);
    expect(admitted.status, admitted.text).toBe(200);
    const waiting = await api('GET', `/payments/${p.paymentId}/submissions`, a.key);
    expect(waiting.body.data.status).toBe(1);

    const second = await review(completed, as(people.two.token, a));
    expect(second.status, second.text).toBe(200);
    expect(second.body.data).toMatchObject({
      status: 2,
      updated_by: people.two.email,
      approvals: [{ updated_by: people.one.email }],
    });
    expect(
      second.body.data.history.map((h: Record<string, unknown>) => [h.status, h.updated_by, h.approval]),
    ).toEqual([
      [1, people.one.email, 1],
      [2, people.two.email, 2],
    ]);
    await waitForStatus(a, p.paymentId, [3]);

    // B, the other organization, sees A's approvers by namespace and role only.
    const seenByB = (await admissionTasks(b, p.paymentId, p.admissionId)).find(
      (t) => t.name === 'compliance_review',
    )!;
    expect(JSON.stringify(seenByB)).not.toContain('four-eyes.example.test');
    expect(seenByB.approvals).toEqual([
      { updated_by: expect.stringMatching(/\(support\)$/), at: expect.any(Number) },
    ]);

    // Both decisions are in the audit trail.
    const audit = await api('GET', `/audit-events?target=${p.review.token}`, { token: a.token });
    expect(audit.status, audit.text).toBe(200);
    const entries = audit.body.data.audit_events as Array<{ action: string; actor: { label: string } }>;
    expect(entries.map((e) => [e.action, e.actor.label])).toEqual([
      ['task.completed', people.two.email],
      ['task.approved', people.one.email],
    ]);
  });

  it('lets the maker reject their own payment: only approvals need a second person', async () => {
    const p = await paymentOfA('5000');
    const failed = await workTask(
      a,
      p.paymentId,
      p.admissionId,
      p.review.token,
      { status: 'failed', status_reason: 'fraud_detected' },
      as(a.token, a),
    );
    expect(failed.status, failed.text).toBe(200);
    await waitForStatus(a, p.paymentId, [4]);
  });
});

describe('keys as checkers, and the threshold', () => {
  it('a key may approve when the namespace allows it, but never a payment it made itself', async () => {
    const c = await createBank();
    const d = await createBank();
    await link(c, d);
    await setPolicy(c, { review_threshold: '1', four_eyes_threshold: '1', four_eyes_api_keys_approve: true });
    const body = pushBody(c, `payee@${d.domain}`, '700');
    expect((await api('POST', '/payments', { ...c.key, body })).status).toBe(200);
    const sub = (await api('POST', `/payments/${body.payment_id}/submissions`, c.key)).body.data;
    const review = (await admissionTasks(c, body.payment_id, sub.admission_id)).find(
      (t) => t.name === 'compliance_review',
    )!;
    const byMaker = await workTask(c, body.payment_id, sub.admission_id, review.token, completed);
    expectError(byMaker, 403, 'error.forbidden');
    // A second key of the same namespace is another checker: one approval completes.
    const other = await api('POST', '/apikey', {
      token: c.token,
      partner: c.partnerId,
      body: {
        name: 'checker',
        access: {
          customers_read: false,
          customers_write: false,
          transactions_read: true,
          transactions_write: true,
        },
      },
    });
    expect(other.status, other.text).toBe(200);
    const byOther = await workTask(c, body.payment_id, sub.admission_id, review.token, completed, {
      apiKey: other.body.data.secret_key,
    });
    expect(byOther.status, byOther.text).toBe(200);
    expect(byOther.body.data).toMatchObject({ status: 2, approvals: [], history: [{ approval: 1 }] });
  });

  it("covers the counterparty's admission task only from the threshold up", async () => {
    // B: four eyes from 10,000.00; B's key is a maker of nothing here, but keys may not approve.
    await setPolicy(b, { four_eyes_threshold: '1000000' });
    const small = await paymentOfA('5000');
    const smallQueue = (await api('GET', '/tasks', b.key)).body.data.tasks.find(
      (t: { token: string }) => t.token === small.admission.token,
    );
    expect(smallQueue.approvals_required).toBe(0);
    const bySmallKey = await workTask(
      b,
      small.paymentId,
      small.admissionId,
      small.admission.token,
      completed,
    );
    expect(bySmallKey.status, bySmallKey.text).toBe(200);
    expect(bySmallKey.body.data.history).toEqual([
      expect.not.objectContaining({ approval: expect.anything() }),
    ]);

    const large = await paymentOfA('2500000');
    const byKey = await workTask(b, large.paymentId, large.admissionId, large.admission.token, completed);
    expectError(byKey, 403, 'error.forbidden');
    // B's admin made nothing of this payment: one approval by a person completes B's task.
    const byAdmin = await workTask(
      b,
      large.paymentId,
      large.admissionId,
      large.admission.token,
      completed,
      as(b.token, b),
    );
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body.data).toMatchObject({ status: 2, history: [{ approval: 1 }] });
    await setPolicy(b, { four_eyes_threshold: null });
  });
});
