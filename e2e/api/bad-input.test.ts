import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ACCOUNT_BODY,
  api,
  baseUrl,
  createOrg,
  dashboardSession,
  expectError,
  keyAccess,
  operatorToken,
  uniq,
  type ApiOptions,
  type ApiResponse,
} from './helpers';
import {
  credentialsFor,
  expectEnvelope,
  label,
  loadOperations,
  unknownIds,
  VERSION,
  type OpenApiOperation,
  type Operation,
} from './operations';
import {
  admissionTasks,
  ALICE,
  createAndSubmit,
  createBank,
  pushBody,
  workTask,
  type Bank,
} from './payments-helpers';

/**
 * Bad input on every write operation of the gateway, enumerated from its own OpenAPI document:
 * malformed JSON → 400, a body over 64 KiB → 413, a non-JSON content type → 415, each with the
 * error envelope and the X-Csp-Version and X-Request-Id headers, never a 500.
 */

const MALFORMED = '{"name": "x", "admin_email": ';
const OVERSIZED = JSON.stringify({ filler: 'x'.repeat(70 * 1024) });

// Enumerated from the running server's document when the file is collected.
const { doc, operations } = await loadOperations();
const OPERATIONS = operations.filter((o) => ['POST', 'PUT', 'PATCH'].includes(o.method));
const WITH_BODY = OPERATIONS.filter((o) => o.hasBody);
const WITHOUT_BODY = OPERATIONS.filter((o) => !o.hasBody);
const credentials = (o: Operation) => credentialsFor(o, bank, operator);

/** Each operation with its idempotency key when it takes one, so the body is what is refused. */
function send(o: Operation, path: string, cred: ApiOptions, rawBody: string, contentType: string) {
  return api(o.method, path, {
    ...cred,
    rawBody,
    contentType,
    idempotencyKey: o.headers.has('idempotency-key'),
  });
}

let bank: Bank;
let operator: string;
/** Real resources of the bank's own organization, for the operations that change one. */
let real: Record<string, string>;

beforeAll(async () => {
  bank = await createBank();
  operator = await operatorToken();
  const key = await api('POST', '/apikey', {
    token: bank.token,
    partner: bank.partnerId,
    body: {
      name: 'to-patch',
      access: keyAccess('customers_read'),
    },
  });
  expect(key.status).toBe(200);
  const links = await api('GET', '/link', { token: bank.token, partner: bank.partnerId });
  expect(links.body.data.links).toHaveLength(1);
  const hook = await api('POST', '/webhook', {
    token: bank.token,
    partner: bank.partnerId,
    body: { url: 'http://127.0.0.1:9/hook', event_types: ['*'] },
  });
  expect(hook.status, hook.text).toBe(200);
  real = {
    user_id: bank.userId,
    partner_id: bank.partnerId,
    key: key.body.data.token,
    link_id: links.body.data.links[0].token,
    webhook_id: hook.body.data.token,
  };
});

/** Path parameters: a real resource of the bank where there is one, else a well-formed unknown id. */
function pathOf(o: Operation, useReal: boolean): string {
  const unknown = unknownIds();
  return o.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const id = (useReal ? real[name] : undefined) ?? unknown[name];
    if (!id) throw new Error(`no id for path parameter ${name} of ${label(o)}`);
    return encodeURIComponent(id);
  });
}

describe('the write operations of the OpenAPI document', () => {
  it('are enumerated, and every one that takes a JSON body declares it', () => {
    expect(WITH_BODY.map(label)).toEqual(
      expect.arrayContaining([
        'POST /organization',
        'POST /organization/signin',
        'POST /customer',
        'POST /account',
        'POST /payments',
        'PATCH /users/{user_id}',
        'PUT /payments/{payment_id}/admissions/{admission_id}/tasks/{task_id}',
      ]),
    );
    expect(WITH_BODY.length).toBeGreaterThanOrEqual(15);
    expect(WITHOUT_BODY.map(label)).toEqual(
      expect.arrayContaining(['POST /payments/{payment_id}/submissions', 'POST /settlements']),
    );
    for (const o of WITH_BODY)
      expect(
        Object.keys(
          (doc.paths[`/api/v1/csp${o.path}`] as Record<string, OpenApiOperation>)[o.method.toLowerCase()]!
            .requestBody!.content,
        ),
        label(o),
      ).toEqual(['application/json']);
  });
});

describe.each(WITH_BODY.map((o) => [label(o), o] as const))('%s', (_name, o) => {
  it('answers malformed JSON with 400, a body over 64 KiB with 413 (sized and streamed) and a non-JSON type with 415', async () => {
    const creds = credentials(o);
    expect(creds.length).toBeGreaterThan(0);
    for (const { name, opts } of creds) {
      const path = pathOf(o, true);
      const malformed = await send(o, path, opts, MALFORMED, 'application/json');
      expectEnvelope(malformed, 400, 'error.bad_request', `${name}, malformed JSON`);
      expect(malformed.body.message).toMatch(/JSON/);

      expectEnvelope(
        await send(o, path, opts, OVERSIZED, 'application/json'),
        413,
        'error.payload_too_large',
        `${name}, 70 KiB`,
      );
      expectEnvelope(
        await sendStreamed(
          o.method,
          path,
          { ...opts, idempotencyKey: o.headers.has('idempotency-key') },
          OVERSIZED,
        ),
        413,
        'error.payload_too_large',
        `${name}, 70 KiB streamed`,
      );

      expectEnvelope(
        await send(o, path, opts, '{}', 'text/plain'),
        415,
        'error.unsupported_media_type',
        `${name}, text/plain`,
      );
      expectEnvelope(
        await send(o, path, opts, 'name=x', 'application/x-www-form-urlencoded'),
        415,
        'error.unsupported_media_type',
        `${name}, form`,
      );
    }
  });
});

describe.each(WITHOUT_BODY.map((o) => [label(o), o] as const))('%s (takes no body)', (_name, o) => {
  it('answers a body over 64 KiB with 413 before anything else', async () => {
    for (const { name, opts } of credentials(o)) {
      expectEnvelope(
        await send(o, pathOf(o, false), opts, OVERSIZED, 'application/json'),
        413,
        'error.payload_too_large',
        `${name}, 70 KiB`,
      );
    }
  });

  // POST /settlements would run a cut-off on the shared server; its only bad input is the size.
  if (o.pathParams.length > 0) {
    it('ignores a malformed or non-JSON body: the answer is the operation’s own (404 for an unknown id)', async () => {
      for (const { name, opts } of credentials(o)) {
        expectEnvelope(
          await send(o, pathOf(o, false), opts, MALFORMED, 'application/json'),
          404,
          'error.not_found',
          `${name}, malformed JSON`,
        );
        expectEnvelope(
          await send(o, pathOf(o, false), opts, 'a=b', 'text/plain'),
          404,
          'error.not_found',
          `${name}, text/plain`,
        );
      }
    });
  }
});

/** A body streamed without Content-Length (chunked), so the limit must count the bytes as they come. */
async function sendStreamed(
  method: string,
  path: string,
  opts: ApiOptions,
  text: string,
): Promise<ApiResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.apiKey) headers['x-service-api-key'] = opts.apiKey;
  if (opts.partner) headers['x-partner-id'] = opts.partner;
  if (opts.org) headers['x-org-id'] = opts.org;
  if (opts.idempotencyKey)
    headers['idempotency-key'] =
      typeof opts.idempotencyKey === 'string' ? opts.idempotencyKey : crypto.randomUUID();
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.subarray(i, i + 8192));
      controller.close();
    },
  });
  const res = await fetch(baseUrl() + path, { method, headers, body, duplex: 'half' } as RequestInit);
  const raw = await res.text();
  let parsed: unknown = raw;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // not JSON: the assertions report it
  }
  return { status: res.status, body: parsed, text: raw, headers: res.headers };
}

describe('refused bodies write nothing', () => {
  const cases = [
    {
      name: 'create customer (API key)',
      path: '/customer',
      count: (b: Bank) => api('GET', '/customer', b.key),
      opts: (b: Bank): ApiOptions => b.key,
      body: (b: Bank) => ({
        payment_address: `jane.${uniq()}@${b.domain}`,
        first_name: 'Jane',
        last_name: 'Doe',
      }),
    },
    {
      name: 'create account (JWT)',
      path: '/account',
      count: (b: Bank) => api('GET', '/account', { token: b.token, partner: b.partnerId }),
      opts: (b: Bank): ApiOptions => ({ token: b.token, partner: b.partnerId }),
      body: () => ACCOUNT_BODY,
    },
    {
      name: 'create payment (API key)',
      path: '/payments',
      count: (b: Bank) => api('GET', '/payments', b.key),
      opts: (b: Bank): ApiOptions => b.key,
      body: (b: Bank) => pushBody(b, ALICE, '1000'),
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: a valid body refused for its form (malformed, 70 KiB sized or streamed, not JSON) leaves the list unchanged; the same body sent properly is created',
    async (_n, c) => {
      const b = await createBank();
      const before = await c.count(b);
      expect(before.status).toBe(200);
      expect(before.body.data.count).toBe(0);
      const body = c.body(b);
      const json = JSON.stringify(body);
      // The first refusal's idempotency key is used again for the proper request: nothing was stored under it.
      const key = `bad-${uniq()}`;
      expectError(
        await api('POST', c.path, { ...c.opts(b), rawBody: json.slice(0, -1), idempotencyKey: key }),
        400,
        'error.bad_request',
      );
      expectError(
        await api('POST', c.path, {
          ...c.opts(b),
          rawBody: JSON.stringify({ ...body, padding: 'x'.repeat(70 * 1024) }),
        }),
        413,
        'error.payload_too_large',
      );
      expectError(
        await sendStreamed(
          'POST',
          c.path,
          { ...c.opts(b), idempotencyKey: true },
          JSON.stringify({ ...body, padding: 'x'.repeat(70 * 1024) }),
        ),
        413,
        'error.payload_too_large',
      );
      expectError(
        await api('POST', c.path, { ...c.opts(b), rawBody: json, contentType: 'text/plain' }),
        415,
        'error.unsupported_media_type',
      );
      expectError(
        await api('POST', c.path, {
          ...c.opts(b),
          rawBody: json,
          contentType: 'application/x-www-form-urlencoded',
        }),
        415,
        'error.unsupported_media_type',
      );
      expect((await c.count(b)).body.data.count).toBe(0);

      // Sent streamed as well: a chunked body under the limit is read and accepted.
      const created = await sendStreamed('POST', c.path, { ...c.opts(b), idempotencyKey: key }, json);
      expect(created.status, created.text).toBe(200);
      expect(created.headers.get('idempotent-replayed')).toBeNull();
      expect((await c.count(b)).body.data.count).toBe(1);
    },
  );
});

describe('wrong types and unknown enum values on update bodies', () => {
  it.each([
    ['PATCH /users: unknown role', 'PATCH', 'user', { role: 'owner' }, /role/],
    ['PATCH /users: role as a number', 'PATCH', 'user', { role: 1 }, /role/],
    ['PATCH /partner: enabled as a string', 'PATCH', 'partner', { enabled: 'no' }, /enabled/],
    [
      'PATCH /partner: payment_ttl_seconds as a string',
      'PATCH',
      'partner',
      { payment_ttl_seconds: '60' },
      /payment_ttl_seconds/,
    ],
    ['PATCH /apikey: enabled as a string', 'PATCH', 'key', { enabled: 'false' }, /enabled/],
    [
      'PATCH /webhook: unknown event type',
      'PATCH',
      'webhook',
      { event_types: ['payment.teleported'] },
      /event_types/,
    ],
    ['PATCH /webhook: event_types as a string', 'PATCH', 'webhook', { event_types: '*' }, /event_types/],
    ['PUT /me/partner: partner_id as a number', 'PUT', 'me', { partner_id: 42 }, /partner_id/],
  ] as const)(
    'answers 400 naming the field for %s and changes nothing',
    async (_l, method, what, body, field) => {
      const state = async () => ({
        user: (await api('GET', '/users', { token: bank.token })).body.data.users.find(
          (u: { token: string }) => u.token === bank.userId,
        ),
        partner: (await api('GET', `/partner/${bank.partnerId}`, { token: bank.token })).body.data,
        key: (await api('GET', `/apikey/${real.key}`, { token: bank.token, partner: bank.partnerId })).body
          .data,
        webhook: (
          await api('GET', `/webhook/${real.webhook_id}`, { token: bank.token, partner: bank.partnerId })
        ).body.data,
        me: (await api('GET', '/me', { token: bank.token })).body.data,
      });
      const before = await state();
      expect(before.user.role).toBe('admin');
      const path = {
        user: `/users/${bank.userId}`,
        partner: `/partner/${bank.partnerId}`,
        key: `/apikey/${real.key}`,
        webhook: `/webhook/${real.webhook_id}`,
        me: '/me/partner',
      }[what];
      const partner = what === 'key' || what === 'webhook' ? bank.partnerId : undefined;
      const res = await api(method, path, { token: bank.token, partner, body });
      expectError(res, 400, 'error.bad_request');
      expect(res.body.message).toMatch(field);
      expect(res.headers.get('x-csp-version')).toBe(VERSION);
      expect(await state()).toEqual(before);
    },
  );
});

describe('the NUL character (U+0000), which PostgreSQL cannot store', () => {
  const NUL = 'must not contain the NUL character (U+0000)';

  it('in a body field: 400 naming the field, nothing written, the key free for the corrected body', async () => {
    const b = await createBank();
    const key = `nul-${uniq()}`;
    const body = {
      payment_address: `jane.${uniq()}@${b.domain}`,
      first_name: 'Ja\u0000ne',
      last_name: 'Doe',
    };
    const refused = await api('POST', '/customer', { ...b.key, body, idempotencyKey: key });
    expectEnvelope(refused, 400, 'error.bad_request', 'NUL in first_name');
    expect(refused.body.message).toBe(`first_name: ${NUL}`);
    const nested = await api('POST', '/payments', {
      ...b.key,
      body: pushBody(b, ALICE, '1000', { device: { model: { 'x\u0000': 1 } } }),
    });
    expectEnvelope(nested, 400, 'error.bad_request', 'NUL in a key of device');
    expect(nested.body.message).toBe(`device.model.x\u0000: ${NUL}`);
    expect((await api('GET', '/customer', b.key)).body.data.count).toBe(0);
    expect((await api('GET', '/payments', b.key)).body.data.count).toBe(0);

    const created = await api('POST', '/customer', {
      ...b.key,
      body: { ...body, first_name: 'Jane' },
      idempotencyKey: key,
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.data.first_name).toBe('Jane');
    expect((await api('GET', '/customer', b.key)).body.data.count).toBe(1);
  });

  it('in sign-up and sign-in, which have no credential: 400, no organization made', async () => {
    const email = `nul-${uniq()}@example.test`;
    const signUp = await api('POST', '/organization', {
      body: { name: 'Nul\u0000 Bank', admin_email: email, admin_password: 'correct-horse-battery' },
    });
    expectEnvelope(signUp, 400, 'error.bad_request', 'sign-up');
    expect(signUp.body.message).toBe(`name: ${NUL}`);
    const signIn = await api('POST', '/organization/signin', {
      body: { admin_email: email, admin_password: 'correct-horse\u0000battery' },
    });
    expectEnvelope(signIn, 400, 'error.bad_request', 'sign-in');
    expect(signIn.body.message).toBe(`admin_password: ${NUL}`);
    // The email was never taken: the same sign-up without the NUL goes through.
    const ok = await api('POST', '/organization', {
      body: { name: 'Nul Bank', admin_email: email, admin_password: 'correct-horse-battery' },
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('in a path or query parameter: 400 naming it, for a read and for an idempotent write by API key', async () => {
    const b = await createBank();
    const read = await api('GET', '/payments/a%00b', b.key);
    expectEnvelope(read, 400, 'error.bad_request', 'path');
    expect(read.body.message).toBe(`payment_id: ${NUL}`);
    const write = await api('POST', '/payments/%00/submissions', b.key);
    expectEnvelope(write, 400, 'error.bad_request', 'path of a write');
    expect(write.body.message).toBe(`payment_id: ${NUL}`);
    const query = await api('GET', '/customer?q=jane%00', b.key);
    expectEnvelope(query, 400, 'error.bad_request', 'query');
    expect(query.body.message).toBe(`q: ${NUL}`);
  });
});

/** An object nested `levels` deep (`{"a":{"a":…1}}`), built without recursion. */
function nest(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}
const membersOf = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));

describe('bodies nested too deep or too wide, and lone UTF-16 surrogates: 400 naming the rule, nothing written', () => {
  const DEEP = 'body: JSON nested deeper than 32 levels';
  const WIDE = 'JSON object or array with more than 1000 members';
  const LONE = 'must not contain a lone UTF-16 surrogate';
  let b: Bank;
  beforeAll(async () => {
    b = await createBank();
  });

  // Each payment is refused under an idempotency key that then creates the corrected payment:
  // the refusal stored nothing, neither the payment nor an answer for the key.
  it.each([
    ['a device nested 3,000 levels deep', { device: nest(3000) }, DEEP],
    ['a device one level past the limit (33 in all)', { device: nest(32) }, DEEP],
    ['a device with 1,001 members', { device: membersOf(1001) }, `device: ${WIDE}`],
    [
      'an array of 1,001 items in location',
      { location: { seen: new Array(1001).fill(0) } },
      `location.seen: ${WIDE}`,
    ],
    ['a lone surrogate in reference', { reference: '\ud800x' }, `reference: ${LONE}`],
    ['a lone surrogate in payment_id', { payment_id: `pay-${uniq()}-\udc00` }, `payment_id: ${LONE}`],
    [
      'a lone surrogate in a device value',
      { device: { model: { name: 'Pixel \udbff' } } },
      `device.model.name: ${LONE}`,
    ],
    ['a lone surrogate in a device key', { device: { '\ud800': 1 } }, `device.\\ud800: ${LONE}`],
    [
      'a lone surrogate in a party name',
      { debtor_party: { payment_address: 'payer@{domain}', first_name: 'P\udc00at', last_name: 'Payer' } },
      `debtor_party.first_name: ${LONE}`,
    ],
    ['a lone surrogate in an unknown field', { memo: 'x\ud800' }, `memo: ${LONE}`],
  ] as const)('POST /payments with %s', async (_name, over, message) => {
    // The bank's own domain where a case names the debtor: only the rule under test is broken.
    const body = JSON.parse(JSON.stringify(pushBody(b, ALICE, '1000', over)).replace('{domain}', b.domain));
    const key = `bad-${uniq()}`;
    const refused = await api('POST', '/payments', { ...b.key, body, idempotencyKey: key });
    expectEnvelope(refused, 400, 'error.bad_request', message);
    expect(refused.body.message).toBe(message);

    const corrected = pushBody(b, ALICE, '1000');
    const id: string = 'payment_id' in over ? corrected.payment_id : body.payment_id;
    expectError(await api('GET', `/payments/${encodeURIComponent(id)}`, b.key), 404, 'error.not_found');
    const created = await api('POST', '/payments', {
      ...b.key,
      body: { ...corrected, payment_id: id },
      idempotencyKey: key,
    });
    expect(created.status, created.text).toBe(200);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
    expect(created.body.data.payment_id).toBe(id);
  });

  it('POST /payments accepts a device 32 levels deep in all, and answers it back unchanged', async () => {
    const body = pushBody(b, ALICE, '1000', { device: nest(31) });
    const created = await api('POST', '/payments', { ...b.key, body });
    expect(created.status, created.text).toBe(200);
    expect(created.body.data.device).toEqual(nest(31));
    const read = await api('GET', `/payments/${body.payment_id}`, b.key);
    expect(read.body.data.device).toEqual(nest(31));
  });

  it('sign-in and sign-up, which have no credential: an unknown field 3,000 levels deep (18 KB), a body of 1,001 members', async () => {
    const org = await createOrg();
    const signIn = { admin_email: org.email, admin_password: org.password };
    const deep = `${JSON.stringify(signIn).slice(0, -1)},"extra":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`;
    expect(deep.length).toBeGreaterThan(18_000);
    const key = `deep-${uniq()}`;
    const refused = await api('POST', '/organization/signin', { rawBody: deep, idempotencyKey: key });
    expectEnvelope(refused, 400, 'error.bad_request', 'deep sign-in');
    expect(refused.body.message).toBe(DEEP);
    const wide = await api('POST', '/organization/signin', { body: { ...membersOf(999), ...signIn } });
    expectEnvelope(wide, 400, 'error.bad_request', 'wide sign-in');
    expect(wide.body.message).toBe(`body: ${WIDE}`);
    const lone = await api('POST', '/organization/signin', { body: { ...signIn, admin_password: '\ud800' } });
    expectEnvelope(lone, 400, 'error.bad_request', 'lone surrogate in sign-in');
    expect(lone.body.message).toBe(`admin_password: ${LONE}`);
    const ok = await api('POST', '/organization/signin', { body: signIn, idempotencyKey: key });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();

    const email = `deep-${uniq()}@example.test`;
    const signUp = { name: 'Deep Bank', admin_email: email, admin_password: 'correct-horse-battery' };
    const up = await api('POST', '/organization', { body: { ...signUp, name: 'Deep \udfff Bank' } });
    expectEnvelope(up, 400, 'error.bad_request', 'lone surrogate in sign-up');
    expect(up.body.message).toBe(`name: ${LONE}`);
    const upDeep = await api('POST', '/organization', { body: { ...signUp, profile: nest(40) } });
    expectEnvelope(upDeep, 400, 'error.bad_request', 'deep sign-up');
    expect(upDeep.body.message).toBe(DEEP);
    // The email was never taken.
    expect((await api('POST', '/organization', { body: signUp })).status).toBe(200);
  });

  it("a lone surrogate in a task's note: 400, the task unchanged, the key free for the corrected body", async () => {
    const own = await createBank();
    const set = await api('PATCH', `/partner/${own.partnerId}`, {
      token: own.token,
      body: { review_threshold: '1' },
    });
    expect(set.status, set.text).toBe(200);
    const payment = pushBody(own, ALICE, '1000');
    const submission = await createAndSubmit(own, payment);
    const tasks = await admissionTasks(own, payment.payment_id, submission.admission_id);
    const review = tasks.find((t) => t.name === 'compliance_review')!;
    expect(review.status).toBe(1);
    const key = `note-${uniq()}`;
    const work = { status: 'on_hold', status_reason: 'accepted' };
    const refused = await workTask(
      own,
      payment.payment_id,
      submission.admission_id,
      review.token,
      { ...work, note: 'check \ud800' },
      { idempotencyKey: key },
    );
    expectEnvelope(refused, 400, 'error.bad_request', 'note');
    expect(refused.body.message).toBe(`note: ${LONE}`);
    const after = (await admissionTasks(own, payment.payment_id, submission.admission_id)).find(
      (t) => t.token === review.token,
    )!;
    expect(after).toEqual(review);
    const ok = await workTask(
      own,
      payment.payment_id,
      submission.admission_id,
      review.token,
      { ...work, note: 'check ok' },
      { idempotencyKey: key },
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();
    expect(ok.body.data.note).toBe('check ok');
  });

  it('a query parameter holding the UTF-8 form of a lone surrogate (%ED%A0%80) or another undecodable escape: 400 naming it', async () => {
    for (const [path, message] of [
      ['/customer?q=%ED%A0%80', 'q: not valid percent-encoded UTF-8'],
      ['/customer?limit=5&q=jane%zz', 'q: not valid percent-encoded UTF-8'],
      ['/payments?payment_id=pay-%ED%B0%80', 'payment_id: not valid percent-encoded UTF-8'],
    ] as const) {
      const res = await api('GET', path, b.key);
      if (inject('host') === 'next') {
        // Next.js decodes the query before any route runs (U+FFFD for invalid UTF-8, `%zz` kept
        // as text): the operation gets well-formed text (docs/decisions.md "HTTP").
        expect(res.status, `${path}: ${res.text}`).toBe(200);
        continue;
      }
      expectEnvelope(res, 400, 'error.bad_request', path);
      expect(res.body.message).toBe(message);
    }
    // The same text escaped properly is a search like any other.
    const literal = await api('GET', '/customer?q=%25ED%25A0%2580', b.key);
    expect(literal.status, literal.text).toBe(200);
  });

  it.runIf(inject('host') === 'next')(
    "the dashboard's proxy and sign-up forward such bodies and answer the gateway's 400",
    async () => {
      const org = await createOrg();
      const cookie = await dashboardSession(org.email, org.password);
      const origin = new URL(baseUrl()).origin;
      const post = async (path: string, body: string, headers: Record<string, string> = {}) => {
        const res = await fetch(`${origin}${path}`, {
          method: 'POST',
          headers: {
            cookie,
            'x-partner-id': org.partnerId,
            'content-type': 'application/json',
            'x-csp-dashboard': '1',
            ...headers,
          },
          body,
        });
        return { status: res.status, text: await res.text() };
      };
      // Bodies valid but for the rule under test, as the dashboard's forms would send them.
      const payment = pushBody(org, ALICE, '1000');
      // The field written as raw JSON text, in place of the body's own.
      const withField = (body: object, field: string, text: string) =>
        `${JSON.stringify({ ...body, [field]: undefined }).slice(0, -1)},"${field}":${text}}`;
      const deep = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
      const signUp = {
        name: 'Proxy Bank',
        admin_email: `px-${uniq()}@example.test`,
        admin_password: 'correct-horse-battery',
      };
      const customer = { payment_address: `jane@${org.domain}`, first_name: 'Jane', last_name: 'Doe' };
      for (const [path, body, message] of [
        ['/api/proxy/payments', withField(payment, 'device', deep), DEEP],
        ['/api/proxy/payments', '[' + '['.repeat(30_000) + ']'.repeat(30_000) + ']', DEEP],
        ['/api/proxy/payments', withField(payment, 'reference', '"\\ud800x"'), `reference: ${LONE}`],
        ['/api/proxy/customer', withField(customer, 'nick_name', '"\\udc00"'), `nick_name: ${LONE}`],
        ['/api/signup', withField(signUp, 'name', '"Proxy \\ud800"'), `name: ${LONE}`],
        ['/api/signup', withField(signUp, 'profile', deep), DEEP],
      ] as const) {
        const res = await post(path, body);
        expect(res.status, `${path} ${res.text}`).toBe(400);
        // The field at fault named apart (the envelope's `field`), but for the body as a whole.
        const field = message.startsWith('body: ') ? {} : { field: message.split(':')[0] };
        expect(JSON.parse(res.text)).toEqual({ code: 'error.bad_request', message, ...field });
      }
    },
  );
});

describe.runIf(inject('host') === 'next')("the dashboard's forwarders that need no session", () => {
  it('refuse a body over 64 KiB, sized or streamed, before reading it whole, and create nothing', async () => {
    const origin = new URL(baseUrl()).origin;
    const email = `big-${uniq()}@example.test`;
    const big = JSON.stringify({
      name: 'Big Bank',
      admin_email: email,
      admin_password: 'correct-horse-battery',
      padding: 'x'.repeat(70_000),
    });
    // A streamed body that does not end: answered once 64 KiB have arrived, not when it ends.
    let open: ReadableStreamDefaultController<Uint8Array> | undefined;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          open = controller;
          for (let i = 0; i < 8; i++)
            controller.enqueue(new TextEncoder().encode(big.slice(i * 10_000, (i + 1) * 10_000)));
        },
      });
    for (const path of ['/api/signup', `/api/invitation/inv_${'x'.repeat(43)}`]) {
      for (const body of [big, endless()]) {
        const res = await fetch(`${origin}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csp-dashboard': '1' },
          body,
          signal: AbortSignal.timeout(10_000),
          ...(typeof body === 'string' ? {} : { duplex: 'half' }),
        } as RequestInit);
        expect(res.status, path).toBe(413);
        expect(await res.json()).toEqual({
          code: 'error.payload_too_large',
          message: 'Request body exceeds the 64 KiB limit',
        });
        if (typeof body !== 'string') open?.close();
      }
    }
    // Nothing was signed up: the address signs in nowhere.
    const signin = await api('POST', '/organization/signin', {
      body: { admin_email: email, admin_password: 'correct-horse-battery' },
    });
    expect(signin.status).toBe(401);
  });
});

describe('a path that is not valid percent-encoded UTF-8', () => {
  it.each(['%zz', '%', '%ED%A0%80', 'ok%C0%AF'])(
    '/payments/%s: 400 before the credential, on either host',
    async (segment) => {
      const b = await createBank();
      for (const opts of [b.key, {}]) {
        const res = await api('GET', `/payments/${segment}`, {
          ...opts,
          headers: { 'x-request-id': 'req-bad-path' },
        });
        expectEnvelope(res, 400, 'error.bad_request', segment);
        expect(res.body.message).toBe('path: not valid percent-encoded UTF-8');
        expect(res.headers.get('x-request-id')).toBe('req-bad-path');
      }
      // A valid escape is decoded and answered by the operation (no payment has that id).
      expectError(await api('GET', '/payments/ok%20id', b.key), 404, 'error.not_found');
    },
  );
});
