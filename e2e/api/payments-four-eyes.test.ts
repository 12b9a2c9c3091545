import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, api, expectError, keyAccess, signIn, uniq } from './helpers';
import {
  admissionTasks,
  COMPLETED,
  linkedBanks,
  pushBody,
  waitForStatus,
  workTask,
  type Bank,
} from './payments-helpers';

// Four-eyes admission (docs/decisions.md, "Four eyes"): a namespace's policy makes its tasks for
// payments of at least a threshold, and every compliance review, need an approval by someone
// other than whoever created or submitted the payment, optionally by two distinct people.

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

/** A person of `bank` with an initial password set by its admin (so: issued by the admin, now). */
const addPerson = (bank: Bank, role: 'admin' | 'support') => addMember(bank, role, 'four-eyes.example.test');

/** A transactions key of `bank`'s namespace created by the holder of `token`; its secret. */
async function newKey(bank: Bank, token: string): Promise<string> {
  const res = await api('POST', '/apikey', {
    token,
    partner: bank.partnerId,
    body: {
      name: `key ${uniq()}`,
      access: keyAccess('transactions_read', 'transactions_write'),
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data.secret_key;
}

/** Accepts an invitation link with a new password; the person signed in. */
async function acceptLink(invitation: { token: string }, email: string) {
  const accepted = await api('POST', `/invitations/${invitation.token}/accept`, {
    body: { password: 'link-password-checker-1' },
  });
  expect(accepted.status, accepted.text).toBe(200);
  return (await signIn(email, 'link-password-checker-1')).access_token;
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
  [a, b] = await linkedBanks();
  people.one = await addPerson(a, 'support');
  people.two = await addPerson(a, 'support');
  // A reviews every payment it makes; four eyes from 10,000.00 with two approvers.
  await setPolicy(a, { review_threshold: '1', four_eyes_threshold: '1000000', four_eyes_approvals: 2 });
});

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
    const self = await review(COMPLETED, as(a.token, a));
    expectError(self, 403, 'error.forbidden');
    expect(self.body.message).toContain('created or submitted the payment');
    // A's API key may not approve (machines are makers unless the setting says so).
    const key = await review(COMPLETED, a.key);
    expectError(key, 403, 'error.forbidden');
    expect(key.body.message).toContain('API key');

    // The queue says so before anyone decides.
    const queued = (await api('GET', '/tasks', as(people.one.token, a))).body.data.tasks.find(
      (t: { token: string }) => t.token === p.review.token,
    );
    expect(queued).toMatchObject({ status: 1, approvals_required: 2, approvals: [], history: [] });
    // Each caller reads whether it would refuse them: the maker, the key, not a colleague.
    const refusalFor = async (who: Record<string, unknown>) =>
      (await api('GET', '/tasks', who)).body.data.tasks.find(
        (t: { token: string }) => t.token === p.review.token,
      ).approval_refusal;
    expect(queued.approval_refusal).toBeNull();
    expect(await refusalFor(as(a.token, a))).toBe(self.body.message);
    expect(await refusalFor(a.key)).toBe(key.body.message);

    // The first approver: the task stays pending, naming them.
    const first = await review({ ...COMPLETED, note: 'checked the payee' }, as(people.one.token, a));
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
    const again = await review(COMPLETED, as(people.one.token, a));
    expectError(again, 403, 'error.forbidden');
    expect(again.body.message).toContain('already approved');
    expect(await refusalFor(as(people.one.token, a))).toBe(again.body.message);
    expect(await refusalFor(as(people.two.token, a))).toBeNull();

    // B admits its side; the payment waits for A's second approver.
    const admitted = await workTask(b, p.paymentId, p.admissionId, p.admission.token, COMPLETED);
    expect(admitted.status, admitted.text).toBe(200);
    const waiting = await api('GET', `/payments/${p.paymentId}/submissions`, a.key);
    expect(waiting.body.data.status).toBe(1);

    const second = await review(COMPLETED, as(people.two.token, a));
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
    const [c, d] = await linkedBanks();
    await setPolicy(c, { review_threshold: '1', four_eyes_threshold: '1', four_eyes_api_keys_approve: true });
    const body = pushBody(c, `payee@${d.domain}`, '700');
    expect((await api('POST', '/payments', { ...c.key, body })).status).toBe(200);
    const sub = (await api('POST', `/payments/${body.payment_id}/submissions`, c.key)).body.data;
    const review = (await admissionTasks(c, body.payment_id, sub.admission_id)).find(
      (t) => t.name === 'compliance_review',
    )!;
    const byMaker = await workTask(c, body.payment_id, sub.admission_id, review.token, COMPLETED);
    expectError(byMaker, 403, 'error.forbidden');
    // A second key issued to the person who holds the maker key is that person again: refused.
    const sameHolder = await newKey(c, c.token);
    const byHolder = await workTask(c, body.payment_id, sub.admission_id, review.token, COMPLETED, {
      apiKey: sameHolder,
      partner: c.partnerId,
      org: c.orgId,
    });
    expectError(byHolder, 403, 'error.forbidden');
    expect(byHolder.body.message).toContain('issued to the person who made the payment');
    // A key another admin created is another checker: one approval completes.
    const colleague = await addPerson(c, 'admin');
    const other = await api('POST', '/apikey', {
      token: colleague.token,
      partner: c.partnerId,
      body: {
        name: 'checker',
        access: keyAccess('transactions_read', 'transactions_write'),
      },
    });
    expect(other.status, other.text).toBe(200);
    const byOther = await workTask(c, body.payment_id, sub.admission_id, review.token, COMPLETED, {
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
      COMPLETED,
    );
    expect(bySmallKey.status, bySmallKey.text).toBe(200);
    expect(bySmallKey.body.data.history).toEqual([
      expect.not.objectContaining({ approval: expect.anything() }),
    ]);

    const large = await paymentOfA('2500000');
    const byKey = await workTask(b, large.paymentId, large.admissionId, large.admission.token, COMPLETED);
    expectError(byKey, 403, 'error.forbidden');
    // B's admin made nothing of this payment: one approval by a person completes B's task.
    const byAdmin = await workTask(
      b,
      large.paymentId,
      large.admissionId,
      large.admission.token,
      COMPLETED,
      as(b.token, b),
    );
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body.data).toMatchObject({ status: 2, history: [{ approval: 1 }] });
    await setPolicy(b, { four_eyes_threshold: null });
  });
});

describe('one person is not two pairs of eyes', () => {
  let e: Bank;
  let f: Bank;
  /** An admin and a support agent of E, both with passwords set before any payment below. */
  let admin2: Awaited<ReturnType<typeof addPerson>>;
  let support: Awaited<ReturnType<typeof addPerson>>;

  beforeAll(async () => {
    [e, f] = await linkedBanks();
    admin2 = await addPerson(e, 'admin');
    support = await addPerson(e, 'support');
    await setPolicy(e, { review_threshold: '1', four_eyes_threshold: '1' });
  });

  /** A payment of E made with `by`; its compliance review, worked by `who`. */
  async function reviewOf(by: Record<string, unknown>) {
    const body = pushBody(e, `payee@${f.domain}`, '900');
    const created = await api('POST', '/payments', { ...by, body });
    expect(created.status, created.text).toBe(200);
    const sub = (await api('POST', `/payments/${body.payment_id}/submissions`, by)).body.data;
    const review = (await admissionTasks(e, body.payment_id, sub.admission_id)).find(
      (t) => t.name === 'compliance_review',
    )!;
    return (who: Record<string, unknown>) =>
      workTask(e, body.payment_id, sub.admission_id, review.token, COMPLETED, who);
  }

  it('a payment made with a key is made by the person the key was issued to: its creator cannot approve it', async () => {
    const makerKey = await newKey(e, e.token);
    const review = await reviewOf({ apiKey: makerKey, partner: e.partnerId, org: e.orgId });
    const byCreator = await review(as(e.token, e));
    expectError(byCreator, 403, 'error.forbidden');
    expect(byCreator.body.message).toContain('holds the API key that did');
    const bySupport = await review(as(support.token, e));
    expect(bySupport.status, bySupport.text).toBe(200);
    expect(bySupport.body.data.status).toBe(2);
  });

  it('nor can whoever rotated the key, who holds its secret now', async () => {
    const makerKey = await newKey(e, e.token);
    const rotated = await api('POST', `/apikey/${makerKey}`, { token: admin2.token, partner: e.partnerId });
    expect(rotated.status, rotated.text).toBe(200);
    const review = await reviewOf({
      apiKey: rotated.body.data.secret_key,
      partner: e.partnerId,
      org: e.orgId,
    });
    expectError(await review(as(admin2.token, e)), 403, 'error.forbidden');
    expectError(await review(as(e.token, e)), 403, 'error.forbidden');
    expect((await review(as(support.token, e))).status).toBe(200);
  });

  it("an account whose password was set after the payment, through the maker's link, does not count", async () => {
    const review = await reviewOf(as(e.token, e));
    // The maker invites a "colleague" after making the payment and sets its password by the link.
    const email = `late-${uniq()}@four-eyes.example.test`;
    const invited = await api('POST', '/users', { token: e.token, body: { email, role: 'support' } });
    expect(invited.status, invited.text).toBe(200);
    const puppet = await acceptLink(invited.body.data.invitation, email);
    const byPuppet = await review(as(puppet, e));
    expectError(byPuppet, 403, 'error.forbidden');
    expect(byPuppet.body.message).toContain('your password was set after the payment was made');
    // Nothing was written: the review is still open, and a colleague of long standing approves it.
    const approved = await review(as(admin2.token, e));
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 2,
      updated_by: admin2.email,
      history: [{ approval: 1 }],
    });
  });

  it("so does a colleague's account the maker reset after the payment and took over", async () => {
    const colleague = await addPerson(e, 'support');
    const review = await reviewOf(as(e.token, e));
    const reset = await api('POST', `/users/${colleague.id}/reset`, { token: e.token });
    expect(reset.status, reset.text).toBe(200);
    const takenOver = await acceptLink(reset.body.data.invitation, colleague.email);
    expectError(await review(as(takenOver, e)), 403, 'error.forbidden');
  });

  it('an account whose password was set before the payment approves as any colleague does', async () => {
    const email = `early-${uniq()}@four-eyes.example.test`;
    const invited = await api('POST', '/users', { token: e.token, body: { email, role: 'support' } });
    const early = await acceptLink(invited.body.data.invitation, email);
    const review = await reviewOf(as(e.token, e));
    const approved = await review(as(early, e));
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data.status).toBe(2);
  });
});

describe('weakening the policy (docs/decisions.md, "Four eyes": fixed when a task is made)', () => {
  let g: Bank;
  let h: Bank;
  /** A person of G whose password was set before any payment below. */
  let colleague: Awaited<ReturnType<typeof addPerson>>;
  const MAKER_REFUSED =
    'This task needs four eyes: the person who created or submitted the payment, or holds the API key that did, cannot approve it; someone else must';
  const KEY_REFUSED =
    'This task needs four eyes: an API key cannot approve it (the namespace lets only people approve); a person must';

  beforeAll(async () => {
    [g, h] = await linkedBanks();
    colleague = await addPerson(g, 'support');
  });

  /** A payment of G to H made and submitted by G's admin; its tasks. */
  async function paymentOfG(total = '5000') {
    const body = pushBody(g, `payee@${h.domain}`, total);
    const created = await api('POST', '/payments', { ...as(g.token, g), body });
    expect(created.status, created.text).toBe(200);
    const sub = await api('POST', `/payments/${body.payment_id}/submissions`, as(g.token, g));
    expect(sub.status, sub.text).toBe(200);
    const tasks = await admissionTasks(g, body.payment_id, sub.body.data.admission_id);
    const task = (name: string) => tasks.find((t) => t.name === name)!;
    const work = (bank: Bank, name: string, who?: Record<string, unknown>) =>
      workTask(bank, body.payment_id, sub.body.data.admission_id, task(name).token, COMPLETED, who);
    return { paymentId: body.payment_id as string, task, work };
  }

  /** The task as its assignee reads it: unchanged by a refusal. */
  async function untouched(bank: Bank, paymentId: string, token: string) {
    const queued = (await api('GET', '/tasks', as(bank.token, bank))).body.data.tasks.find(
      (t: { token: string }) => t.token === token,
    );
    expect(queued).toMatchObject({ status: 1, approvals: [], history: [] });
    const sub = await api('GET', `/payments/${paymentId}/submissions`, as(g.token, g));
    expect(sub.body.data.status).toBe(1);
    return queued as { approvals_required: number };
  }

  it('switched off after the payment was submitted, it still refuses the maker; switched back, nothing changed', async () => {
    await setPolicy(g, { review_threshold: '1', four_eyes_threshold: '1' });
    const p = await paymentOfG();
    // The attack: the maker switches four eyes off, approves their own payment, switches it back.
    expect(await setPolicy(g, { four_eyes_threshold: null })).toMatchObject({ four_eyes_threshold: null });
    const self = await p.work(g, 'compliance_review', as(g.token, g));
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ code: 'error.forbidden', message: MAKER_REFUSED });
    const waiting = await untouched(g, p.paymentId, p.task('compliance_review').token);
    expect(waiting.approvals_required).toBe(1);
    await setPolicy(g, { four_eyes_threshold: '1' });
    expect((await p.work(g, 'compliance_review', as(g.token, g))).body).toEqual({
      code: 'error.forbidden',
      message: MAKER_REFUSED,
    });
    // Another person of G approves it as the policy required when it was submitted.
    const approved = await p.work(g, 'compliance_review', as(colleague.token, g));
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 2, history: [{ approval: 1 }] });
  });

  it('a higher threshold, one approval of two, or letting keys approve: none applies to a payment already submitted', async () => {
    for (const weaker of [
      { four_eyes_threshold: '999999999' },
      { four_eyes_approvals: 1 },
      { four_eyes_api_keys_approve: true },
    ]) {
      await setPolicy(g, {
        four_eyes_threshold: '1',
        four_eyes_approvals: 2,
        four_eyes_api_keys_approve: false,
      });
      const p = await paymentOfG();
      await setPolicy(g, weaker);
      expect((await p.work(g, 'compliance_review', as(g.token, g))).body).toEqual({
        code: 'error.forbidden',
        message: MAKER_REFUSED,
      });
      const byKey = await p.work(g, 'compliance_review', g.key);
      expect(byKey.status).toBe(403);
      // The key made nothing of this payment: refused as a key, where keys were not let approve.
      expect(byKey.body).toEqual({ code: 'error.forbidden', message: KEY_REFUSED });
      expect((await untouched(g, p.paymentId, p.task('compliance_review').token)).approvals_required).toBe(2);
      // One approval of the two it was submitted with does not complete it.
      const first = await p.work(g, 'compliance_review', as(colleague.token, g));
      expect(first.status, first.text).toBe(200);
      expect(first.body.data).toMatchObject({ status: 1, history: [{ approval: 1 }] });
    }
    await setPolicy(g, {
      four_eyes_threshold: null,
      four_eyes_approvals: 1,
      four_eyes_api_keys_approve: false,
    });
  });

  it("the counterparty's task keeps its namespace's policy of the submission too", async () => {
    // H: four eyes on every task of 10.00 or more, people only; G's payment reaches it; H lets keys approve since.
    await setPolicy(h, { four_eyes_threshold: '1000' });
    const p = await paymentOfG('5000');
    await setPolicy(h, { four_eyes_api_keys_approve: true });
    const byKey = await p.work(h, 'beneficiary_admission');
    expect(byKey.status).toBe(403);
    expect(byKey.body).toEqual({ code: 'error.forbidden', message: KEY_REFUSED });
    await setPolicy(h, { four_eyes_threshold: null, four_eyes_api_keys_approve: false });
    expectError(await p.work(h, 'beneficiary_admission'), 403, 'error.forbidden');
    // A person of H (no maker of this payment) approves it.
    const approved = await p.work(h, 'beneficiary_admission', as(h.token, h));
    expect(approved.status, approved.text).toBe(200);
  });

  it('a payment submitted after the policy was switched off is not covered by it', async () => {
    await setPolicy(g, { review_threshold: '1', four_eyes_threshold: null });
    const p = await paymentOfG();
    // Switching it on covers the waiting task at once: strengthening needs nobody's leave.
    await setPolicy(g, { four_eyes_threshold: '1' });
    expectError(await p.work(g, 'compliance_review', as(g.token, g)), 403, 'error.forbidden');
    await setPolicy(g, { four_eyes_threshold: null });
    const alone = await p.work(g, 'compliance_review', as(g.token, g));
    expect(alone.status, alone.text).toBe(200);
    expect(alone.body.data.status).toBe(2);
  });
});
