import { afterAll, describe, expect, it } from 'vitest';
import { api, signIn, uniq } from './helpers';
import {
  admissionTasks,
  createAndSubmit,
  linkedBanks,
  pushBody,
  waitForStatus,
  workTask,
  type Bank,
} from './payments-helpers';
import { startReceiver } from './receiver';

// A task's `updated_by` (and each `history[].updated_by`) names a person or key of the assignee's
// organization: that organization sees the e-mail or key id, every other viewer the namespace and
// role (docs/decisions.md, "A task's history").
const receivers: Array<Awaited<ReturnType<typeof startReceiver>>> = [];
afterAll(async () => {
  for (const r of receivers) await r.close();
});

async function subscribe(bank: Bank) {
  const r = await startReceiver();
  receivers.push(r);
  const hook = await api('POST', '/webhook', {
    token: bank.token,
    partner: bank.partnerId,
    body: { url: r.url, event_types: ['*'] },
  });
  expect(hook.status).toBe(200);
  return r;
}

const namespaceName = async (bank: Bank) =>
  (await api('GET', `/partner/${bank.partnerId}`, { token: bank.token })).body.data.name as string;

describe('who changed a task, as each organization sees it', () => {
  it("the creator sees the counterparty's namespace and role, never its staff's e-mail; each sees its own people", async () => {
    const [a, b] = await linkedBanks();
    // A reviews every payment it makes (compliance_review, worked by A's API key).
    expect(
      (await api('PATCH', `/partner/${a.partnerId}`, { token: a.token, body: { review_threshold: '1' } }))
        .status,
    ).toBe(200);
    const [hookA, hookB] = [await subscribe(a), await subscribe(b)];
    const [nameA, nameB] = [await namespaceName(a), await namespaceName(b)];
    const keyA = (await api('GET', '/apikey', { token: a.token, partner: a.partnerId })).body.data.api_keys[0]
      .token as string;

    // B's support user approves B's task; A's key completes its review.
    const supportEmail = `support-${uniq()}@b.example.test`;
    expect(
      (
        await api('POST', '/users', {
          token: b.token,
          body: { email: supportEmail, role: 'support', password: 'support-password-1' },
        })
      ).status,
    ).toBe(200);
    const support = await signIn(supportEmail, 'support-password-1');
    const body = pushBody(a, `payee@${b.domain}`, '5000');
    const sub = await createAndSubmit(a, body);
    const tasksOf = (bank: Bank) => admissionTasks(bank, body.payment_id, sub.admission_id);
    const byName = (tasks: Array<Record<string, any>>, name: string) => tasks.find((t) => t.name === name)!;
    const admission = byName(await tasksOf(a), 'beneficiary_admission');
    const review = byName(await tasksOf(a), 'compliance_review');
    const approved = await workTask(
      b,
      body.payment_id,
      sub.admission_id,
      admission.token,
      { status: 'completed', status_reason: 'accepted' },
      { apiKey: undefined, token: support.access_token, partner: b.partnerId, org: b.orgId },
    );
    expect(approved.status, approved.text).toBe(200);
    // The answer goes to B's own user: the e-mail.
    expect(approved.body.data.updated_by).toBe(supportEmail);
    expect(approved.body.data.history.map((h: { updated_by: string }) => h.updated_by)).toEqual([
      supportEmail,
    ]);
    const reviewed = await workTask(a, body.payment_id, sub.admission_id, review.token, {
      status: 'completed',
      status_reason: 'accepted',
    });
    expect(reviewed.status, reviewed.text).toBe(200);
    expect(reviewed.body.data.updated_by).toBe(keyA);
    await waitForStatus(a, body.payment_id, [3]);

    // A, the creator: B's task by namespace and role; its own review by its key's id.
    const seenByA = await tasksOf(a);
    expect(byName(seenByA, 'beneficiary_admission')).toMatchObject({
      updated_by: `${nameB} (support)`,
      history: [{ status: 2, status_reason: 1, note: null, updated_by: `${nameB} (support)` }],
    });
    expect(byName(seenByA, 'compliance_review')).toMatchObject({
      updated_by: keyA,
      history: [{ status: 2, updated_by: keyA }],
    });
    // B: its own staff's e-mail; A's review by namespace and role, not A's key id.
    const seenByB = await tasksOf(b);
    expect(byName(seenByB, 'beneficiary_admission')).toMatchObject({
      updated_by: supportEmail,
      history: [{ updated_by: supportEmail }],
    });
    expect(byName(seenByB, 'compliance_review')).toMatchObject({
      updated_by: `${nameA} (API key)`,
      history: [{ updated_by: `${nameA} (API key)` }],
    });
    // Queues are each namespace's own tasks: own people.
    const queueB = (await api('GET', '/tasks', b.key)).body.data.tasks;
    expect(queueB.find((t: { token: string }) => t.token === admission.token).updated_by).toBe(supportEmail);
    const queueA = (await api('GET', '/tasks', a.key)).body.data.tasks;
    expect(queueA.find((t: { token: string }) => t.token === review.token).updated_by).toBe(keyA);

    // Webhooks: each namespace's events show its own view. A receives nothing naming B's staff.
    await hookA.waitFor((got) => got.some((r) => r.json.type === 'payment.admitted'));
    await hookB.waitFor(
      (got) =>
        got.some((r) => r.json.type === 'payment.admitted') &&
        got.some((r) => r.json.type === 'admission_task.updated'),
    );
    const everythingA = JSON.stringify([
      hookA.received.map((r) => r.body),
      seenByA,
      (await api('GET', `/webhook`, { token: a.token, partner: a.partnerId })).body,
    ]);
    expect(everythingA).not.toContain(supportEmail);
    expect(everythingA).not.toContain('@b.example.test');
    const updatedForA = hookA.received.filter((r) => r.json.type === 'admission_task.updated');
    expect(updatedForA.map((r) => r.json.data.task.updated_by)).toEqual([keyA]);
    const updatedForB = hookB.received.filter((r) => r.json.type === 'admission_task.updated');
    expect(updatedForB.map((r) => r.json.data.task.updated_by)).toEqual([supportEmail]);
    expect(updatedForB[0]!.json.data.task.history[0].updated_by).toBe(supportEmail);
    expect(JSON.stringify(hookB.received.map((r) => r.body))).not.toContain(keyA);
  });
});
