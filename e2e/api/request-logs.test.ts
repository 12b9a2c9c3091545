import { beforeAll, describe, expect, it } from 'vitest';
import { api, createOrg, createVerifiedOrg, expectError, keyAccess, uniq, type TestOrg } from './helpers';
import { createBank, pushBody, type Bank } from './payments-helpers';

type Entry = {
  token: string;
  request_id: string;
  method: string;
  path: string;
  route: string | null;
  status: number;
  credential: string;
  credential_kind: string;
  actor: string;
  idempotency_key: string | null;
  replayed: boolean;
  error_code: string | null;
  request_body?: string | null;
  response_body?: string | null;
};

let bank: Bank;
beforeAll(async () => {
  bank = await createBank();
});

const key = (b: Bank) => ({ apiKey: b.key.apiKey, partner: b.partnerId, org: b.orgId });
const jwt = (o: TestOrg) => ({ token: o.token, partner: o.partnerId });

/** The log's answer once `until` holds (entries are written in batches, a moment after the answer). */
async function logOf(o: TestOrg, query: string, until: (e: Entry[]) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await api('GET', `/request-logs?${query}`, jwt(o));
    expect(res.status, res.text).toBe(200);
    const entries = res.body.data.request_logs as Entry[];
    if (until(entries) || Date.now() > deadline) return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function entryOf(o: TestOrg, requestId: string): Promise<Entry & { bodies_kept: boolean }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await api('GET', `/request-logs/${requestId}`, jwt(o));
    if (res.status === 200) return res.body.data;
    expect(res.status).toBe(404);
    if (Date.now() > deadline) throw new Error(`no entry ${requestId}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('GET /api/v1/csp/request-logs', () => {
  it('records every request of the namespace: who, what, the answer, idempotency and replays', async () => {
    const body = pushBody(bank, 'alice@sandbox-bank.test', '2500');
    const idem = `idem-${uniq()}`;
    const created = await api('POST', '/payments', { ...key(bank), body, idempotencyKey: idem });
    expect(created.status).toBe(200);
    const replay = await api('POST', '/payments', { ...key(bank), body, idempotencyKey: idem });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // A failing call: the error's request id leads to its entry, with the body and the error.
    const bad = await api('POST', '/payments', {
      ...key(bank),
      body: { ...body, payment_id: `p-${uniq()}`, amount: { currency: 'USD', total: '25.00' } },
    });
    expectError(bad, 400, 'error.bad_request');
    const requestId = bad.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^req_/);
    expect(bad.headers.get('x-request-log')).toBe(`/api/v1/csp/request-logs/${requestId}`);
    const entry = await entryOf(bank, requestId);
    expect(entry).toMatchObject({
      token: requestId,
      request_id: requestId,
      method: 'POST',
      path: '/api/v1/csp/payments',
      route: '/api/v1/csp/payments',
      status: 400,
      credential_kind: 'api_key',
      actor: 'core',
      error_code: 'error.bad_request',
      replayed: false,
      bodies_kept: true,
    });
    expect(JSON.parse(entry.request_body!).amount.total).toBe('25.00');
    expect(JSON.parse(entry.response_body!).message).toContain('amount.total');

    const log = await logOf(bank, 'limit=100', (es) => es.some((e) => e.replayed));
    const mine = log.request_logs.filter((e: Entry) => e.idempotency_key === idem);
    expect(mine.map((e: Entry) => [e.status, e.replayed])).toEqual([
      [200, true],
      [200, false],
    ]);
    expect(log.bodies_kept).toBe(true);
    expect(log.retention_seconds).toBe(7 * 24 * 3600);
    // The list does not carry bodies; one entry does.
    expect(log.request_logs[0].request_body).toBeUndefined();
    // The dashboard's own calls (a user, x-partner-id) are there too.
    await api('GET', '/payments', jwt(bank));
    const users = await logOf(bank, 'limit=100', (es) => es.some((e) => e.credential_kind === 'user'));
    expect(users.request_logs.find((e: Entry) => e.credential_kind === 'user')).toMatchObject({
      credential: bank.userId,
      actor: bank.email,
    });
  });

  it('finds an entry by the request id the client sent', async () => {
    const mine = `client-${uniq()}`;
    const res = await api('GET', '/payments/nope', { ...key(bank), headers: { 'x-request-id': mine } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe(mine);
    const entry = await entryOf(bank, mine);
    expect(entry).toMatchObject({ request_id: mine, status: 404, error_code: 'error.not_found' });
    expect(entry.token).toMatch(/^req_/);
  });

  it('records refusals after the credential: a missing permission', async () => {
    const reader = await api('POST', '/apikey', {
      ...jwt(bank),
      body: {
        name: 'reader',
        access: keyAccess('customers_read', 'transactions_read'),
      },
    });
    const refused = await api('POST', '/payments', {
      apiKey: reader.body.data.secret_key,
      partner: bank.partnerId,
      org: bank.orgId,
      body: pushBody(bank, 'alice@sandbox-bank.test', '100'),
    });
    expectError(refused, 403, 'error.forbidden');
    const entry = await entryOf(bank, refused.headers.get('x-request-id')!);
    expect(entry).toMatchObject({ status: 403, actor: 'reader', error_code: 'error.forbidden' });
    expect(JSON.parse(entry.request_body!).amount.total).toBe('100');
  });

  it('filters by status class, path, credential and time, and pages by cursor', async () => {
    // Its admin's POST /apikey is the first entry.
    const org = await createBank();
    for (let i = 0; i < 3; i++) await api('GET', '/payments', key(org));
    await api('GET', `/payments/missing-${uniq()}`, key(org));
    await api('GET', '/customer', jwt(org));
    const all = await logOf(org, 'limit=100', (es) => es.length >= 6);
    expect(all.request_logs).toHaveLength(6);
    const errors = (await logOf(org, 'status_class=4xx', () => true)).request_logs;
    expect(errors.map((e: Entry) => e.status)).toEqual([404]);
    const byPath = (await logOf(org, `path=${encodeURIComponent('/api/v1/csp/payments')}`, () => true))
      .request_logs;
    expect(byPath).toHaveLength(3);
    const keyId = all.request_logs.find((e: Entry) => e.credential_kind === 'api_key').credential;
    expect((await logOf(org, `credential=${keyId}`, () => true)).request_logs).toHaveLength(4);
    expect((await logOf(org, `credential=${org.userId}`, () => true)).request_logs).toHaveLength(2);
    const now = Math.floor(Date.now() / 1000);
    expect((await logOf(org, `from=${now + 60}`, () => true)).request_logs).toHaveLength(0);
    expect((await logOf(org, `from=${now - 600}&to=${now + 1}`, () => true)).request_logs).toHaveLength(6);
    expect((await logOf(org, `to=${now - 600}`, () => true)).request_logs).toHaveLength(0);
    // Newest first, two a page.
    const first = await logOf(org, 'limit=2', () => true);
    expect(first.has_more).toBe(true);
    const second = await logOf(org, `limit=2&cursor=${encodeURIComponent(first.next_cursor)}`, () => true);
    const third = await logOf(org, `limit=2&cursor=${encodeURIComponent(second.next_cursor)}`, () => true);
    const ids = [...first.request_logs, ...second.request_logs, ...third.request_logs].map(
      (e: Entry) => e.token,
    );
    expect(ids).toEqual(all.request_logs.map((e: Entry) => e.token));
    expect(ids).toEqual([...ids].sort().reverse());
    expectError(await api('GET', '/request-logs?status_class=6xx', jwt(org)), 400, 'error.bad_request');
    expectError(await api('GET', '/request-logs?credential=nobody', jwt(org)), 400, 'error.bad_request');
  });

  it("keeps each namespace's log to itself", async () => {
    const other = await createOrg();
    const res = await api('GET', '/payments/whose', key(bank));
    const id = res.headers.get('x-request-id')!;
    await entryOf(bank, id);
    expectError(await api('GET', `/request-logs/${id}`, jwt(other)), 404, 'error.not_found');
    const theirs = await logOf(other, 'limit=100', () => true);
    expect(theirs.request_logs.map((e: Entry) => e.token)).not.toContain(id);
    // An API key reads its own namespace's log (transactions_read), no other.
    const asKey = await api('GET', `/request-logs/${id}`, key(bank));
    expect(asKey.status).toBe(200);
  });

  it('redacts a password sent under an escaped key, and secrets spelt with escapes, in the parsed body', async () => {
    const email = `esc-${uniq()}@example.test`;
    // "\u0070assword" is "password" once parsed: the account gets it, the log must not.
    // Nothing else in these bodies names a secret field or looks like one.
    const password = `Hunter-${uniq()}-long-enough`;
    const sent = `{"email":"${email}","role":"support","\\u0070assword":"${password}","name":"Escaped"}`;
    const made = await api('POST', '/users', { ...jwt(bank), rawBody: sent });
    expect(made.status, made.text).toBe(200);
    const entry = await entryOf(bank, made.headers.get('x-request-id')!);
    expect(entry.request_body).not.toContain(password);
    expect(JSON.parse(entry.request_body!)).toEqual({
      email,
      role: 'support',
      password: '[redacted]',
      name: 'Escaped',
    });
    // The same, where the escape is in the middle of the key, nested in an array, and in a value.
    const keySecret = `sk_live_${uniq()}${uniq()}`;
    const escapedKeySecret = `\\u0073${keySecret.slice(1)}`;
    const nested = await api('POST', '/customer', {
      ...jwt(bank),
      rawBody: `{"payment_address":"esc-${uniq()}@${bank.domain}","first_name":"A","last_name":"B","extra":[{"pass\\u0077ord":"${password}"},"${escapedKeySecret}"]}`,
    });
    // Refused for its unknown field (docs/decisions.md, "Unknown fields"), and logged redacted all the same.
    expect(nested.status, nested.text).toBe(400);
    const nestedEntry = await entryOf(bank, nested.headers.get('x-request-id')!);
    expect(nestedEntry.request_body).not.toContain(password);
    expect(nestedEntry.request_body).not.toContain(keySecret.slice(1));
    expect(JSON.parse(nestedEntry.request_body!).extra).toEqual([{ password: '[redacted]' }, '[redacted]']);
    // A malformed body (answered 400) that names a secret field is not kept.
    const malformed = await api('POST', '/users', {
      ...jwt(bank),
      rawBody: `{"email":"${email}","\\u0070assword":"${password}"`,
    });
    expectError(malformed, 400, 'error.bad_request');
    const malformedEntry = await entryOf(bank, malformed.headers.get('x-request-id')!);
    expect(malformedEntry).toMatchObject({
      status: 400,
      request_body: '[redacted: not JSON, and may hold a secret]',
    });
  });

  it("keeps a production namespace's bodies only once its admins turn it on", async () => {
    const verified = await createVerifiedOrg();
    const prod = await api('POST', '/partner', {
      token: verified.token,
      body: { name: 'Live', domain: `live-${uniq()}.test`, environment: 'production' },
    });
    const live = { token: verified.token, partner: prod.body.data.token };
    const settings = await api('GET', '/request-log-settings', live);
    expect(settings.body.data).toMatchObject({ bodies_kept: false, environment: 'production' });
    const before = await api('POST', '/customer', {
      ...live,
      body: { payment_address: 'x', first_name: 'A', last_name: 'B' },
    });
    const entryBefore = await entryOf(
      { ...verified, partnerId: live.partner },
      before.headers.get('x-request-id')!,
    );
    expect(entryBefore).toMatchObject({
      status: before.status,
      request_body: null,
      response_body: null,
      bodies_kept: false,
    });
    const on = await api('PUT', '/request-log-settings', { ...live, body: { keep_bodies: true } });
    expect(on.body.data.bodies_kept).toBe(true);
    // The change is in the organization's audit trail.
    const trail = await api('GET', '/audit-events?action=request_log.settings_updated', {
      token: verified.token,
    });
    expect(trail.body.data.audit_events[0]).toMatchObject({
      action: 'request_log.settings_updated',
      changes: { before: { keep_bodies: false }, after: { keep_bodies: true } },
    });
    const after = await api('POST', '/customer', {
      ...live,
      body: { payment_address: 'y', first_name: 'A', last_name: 'B' },
    });
    const entryAfter = await entryOf(
      { ...verified, partnerId: live.partner },
      after.headers.get('x-request-id')!,
    );
    expect(JSON.parse(entryAfter.request_body!).payment_address).toBe('y');
    // A sandbox always keeps them: nothing to turn off.
    expectError(
      await api('PUT', '/request-log-settings', { ...jwt(bank), body: { keep_bodies: false } }),
      400,
      'error.bad_request',
    );
  });
});

describe('GET /api/v1/csp/request-logs: refusals of known keys', () => {
  it("records the 401s of a revoked, a disabled and a rotated-away key in the key's namespace; an unknown key writes nowhere", async () => {
    const org = await createOrg();
    const made = async (name: string) => {
      const res = await api('POST', '/apikey', {
        ...jwt(org),
        body: { name, access: keyAccess('customers_read') },
      });
      expect(res.status).toBe(200);
      return res.body.data as { token: string; secret_key: string };
    };
    const asKey = (secret: string) => ({ apiKey: secret, partner: org.partnerId, org: org.orgId });
    const [revoked, disabled, rotated, rolled] = await Promise.all(
      ['revoked', 'disabled', 'rotated', 'rolled'].map((n) => made(`${n}-${uniq()}`)),
    );
    expect((await api('DELETE', `/apikey/${revoked!.token}`, jwt(org))).status).toBe(200);
    expect(
      (await api('PATCH', `/apikey/${disabled!.token}`, { ...jwt(org), body: { enabled: false } })).status,
    ).toBe(200);
    expect((await api('POST', `/apikey/${rotated!.token}`, jwt(org))).status).toBe(200);
    // Rolled with a second's overlap: its old secret is refused once that second is over.
    const roll = await api('POST', `/apikey/${rolled!.token}`, {
      ...jwt(org),
      body: { previous_secret_expires_in: 1 },
    });
    expect(roll.status).toBe(200);
    await new Promise((r) =>
      setTimeout(r, roll.body.data.previous_secret_expires_at * 1000 - Date.now() + 50),
    );
    const refusals: Record<string, RegExp> = {
      [revoked!.token]: /^This API key was revoked/,
      [disabled!.token]: /^This API key is disabled/,
      [rotated!.token]: /^This secret was replaced by a rotation/,
      [rolled!.token]: /^This secret was replaced by a rotation/,
    };
    const sent: Record<string, string> = {};
    for (const k of [revoked!, disabled!, rotated!, rolled!]) {
      const res = await api('GET', '/customer', asKey(k.secret_key));
      expectError(res, 401, 'error.unauthorized');
      expect(res.body.message).toMatch(refusals[k.token]!);
      // The refusal names its entry, as any error the log recorded.
      expect(res.headers.get('x-request-log')).toBe(
        `/api/v1/csp/request-logs/${res.headers.get('x-request-id')}`,
      );
      sent[k.token] = res.headers.get('x-request-id')!;
    }
    // A made-up secret with this namespace's headers: refused, and recorded nowhere.
    const unknown = await api('GET', '/customer', asKey('sk_sandbox_made-up-secret-0000000000000000000000'));
    expectError(unknown, 401, 'error.unauthorized');
    expect(unknown.headers.get('x-request-log')).toBeNull();

    for (const [token, requestId] of Object.entries(sent)) {
      const entry = await entryOf(org, requestId);
      expect(entry).toMatchObject({
        method: 'GET',
        path: '/api/v1/csp/customer',
        status: 401,
        credential: token,
        credential_kind: 'api_key',
        error_code: 'error.unauthorized',
        source: 'api',
      });
    }
    const refused = await logOf(org, 'status_class=4xx&source=all', (e) => e.length >= 4);
    expect(refused.request_logs.map((e: Entry) => e.request_id).sort()).toEqual(Object.values(sent).sort());
    expectError(
      await api('GET', `/request-logs/${unknown.headers.get('x-request-id')}`, jwt(org)),
      404,
      'error.not_found',
    );
  });
});

describe('GET /api/v1/csp/request-logs?source=', () => {
  it("lists API calls by default, the dashboard's own calls apart, or both", async () => {
    const org = await createOrg();
    const DASHBOARD = { 'x-csp-dashboard': '1' };
    const byScript = await api('GET', '/customer', jwt(org));
    const byDashboard = await api('GET', '/customer', { ...jwt(org), headers: DASHBOARD });
    const made = await api('POST', '/apikey', {
      ...jwt(org),
      headers: DASHBOARD,
      body: { name: 'k', access: keyAccess('customers_read') },
    });
    // A key's call is an API call, whatever it sends.
    const byKey = await api('GET', '/customer', {
      apiKey: made.body.data.secret_key,
      partner: org.partnerId,
      org: org.orgId,
      headers: DASHBOARD,
    });
    for (const r of [byScript, byDashboard, made, byKey]) expect(r.status).toBe(200);
    const id = (r: { headers: Headers }) => r.headers.get('x-request-id');
    const ids = (d: { request_logs: Entry[] }) => d.request_logs.map((e) => e.request_id);
    const all = await logOf(org, 'source=all', (e) => e.length >= 4);
    expect(ids(all)).toEqual([id(byKey), id(made), id(byDashboard), id(byScript)]);
    expect(all.request_logs.map((e: Entry & { source: string }) => e.source)).toEqual([
      'api',
      'dashboard',
      'dashboard',
      'api',
    ]);
    expect(ids((await api('GET', '/request-logs', jwt(org))).body.data)).toEqual([id(byKey), id(byScript)]);
    expect(ids((await api('GET', '/request-logs?source=api', jwt(org))).body.data)).toEqual([
      id(byKey),
      id(byScript),
    ]);
    expect(ids((await api('GET', '/request-logs?source=dashboard', jwt(org))).body.data)).toEqual([
      id(made),
      id(byDashboard),
    ]);
    // With a key named: its calls are API calls, never the dashboard's.
    const keyId = made.body.data.token;
    expect(ids((await api('GET', `/request-logs?credential=${keyId}`, jwt(org))).body.data)).toEqual([
      id(byKey),
    ]);
    expect(
      (await api('GET', `/request-logs?credential=${keyId}&source=dashboard`, jwt(org))).body.data
        .request_logs,
    ).toEqual([]);
    expect(
      ids((await api('GET', `/request-logs?credential=${org.userId}&source=dashboard`, jwt(org))).body.data),
    ).toEqual([id(made), id(byDashboard)]);
    const bad = await api('GET', '/request-logs?source=browser', jwt(org));
    expectError(bad, 400, 'error.bad_request');
    expect(bad.body.message).toMatch(/source must be api, dashboard or all/);
  });
});
