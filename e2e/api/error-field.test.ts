import { describe, expect, it } from 'vitest';
import { api, createOrg, uniq } from './helpers';

/**
 * The error envelope's `field` (docs/decisions.md "Errors"): the request field at fault when one
 * is — from the request's validation, a service's own rule, or a conflict on a unique value —
 * and none when the refusal concerns the body as a whole or several fields.
 */
describe('the error envelope names the field at fault', () => {
  it('on validation, rules, conflicts; not on malformed JSON or several fields', async () => {
    const org = await createOrg();
    const as = { token: org.token, partner: org.partnerId };
    const address = `jane.${uniq()}@${org.domain}`;
    const body = { payment_address: address, first_name: 'Jane', last_name: 'Doe' };

    // The request's schema: one field of the wrong type.
    const wrongType = await api('POST', '/customer', { ...as, body: { ...body, first_name: 7 } });
    expect([wrongType.status, wrongType.body]).toEqual([
      400,
      { code: 'error.bad_request', message: expect.stringMatching(/^first_name: /), field: 'first_name' },
    ]);
    // Two fields at fault: the message names both, the envelope neither.
    const two = await api('POST', '/customer', { ...as, body: { ...body, first_name: 7, last_name: 8 } });
    expect([two.status, two.body]).toEqual([
      400,
      { code: 'error.bad_request', message: expect.stringMatching(/^first_name: .*; last_name: /) },
    ]);
    // A service's rule, named by its message.
    const foreign = await api('POST', '/customer', {
      ...as,
      body: { ...body, payment_address: `jane@elsewhere-${uniq()}.test` },
    });
    expect([foreign.status, foreign.body]).toEqual([
      400,
      {
        code: 'error.bad_request',
        message: `payment_address must be in this namespace's domain ${org.domain}`,
        field: 'payment_address',
      },
    ]);
    // A unique value taken: 409, on its field.
    expect((await api('POST', '/customer', { ...as, body })).status).toBe(200);
    const again = await api('POST', '/customer', { ...as, body });
    expect([again.status, again.body]).toEqual([
      409,
      {
        code: 'error.conflict',
        message: `A customer with payment_address ${address} already exists`,
        field: 'payment_address',
      },
    ]);
    // The body as a whole.
    const malformed = await api('POST', '/customer', { ...as, rawBody: '{"payment_address": ' });
    expect([malformed.status, malformed.body]).toEqual([
      400,
      { code: 'error.bad_request', message: 'Malformed JSON in request body' },
    ]);
    // A query parameter.
    const limit = await api('GET', '/customer?limit=0', as);
    expect([limit.status, limit.body.field]).toEqual([400, 'limit']);
  });
});
