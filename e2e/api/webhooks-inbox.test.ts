import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../lib/events/types';
import { verifyWebhookSignature } from '../../lib/webhooks/sign';
import { api, createOrg, createVerifiedOrg, expectError, keyAccess, uniq, type TestOrg } from './helpers';
import { startReceiver } from './receiver';

type Message = {
  token: string;
  event_id: string;
  event_type: string;
  headers: Record<string, string>;
  body: string;
  signature_valid: boolean;
};

let org: TestOrg;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  org = await createOrg();
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const as = (o: TestOrg) => ({ token: o.token, partner: o.partnerId });

async function inbox(o: TestOrg, id: string, until: (m: Message[]) => boolean): Promise<Message[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await api('GET', `/webhook/${id}/inbox?limit=100`, as(o));
    expect(res.status).toBe(200);
    const messages = res.body.data.messages as Message[];
    if (until(messages) || Date.now() > deadline) return messages;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('POST /api/v1/csp/webhook {kind: "inbox"}', () => {
  it('keeps each delivery as a receiver gets it, with its signature checked', async () => {
    const created = await api('POST', '/webhook', {
      ...as(org),
      body: { kind: 'inbox', event_types: ['*'], description: 'Inbox' },
    });
    expect(created.status).toBe(200);
    const hook = created.body.data;
    expect(hook).toMatchObject({ kind: 'inbox', url: `inbox://${hook.token}`, enabled: true });
    expect(hook.secret).toMatch(/^whsec_/);

    // A test event of a type the user picks: its example, to this endpoint only.
    const other = await api('POST', '/webhook', {
      ...as(org),
      body: { url: receiver.url, event_types: ['*'] },
    });
    const sent = await api('POST', `/webhook/${hook.token}/test`, {
      ...as(org),
      body: { event_type: 'payment.admitted' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.event_type).toBe('payment.admitted');
    const [m] = await inbox(org, hook.token, (ms) => ms.length > 0);
    expect(m).toMatchObject({
      event_id: sent.body.data.event_id,
      event_type: 'payment.admitted',
      signature_valid: true,
    });
    expect(Object.keys(m!.headers).sort()).toEqual(
      ['content-type', 'user-agent', 'webhook-id', 'webhook-signature', 'webhook-timestamp'].sort(),
    );
    // The stored request verifies with the endpoint's secret, as a receiver would check it.
    expect(verifyWebhookSignature({ secret: hook.secret, headers: m!.headers, body: m!.body })).toBe(true);
    const body = JSON.parse(m!.body);
    expect(body).toMatchObject({
      id: sent.body.data.event_id,
      type: 'payment.admitted',
      partner_id: org.partnerId,
    });
    expect(body.data.submission.relationships.payment.debtor_party.payment_address).toBe(
      `jane@${org.domain}`,
    );
    // The other endpoint (subscribed to everything) never saw the test event.
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received.map((r) => r.json.id)).not.toContain(sent.body.data.event_id);
    const deliveries = await api('GET', `/webhook/${other.body.data.token}/deliveries`, as(org));
    expect(deliveries.body.data.deliveries.map((d: { event_id: string }) => d.event_id)).not.toContain(
      sent.body.data.event_id,
    );
    // The delivery log says where it went.
    const log = await api('GET', `/webhook/${hook.token}/deliveries`, as(org));
    expect(log.body.data.deliveries[0]).toMatchObject({ status: 'succeeded', last_status_code: 200 });
    expect(log.body.data.deliveries[0].attempt_log[0].response_excerpt).toBe(
      'kept in the inbox; signature verified',
    );
  });

  it('takes a test event of every type, each with its example', async () => {
    const hook = (
      await api('POST', '/webhook', { ...as(org), body: { kind: 'inbox', event_types: ['payment.created'] } })
    ).body.data;
    for (const type of EVENT_TYPES) {
      const res = await api('POST', `/webhook/${hook.token}/test`, {
        ...as(org),
        body: { event_type: type },
      });
      expect(res.status, type).toBe(200);
    }
    const messages = await inbox(org, hook.token, (ms) => ms.length >= EVENT_TYPES.length);
    expect(messages.map((m) => m.event_type).sort()).toEqual([...EVENT_TYPES].sort());
    expect(messages.every((m) => m.signature_valid)).toBe(true);
    // Without a body, the test event is webhook.test as before.
    const plain = await api('POST', `/webhook/${hook.token}/test`, as(org));
    expect(plain.body.data.event_type).toBe('webhook.test');
    expectError(
      await api('POST', `/webhook/${hook.token}/test`, { ...as(org), body: { event_type: 'payment.nope' } }),
      400,
      'error.bad_request',
    );
  });

  it('receives the events of real changes it subscribes to', async () => {
    const hook = (
      await api('POST', '/webhook', { ...as(org), body: { kind: 'inbox', event_types: ['api_key.rotated'] } })
    ).body.data;
    const key = await api('POST', '/apikey', {
      ...as(org),
      body: {
        name: `k-${uniq()}`,
        access: keyAccess('customers_read', 'transactions_read'),
      },
    });
    expect(key.status).toBe(200);
    await api('POST', `/apikey/${key.body.data.token}`, as(org));
    const [m] = await inbox(org, hook.token, (ms) => ms.length > 0);
    expect(m!.event_type).toBe('api_key.rotated');
    expect(JSON.parse(m!.body).data.api_key_id).toBe(key.body.data.token);
  });

  it('is for sandbox namespaces, without a url; an inbox keeps its url', async () => {
    expectError(
      await api('POST', '/webhook', { ...as(org), body: { event_types: ['*'] } }),
      400,
      'error.bad_request',
    );
    expectError(
      await api('POST', '/webhook', {
        ...as(org),
        body: { kind: 'inbox', url: receiver.url, event_types: ['*'] },
      }),
      400,
      'error.bad_request',
    );
    const verified = await createVerifiedOrg();
    const prod = await api('POST', '/partner', {
      token: verified.token,
      body: { name: 'Live', domain: `live-${uniq()}.test`, environment: 'production' },
    });
    const refused = await api('POST', '/webhook', {
      token: verified.token,
      partner: prod.body.data.token,
      body: { kind: 'inbox', event_types: ['*'] },
    });
    expectError(refused, 400, 'error.bad_request');
    expect(refused.body.message).toContain('sandbox');
    const hook = (await api('POST', '/webhook', { ...as(org), body: { kind: 'inbox', event_types: ['*'] } }))
      .body.data;
    expectError(
      await api('PATCH', `/webhook/${hook.token}`, { ...as(org), body: { url: receiver.url } }),
      400,
      'error.bad_request',
    );
    // A URL endpoint has no inbox to read.
    const url = (
      await api('POST', '/webhook', { ...as(org), body: { url: receiver.url, event_types: ['*'] } })
    ).body.data;
    expectError(await api('GET', `/webhook/${url.token}/inbox`, as(org)), 400, 'error.bad_request');
  });

  it("is another tenant's 404", async () => {
    const hook = (await api('POST', '/webhook', { ...as(org), body: { kind: 'inbox', event_types: ['*'] } }))
      .body.data;
    const stranger = await createOrg();
    expectError(await api('GET', `/webhook/${hook.token}/inbox`, as(stranger)), 404, 'error.not_found');
    expectError(
      await api('POST', `/webhook/${hook.token}/test`, {
        ...as(stranger),
        body: { event_type: 'payment.created' },
      }),
      404,
      'error.not_found',
    );
  });
});
