import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ALL_ACCESS,
  api,
  createOrg,
  expectError,
  keyAccess,
  signIn,
  uniq,
  withSql,
  type TestOrg,
} from './helpers';

async function createKey(
  org: TestOrg,
  access: Partial<typeof ALL_ACCESS> = ALL_ACCESS,
  name = 'Core banking',
) {
  const res = await api('POST', '/apikey', {
    token: org.token,
    partner: org.partnerId,
    body: {
      name,
      access: { ...keyAccess(), ...access },
    },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const asKey = (org: TestOrg, secret: string) => ({ apiKey: secret, org: org.orgId, partner: org.partnerId });

describe('POST /api/v1/csp/apikey', () => {
  it('creates a key whose secret is shown once, sandbox-prefixed, and masked afterwards', async () => {
    const org = await createOrg();
    const key = await createKey(org, { customers_read: true });
    expect(key).toMatchObject({
      partner_id: org.partnerId,
      name: 'Core banking',
      enabled: true,
      access: keyAccess('customers_read'),
    });
    expect(key.token).toMatch(/^api_/);
    expect(key.secret_key).toMatch(/^sk_sandbox_[A-Za-z0-9_-]{43}$/);
    const got = await api('GET', `/apikey/${key.token}`, { token: org.token, partner: org.partnerId });
    expect(got.body.data.secret_key).toBe(`…${key.secret_key.slice(-4)}`);
    const list = await api('GET', '/apikey', { token: org.token, partner: org.partnerId });
    expect(list.body.data.count).toBe(1);
    expect(list.body.data.api_keys[0].secret_key).toBe(`…${key.secret_key.slice(-4)}`);
    await withSql(async (c) => {
      const r = await c.query('SELECT secret_hash FROM api_keys WHERE id = $1', [key.token]);
      expect(r.rows[0].secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.rows[0].secret_hash).not.toContain(key.secret_key);
    });
  });

  it.each([
    ['missing x-partner-id', { partner: undefined }, 400, 'error.bad_request'],
    ['missing access', { body: { name: 'x' } }, 400, 'error.bad_request'],
    [
      'wrong access type',
      { body: { name: 'x', access: { ...ALL_ACCESS, customers_read: 'yes' } } },
      400,
      'error.bad_request',
    ],
  ])('answers %s with the envelope', async (_l, over, status, code) => {
    const org = await createOrg();
    const res = await api('POST', '/apikey', {
      token: org.token,
      partner: org.partnerId,
      body: { name: 'k', access: ALL_ACCESS },
      ...over,
    });
    expectError(res, status as number, code as string);
  });

  it('is refused to API keys and to non-admin users', async () => {
    const org = await createOrg();
    const key = await createKey(org);
    expectError(await api('GET', '/apikey', { ...asKey(org, key.secret_key) }), 401, 'error.unauthorized');
    const email = `viewer-${uniq()}@example.test`;
    await api('POST', '/users', {
      token: org.token,
      body: { email, role: 'viewer', password: 'viewer-password-1' },
    });
    const viewer = await signIn(email, 'viewer-password-1');
    expectError(
      await api('POST', '/apikey', {
        token: viewer.access_token,
        partner: org.partnerId,
        body: { name: 'k', access: ALL_ACCESS },
      }),
      403,
      'error.forbidden',
    );
  });
});

describe('POST /api/v1/csp/apikey/{secret_key} (rotation)', () => {
  it('returns a new secret; the old one gets 401 from that moment and the new one works', async () => {
    const org = await createOrg();
    const key = await createKey(org);
    expect((await api('GET', '/customer', asKey(org, key.secret_key))).status).toBe(200);
    const rotated = await api('POST', `/apikey/${key.secret_key}`, {
      token: org.token,
      partner: org.partnerId,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.token).toBe(key.token);
    expect(rotated.body.data.secret_key).toMatch(/^sk_sandbox_/);
    expect(rotated.body.data.secret_key).not.toBe(key.secret_key);
    expectError(await api('GET', '/customer', asKey(org, key.secret_key)), 401, 'error.unauthorized');
    expect((await api('GET', '/customer', asKey(org, rotated.body.data.secret_key))).status).toBe(200);
    // rotating by the old secret again finds nothing
    expectError(
      await api('POST', `/apikey/${key.secret_key}`, { token: org.token, partner: org.partnerId }),
      404,
      'error.not_found',
    );
    await withSql(async (c) => {
      const r = await c.query(
        "SELECT count(*)::int AS n FROM events WHERE type = 'api_key.rotated' AND partner_id = $1",
        [org.partnerId],
      );
      expect(r.rows[0].n).toBe(1);
    });
  });

  it("rotates by the key's token too (extension): the old secret is refused, another namespace's token is 404", async () => {
    const org = await createOrg();
    const key = await createKey(org);
    const rotated = await api('POST', `/apikey/${key.token}`, { token: org.token, partner: org.partnerId });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.token).toBe(key.token);
    expect(rotated.body.data.secret_key).toMatch(/^sk_sandbox_/);
    expectError(await api('GET', '/customer', asKey(org, key.secret_key)), 401, 'error.unauthorized');
    expect((await api('GET', '/customer', asKey(org, rotated.body.data.secret_key))).status).toBe(200);

    const other = await createOrg();
    expectError(
      await api('POST', `/apikey/${key.token}`, { token: other.token, partner: other.partnerId }),
      404,
      'error.not_found',
    );
    expectError(
      await api('POST', '/apikey/api_does_not_exist', { token: org.token, partner: org.partnerId }),
      404,
      'error.not_found',
    );
    expect((await api('GET', '/customer', asKey(org, rotated.body.data.secret_key))).status).toBe(200);
  });

  it("cannot rotate another organization's key", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const key = await createKey(a);
    expectError(
      await api('POST', `/apikey/${key.secret_key}`, { token: b.token, partner: b.partnerId }),
      404,
      'error.not_found',
    );
    expect((await api('GET', '/customer', asKey(a, key.secret_key))).status).toBe(200);
  });
});

describe('PATCH and DELETE /api/v1/csp/apikey/{token}', () => {
  it('disables a key (401), re-enables it, narrows its access (403) and revokes it (401, then 404)', async () => {
    const org = await createOrg();
    const key = await createKey(org);
    const off = await api('PATCH', `/apikey/${key.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { enabled: false },
    });
    expect(off.body.data.enabled).toBe(false);
    expectError(await api('GET', '/customer', asKey(org, key.secret_key)), 401, 'error.unauthorized');
    await api('PATCH', `/apikey/${key.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { enabled: true, access: { customers_read: false } },
    });
    const denied = await api('GET', '/customer', asKey(org, key.secret_key));
    expectError(denied, 403, 'error.forbidden');
    expect(denied.body.message).toMatch(/customers_read/);
    const del = await api('DELETE', `/apikey/${key.token}`, { token: org.token, partner: org.partnerId });
    expect(del.body).toEqual({ ok: true, data: {} });
    expectError(await api('GET', '/customer', asKey(org, key.secret_key)), 401, 'error.unauthorized');
    expectError(
      await api('GET', `/apikey/${key.token}`, { token: org.token, partner: org.partnerId }),
      404,
      'error.not_found',
    );
    expectError(
      await api('DELETE', `/apikey/${key.token}`, { token: org.token, partner: org.partnerId }),
      404,
      'error.not_found',
    );
  });

  it("answers 404 for another organization's key id and 401 for its namespace", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const key = await createKey(a);
    expectError(
      await api('GET', `/apikey/${key.token}`, { token: b.token, partner: b.partnerId }),
      404,
      'error.not_found',
    );
    expectError(
      await api('GET', `/apikey/${key.token}`, { token: b.token, partner: a.partnerId }),
      401,
      'error.unauthorized',
    );
  });
});

describe('API key credential', () => {
  it('requires its own x-org-id and x-partner-id', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const key = await createKey(a);
    expectError(
      await api('GET', '/customer', { apiKey: key.secret_key, org: a.orgId, partner: b.partnerId }),
      401,
      'error.unauthorized',
    );
    expectError(
      await api('GET', '/customer/x@y.test/resolve', {
        apiKey: key.secret_key,
        org: b.orgId,
        partner: a.partnerId,
      }),
      401,
      'error.unauthorized',
    );
    expectError(
      await api('GET', '/customer', { apiKey: key.secret_key, org: a.orgId }),
      400,
      'error.bad_request',
    );
    expectError(
      await api('GET', '/customer/x@y.test/resolve', { apiKey: key.secret_key, partner: a.partnerId }),
      400,
      'error.bad_request',
    );
    expectError(
      await api('GET', '/customer', {
        apiKey: 'sk_sandbox_not-a-real-key',
        org: a.orgId,
        partner: a.partnerId,
      }),
      401,
      'error.unauthorized',
    );
  });
});

describe("idempotency with a user's token", () => {
  it('leaves the key free after a refused request, then performs, replays and records the operation once', async () => {
    const org = await createOrg();
    const key = `idem-${uniq()}`;
    const send = (body: unknown, over: { partner?: string } = {}) =>
      api('POST', '/apikey', {
        token: org.token,
        partner: over.partner ?? org.partnerId,
        body,
        idempotencyKey: key,
      });
    const body = { name: 'Idempotent', access: ALL_ACCESS };

    expectError(await send({ name: '', access: ALL_ACCESS }), 400, 'error.bad_request');
    expectError(await send(body, { partner: 'ns_elsewhere' }), 401, 'error.unauthorized');
    const first = await send(body);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await send(body);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectError(await send({ ...body, name: 'Other' }), 422, 'error.idempotency_key_reused');

    const list = await api('GET', '/apikey', { token: org.token, partner: org.partnerId });
    expect(list.body.data.api_keys.filter((k: { name: string }) => k.name === 'Idempotent')).toHaveLength(1);
    const hash = createHash('sha256')
      .update(`usr:${org.userId}\nPOST\n/api/v1/csp/apikey\n${key}`)
      .digest('hex');
    await withSql(async (c) => {
      const r = await c.query('SELECT state, status_code FROM idempotency_keys WHERE key_hash = $1', [hash]);
      expect(r.rows).toEqual([{ state: 'done', status_code: 200 }]);
    });
  });
});

describe('API key hygiene', () => {
  it('records when a key was last used, without a write per request', async () => {
    const org = await createOrg();
    const key = await createKey(org);
    expect(key.last_used_at).toBeNull();
    expect(key.expires_at).toBeNull();
    const before = Math.floor(Date.now() / 1000);
    expect((await api('GET', '/customer', asKey(org, key.secret_key))).status).toBe(200);
    let used: number | null = null;
    for (let i = 0; i < 40 && used === null; i++) {
      await new Promise((r) => setTimeout(r, 50));
      used = (await api('GET', `/apikey/${key.token}`, { token: org.token, partner: org.partnerId })).body
        .data.last_used_at;
    }
    expect(used).toBeGreaterThanOrEqual(before);
  });

  it('may carry an expiry, checked at creation and refused with a clear error once past', async () => {
    const org = await createOrg();
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const create = (expires_at: unknown) =>
      api('POST', '/apikey', {
        token: org.token,
        partner: org.partnerId,
        body: { name: 'Expiring', access: ALL_ACCESS, expires_at },
      });
    expectError(await create(Math.floor(Date.now() / 1000) - 10), 400, 'error.bad_request');
    expectError(await create('tomorrow'), 400, 'error.bad_request');
    expectError(await create(Math.floor(Date.now() / 1000) + 6 * 366 * 86400), 400, 'error.bad_request');
    const made = await create(inAnHour);
    expect(made.status, made.text).toBe(200);
    expect(made.body.data.expires_at).toBe(inAnHour);
    expect((await api('GET', '/customer', asKey(org, made.body.data.secret_key))).status).toBe(200);
    // Cleared and set again by an update.
    const cleared = await api('PATCH', `/apikey/${made.body.data.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { expires_at: null },
    });
    expect(cleared.body.data.expires_at).toBeNull();
    await api('PATCH', `/apikey/${made.body.data.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { expires_at: inAnHour },
    });
    // Past its expiry (set behind the API's back, on the PostgreSQL run): refused, saying so.
    await withSql(async (c) => {
      await c.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [
        made.body.data.token,
      ]);
      const refused = await api('GET', '/customer', asKey(org, made.body.data.secret_key));
      expectError(refused, 401, 'error.unauthorized');
      expect(refused.body.message).toMatch(
        /^This API key expired at \d{4}-\d\d-\d\dT.*: rotate it or create another/,
      );
      // The expired key's refusal is in its namespace's request log (written a moment after).
      const at = `/request-logs/${refused.headers.get('x-request-id')}`;
      let entry = await api('GET', at, { token: org.token, partner: org.partnerId });
      for (let i = 0; i < 50 && entry.status === 404; i++) {
        await new Promise((r) => setTimeout(r, 100));
        entry = await api('GET', at, { token: org.token, partner: org.partnerId });
      }
      expect(entry.body.data).toMatchObject({
        status: 401,
        credential: made.body.data.token,
        error_message: refused.body.message,
      });
    });
  });
});

type InboxMessage = { event_type: string; body: string };

/** An inbox endpoint of the org's namespace, and its messages once `until` holds. */
async function inboxFor(org: TestOrg, types: string[]) {
  const hook = await api('POST', '/webhook', {
    token: org.token,
    partner: org.partnerId,
    body: { kind: 'inbox', event_types: types },
  });
  expect(hook.status, hook.text).toBe(200);
  return async (until: (m: InboxMessage[]) => boolean) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const res = await api('GET', `/webhook/${hook.body.data.token}/inbox?limit=100`, {
        token: org.token,
        partner: org.partnerId,
      });
      expect(res.status).toBe(200);
      const messages = res.body.data.messages as InboxMessage[];
      if (until(messages) || Date.now() > deadline) return messages.map((m) => JSON.parse(m.body).data);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
}

/** The org's audit entries of one action, newest first. */
async function auditOf(org: TestOrg, action: string) {
  const res = await api('GET', `/audit-events?action=${action}`, {
    token: org.token,
    partner: org.partnerId,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data.audit_events as Array<{
    changes: { before?: Record<string, unknown>; after?: Record<string, unknown> } | null;
    target: { id: string };
  }>;
}

describe('POST /api/v1/csp/apikey/{key} with previous_secret_expires_in (rolling with an overlap)', () => {
  it('keeps the old secret working until its own expiry, then answers 401; the new one works throughout', async () => {
    const org = await createOrg();
    const key = await createKey(org);
    const events = await inboxFor(org, ['api_key.rotated']);
    const before = Math.floor(Date.now() / 1000);
    const rolled = await api('POST', `/apikey/${key.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { previous_secret_expires_in: 3 },
    });
    expect(rolled.status, rolled.text).toBe(200);
    const fresh = rolled.body.data.secret_key;
    expect(fresh).toMatch(/^sk_sandbox_/);
    expect(rolled.body.data.previous_secret_key).toBe(`…${key.secret_key.slice(-4)}`);
    const until = rolled.body.data.previous_secret_expires_at as number;
    expect(until).toBeGreaterThanOrEqual(before + 3);
    expect(until).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 3);
    // The key shows its old secret's expiry, in the list and alone.
    const shown = await api('GET', `/apikey/${key.token}`, { token: org.token, partner: org.partnerId });
    expect(shown.body.data).toMatchObject({
      secret_key: `…${fresh.slice(-4)}`,
      previous_secret_key: `…${key.secret_key.slice(-4)}`,
      previous_secret_expires_at: until,
    });
    // Both secrets work during the overlap, as the same key.
    expect((await api('GET', '/customer', asKey(org, key.secret_key))).status).toBe(200);
    expect((await api('GET', '/customer', asKey(org, fresh))).status).toBe(200);
    // The old secret does not address a rotation (the spec's by secret): only the current one does.
    expectError(
      await api('POST', `/apikey/${key.secret_key}`, { token: org.token, partner: org.partnerId }),
      404,
      'error.not_found',
    );
    // Past its expiry: refused with the envelope, saying why; the new one still works.
    while (Date.now() < until * 1000) {
      expect((await api('GET', '/customer', asKey(org, fresh))).status).toBe(200);
      await new Promise((r) => setTimeout(r, 250));
    }
    const refused = await api('GET', '/customer', asKey(org, key.secret_key));
    expectError(refused, 401, 'error.unauthorized');
    expect(refused.body.message).toMatch(
      /^This secret was replaced by a rotation and stopped working at \d{4}-\d\d-\d\dT.*: use the key's new secret$/,
    );
    expect((await api('GET', '/customer', asKey(org, fresh))).status).toBe(200);
    const after = await api('GET', `/apikey/${key.token}`, { token: org.token, partner: org.partnerId });
    expect(after.body.data).toMatchObject({ previous_secret_key: null, previous_secret_expires_at: null });

    // The event and the audit trail say how long the old secret worked.
    const [event] = await events((m) => m.length > 0);
    expect(event).toEqual({
      api_key_id: key.token,
      name: 'Core banking',
      secret_key_last4: fresh.slice(-4),
      previous_secret_key_last4: key.secret_key.slice(-4),
      previous_secret_expires_at: until,
    });
    const [entry] = await auditOf(org, 'api_key.rotated');
    expect(entry).toMatchObject({
      target: { id: key.token },
      changes: {
        before: { secret_key_last4: key.secret_key.slice(-4) },
        after: {
          secret_key_last4: fresh.slice(-4),
          previous_secret_key_last4: key.secret_key.slice(-4),
          previous_valid_until: until,
        },
      },
    });
  });

  it('cuts the old secret at once without the field (the spec), and ends an earlier old secret on the next roll', async () => {
    const org = await createOrg();
    const key = await createKey(org);
    const events = await inboxFor(org, ['api_key.rotated']);
    const spec = await api('POST', `/apikey/${key.secret_key}`, { token: org.token, partner: org.partnerId });
    expect(spec.status).toBe(200);
    expect(spec.body.data).toMatchObject({ previous_secret_key: null, previous_secret_expires_at: null });
    expectError(await api('GET', '/customer', asKey(org, key.secret_key)), 401, 'error.unauthorized');
    const second = spec.body.data.secret_key as string;
    // A day's overlap for the second secret, then a roll with none: both old secrets stop at once.
    const day = await api('POST', `/apikey/${key.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { previous_secret_expires_in: 86_400 },
    });
    expect(day.body.data.previous_secret_key).toBe(`…${second.slice(-4)}`);
    const third = day.body.data.secret_key as string;
    expect((await api('GET', '/customer', asKey(org, second))).status).toBe(200);
    const now = await api('POST', `/apikey/${key.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { previous_secret_expires_in: 0 },
    });
    expect(now.status).toBe(200);
    expect(now.body.data).toMatchObject({ previous_secret_key: null, previous_secret_expires_at: null });
    for (const old of [key.secret_key, second, third])
      expectError(await api('GET', '/customer', asKey(org, old)), 401, 'error.unauthorized');
    expect((await api('GET', '/customer', asKey(org, now.body.data.secret_key))).status).toBe(200);
    // Each rotation's event names when its old secret stopped (at the rotation itself when cut at once).
    const data = await events((m) => m.length >= 3);
    expect(data).toHaveLength(3);
    for (const d of data) expect(d.previous_secret_expires_at).toEqual(expect.any(Number));
  });

  it.each([
    ['more than seven days', { previous_secret_expires_in: 604_801 }, /at most 604800/],
    ['a negative overlap', { previous_secret_expires_in: -1 }, /0 or more/],
    ['a fraction', { previous_secret_expires_in: 1.5 }, /whole number/],
    ['text', { previous_secret_expires_in: '1h' }, /whole number/],
  ])('refuses %s with the envelope and leaves the secret as it was', async (_l, body, message) => {
    const org = await createOrg();
    const key = await createKey(org);
    const res = await api('POST', `/apikey/${key.token}`, { token: org.token, partner: org.partnerId, body });
    expectError(res, 400, 'error.bad_request');
    expect(res.body.message).toMatch(message);
    expect((await api('GET', '/customer', asKey(org, key.secret_key))).status).toBe(200);
  });
});

describe('PATCH /api/v1/csp/apikey/{token} expires_at', () => {
  it('changes a key’s expiry after its creation: audited, sent as api_key.expiry_changed, applied at once', async () => {
    const org = await createOrg();
    const key = await createKey(org);
    const events = await inboxFor(org, ['api_key.expiry_changed']);
    const inADay = Math.floor(Date.now() / 1000) + 86_400;
    const set = await api('PATCH', `/apikey/${key.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { expires_at: inADay },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data.expires_at).toBe(inADay);
    // A rename alone is no expiry change: no event.
    await api('PATCH', `/apikey/${key.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { name: 'Renamed' },
    });
    const cleared = await api('PATCH', `/apikey/${key.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { expires_at: null },
    });
    expect(cleared.body.data.expires_at).toBeNull();
    expectError(
      await api('PATCH', `/apikey/${key.token}`, {
        token: org.token,
        partner: org.partnerId,
        body: { expires_at: Math.floor(Date.now() / 1000) + 10 },
      }),
      400,
      'error.bad_request',
    );
    const data = await events((m) => m.length >= 2);
    expect(data).toEqual([
      { api_key_id: key.token, name: 'Renamed', expires_at: null, previous_expires_at: inADay },
      { api_key_id: key.token, name: 'Core banking', expires_at: inADay, previous_expires_at: null },
    ]);
    // The trail keeps each change of the expiry (the rename is an entry of its own).
    const trail = (await auditOf(org, 'api_key.updated'))
      .map((e) => e.changes)
      .filter((c) => c?.after && 'expires_at' in c.after);
    expect(trail).toEqual([
      { before: { expires_at: inADay }, after: { expires_at: null } },
      { before: { expires_at: null }, after: { expires_at: inADay } },
    ]);
    expect((await api('GET', '/customer', asKey(org, key.secret_key))).status).toBe(200);
  });
});
