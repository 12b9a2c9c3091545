import { describe, expect, it } from 'vitest';
import { api, expectError, withSql } from './helpers';
import {
  admissionTasks,
  createAndSubmit,
  createBank,
  linkedBanks,
  pushBody,
  workTask,
  type Bank,
} from './payments-helpers';

const notesPath = (t: { paymentId: string; admissionId: string; taskId: string }) =>
  `/payments/${t.paymentId}/admissions/${t.admissionId}/tasks/${t.taskId}/notes`;

/** A payment from a to b: b's beneficiary_admission task, pending in b's queue. */
async function taskOfB(a: Bank, b: Bank, total = '4100') {
  const body = pushBody(a, `bob@${b.domain}`, total);
  const sub = await createAndSubmit(a, body);
  const [task] = await admissionTasks(b, body.payment_id, sub.admission_id);
  return {
    paymentId: body.payment_id,
    admissionId: sub.admission_id as string,
    taskId: task!.token,
    task: task!,
  };
}

describe('POST /api/v1/csp/payments/{payment_id}/admissions/{admission_id}/tasks/{task_id}/notes', () => {
  it('keeps a note in the task and its history without changing its status, once per key, audited', async () => {
    const [a, b] = await linkedBanks();
    const t = await taskOfB(a, b);
    const keyId = (await api('GET', '/apikey', { token: b.token, partner: b.partnerId })).body.data
      .api_keys[0].token as string;

    const key = crypto.randomUUID();
    const res = await api('POST', notesPath(t), {
      ...b.key,
      body: { note: '  Called the customer: documents by Friday ' },
      idempotencyKey: key,
    });
    expect(res.status, res.text).toBe(200);
    const entry = {
      at: res.body.data.modified_on,
      note: 'Called the customer: documents by Friday',
      status: 1,
      status_name: 'pending',
      status_reason: 0,
      status_reason_name: 'none',
      updated_by: keyId,
    };
    expect(res.body.data).toEqual({
      ...t.task,
      note: 'Called the customer: documents by Friday',
      updated_by: keyId,
      modified_on: expect.any(Number),
      history: [entry],
    });
    // The same key replays the answer; nothing is added twice.
    const again = await api('POST', notesPath(t), {
      ...b.key,
      body: { note: '  Called the customer: documents by Friday ' },
      idempotencyKey: key,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const [read] = await admissionTasks(b, t.paymentId, t.admissionId);
    expect(read).toEqual(res.body.data);

    // A decision afterwards keeps the note before it.
    const held = await workTask(b, t.paymentId, t.admissionId, t.taskId, {
      status: 'on_hold',
      status_reason: 'business_reasons',
      note: 'awaiting documents',
    });
    expect(held.status, held.text).toBe(200);
    expect(held.body.data.history.map((e: any) => [e.status_name, e.note])).toEqual([
      ['pending', 'Called the customer: documents by Friday'],
      ['on_hold', 'awaiting documents'],
    ]);
    // On hold it still takes notes, with the status and reason it has.
    const second = await api('POST', notesPath(t), { ...b.key, body: { note: 'Documents received' } });
    expect(second.status, second.text).toBe(200);
    expect(second.body.data).toMatchObject({ status: 4, status_reason: 9, note: 'Documents received' });
    expect(second.body.data.history.slice(-1)).toEqual([
      {
        at: second.body.data.modified_on,
        note: 'Documents received',
        status: 4,
        status_name: 'on_hold',
        status_reason: 9,
        status_reason_name: 'business_reasons',
        updated_by: keyId,
      },
    ]);

    // The creator's side reads the entries with the namespace's name, not the key.
    const name = (await api('GET', `/partner/${b.partnerId}`, { token: b.token })).body.data.name;
    const seenByA = (await admissionTasks(a, t.paymentId, t.admissionId))[0]!;
    expect(seenByA.history.map((e: any) => e.updated_by)).toEqual([
      `${name} (API key)`,
      `${name} (API key)`,
      `${name} (API key)`,
    ]);

    // In the audit trail, by the key.
    const audit = await api('GET', `/audit-events?target=${t.taskId}`, { token: b.token });
    expect(audit.status, audit.text).toBe(200);
    expect(
      audit.body.data.audit_events.map((e: any) => [e.action, e.changes.after.note, e.actor.label]),
    ).toEqual([
      ['task.note_added', 'Documents received', 'core'],
      ['task.on_hold', 'awaiting documents', 'core'],
      ['task.note_added', 'Called the customer: documents by Friday', 'core'],
    ]);

    // One admission_task.updated event per entry (where the suite reads the database).
    await withSql(async (c) => {
      const events = await c.query(
        `SELECT data->'task'->>'note' AS note FROM events
         WHERE type = 'admission_task.updated' AND data->'task'->>'token' = $1 ORDER BY seq`,
        [t.taskId],
      );
      expect(events.rows.map((r) => r.note)).toEqual([
        'Called the customer: documents by Friday',
        'awaiting documents',
        'Documents received',
      ]);
    });
  });

  it('is the assignee’s only (404 to others), refused on a decided task (409), and checks the note', async () => {
    const [a, b] = await linkedBanks();
    const t = await taskOfB(a, b);
    const note = { note: 'Called the customer' };

    // The creator, an unrelated namespace, a wrong admission or payment id: not found.
    const c = await createBank();
    for (const [who, path] of [
      [a.key, notesPath(t)],
      [c.key, notesPath(t)],
      [b.key, notesPath({ ...t, admissionId: 'adm_0000000000000000000000000' })],
      [b.key, notesPath({ ...t, paymentId: 'no-such-payment' })],
      [b.key, notesPath({ ...t, taskId: 'task_0000000000000000000000000' })],
    ] as const) {
      const res = await api('POST', path, { ...who, body: note });
      expectError(res, 404, 'error.not_found');
      expect(res.body.message).toMatch(/^Task \S+ not found$/);
    }

    for (const [body, message] of [
      [{}, /note/],
      [{ note: '   ' }, /note is required/],
      [{ note: 'x'.repeat(1001) }, /note/],
      [{ note: 42 }, /note/],
    ] as const) {
      const res = await api('POST', notesPath(t), { ...b.key, body });
      expectError(res, 400, 'error.bad_request');
      expect(res.body.message).toMatch(message);
    }

    // Decided: no more notes.
    const done = await workTask(b, t.paymentId, t.admissionId, t.taskId, {
      status: 'completed',
      status_reason: 'accepted',
    });
    expect(done.status, done.text).toBe(200);
    const refused = await api('POST', notesPath(t), { ...b.key, body: note });
    expectError(refused, 409, 'error.conflict');
    expect(refused.body.message).toBe(`Task ${t.taskId} is completed: a decided task takes no more notes`);
    expect((await admissionTasks(b, t.paymentId, t.admissionId))[0]!.history).toHaveLength(1);
  });

  it('refuses a note on an open task of a rejected submission (closed with its payment)', async () => {
    const [a, b] = await linkedBanks();
    // A review task for a's own queue beside b's admission: b's failure closes a's task.
    const set = await api('PATCH', `/partner/${a.partnerId}`, {
      token: a.token,
      body: { review_threshold: '1' },
    });
    expect(set.status, set.text).toBe(200);
    const body = pushBody(a, `bob@${b.domain}`, '4300');
    const sub = await createAndSubmit(a, body);
    const tasks = await admissionTasks(a, body.payment_id, sub.admission_id);
    const review = tasks.find((x) => x.name === 'compliance_review')!;
    const admission = tasks.find((x) => x.name === 'beneficiary_admission')!;
    const failed = await workTask(b, body.payment_id, sub.admission_id, admission.token, {
      status: 'failed',
      status_reason: 'account_closed',
    });
    expect(failed.status, failed.text).toBe(200);
    const res = await api(
      'POST',
      notesPath({ paymentId: body.payment_id, admissionId: sub.admission_id, taskId: review.token }),
      {
        ...a.key,
        body: { note: 'Too late' },
      },
    );
    expectError(res, 409, 'error.conflict');
    expect(res.body.message).toBe('The submission is already rejected: its tasks take no more notes');
  });
});
