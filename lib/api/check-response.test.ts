import { describe, expect, it } from 'vitest';
import { z } from '@hono/zod-openapi';
import { checkResponse } from './define-route';

// Tests and development check every response against its route's schema (config.checkResponses);
// production sends the serializer's output as is, so the check must catch anything the schema
// would have changed.
const schema = z.object({
  token: z.string(),
  count: z.number().int(),
  note: z.string().optional(),
  party: z.object({ name: z.string() }),
});
const ok = { token: 't', count: 1, party: { name: 'n' } };

describe('checkResponse', () => {
  it('accepts exactly what the schema documents, undefined optional fields included', () => {
    expect(() => checkResponse(schema, ok, 'GET /x')).not.toThrow();
    expect(() => checkResponse(schema, { ...ok, note: undefined }, 'GET /x')).not.toThrow();
  });

  it('refuses a wrong type, a missing field, and a field the schema does not document, at any depth', () => {
    expect(() => checkResponse(schema, { ...ok, count: '1' }, 'GET /x')).toThrow(
      /GET \/x does not match its schema/,
    );
    expect(() => checkResponse(schema, { token: 't', count: 1 }, 'GET /x')).toThrow(
      /does not match its schema/,
    );
    expect(() => checkResponse(schema, { ...ok, secret_hash: 'abc' }, 'GET /x')).toThrow(
      /GET \/x holds what its schema does not document/,
    );
    expect(() => checkResponse(schema, { ...ok, party: { name: 'n', internal: 1 } }, 'GET /x')).toThrow(
      /does not document/,
    );
  });
});
