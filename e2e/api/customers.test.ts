import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ALL_ACCESS,
  api,
  createOrg,
  expectError,
  keyAccess,
  uniq,
  withSql,
  type TestOrg,
  listAnswer,
} from './helpers';

async function keyFor(org: TestOrg) {
  const res = await api('POST', '/apikey', {
    token: org.token,
    partner: org.partnerId,
    body: {
      name: 'k',
      access: ALL_ACCESS,
    },
  });
  return {
    apiKey: res.body.data.secret_key as string,
    org: org.orgId,
    partner: org.partnerId,
    keyId: res.body.data.token as string,
  };
}

describe('POST /api/v1/csp/customer', () => {
  it('creates a customer in the namespace domain and lists it', async () => {
    const org = await createOrg();
    const k = await keyFor(org);
    const address = `jane.${uniq()}@${org.domain}`;
    const res = await api('POST', '/customer', {
      ...k,
      body: { payment_address: address, first_name: 'Jane', last_name: 'Doe', nick_name: 'JD' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      token: expect.stringMatching(/^cus_/),
      partner_id: org.partnerId,
      payment_address: address,
      first_name: 'Jane',
      last_name: 'Doe',
      nick_name: 'JD',
      status: 1,
      status_name: 'active',
      created_at: { seconds: expect.any(Number) },
      updated_at: { seconds: expect.any(Number) },
    });
    const list = await api('GET', '/customer', k);
    expect(list.body.data).toMatchObject({ count: 1, customers: [{ payment_address: address }] });
    expectError(
      await api('POST', '/customer', {
        ...k,
        body: { payment_address: address, first_name: 'J', last_name: 'D' },
      }),
      409,
      'error.conflict',
    );
  });

  it.each([
    [
      'an address of another domain',
      { payment_address: 'x@elsewhere.test', first_name: 'A', last_name: 'B' },
    ],
    ['a malformed address', { payment_address: 'not an address', first_name: 'A', last_name: 'B' }],
    ['a missing first_name', { payment_address: 'x@y.test', last_name: 'B' }],
    ['a wrong type', { payment_address: 42, first_name: 'A', last_name: 'B' }],
  ])('answers 400 for %s and writes nothing', async (_l, body) => {
    const org = await createOrg();
    const k = await keyFor(org);
    expectError(await api('POST', '/customer', { ...k, body }), 400, 'error.bad_request');
    expect((await api('GET', '/customer', k)).body.data.count).toBe(0);
  });

  it('creates exactly one customer from 20 concurrent identical requests', async () => {
    const org = await createOrg();
    const k = await keyFor(org);
    const body = { payment_address: `conc-${uniq()}@${org.domain}`, first_name: 'C', last_name: 'C' };
    const key = `idem-${uniq()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api('POST', '/customer', { ...k, body, idempotencyKey: key })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length + results.filter((r) => r.status === 409).length).toBe(20);
    expect(new Set(ok.map((r) => r.body.data.token)).size).toBe(1);
    expect((await api('GET', '/customer', k)).body.data.count).toBe(1);
    await withSql(async (c) => {
      const r = await c.query('SELECT count(*)::int AS n FROM customers WHERE partner_id = $1', [
        org.partnerId,
      ]);
      expect(r.rows[0].n).toBe(1);
    });
  });
});

describe('idempotency with an API key (the answer is stored in the statement that creates the customer)', () => {
  const customer = (org: TestOrg) => ({
    payment_address: `idem-${uniq()}@${org.domain}`,
    first_name: 'I',
    last_name: 'D',
  });

  it('gives 20 concurrent requests with one key the one answer, replayed to all but the first', async () => {
    const org = await createOrg();
    const k = await keyFor(org);
    const body = customer(org);
    const key = `idem-${uniq()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api('POST', '/customer', { ...k, body, idempotencyKey: key })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect((await api('GET', '/customer', k)).body.data.count).toBe(1);
    // One record, written done with the customer: never an in-flight stage to clean up.
    const hash = createHash('sha256')
      .update(`key:${k.keyId}\nPOST\n/api/v1/csp/customer\n${key}`)
      .digest('hex');
    await withSql(async (c) => {
      const r = await c.query('SELECT state, status_code, body FROM idempotency_keys WHERE key_hash = $1', [
        hash,
      ]);
      expect(r.rows).toEqual([{ state: 'done', status_code: 200, body: results[0]!.text }]);
    });
  });

  it('replays byte for byte, and answers 422 for another body, even one differing only in an optional field', async () => {
    const org = await createOrg();
    const k = await keyFor(org);
    const body = customer(org);
    const key = `idem-${uniq()}`;
    const first = await api('POST', '/customer', { ...k, body, idempotencyKey: key });
    const second = await api('POST', '/customer', { ...k, body, idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expectError(
      await api('POST', '/customer', { ...k, body: { ...body, first_name: 'Other' }, idempotencyKey: key }),
      422,
      'error.idempotency_key_reused',
    );
    expectError(
      await api('POST', '/customer', { ...k, body: { ...body, nick_name: 'Nick' }, idempotencyKey: key }),
      422,
      'error.idempotency_key_reused',
    );
    // A field the operation does not take is refused before the key is looked at.
    expectError(
      await api('POST', '/customer', { ...k, body: { ...body, unknown: 1 }, idempotencyKey: key }),
      400,
      'error.bad_request',
    );
    // The same key sent by another credential is another operation.
    const other = await keyFor(org);
    const otherBody = customer(org);
    const third = await api('POST', '/customer', { ...other, body: otherBody, idempotencyKey: key });
    expect(third.status).toBe(200);
    expect(third.body.data.payment_address).toBe(otherBody.payment_address);
    expect((await api('GET', '/customer', k)).body.data.count).toBe(2);
  });

  it('stores a definite refusal from the operation itself and replays it', async () => {
    const org = await createOrg();
    const k = await keyFor(org);
    const body = customer(org);
    expect((await api('POST', '/customer', { ...k, body })).status).toBe(200);
    const key = `idem-${uniq()}`;
    const dup = await api('POST', '/customer', { ...k, body, idempotencyKey: key });
    expectError(dup, 409, 'error.conflict');
    const again = await api('POST', '/customer', { ...k, body, idempotencyKey: key });
    expect(again.status).toBe(409);
    expect(again.text).toBe(dup.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('leaves the key free when the request is refused before the operation: invalid body, wrong namespace header, missing permission', async () => {
    const org = await createOrg();
    const k = await keyFor(org);
    const body = customer(org);
    const key = `idem-${uniq()}`;

    expectError(
      await api('POST', '/customer', { ...k, body: { ...body, first_name: 42 }, idempotencyKey: key }),
      400,
      'error.bad_request',
    );
    expectError(
      await api('POST', '/customer', { ...k, partner: 'ns_elsewhere', body, idempotencyKey: key }),
      401,
      'error.unauthorized',
    );

    // A key without customers_write is refused with 403; granted the permission, the same
    // idempotency key then performs the operation (neither 409 "in flight" nor a replayed 403).
    const created = await api('POST', '/apikey', {
      token: org.token,
      partner: org.partnerId,
      body: {
        name: 'read-only',
        access: keyAccess('customers_read', 'transactions_read'),
      },
    });
    const readOnly = { apiKey: created.body.data.secret_key as string, partner: org.partnerId };
    const key2 = `idem-${uniq()}`;
    expectError(
      await api('POST', '/customer', { ...readOnly, body, idempotencyKey: key2 }),
      403,
      'error.forbidden',
    );
    const granted = await api('PATCH', `/apikey/${created.body.data.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { access: { customers_write: true } },
    });
    expect(granted.status).toBe(200);
    const afterGrant = await api('POST', '/customer', { ...readOnly, body, idempotencyKey: key2 });
    expect(afterGrant.status).toBe(200);
    expect(afterGrant.headers.get('idempotent-replayed')).toBeNull();

    // The first key, refused twice, is still free for its own credential: a 409 (address taken
    // by the read-only key's request) shows the operation ran rather than a stale claim answering.
    const res = await api('POST', '/customer', { ...k, body, idempotencyKey: key });
    expectError(res, 409, 'error.conflict');
    expect(res.body.message).not.toMatch(/still being processed/);
    // Its record now holds that 409.
    const hash = createHash('sha256')
      .update(`key:${k.keyId}\nPOST\n/api/v1/csp/customer\n${key}`)
      .digest('hex');
    await withSql(async (c) => {
      const r = await c.query('SELECT state, status_code FROM idempotency_keys WHERE key_hash = $1', [hash]);
      expect(r.rows).toEqual([{ state: 'done', status_code: 409 }]);
    });
  });
});

describe('GET /api/v1/csp/customer (list)', () => {
  it.each([['limit=0'], ['limit=101'], ['page=0'], ['page=abc']])('answers 400 for %s', async (q) => {
    const org = await createOrg();
    const k = await keyFor(org);
    expectError(await api('GET', `/customer?${q}`, k), 400, 'error.bad_request');
  });

  it('paginates with count over all matches', async () => {
    const org = await createOrg();
    const k = await keyFor(org);
    for (let i = 0; i < 5; i++) {
      await api('POST', '/customer', {
        ...k,
        body: { payment_address: `p${i}@${org.domain}`, first_name: 'P', last_name: String(i) },
      });
    }
    const page = await api('GET', '/customer?limit=2&page=3', k);
    expect(page.body.data.count).toBe(5);
    expect(page.body.data.customers).toHaveLength(1);
    // A page past the end has no row to carry the count: it is still the count of all matches.
    const past = await api('GET', '/customer?limit=2&page=4', k);
    expect(past.body.data).toEqual(listAnswer(5, { customers: [] }));
  });
});

describe('GET /api/v1/csp/customer/{payment_address}/resolve', () => {
  it('resolves own customers and those of a linked namespace (the Sandbox Bank), not unlinked ones', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const ka = await keyFor(a);
    const kb = await keyFor(b);
    const address = `own-${uniq()}@${a.domain}`;
    await api('POST', '/customer', {
      ...ka,
      body: { payment_address: address, first_name: 'O', last_name: 'W' },
    });
    expect((await api('GET', `/customer/${address}/resolve`, ka)).body.data.payment_address).toBe(address);
    const alice = await api('GET', '/customer/alice@sandbox-bank.test/resolve', ka);
    expect(alice.status).toBe(200);
    expect(alice.body.data).toMatchObject({
      payment_address: 'alice@sandbox-bank.test',
      first_name: 'Alice',
      status: 1,
      status_name: 'active',
    });
    // b is not linked to a: a's customer does not exist for b
    expectError(await api('GET', `/customer/${address}/resolve`, kb), 404, 'error.not_found');
    expectError(await api('GET', `/customer/nobody@${a.domain}/resolve`, ka), 404, 'error.not_found');
  });

  it('needs customers_read', async () => {
    const org = await createOrg();
    const res = await api('POST', '/apikey', {
      token: org.token,
      partner: org.partnerId,
      body: {
        name: 'k',
        access: keyAccess('transactions_read', 'transactions_write'),
      },
    });
    const k = { apiKey: res.body.data.secret_key, org: org.orgId, partner: org.partnerId };
    expectError(await api('GET', '/customer/alice@sandbox-bank.test/resolve', k), 403, 'error.forbidden');
  });
});

describe('GET /api/v1/csp/customer?q=', () => {
  it('finds by id, or by a fragment of the address or the name in any case, in the namespace only', async () => {
    const [org, other] = [await createOrg(), await createOrg()];
    const k = await keyFor(org);
    const made: Record<string, string> = {};
    for (const [name, first, last] of [
      ['ada', 'Ada', 'Lovelace'],
      ['alan', 'Alan', 'Turing'],
      ['grace_h', 'Grace', 'Hopper'],
    ] as const) {
      const res = await api('POST', '/customer', {
        ...k,
        body: { payment_address: `${name}@${org.domain}`, first_name: first, last_name: last },
      });
      expect(res.status, res.text).toBe(200);
      made[name] = res.body.data.token;
    }
    const kOther = await keyFor(other);
    await api('POST', '/customer', {
      ...kOther,
      body: { payment_address: `ada@${other.domain}`, first_name: 'Ada', last_name: 'Lovelace' },
    });
    const found = async (q: string) =>
      (await api('GET', `/customer?q=${encodeURIComponent(q)}`, k)).body.data.customers.map(
        (c: { payment_address: string }) => c.payment_address.split('@')[0],
      );
    expect(await found('LOVELACE')).toEqual(['ada']);
    expect(await found('ada lov')).toEqual(['ada']);
    expect(await found(`@${org.domain}`)).toEqual(['grace_h', 'alan', 'ada']);
    expect(await found('a')).toEqual(['grace_h', 'alan', 'ada']);
    expect(await found('e_h')).toEqual(['grace_h']); // `_` is itself, not any character
    expect(await found('%')).toEqual([]);
    expect(await found(made.alan!)).toEqual(['alan']);
    expect(await found(made.alan!.toUpperCase())).toEqual([]);
    expectError(await api('GET', `/customer?q=${'x'.repeat(101)}`, k), 400, 'error.bad_request');
  });
});

describe('GET /api/v1/csp/customer/export', () => {
  it('streams the listed customers as CSV, newest first, with the same q, in the namespace only', async () => {
    const [org, other] = [await createOrg(), await createOrg()];
    const k = await keyFor(org);
    for (const [name, first, last] of [
      ['ada', 'Ada', 'Lovelace, "Countess"'],
      ['alan', 'Alan', 'Turing'],
      ['grace', 'Grace', 'Hopper'],
    ] as const) {
      const res = await api('POST', '/customer', {
        ...k,
        body: { payment_address: `${name}@${org.domain}`, first_name: first, last_name: last },
      });
      expect(res.status, res.text).toBe(200);
    }
    await api('POST', '/customer', {
      ...(await keyFor(other)),
      body: { payment_address: `ada@${other.domain}`, first_name: 'Ada', last_name: 'Lovelace' },
    });
    const listed = (await api('GET', '/customer?limit=100', k)).body.data.customers as Array<
      Record<string, any>
    >;
    const all = await api('GET', '/customer/export', k);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toContain('text/csv');
    const lines = all.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'customer_id,payment_address,first_name,last_name,nick_name,status,created_at,updated_at',
    );
    // Exactly the list's rows, in its order; a field with a comma and quotes is quoted.
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(listed.map((c) => c.token));
    expect(all.text).toContain(`ada@${org.domain},Ada,"Lovelace, ""Countess""",`);
    const some = await api('GET', '/customer/export?q=TUR', k);
    expect(
      some.text
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[1]),
    ).toEqual([`alan@${org.domain}`]);
    expectError(await api('GET', `/customer/export?q=${'x'.repeat(101)}`, k), 400, 'error.bad_request');
  });
});
