import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, api, createOrg, expectError, uniq, type ApiResponse } from './helpers';
import {
  admissionTasks,
  ALICE,
  COMPLETED,
  createAndSubmit,
  createBank,
  link,
  linkedBanks,
  pushBody,
  waitForStatus,
  workTask,
  type Bank,
} from './payments-helpers';

// Admission rules (DESIGN §13): a namespace's own rules decide its tasks the moment they are made.

type Task = Record<string, any> & { token: string; name: string };

const admin = (bank: Bank) => ({ token: bank.token, partner: bank.partnerId });

async function addRule(bank: Bank, body: Record<string, unknown>) {
  const res = await api('POST', '/rules', { ...admin(bank), body: { enabled: true, ...body } });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Record<string, any> & { id: string; name: string };
}

async function clearRules(bank: Bank) {
  const list = await api('GET', '/rules', admin(bank));
  for (const r of list.body.data.rules) await api('DELETE', `/rules/${r.id}`, admin(bank));
}

/** Submits a push from `from` to `to`'s address; answers the beneficiary's task as `to` reads it. */
async function pay(from: Bank, to: Bank, total: string, over: Record<string, unknown> = {}) {
  const body = pushBody(from, `payee-${uniq()}@${to.domain}`, total, over);
  const sub = await createAndSubmit(from, body);
  const tasks = await admissionTasks(to, body.payment_id, sub.admission_id);
  const task = tasks.find((t) => t.name === 'beneficiary_admission') as Task;
  return { paymentId: body.payment_id, admissionId: sub.admission_id as string, task };
}

async function submissionStatus(bank: Bank, paymentId: string): Promise<number> {
  const res = await api('GET', `/payments/${paymentId}/submissions`, bank.key);
  expect(res.status, res.text).toBe(200);
  return res.body.data.status;
}

let a: Bank;
let b: Bank;
beforeAll(async () => {
  [a, b] = await linkedBanks();
});

describe('POST/GET/PATCH/DELETE /api/v1/csp/rules', () => {
  it('keeps a namespace’s rules in order, audited, with their hit counts, and only its own', async () => {
    const [x] = await linkedBanks();
    const first = await addRule(x, {
      name: 'Known counterparties up to 5,000.00',
      task_names: ['beneficiary_admission'],
      conditions: { amount_max: '500000', counterparty_known: true },
      action: 'accept',
    });
    expect(first).toMatchObject({
      id: expect.stringMatching(/^rul_/),
      partner_id: x.partnerId,
      name: 'Known counterparties up to 5,000.00',
      task_names: ['beneficiary_admission'],
      conditions: { amount_max: '500000', counterparty_known: true },
      action: 'accept',
      reason: null,
      note: null,
      enabled: true,
      position: 1,
      hits: { last_24h: 0, last_30d: 0 },
      created_by: x.email,
    });
    const second = await addRule(x, {
      name: 'Crypto held',
      conditions: { reference_matches: 'crypto' },
      action: 'hold',
      note: 'Ask the customer what it is for',
      position: 1,
    });
    expect(second).toMatchObject({ position: 1, reason: 'business_reasons', task_names: null });
    let list = await api('GET', '/rules', admin(x));
    expect(list.status).toBe(200);
    expect(list.body.data.count).toBe(2);
    expect(list.body.data.rules.map((r: { id: string; position: number }) => [r.id, r.position])).toEqual([
      [second.id, 1],
      [first.id, 2],
    ]);

    const reordered = await api('POST', '/rules/reorder', {
      ...admin(x),
      body: { ids: [first.id, second.id] },
    });
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.body.data.rules.map((r: { id: string }) => r.id)).toEqual([first.id, second.id]);

    const patched = await api('PATCH', `/rules/${second.id}`, {
      ...admin(x),
      body: { enabled: false, action: 'reject', reason: 'fraud_detected' },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({
      enabled: false,
      action: 'reject',
      reason: 'fraud_detected',
      position: 2,
    });
    expect((await api('GET', `/rules/${second.id}`, admin(x))).body.data).toEqual(patched.body.data);

    // Support and viewers read; only admins write; API keys neither.
    const support = await addMember(x, 'support');
    const viewer = await addMember(x, 'viewer');
    expect((await api('GET', '/rules', { token: support.token, partner: x.partnerId })).status).toBe(200);
    expect(
      (await api('GET', `/rules/${first.id}`, { token: viewer.token, partner: x.partnerId })).status,
    ).toBe(200);
    expectError(
      await api('POST', '/rules', {
        token: support.token,
        partner: x.partnerId,
        body: { name: 'n', conditions: {}, action: 'accept', enabled: true },
      }),
      403,
      'error.forbidden',
    );
    expectError(
      await api('DELETE', `/rules/${first.id}`, { token: viewer.token, partner: x.partnerId }),
      403,
      'error.forbidden',
    );
    expectError(await api('GET', '/rules', x.key), 401, 'error.unauthorized');

    // Another namespace's rule does not exist for this one.
    const other = await createBank();
    const theirs = await addRule(other, { name: 'Theirs', conditions: {}, action: 'review' });
    expectError(await api('GET', `/rules/${theirs.id}`, admin(x)), 404, 'error.not_found');
    expectError(
      await api('PATCH', `/rules/${theirs.id}`, { ...admin(x), body: { enabled: false } }),
      404,
      'error.not_found',
    );
    expectError(await api('DELETE', `/rules/${theirs.id}`, admin(x)), 404, 'error.not_found');
    expectError(
      await api('POST', '/rules/reorder', { ...admin(x), body: { ids: [first.id, theirs.id] } }),
      404,
      'error.not_found',
    );
    expect((await api('GET', `/rules/${theirs.id}`, admin(other))).body.data.enabled).toBe(true);

    const deleted = await api('DELETE', `/rules/${first.id}`, admin(x));
    expect(deleted.status).toBe(200);
    list = await api('GET', '/rules', admin(x));
    expect(list.body.data.rules.map((r: { id: string; position: number }) => [r.id, r.position])).toEqual([
      [second.id, 1],
    ]);
    expectError(await api('GET', `/rules/${first.id}`, admin(x)), 404, 'error.not_found');

    const trail = await api('GET', '/audit-events?limit=100&order=asc', { token: x.token });
    const ruleEntries = trail.body.data.audit_events.filter((e: { action: string }) =>
      e.action.startsWith('rule.'),
    );
    expect(
      ruleEntries.map((e: { action: string; target: { id: string } }) => [e.action, e.target.id]),
    ).toEqual([
      ['rule.created', first.id],
      ['rule.created', second.id],
      ['rule.reordered', x.partnerId],
      ['rule.updated', second.id],
      ['rule.deleted', first.id],
    ]);
    expect(ruleEntries[3].changes.after).toEqual({
      enabled: false,
      action: 'reject',
      reason: 'fraud_detected',
    });
  });

  it('refuses malformed rules with the error envelope, naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: 'x', conditions: {}, action: 'approve', enabled: true }, 'action must be one of'],
      [
        { name: 'x', conditions: { amount_over: '5' }, action: 'accept', enabled: true },
        'unknown condition amount_over',
      ],
      [
        { name: 'x', conditions: {}, action: 'accept', enabled: true, colour: 'red' },
        'Unknown field "colour"',
      ],
      [{ name: 'x', conditions: {}, action: 'reject', enabled: true }, 'a reject rule needs a reason'],
      [{ name: 'x', conditions: {}, action: 'reject', reason: 'accepted', enabled: true }, 'not accepted'],
      [
        { name: 'x', conditions: {}, action: 'accept', reason: 'fraud_detected', enabled: true },
        'takes no reason',
      ],
      [
        { name: 'x', conditions: { amount_min: '10.50' }, action: 'accept', enabled: true },
        'digits in minor units',
      ],
      [
        { name: 'x', conditions: { amount_min: '500', amount_max: '100' }, action: 'accept', enabled: true },
        'amount_min must not exceed amount_max',
      ],
      [{ name: 'x', conditions: { currencies: ['usd'] }, action: 'accept', enabled: true }, 'ISO 4217'],
      [
        {
          name: 'x',
          conditions: { hours: { from: '9:00', to: '17:00', time_zone: 'UTC' } },
          action: 'accept',
          enabled: true,
        },
        'HH:MM',
      ],
      [
        {
          name: 'x',
          conditions: { hours: { from: '09:00', to: '17:00', time_zone: 'Mars/Olympus' } },
          action: 'accept',
          enabled: true,
        },
        'IANA time zone',
      ],
      [
        {
          name: 'x',
          conditions: { payer_velocity: { window_minutes: 10 } },
          action: 'reject',
          reason: 'fraud_detected',
          enabled: true,
        },
        'needs count or amount',
      ],
      [
        {
          name: 'x',
          conditions: { payer_velocity: { count: 3, window_minutes: 99999 } },
          action: 'reject',
          reason: 'fraud_detected',
          enabled: true,
        },
        'window_minutes',
      ],
      [
        { name: 'x', conditions: {}, task_names: ['refund'], action: 'accept', enabled: true },
        'task_names must be of',
      ],
      [{ name: '', conditions: {}, action: 'accept', enabled: true }, 'name is required'],
      [{ name: 'x', conditions: 'all', action: 'accept', enabled: true }, 'conditions'],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/rules', { ...admin(b), body });
      expectError(res, 400, 'error.bad_request');
      expect(res.body.message, JSON.stringify(body)).toContain(message);
    }
    const malformed = await api('POST', '/rules', { ...admin(b), rawBody: '{"name": "x",' });
    expectError(malformed, 400, 'error.bad_request');
    const badId = await api('PATCH', '/rules/rul_nope', { ...admin(b), body: { enabled: 'yes' } });
    expectError(badId, 400, 'error.bad_request');
    expectError(
      await api('POST', '/rules/reorder', { ...admin(b), body: { ids: 'all' } }),
      400,
      'error.bad_request',
    );
    expectError(
      await api('POST', '/rules/test', {
        ...admin(b),
        body: { rule: { conditions: {}, action: 'accept' }, from: 20, to: 10 },
      }),
      400,
      'error.bad_request',
    );
    expect((await api('GET', '/rules', admin(b))).body.data.count).toBe(0);
  });
});

describe('rules deciding new tasks', () => {
  it('accepts, rejects, holds and sends to review, each as the rule, first enabled match first', async () => {
    await clearRules(b);
    const crypto = await addRule(b, {
      name: 'Crypto refused',
      conditions: { reference_matches: 'CRYPTO' },
      action: 'reject',
      reason: 'fraud_detected',
      note: 'We do not take crypto payments',
    });
    const euros = await addRule(b, {
      name: 'Euros held',
      conditions: { currencies: ['EUR'] },
      action: 'hold',
      note: 'Check the FX desk',
    });
    const big = await addRule(b, {
      name: 'Large ones to review',
      conditions: { amount_min: '1000000' },
      action: 'review',
      note: 'Call the customer above 10,000',
    });
    const small = await addRule(b, {
      name: 'Small accepted',
      conditions: { amount_max: '5000' },
      action: 'accept',
    });
    const disabled = await addRule(b, {
      name: 'Disabled: would accept all',
      conditions: {},
      action: 'accept',
      enabled: false,
    });

    // reject: the reference holds "crypto" in any case; the crypto rule comes before the small one.
    const rejected = await pay(a, b, '1500', { reference: 'Buy Crypto now' });
    expect(rejected.task).toMatchObject({
      status_name: 'failed',
      status_reason_name: 'fraud_detected',
      updated_by: `rule:${crypto.id}`,
      decided_by: `rule:${crypto.id}`,
      rule: { id: crypto.id, name: 'Crypto refused', action: 'reject' },
      note: 'Rule "Crypto refused": We do not take crypto payments',
    });
    expect(rejected.task.history).toEqual([
      expect.objectContaining({
        status_name: 'failed',
        updated_by: `rule:${crypto.id}`,
        status_reason_name: 'fraud_detected',
      }),
    ]);
    expect(await submissionStatus(a, rejected.paymentId)).toBe(4);
    const exceptions = await api('GET', `/payments/${rejected.paymentId}/exceptions`, a.key);
    expect(exceptions.body.data.exceptions?.[0]?.exception_code ?? exceptions.text).toContain(
      'FRAUD_DETECTED',
    );
    // The payer's bank sees who decided as the namespace's rule, never the rule itself.
    const seenByA = (await admissionTasks(a, rejected.paymentId, rejected.admissionId))[0]!;
    expect(seenByA.updated_by).toMatch(/ \(rule\)$/);
    expect(seenByA.rule).toBeNull();

    // hold
    const held = await pay(a, b, '2500', { amount: { currency: 'EUR', total: '2500' } });
    expect(held.task).toMatchObject({
      status_name: 'on_hold',
      status_reason_name: 'business_reasons',
      decided_by: `rule:${euros.id}`,
      note: 'Rule "Euros held": Check the FX desk',
    });
    expect(await submissionStatus(a, held.paymentId)).toBe(2);

    // review: left to people, the rule's note shown
    const reviewed = await pay(a, b, '2000000');
    expect(reviewed.task).toMatchObject({
      status_name: 'pending',
      decided_by: null,
      updated_by: null,
      history: [],
      rule: { id: big.id, action: 'review' },
      note: 'Rule "Large ones to review": Call the customer above 10,000',
    });

    // accept: the payment is admitted at once
    const accepted = await pay(a, b, '4999');
    expect(accepted.task).toMatchObject({
      status_name: 'completed',
      status_reason_name: 'accepted',
      decided_by: `rule:${small.id}`,
    });
    expect(await submissionStatus(a, accepted.paymentId)).toBe(3);

    // none matches (the disabled accept-all is ignored): people decide
    const open = await pay(a, b, '7000');
    expect(open.task).toMatchObject({ status_name: 'pending', rule: null, note: null });

    // Order: the review rule moved first now takes the crypto payment above 10,000.
    await api('POST', '/rules/reorder', {
      ...admin(b),
      body: { ids: [big.id, crypto.id, euros.id, small.id, disabled.id] },
    });
    const bigCrypto = await pay(a, b, '1000000', { reference: 'crypto' });
    expect(bigCrypto.task).toMatchObject({ status_name: 'pending', rule: { id: big.id } });

    // Enabling the accept-all rule takes effect at once.
    await api('PATCH', `/rules/${disabled.id}`, { ...admin(b), body: { enabled: true } });
    const now = await pay(a, b, '7000');
    expect(now.task).toMatchObject({ status_name: 'completed', decided_by: `rule:${disabled.id}` });

    const hits = (await api('GET', '/rules', admin(b))).body.data.rules;
    expect(Object.fromEntries(hits.map((r: { name: string; hits: unknown }) => [r.name, r.hits]))).toEqual({
      'Large ones to review': { last_24h: 2, last_30d: 2 },
      'Crypto refused': { last_24h: 1, last_30d: 1 },
      'Euros held': { last_24h: 1, last_30d: 1 },
      'Small accepted': { last_24h: 1, last_30d: 1 },
      'Disabled: would accept all': { last_24h: 1, last_30d: 1 },
    });
  });

  it('reads the counterparty, whether it is known, the amount range and the hours', async () => {
    const [x, y] = await linkedBanks();
    const z = await createBank();
    await link(z, y);
    const known = await addRule(y, {
      name: 'Known',
      conditions: { counterparty_known: true, amount_min: '100', amount_max: '900' },
      action: 'accept',
    });
    // x has never had a payment admitted with y: not known; y's person admits one.
    const firstOne = await pay(x, y, '500');
    expect(firstOne.task).toMatchObject({ status_name: 'pending', rule: null });
    expect(
      (await workTask(y, firstOne.paymentId, firstOne.admissionId, firstOne.task.token, COMPLETED)).status,
    ).toBe(200);
    const second = await pay(x, y, '500');
    expect(second.task).toMatchObject({ status_name: 'completed', decided_by: `rule:${known.id}` });
    // Bounds are inclusive; outside them the rule does not match.
    expect((await pay(x, y, '900')).task.status_name).toBe('completed');
    expect((await pay(x, y, '901')).task.status_name).toBe('pending');
    expect((await pay(x, y, '99')).task.status_name).toBe('pending');
    // z is not known to y.
    expect((await pay(z, y, '500')).task.status_name).toBe('pending');

    await clearRules(y);
    const fromZ = await addRule(y, {
      name: 'From z',
      conditions: { counterparty_domains: [z.domain] },
      action: 'reject',
      reason: 'blocked_account',
    });
    expect((await pay(x, y, '500')).task.status_name).toBe('pending');
    expect((await pay(z, y, '500')).task).toMatchObject({
      status_name: 'failed',
      status_reason_name: 'blocked_account',
      decided_by: `rule:${fromZ.id}`,
    });

    await clearRules(y);
    const hour = new Date().getUTCHours();
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    await addRule(y, {
      name: 'Not now',
      conditions: { hours: { from: hh(hour + 2), to: hh(hour + 3), time_zone: 'UTC' } },
      action: 'accept',
    });
    expect((await pay(x, y, '500')).task.status_name).toBe('pending');
    const nowRule = await addRule(y, {
      name: 'Now, in Zurich',
      conditions: { hours: { from: hh(hour - 1), to: hh(hour + 3), time_zone: 'Europe/Zurich' } },
      action: 'accept',
    });
    // Zurich is UTC+1 or +2: [hour−1, hour+3) there holds now.
    expect((await pay(x, y, '500')).task).toMatchObject({
      status_name: 'completed',
      decided_by: `rule:${nowRule.id}`,
    });
  });

  it('never accepts where four eyes apply: the task stays for people, the match shown', async () => {
    const [x, y] = await linkedBanks();
    const policy = await api('PATCH', `/partner/${y.partnerId}`, {
      token: y.token,
      body: { four_eyes_threshold: '10000' },
    });
    expect(policy.status, policy.text).toBe(200);
    const rule = await addRule(y, { name: 'Accept all', conditions: {}, action: 'accept' });
    const covered = await pay(x, y, '10000');
    expect(covered.task).toMatchObject({
      status_name: 'pending',
      decided_by: null,
      history: [],
      rule: { id: rule.id, name: 'Accept all', action: 'accept' },
      note: 'Rule "Accept all" would accept this payment, but four eyes apply: a person must approve it',
    });
    expect(await submissionStatus(x, covered.paymentId)).toBe(1);
    // Below the threshold four eyes do not apply: the rule accepts.
    expect((await pay(x, y, '9999')).task).toMatchObject({
      status_name: 'completed',
      decided_by: `rule:${rule.id}`,
    });
    // A rejecting rule still rejects a covered task (four eyes guard approvals only).
    await clearRules(y);
    await addRule(y, { name: 'Reject all', conditions: {}, action: 'reject', reason: 'business_reasons' });
    expect((await pay(x, y, '20000')).task.status_name).toBe('failed');
  });

  it("applies only the task's namespace's rules, to the tasks they name", async () => {
    const [x, y] = await linkedBanks();
    // The creator's rules never decide the beneficiary's task.
    await addRule(x, { name: 'x accepts all', conditions: {}, action: 'accept' });
    const other = await createBank();
    await addRule(other, { name: 'other accepts all', conditions: {}, action: 'accept' });
    expect((await pay(x, y, '500')).task).toMatchObject({ status_name: 'pending', rule: null });
    // A rule for compliance reviews only leaves the admission alone and decides the creator's review.
    await clearRules(x);
    const review = await addRule(x, {
      name: 'Reviews accepted',
      task_names: ['compliance_review'],
      conditions: {},
      action: 'accept',
    });
    await addRule(y, {
      name: 'Only debtor authorizations',
      task_names: ['debtor_authorization'],
      conditions: {},
      action: 'accept',
    });
    const body = pushBody(x, `payee-${uniq()}@${y.domain}`, '2000000');
    const sub = await createAndSubmit(x, body);
    const tasks = await admissionTasks(x, body.payment_id, sub.admission_id);
    const compliance = tasks.find((t) => t.name === 'compliance_review')!;
    expect(compliance).toMatchObject({ status_name: 'completed', decided_by: `rule:${review.id}` });
    const beneficiary = (await admissionTasks(y, body.payment_id, sub.admission_id)).find(
      (t) => t.name === 'beneficiary_admission',
    )!;
    expect(beneficiary).toMatchObject({ status_name: 'pending', rule: null });
  });

  it('counts a payer’s payments exactly, however many arrive at once', async () => {
    const [x, y] = await linkedBanks();
    const velocity = await addRule(y, {
      name: 'Fourth payment in an hour refused',
      conditions: { payer_velocity: { count: 4, window_minutes: 60 } },
      action: 'reject',
      reason: 'fraud_detected',
    });
    const rest = await addRule(y, { name: 'Others accepted', conditions: {}, action: 'accept' });
    const payer = `payer-${uniq()}@${x.domain}`;
    const bodies = Array.from({ length: 6 }, () =>
      pushBody(x, `payee-${uniq()}@${y.domain}`, '100', {
        debtor_party: {
          payment_address: payer,
          first_name: 'Pat',
          last_name: 'Payer',
          type: 'Payer_Individual',
        },
      }),
    );
    for (const body of bodies) expect((await api('POST', '/payments', { ...x.key, body })).status).toBe(200);
    const subs = await Promise.all(
      bodies.map((body) => api('POST', `/payments/${body.payment_id}/submissions`, x.key)),
    );
    for (const s of subs) expect(s.status, s.text).toBe(200);
    const decided: string[] = [];
    for (const [i, body] of bodies.entries()) {
      const [task] = await admissionTasks(y, body.payment_id, subs[i]!.body.data.admission_id);
      decided.push(task!.decided_by);
    }
    expect(decided.filter((d) => d === `rule:${velocity.id}`)).toHaveLength(3);
    expect(decided.filter((d) => d === `rule:${rest.id}`)).toHaveLength(3);
    // Another payer of the same bank is counted apart; by amount, this one's sum reaches 700.
    expect((await pay(x, y, '100')).task.decided_by).toBe(`rule:${rest.id}`);
    await clearRules(y);
    const bySum = await addRule(y, {
      name: 'Payer past 7.00 an hour held',
      conditions: { payer_velocity: { amount: '700', window_minutes: 60 } },
      action: 'hold',
    });
    const seventh = pushBody(x, `payee-${uniq()}@${y.domain}`, '100', {
      debtor_party: {
        payment_address: payer,
        first_name: 'Pat',
        last_name: 'Payer',
        type: 'Payer_Individual',
      },
    });
    const sub = await createAndSubmit(x, seventh);
    const [task] = await admissionTasks(y, seventh.payment_id, sub.admission_id);
    expect(task).toMatchObject({ status_name: 'on_hold', decided_by: `rule:${bySum.id}` });
  });

  it('decides a return request by the beneficiary’s rules', async () => {
    const [x, y] = await linkedBanks();
    const paid = await pay(x, y, '3000');
    expect((await workTask(y, paid.paymentId, paid.admissionId, paid.task.token, COMPLETED)).status).toBe(
      200,
    );
    const rule = await addRule(y, {
      name: 'Duplicates returned',
      task_names: ['return_request'],
      conditions: { reference_matches: 'DUPL' },
      action: 'accept',
    });
    const requested = await api('POST', `/payments/${paid.paymentId}/returns`, {
      ...x.key,
      body: { amount: '3000', reason: 'DUPL' },
    });
    expect(requested.status, requested.text).toBe(200);
    const ret = await api('GET', `/returns/${requested.body.data.token}`, x.key);
    expect(ret.body.data.status, ret.text).toBe('returned');
    const task = await api('GET', `/returns?direction=incoming`, y.key);
    expect(task.status).toBe(200);
    expect(rule.id).toMatch(/^rul_/);
  });

  it('records a decision in the events and the audit trail in order, as a person’s', async () => {
    const [x, y] = await linkedBanks();
    const hook = await api('POST', '/webhook', { ...admin(y), body: { kind: 'inbox', event_types: ['*'] } });
    expect(hook.status, hook.text).toBe(200);
    const rule = await addRule(y, { name: 'Accept all', conditions: {}, action: 'accept' });
    const paid = await pay(x, y, '1234');
    const deadline = Date.now() + 15_000;
    let types: string[] = [];
    let messages: Array<{ event_type: string; body: string }> = [];
    while (Date.now() < deadline) {
      const inbox = await api('GET', `/webhook/${hook.body.data.token}/inbox?limit=100&order=asc`, admin(y));
      messages = inbox.body.data.messages;
      types = messages.map((m) => m.event_type);
      if (types.includes('transaction.created')) break;
      await new Promise((r) => setTimeout(r, 150));
    }
    const order = [
      'rule.created',
      'payment.submitted',
      'admission_task.created',
      'admission_task.updated',
      'payment.admitted',
    ];
    expect(
      order.map((t) => types.indexOf(t)).every((i, k, all) => i >= 0 && (k === 0 || i > all[k - 1]!)),
      types.join(' '),
    ).toBe(true);
    const updated = JSON.parse(messages.find((m) => m.event_type === 'admission_task.updated')!.body);
    expect(updated.data.task).toMatchObject({
      token: paid.task.token,
      status_name: 'completed',
      decided_by: `rule:${rule.id}`,
    });

    const trail = await api('GET', '/audit-events?limit=100&order=asc', { token: y.token });
    const entries = trail.body.data.audit_events.filter((e: { action: string }) =>
      ['rule.created', 'task.completed'].includes(e.action),
    );
    expect(
      entries.map((e: { action: string; actor: unknown; target: unknown }) => [e.action, e.actor, e.target]),
    ).toEqual([
      [
        'rule.created',
        expect.objectContaining({ kind: 'user', label: y.email }),
        { type: 'rule', id: rule.id },
      ],
      [
        'task.completed',
        { kind: 'system', id: `rule:${rule.id}`, label: 'Accept all' },
        { type: 'task', id: paid.task.token },
      ],
    ]);
  });
});

describe('POST /api/v1/csp/rules/test', () => {
  it('says what a rule would have done to the namespace’s tasks, changing nothing', async () => {
    const [x, y] = await linkedBanks();
    const from = Math.floor(Date.now() / 1000) - 5;
    const made: Array<{ paymentId: string; admissionId: string; task: Task }> = [];
    for (const total of ['100', '200', '300', '5000'])
      made.push(await pay(x, y, total, { reference: total === '300' ? 'crypto' : 'rent' }));
    // People accept the first and reject the second; the rest wait.
    expect(
      (await workTask(y, made[0]!.paymentId, made[0]!.admissionId, made[0]!.task.token, COMPLETED)).status,
    ).toBe(200);
    expect(
      (
        await workTask(y, made[1]!.paymentId, made[1]!.admissionId, made[1]!.task.token, {
          status: 'failed',
          status_reason: 'fraud_detected',
        })
      ).status,
    ).toBe(200);
    const to = Math.floor(Date.now() / 1000) + 1;
    const test = (rule: Record<string, unknown>, range = { from, to }): Promise<ApiResponse> =>
      api('POST', '/rules/test', { ...admin(y), body: { rule, ...range } });

    const small = await test({
      conditions: { amount_max: '300' },
      action: 'reject',
      reason: 'fraud_detected',
    });
    expect(small.status, small.text).toBe(200);
    expect(small.body.data).toMatchObject({
      tasks: 4,
      matched: 3,
      actions: [
        { action: 'reject', count: 3, outcomes: { pending: 1, completed: 1, failed: 1, on_hold: 0 } },
      ],
    });
    expect(small.body.data.samples.map((s: { payment_id: string }) => s.payment_id)).toEqual(
      [made[2], made[1], made[0]].map((m) => m!.paymentId),
    );
    expect(small.body.data.samples[0]).toMatchObject({
      task_id: made[2]!.task.token,
      task_name: 'beneficiary_admission',
      amount: { currency: 'USD', total: '300' },
      action: 'reject',
      outcome: 'pending',
    });
    const crypto = await test({ conditions: { reference_matches: 'CRYP' }, action: 'hold' });
    expect(crypto.body.data).toMatchObject({ matched: 1, actions: [{ action: 'hold', count: 1 }] });
    const velocity = await test({
      conditions: { payer_velocity: { count: 3, window_minutes: 60 } },
      action: 'review',
    });
    expect(velocity.body.data).toMatchObject({ matched: 2 });
    const known = await test({ conditions: { counterparty_known: true }, action: 'accept' });
    // Known from the first admission on: the tasks made after it (none: all four were made before).
    expect(known.body.data).toMatchObject({ matched: 0, actions: [] });
    const none = await test({ conditions: {}, action: 'accept' }, { from: from - 3600, to: from - 1800 });
    expect(none.body.data).toEqual({ tasks: 0, matched: 0, actions: [], samples: [] });
    // Nothing changed.
    const still = await admissionTasks(y, made[2]!.paymentId, made[2]!.admissionId);
    expect(still[0]).toMatchObject({ status_name: 'pending', rule: null });
    expect((await api('GET', '/rules', admin(y))).body.data.count).toBe(0);
    // Another namespace's backtest does not see y's tasks.
    const elsewhere = await api('POST', '/rules/test', {
      ...admin(x),
      body: { rule: { conditions: {}, action: 'accept' }, from, to },
    });
    expect(elsewhere.body.data.samples.map((s: { payment_id: string }) => s.payment_id)).not.toContain(
      made[2]!.paymentId,
    );
  });
});

describe('the Sandbox Bank', () => {
  it('answers by its own rules, shown like anyone’s, a few seconds later', async () => {
    const org = await createOrg();
    const bank = await (await import('./payments-helpers')).withKey(org);
    const body = pushBody(bank, ALICE, '2501');
    const sub = await createAndSubmit(bank, body);
    const [pending] = await admissionTasks(bank, body.payment_id, sub.admission_id);
    expect(pending!.status_name).toBe('pending');
    await waitForStatus(bank, body.payment_id, [4]);
    const [task] = await admissionTasks(bank, body.payment_id, sub.admission_id);
    expect(task).toMatchObject({
      status_name: 'failed',
      status_reason_name: 'insufficient_funds',
      updated_by: 'Sandbox Bank (rule)',
      note: 'Rule "Test amount …01: refused (insufficient funds)": Answered automatically by the Sandbox Bank',
    });
  });
});
