import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@/lib/db';
import { createTestDatabase } from '@/lib/testing/db';
import { loggerOptions } from './logger';

// Errors are logged without the values a failed query was sent with (lib/api/error-log.ts):
// real database errors, written by a logger built like the gateway's.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/** The JSON line the gateway's logger writes for `logger.error({ err }, msg)`. */
function logged(err: unknown): { line: string; entry: Record<string, any> } {
  let line = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      line += String(chunk);
      done();
    },
  });
  pino({ ...loggerOptions, level: 'info' }, sink).error({ err, requestId: 'req_1' }, 'unhandled error');
  return { line, entry: JSON.parse(line) };
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected the query to fail');
}

const NAME = 'Jane Secretname Bank';
const EMAIL = 'jane.secretname@example.test';

describe('error log lines', () => {
  it('carry the code, constraint, table and SQL of a failed insert, never its values', async () => {
    const id = `org_${Math.random().toString(36).slice(2)}`;
    await database.db.insert(schema.organizations).values({ id, name: 'First' });
    const err = await failure(() =>
      database.db.insert(schema.organizations).values({ id, name: NAME, status: 'sandbox' }),
    );
    const { line, entry } = logged(err);
    for (const secret of [NAME, 'Secretname']) expect(line).not.toContain(secret);
    expect(entry.err).toMatchObject({
      message: 'Failed query',
      sql: expect.stringMatching(/^insert into "organizations" .*values \(\$1, \$2, \$3/),
      cause: { code: '23505', constraint: 'organizations_pkey', table: 'organizations' },
    });
    // Where it happened in our code, without the message line the stack starts with.
    expect(entry.err.stack).toContain('error-log.test.ts');
    expect(entry.err.stack).not.toMatch(/^Error/);
    expect(entry.err.cause).not.toHaveProperty('detail');
    expect(entry).toMatchObject({ requestId: 'req_1', msg: 'unhandled error' });
  });

  it('leave out a value PostgreSQL quotes in its message', async () => {
    const err = await failure(() => database.db.execute(sql`select ${EMAIL}::int as n`));
    const { line, entry } = logged(err);
    expect(line).not.toContain('secretname');
    expect(entry.err.cause).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type integer: "[redacted]"',
    });
  });

  it('leave out values in plain errors and in messages logged as strings', () => {
    const err = Object.assign(new Error(`Failed query: select 1\nparams: ${EMAIL}`), {
      query: 'select $1',
      params: [EMAIL],
      cause: new Error(`value "${EMAIL}" is out of range`),
    });
    const { line, entry } = logged(err);
    expect(line).not.toContain('secretname');
    expect(entry.err).toMatchObject({ type: 'Error', message: 'Failed query', sql: 'select $1' });
    expect(entry.err.cause.message).toBe('value "[redacted]" is out of range');
    expect(logged(`Failed query: select 1\nparams: ${EMAIL}`).line).not.toContain('secretname');
  });
});
