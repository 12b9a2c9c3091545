import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, inArray } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { createTestDatabase } from '@/lib/testing/db';
import { RequestLogWriter, type RequestLogEntry } from './writer';

// The writer on the real table (PGlite, and PostgreSQL with TEST_DATABASE_URL).
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(schema.organizations).values({ id: 'org_w', name: 'W', status: 'verified' });
  await database.db
    .insert(schema.namespaces)
    .values({ id: 'part_w', orgId: 'org_w', name: 'W', domain: 'w.test', environment: 'sandbox' });
});
afterAll(() => database?.close());

const entry = (n: number, fields: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  partnerId: 'part_w',
  id: `rl_${n}`,
  requestId: `req_${n}`,
  orgId: 'org_w',
  at: new Date(Date.UTC(2026, 10, 26, 12, 0, n)).toISOString(),
  method: 'POST',
  path: '/api/v1/csp/payments',
  route: '/api/v1/csp/payments',
  query: null,
  status: 200,
  latencyMs: 3,
  credential: 'key_w',
  actor: 'core',
  source: 'api',
  idempotencyKey: null,
  replayed: false,
  errorCode: null,
  errorMessage: null,
  sandbox: true,
  requestBody: '{}',
  responseBody: '{}',
  ...fields,
});

describe('the request log writer', () => {
  it('writes a batch in which one request carried U+0000, the character replaced and no entry lost', async () => {
    const writer = new RequestLogWriter(database.db);
    writer.record(entry(1));
    // A body's "\u0000" parsed into a field name, quoted by the error message; the raw text as received.
    writer.record(
      entry(2, {
        status: 400,
        errorCode: 'error.bad_request',
        errorMessage: 'device.model.x\u0000: must not contain U+0000',
        requestBody: '{"first_name":"Ja\u0000ne"}',
        query: 'q=a\u0000b', // re-encoded by the redaction: %00
      }),
    );
    writer.record(entry(3));
    await writer.flush();

    const rows = await database.db
      .select({
        id: schema.requestLogs.id,
        errorMessage: schema.requestLogs.errorMessage,
        requestBody: schema.requestLogs.requestBody,
        query: schema.requestLogs.query,
      })
      .from(schema.requestLogs)
      .orderBy(asc(schema.requestLogs.id));
    expect(rows).toEqual([
      { id: 'rl_1', errorMessage: null, requestBody: '{}', query: null },
      {
        id: 'rl_2',
        errorMessage: 'device.model.x\uFFFD: must not contain U+0000',
        requestBody: '{"first_name":"Ja\uFFFDne"}',
        query: 'q=a%00b',
      },
      { id: 'rl_3', errorMessage: null, requestBody: '{}', query: null },
    ]);
  });

  it('keeps a batch in which an id was already written: the duplicate skipped, the others written', async () => {
    const writer = new RequestLogWriter(database.db);
    writer.record(entry(10));
    await writer.flush();
    writer.record(entry(11));
    writer.record(entry(10, { status: 500 }));
    writer.record(entry(12));
    await writer.flush();

    const rows = await database.db
      .select({ id: schema.requestLogs.id, status: schema.requestLogs.status })
      .from(schema.requestLogs)
      .where(inArray(schema.requestLogs.id, ['rl_10', 'rl_11', 'rl_12']))
      .orderBy(asc(schema.requestLogs.id));
    expect(rows).toEqual([
      { id: 'rl_10', status: 200 },
      { id: 'rl_11', status: 200 },
      { id: 'rl_12', status: 200 },
    ]);
  });

  it('writes every column of an entry as recorded, the status class computed', async () => {
    const fields = {
      method: 'GET',
      path: '/api/v1/csp/payments/p-1',
      route: '/payments/{payment_id}',
      query: 'limit=5',
      status: 404,
      latencyMs: 12.5,
      credential: 'usr:usr_w',
      actor: 'ana@w.test',
      source: 'dashboard' as const,
      idempotencyKey: 'idem-20',
      replayed: true,
      errorCode: 'error.not_found',
      errorMessage: 'No such payment',
      requestBody: null,
      responseBody: '{"ok":false,"code":"error.not_found","message":"No such payment"}',
    };
    const writer = new RequestLogWriter(database.db);
    writer.record(entry(20, fields));
    await writer.flush();

    const [row] = await database.db
      .select()
      .from(schema.requestLogs)
      .where(inArray(schema.requestLogs.id, ['rl_20']));
    expect(row).toEqual({
      partnerId: 'part_w',
      id: 'rl_20',
      requestId: 'req_20',
      orgId: 'org_w',
      at: new Date(Date.UTC(2026, 10, 26, 12, 0, 20)),
      ...fields,
      statusClass: 4,
    });
  });

  it('keeps every body as recorded, none, and text holding the characters the batch joins bodies with', async () => {
    const bodies = async (ids: string[]) =>
      database.db
        .select({
          id: schema.requestLogs.id,
          requestBody: schema.requestLogs.requestBody,
          responseBody: schema.requestLogs.responseBody,
        })
        .from(schema.requestLogs)
        .where(inArray(schema.requestLogs.id, ids))
        .orderBy(asc(schema.requestLogs.id));
    const writer = new RequestLogWriter(database.db);
    // Joined into one text a column (JSON never holds U+001E or U+001F raw).
    writer.record(entry(30, { requestBody: null, responseBody: '[]' }));
    writer.record(entry(31, { requestBody: 'x', responseBody: '{"a":"\\"b\\""}' }));
    writer.record(entry(32, { requestBody: '{"x":[1,2]}', responseBody: null }));
    await writer.flush();
    // A body as received holding them: that column as an array.
    writer.record(entry(33, { requestBody: 'a\u001fb\u001ec', responseBody: '{}' }));
    writer.record(entry(34, { requestBody: null, responseBody: '\u001e' }));
    await writer.flush();
    // An empty body is kept as none.
    writer.record(entry(35, { requestBody: '', responseBody: '' }));
    await writer.flush();

    expect(await bodies(['rl_30', 'rl_31', 'rl_32', 'rl_33', 'rl_34', 'rl_35'])).toEqual([
      { id: 'rl_30', requestBody: null, responseBody: '[]' },
      { id: 'rl_31', requestBody: 'x', responseBody: '{"a":"\\"b\\""}' },
      { id: 'rl_32', requestBody: '{"x":[1,2]}', responseBody: null },
      { id: 'rl_33', requestBody: 'a\u001fb\u001ec', responseBody: '{}' },
      { id: 'rl_34', requestBody: null, responseBody: '\u001e' },
      { id: 'rl_35', requestBody: null, responseBody: null },
    ]);
  });
});
