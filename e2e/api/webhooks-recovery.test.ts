import { afterAll, describe, expect, it } from 'vitest';
import { api, expectError, type TestOrg } from './helpers';
import { createBank, pushBody } from './payments-helpers';
import { startReceiver } from './receiver';
import { settledDeliveries } from './webhooks-helpers';

// Recovery (docs/decisions.md, "Webhook recovery"): a delivery's payload and attempts are readable,
// and the failed deliveries since a time are sent again in bulk, each exactly once per recovery.

const as = (o: TestOrg) => ({ token: o.token, partner: o.partnerId });
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of closers) await c();
});

describe('webhook recovery', () => {
  it('shows what each delivery sent, then sends every failed one again once the endpoint answers', async () => {
    const bank = await createBank();
    let up = false;
    const r = await startReceiver(() => (up ? 200 : 503));
    closers.push(r.close);
    const hook = (await api('POST', '/webhook', { ...as(bank), body: { url: r.url, event_types: ['*'] } }))
      .body.data;
    const since = Math.floor(Date.now() / 1000) - 1;
    for (let i = 0; i < 3; i++)
      expect((await api('POST', `/webhook/${hook.token}/test`, as(bank))).status).toBe(200);
    // The retry schedule of the test server is 1, 2, 3 s: four attempts, then failed.
    const failed = await settledDeliveries(bank, hook.token, 30_000);
    expect(failed.map((d) => [d.status, d.attempts])).toEqual([
      ['failed', 4],
      ['failed', 4],
      ['failed', 4],
    ]);
    const firstSent = r.received.length;
    expect(firstSent).toBe(12);

    // One delivery: its payload is the body every attempt sent, and every attempt's answer.
    const one = await api('GET', `/webhook/${hook.token}/deliveries/${failed[0]!.token}`, as(bank));
    expect(one.status, one.text).toBe(200);
    const sent = r.received.filter((x) => x.json.id === failed[0]!.event_id);
    expect(sent).toHaveLength(4);
    expect(JSON.stringify(one.body.data.payload)).toBe(sent[0]!.body);
    expect(one.body.data.payload).toMatchObject({ type: 'webhook.test', partner_id: bank.partnerId });
    expect(one.body.data.attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([
      503, 503, 503, 503,
    ]);
    expect(one.body.data.attempt_log[0].response_excerpt).toBe('nope');

    // Found by its id alone: the same answer, naming its endpoint; not in another namespace.
    const byId = await api('GET', `/webhook-deliveries/${failed[0]!.token}`, as(bank));
    expect(byId.status, byId.text).toBe(200);
    expect(byId.body.data).toEqual(one.body.data);
    expect(byId.body.data.webhook_id).toBe(hook.token);
    const stranger = await createBank();
    expectError(
      await api('GET', `/webhook-deliveries/${failed[0]!.token}`, as(stranger)),
      404,
      'error.not_found',
    );

    // The failed ones as CSV: the list's rows in its order, each with its last attempt's answer.
    const csv = await api('GET', `/webhook/${hook.token}/deliveries/export?status=failed`, as(bank));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const csvLines = csv.text.trimEnd().split('\r\n');
    expect(csvLines[0]).toBe(
      'delivery_id,event_id,event_type,status,attempts,last_status_code,last_error,last_response_excerpt,next_attempt_at,created_at',
    );
    const listedFailed = (await api('GET', `/webhook/${hook.token}/deliveries?status=failed`, as(bank))).body
      .data.deliveries as Array<{ token: string; event_id: string }>;
    expect(csvLines.slice(1).map((l) => l.split(',').slice(0, 2))).toEqual(
      listedFailed.map((d) => [d.token, d.event_id]),
    );
    for (const l of csvLines.slice(1))
      expect(l.split(',').slice(2, 8)).toEqual(['webhook.test', 'failed', '4', '503', '', 'nope']);
    const none = await api('GET', `/webhook/${hook.token}/deliveries/export?status=succeeded`, as(bank));
    expect(none.text.trimEnd().split('\r\n')).toHaveLength(1);

    // The endpoint is back: recover everything failed since before the events.
    up = true;
    const recovered = await api('POST', `/webhook/${hook.token}/recover`, { ...as(bank), body: { since } });
    expect(recovered.status, recovered.text).toBe(200);
    expect(recovered.body.data).toEqual({ recovered: 3, remaining: 0, has_more: false });
    const after = await settledDeliveries(bank, hook.token, 15_000);
    expect(after.map((d) => [d.status, d.attempts])).toEqual([
      ['succeeded', 5],
      ['succeeded', 5],
      ['succeeded', 5],
    ]);
    // Each failed delivery exactly once more, with its own webhook-id and the same body.
    const resent = r.received.slice(firstSent);
    expect(resent).toHaveLength(3);
    expect(new Set(resent.map((x) => x.headers['webhook-id'])).size).toBe(3);
    for (const x of resent) expect(x.body).toBe(r.received.find((y) => y.json.id === x.json.id)!.body);

    // Again: nothing left to recover, nothing sent.
    const again = await api('POST', `/webhook/${hook.token}/recover`, { ...as(bank), body: { since } });
    expect(again.body.data).toEqual({ recovered: 0, remaining: 0, has_more: false });
    await new Promise((res) => setTimeout(res, 500));
    expect(r.received).toHaveLength(firstSent + 3);

    // Audited once per call that moved something.
    const audit = await api('GET', `/audit-events?action=webhook.recovered&target=${hook.token}`, {
      token: bank.token,
    });
    expect(audit.body.data.audit_events).toMatchObject([{ changes: { after: { since, recovered: 3 } } }]);
  });

  it('keeps what a disabled endpoint misses as failed deliveries, sent once it is enabled and recovered', async () => {
    const bank = await createBank();
    const r = await startReceiver();
    closers.push(r.close);
    const hook = (
      await api('POST', '/webhook', {
        ...as(bank),
        body: { url: r.url, event_types: ['payment.created'] },
      })
    ).body.data;
    await api('PATCH', `/webhook/${hook.token}`, { ...as(bank), body: { enabled: false } });
    const since = Math.floor(Date.now() / 1000) - 1;
    const ids: string[] = [];
    for (const total of ['1500', '1600']) {
      const body = pushBody(bank, 'alice@sandbox-bank.test', total);
      expect((await api('POST', '/payments', { ...bank.key, body })).status).toBe(200);
      ids.push(body.payment_id);
    }
    // Fanned out as failed, never attempted: nothing reaches the receiver while disabled.
    let missed: Array<{ status: string; attempts: number; event_id: string; attempt_log: unknown[] }> = [];
    for (let i = 0; i < 50 && missed.length < 2; i++) {
      await new Promise((res) => setTimeout(res, 100));
      missed = (await api('GET', `/webhook/${hook.token}/deliveries`, as(bank))).body.data.deliveries;
    }
    expect(missed.map((d) => [d.status, d.attempts, d.attempt_log.length])).toEqual([
      ['failed', 0, 0],
      ['failed', 0, 0],
    ]);
    expect(r.received).toHaveLength(0);

    // Enabled again and recovered: each missed event is sent once, oldest first.
    await api('PATCH', `/webhook/${hook.token}`, { ...as(bank), body: { enabled: true } });
    const recovered = await api('POST', `/webhook/${hook.token}/recover`, { ...as(bank), body: { since } });
    expect(recovered.body.data).toEqual({ recovered: 2, remaining: 0, has_more: false });
    await r.waitFor((got) => got.length === 2);
    expect(r.received.map((x) => x.json.type)).toEqual(['payment.created', 'payment.created']);
    expect(
      r.received.map((x) => (x.json.data as { payment: { payment_id: string } }).payment.payment_id),
    ).toEqual(ids);
    const after = await settledDeliveries(bank, hook.token, 10_000);
    expect(after.map((d) => [d.status, d.attempts])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
  });

  it('refuses a since outside Unix seconds 0 to 9999-12-31 (400, not 500) and recovers nothing', async () => {
    const bank = await createBank();
    const r = await startReceiver();
    closers.push(r.close);
    const hook = (
      await api('POST', '/webhook', { ...as(bank), body: { url: r.url, event_types: ['payment.created'] } })
    ).body.data;
    // A delivery to recover: what a disabled endpoint misses is kept as failed, unattempted.
    await api('PATCH', `/webhook/${hook.token}`, { ...as(bank), body: { enabled: false } });
    const since = Math.floor(Date.now() / 1000) - 1;
    const body = pushBody(bank, 'alice@sandbox-bank.test', '1500');
    expect((await api('POST', '/payments', { ...bank.key, body })).status).toBe(200);
    let missed: Array<{ status: string; attempts: number }> = [];
    for (let i = 0; i < 50 && missed.length < 1; i++) {
      await new Promise((res) => setTimeout(res, 100));
      missed = (await api('GET', `/webhook/${hook.token}/deliveries`, as(bank))).body.data.deliveries;
    }
    expect(missed.map((d) => [d.status, d.attempts])).toEqual([['failed', 0]]);
    await api('PATCH', `/webhook/${hook.token}`, { ...as(bank), body: { enabled: true } });

    // Milliseconds sent for seconds (the year 33658): refused by the schema, before any SQL.
    const range =
      'since: since must be Unix seconds, an integer from 0 (1970-01-01T00:00:00Z) to 253402300799 (9999-12-31T23:59:59Z)';
    for (const since of [1_000_000_000_000, 253_402_300_800, 2 ** 53]) {
      const res = await api('POST', `/webhook/${hook.token}/recover`, { ...as(bank), body: { since } });
      expect([res.status, res.body], String(since)).toEqual([
        400,
        { code: 'error.bad_request', message: range, field: 'since' },
      ]);
    }
    // A time still to come matches nothing yet: refused too, as a mistake.
    const future = await api('POST', `/webhook/${hook.token}/recover`, {
      ...as(bank),
      body: { since: Math.floor(Date.now() / 1000) + 3600 },
    });
    expect([future.status, future.body]).toEqual([
      400,
      { code: 'error.bad_request', message: 'since: since must not be in the future', field: 'since' },
    ]);

    // Nothing was recovered: the delivery is still failed, unsent, and a valid since moves it.
    await new Promise((res) => setTimeout(res, 300));
    const still = (await api('GET', `/webhook/${hook.token}/deliveries`, as(bank))).body.data.deliveries;
    expect(still.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
      ['failed', 0],
    ]);
    expect(r.received).toHaveLength(0);
    const recovered = await api('POST', `/webhook/${hook.token}/recover`, { ...as(bank), body: { since } });
    expect(recovered.body.data).toEqual({ recovered: 1, remaining: 0, has_more: false });
  });

  it('refuses a disabled endpoint, bad input, and other namespaces', async () => {
    const bank = await createBank();
    const r = await startReceiver();
    closers.push(r.close);
    const hook = (await api('POST', '/webhook', { ...as(bank), body: { url: r.url, event_types: ['*'] } }))
      .body.data;
    for (const body of [{}, { since: 'yesterday' }, { since: -1 }, { since: 1.5 }])
      expectError(
        await api('POST', `/webhook/${hook.token}/recover`, { ...as(bank), body }),
        400,
        'error.bad_request',
      );
    const stranger = await createBank();
    expectError(
      await api('POST', `/webhook/${hook.token}/recover`, { ...as(stranger), body: { since: 0 } }),
      404,
      'error.not_found',
    );
    expectError(
      await api('GET', `/webhook/${hook.token}/deliveries/export`, as(stranger)),
      404,
      'error.not_found',
    );
    expectError(
      await api('GET', `/webhook/${hook.token}/deliveries/export?status=lost`, as(bank)),
      400,
      'error.bad_request',
    );
    expectError(
      await api('GET', `/webhook/${hook.token}/deliveries/whd_nope`, as(bank)),
      404,
      'error.not_found',
    );
    await api('PATCH', `/webhook/${hook.token}`, { ...as(bank), body: { enabled: false } });
    const disabled = await api('POST', `/webhook/${hook.token}/recover`, { ...as(bank), body: { since: 0 } });
    expectError(disabled, 409, 'error.conflict');
    expect(disabled.body.message).toContain('enable it first');
  });
});
