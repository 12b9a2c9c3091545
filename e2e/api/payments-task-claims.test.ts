import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, api, expectError, withSql } from './helpers';
import {
  admissionTasks,
  createAndSubmit,
  linkedBanks,
  pushBody,
  workTask,
  type Bank,
} from './payments-helpers';

// Claims (docs/decisions.md, "Working the queue together"): a support agent claims a task for 15
// minutes so colleagues see who is on it; taking over someone's live claim must be asked for
// (take_over) and is audited; claiming is never required to decide.

let a: Bank;
let b: Bank;
const people: Record<'one' | 'two', { email: string; token: string }> = {} as never;
const as = (token: string) => ({ apiKey: undefined, token, partner: b.partnerId, org: b.orgId });

const addSupport = (bank: Bank) => addMember(bank, 'support', 'claims.example.test');

/** A payment of A waiting in B's queue: B's beneficiary_admission task. */
async function waitingInB() {
  const body = pushBody(a, `payee@${b.domain}`, '1200');
  const sub = await createAndSubmit(a, body);
  const task = (await admissionTasks(a, body.payment_id, sub.admission_id))[0]!;
  return { paymentId: body.payment_id as string, admissionId: sub.admission_id as string, token: task.token };
}

const claim = (task: string, who: Record<string, unknown>, body?: unknown) =>
  api('POST', `/tasks/${task}/claim`, { ...who, ...(body === undefined ? {} : { body }) });
const release = (task: string, who: Record<string, unknown>) => api('DELETE', `/tasks/${task}/claim`, who);
const inQueue = async (task: string, who: Record<string, unknown>) =>
  (await api('GET', '/tasks', who)).body.data.tasks.find((t: { token: string }) => t.token === task);

beforeAll(async () => {
  [a, b] = await linkedBanks();
  people.one = await addSupport(b);
  people.two = await addSupport(b);
});

describe('claiming a task', () => {
  it('shows colleagues who is on it, refuses them unless they take over, and audits the take-over', async () => {
    const t = await waitingInB();
    const before = Math.floor(Date.now() / 1000);
    const first = await claim(t.token, as(people.one.token));
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.claim.claimed_by).toBe(people.one.email);
    expect(first.body.data.claim.until).toBeGreaterThanOrEqual(before + 15 * 60);
    expect(first.body.data.claim.until).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 15 * 60);
    // Renewing one's own claim is fine.
    expect((await claim(t.token, as(people.one.token), {})).status).toBe(200);

    // A colleague sees it in the queue, and is refused without take_over.
    expect((await inQueue(t.token, as(people.two.token))).claim).toMatchObject({
      claimed_by: people.one.email,
    });
    const refused = await claim(t.token, as(people.two.token));
    expectError(refused, 409, 'error.conflict');
    expect(refused.body.message).toContain(`${people.one.email} is working on task ${t.token}`);
    expect((await inQueue(t.token, as(people.two.token))).claim.claimed_by).toBe(people.one.email);
    // Only the holder releases.
    expectError(await release(t.token, as(people.two.token)), 409, 'error.conflict');

    const taken = await claim(t.token, as(people.two.token), { take_over: true });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.data.claim.claimed_by).toBe(people.two.email);
    const audit = await api('GET', `/audit-events?target=${t.token}`, { token: b.token });
    expect(audit.body.data.audit_events).toMatchObject([
      {
        action: 'task.taken_over',
        actor: { label: people.two.email },
        changes: {
          before: { claimed_by: people.one.email },
          after: { claimed_by: people.two.email },
        },
      },
    ]);

    // The creator's organization never sees B's claims.
    expect((await admissionTasks(a, t.paymentId, t.admissionId))[0]!.claim).toBeNull();

    // Released by its holder; releasing what nobody holds answers the task as it is.
    const released = await release(t.token, as(people.two.token));
    expect(released.status, released.text).toBe(200);
    expect(released.body.data.claim).toBeNull();
    expect((await release(t.token, as(people.one.token))).body.data.claim).toBeNull();
    expect((await inQueue(t.token, b.key)).claim).toBeNull();
  });

  it('is not needed to decide: a colleague completes a claimed task, and a decided task cannot be claimed', async () => {
    const t = await waitingInB();
    expect((await claim(t.token, as(people.one.token))).status).toBe(200);
    const done = await workTask(b, t.paymentId, t.admissionId, t.token, {
      status: 'completed',
      status_reason: 'accepted',
    });
    expect(done.status, done.text).toBe(200);
    expectError(await claim(t.token, as(people.two.token)), 409, 'error.conflict');
  });

  it('lapses by itself: a claim past its time is anyone’s to take, without take_over', async () => {
    const t = await waitingInB();
    expect((await claim(t.token, b.key)).body.data.claim.claimed_by).toMatch(/^api_/);
    // The lease is moved into the past directly (PostgreSQL run; PGlite belongs to the server).
    const moved = await withSql((c) =>
      c.query(`update admission_tasks set claimed_until = now() - interval '1 second' where id = $1`, [
        t.token,
      ]),
    );
    if (moved === undefined) return;
    expect((await inQueue(t.token, b.key)).claim).toBeNull();
    const next = await claim(t.token, as(people.one.token));
    expect(next.status, next.text).toBe(200);
    expect(next.body.data.claim.claimed_by).toBe(people.one.email);
    const audit = await api('GET', `/audit-events?target=${t.token}`, { token: b.token });
    expect(audit.body.data.audit_events).toEqual([]);
  });

  it('answers bad requests with the error envelope and writes nothing', async () => {
    const t = await waitingInB();
    expectError(await claim(t.token, as(people.one.token), { take_over: 'yes' }), 400, 'error.bad_request');
    expectError(await claim(t.token, { token: people.one.token }), 400, 'error.bad_request');
    expectError(await claim('task_nope', as(people.one.token)), 404, 'error.not_found');
    // Another namespace's task is not found, and a viewer of it cannot claim (A's admin in A).
    expectError(
      await claim(t.token, { apiKey: undefined, token: a.token, partner: a.partnerId, org: a.orgId }),
      404,
      'error.not_found',
    );
    expectError(
      await api('POST', `/tasks/${t.token}/claim`, {
        ...as(people.one.token),
        rawBody: '{"take_over":',
        contentType: 'application/json',
      }),
      400,
      'error.bad_request',
    );
    expect((await inQueue(t.token, b.key)).claim).toBeNull();
  });
});

describe('GET /tasks/export', () => {
  it("streams the queue as CSV in the list's order and filters, with who is on each task", async () => {
    const t1 = await waitingInB();
    const t2 = await waitingInB();
    expect((await claim(t2.token, as(people.one.token))).status).toBe(200);
    const listed = (await api('GET', '/tasks?status=pending&limit=100', b.key)).body.data.tasks as Array<{
      token: string;
    }>;
    const res = await api('GET', '/tasks/export?status=pending', b.key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'task_id,payment_id,admission_id,name,status,currency,amount_minor,amount,expires_at,approvals_required,approvals,claimed_by,updated_by,updated_at',
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.map((r) => r[0])).toEqual(listed.map((t) => t.token));
    const second = rows.find((r) => r[0] === t2.token)!;
    expect([second[1], second[3], second[4], second[5], second[6], second[7], second[11]]).toEqual([
      t2.paymentId,
      'beneficiary_admission',
      'pending',
      'USD',
      '1200',
      '12.00',
      people.one.email,
    ]);
    expect(rows.find((r) => r[0] === t1.token)![11]).toBe('');
    const none = await api('GET', '/tasks/export?status=failed&name=compliance_review', b.key);
    expect(none.text.trimEnd().split('\r\n')).toHaveLength(1);
    expectError(await api('GET', '/tasks/export?status=done', b.key), 400, 'error.bad_request');
  });
});
