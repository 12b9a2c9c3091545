import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '@/lib/webhooks/sign';
import { api, keyAccess, settleEarlierFiles, signIn, OPERATOR, type TestOrg } from '../helpers';
import { ALICE, createAndSubmit, createBank, pushBody, waitForStatus } from '../payments-helpers';
import { startReceiver, type Received } from '../receiver';
import { settledDeliveries } from '../webhooks-helpers';

// The operator's cut-off settles every cleared transaction of the network, which would race with
// the other files' assertions: this file runs in the api-cutoffs project, whose server serves the
// files that run cut-offs, one at a time (vitest.config.ts).
beforeAll(settleEarlierFiles);
const receivers: Array<Awaited<ReturnType<typeof startReceiver>>> = [];
afterAll(async () => {
  for (const r of receivers) await r.close();
});

const as = (o: TestOrg) => ({ token: o.token, partner: o.partnerId });

async function subscribe(org: TestOrg) {
  const r = await startReceiver();
  receivers.push(r);
  const hook = await api('POST', '/webhook', { ...as(org), body: { url: r.url, event_types: ['*'] } });
  expect(hook.status).toBe(200);
  return { r, hook: hook.body.data as { token: string; secret: string } };
}

const countTypes = (got: Received[]) =>
  got.reduce<Record<string, number>>((m, x) => ({ ...m, [x.json.type]: (m[x.json.type] ?? 0) + 1 }), {});

describe('every event type of DESIGN §9', () => {
  it('is delivered once per change, signed, to the namespaces it concerns; the log matches the receivers', async () => {
    const a = await createBank();
    const b = await createBank();
    const ha = await subscribe(a);
    const hb = await subscribe(b);

    // Links: proposed (B is told), accepted (A is told; both established), suspended and resumed.
    const proposed = await api('POST', '/link', { ...as(a), body: { counterparty_domain: b.domain } });
    expect(proposed.status).toBe(200);
    const linkId = proposed.body.data.token;
    expect((await api('PUT', `/link/${linkId}`, { ...as(b), body: { action: 'accept' } })).status).toBe(200);
    expect((await api('PUT', `/link/${linkId}`, { ...as(a), body: { action: 'suspend' } })).status).toBe(200);
    expect((await api('PUT', `/link/${linkId}`, { ...as(b), body: { action: 'resume' } })).status).toBe(200);

    // An admitted payment with a compliance review A works itself: created, submitted, task
    // created and updated, admitted, transaction created.
    expect(
      (await api('PATCH', `/partner/${a.partnerId}`, { token: a.token, body: { review_threshold: '4000' } }))
        .status,
    ).toBe(200);
    const admitted = pushBody(a, ALICE, '4100');
    const sub = await createAndSubmit(a, admitted);
    const tasks = (
      await api('GET', `/payments/${admitted.payment_id}/admissions/${sub.admission_id}/tasks`, a.key)
    ).body.data.tasks;
    const review = tasks.find((t: { name: string }) => t.name === 'compliance_review');
    const done = await api(
      'PUT',
      `/payments/${admitted.payment_id}/admissions/${sub.admission_id}/tasks/${review.token}`,
      { ...a.key, body: { status: 'completed', status_reason: 'accepted' } },
    );
    expect(done.status).toBe(200);
    await waitForStatus(a, admitted.payment_id, [3]);

    // A payment the Sandbox Bank rejects (amount ending 01).
    const rejected = pushBody(a, ALICE, '1001');
    await createAndSubmit(a, rejected);
    await waitForStatus(a, rejected.payment_id, [4]);

    // A payment that expires waiting for A's review.
    expect(
      (await api('PATCH', `/partner/${a.partnerId}`, { token: a.token, body: { payment_ttl_seconds: 5 } }))
        .status,
    ).toBe(200);
    const expired = pushBody(a, ALICE, '4200');
    await createAndSubmit(a, expired);

    // An API key rotation.
    const key = await api('POST', '/apikey', {
      ...as(a),
      body: {
        name: 'rotate-me',
        access: keyAccess('customers_read'),
      },
    });
    expect((await api('POST', `/apikey/${key.body.data.secret_key}`, as(a))).status).toBe(200);

    await waitForStatus(a, expired.payment_id, [5], 20_000);

    // The operator's cut-off settles the admitted payment: A takes part in a completed batch.
    const op = await signIn(OPERATOR.email, OPERATOR.password);
    const cut = await api('POST', '/settlements', { token: op.access_token });
    expect(cut.status).toBe(200);
    expect(cut.body.data.batches).toMatchObject([{ currency: 'USD', status: 'COMPLETED' }]);

    const wantA: Record<string, number> = {
      'link.create.resp': 1,
      link_established: 1,
      link_update_resp: 2,
      'payment.created': 3,
      'payment.submitted': 3,
      'admission_task.created': 2,
      'admission_task.updated': 1,
      'payment.admitted': 1,
      'transaction.created': 1,
      'payment.rejected': 1,
      'payment.expired': 1,
      'api_key.rotated': 1,
      'settlement.batch.completed': 1,
    };
    const wantB: Record<string, number> = { 'link.propose.req': 1, link_established: 1, link_update_resp: 2 };
    const total = (m: Record<string, number>) => Object.values(m).reduce((s, n) => s + n, 0);
    await ha.r.waitFor((got) => got.length >= total(wantA), 20_000);
    await hb.r.waitFor((got) => got.length >= total(wantB), 20_000);
    // Anything sent twice would arrive within this pause (the poll is 200 ms).
    await new Promise((res) => setTimeout(res, 1500));
    expect(countTypes(ha.r.received)).toEqual(wantA);
    expect(countTypes(hb.r.received)).toEqual(wantB);

    for (const [{ r, hook }, org] of [
      [ha, a],
      [hb, b],
    ] as const) {
      // Once per change: every delivery is a different event, signed with this endpoint's secret.
      expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(r.received.length);
      for (const x of r.received) {
        expect(
          verifyWebhookSignature({
            secret: hook.secret,
            headers: x.headers as Record<string, string>,
            body: x.body,
          }),
          x.json.type,
        ).toBe(true);
        expect(x.headers['webhook-id']).toBe(x.json.id);
        expect(x.json).toMatchObject({
          partner_id: org.partnerId,
          org_id: org.orgId,
          created_at: expect.any(String),
          data: expect.any(Object),
        });
      }
      const log = await settledDeliveries(org, hook.token);
      expect(log).toHaveLength(r.received.length);
      const logged = log.map((d) => `${d.event_id} ${d.event_type}`).sort();
      expect(logged).toEqual(r.received.map((x) => `${x.json.id} ${x.json.type}`).sort());
      for (const d of log) {
        expect(d).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200 });
        expect(d.attempt_log).toHaveLength(1);
      }
    }

    // The payloads name what changed.
    const byType = (t: string) => ha.r.received.filter((x) => x.json.type === t).map((x) => x.json.data);
    expect(byType('payment.rejected')[0].submission.payment_id).toBe(rejected.payment_id);
    expect(byType('payment.expired')[0].submission.payment_id).toBe(expired.payment_id);
    expect(byType('payment.admitted')[0].submission.payment_id).toBe(admitted.payment_id);
    expect(byType('settlement.batch.completed')[0]).toMatchObject({
      batch_id: cut.body.data.batches[0].id,
      currency: 'USD',
      kind: 'debtor',
      amount: '4100',
      txn_count: 1,
    });
    expect(byType('link.create.resp')[0]).toMatchObject({ link_id: linkId, status: 'established' });
    expect(hb.r.received.find((x) => x.json.type === 'link.propose.req')!.json.data).toMatchObject({
      link_id: linkId,
      status: 'proposed',
      requester_partner_id: a.partnerId,
    });
  });
});
