import { describe, expect, it } from 'vitest';
import { api, expectError } from './helpers';
import { createBank } from './payments-helpers';

/** A query parameter an operation does not take is refused, naming it (issue 54). */
describe('unknown query parameters', () => {
  it('are a 400 naming them and what the operation takes; a known one still works', async () => {
    const bank = await createBank();
    const typo = await api('GET', '/payments?page_size=5', bank.key);
    expectError(typo, 400, 'error.bad_request');
    expect(typo.body.message).toMatch(
      /^Unknown query parameter "page_size": this operation takes status, created_from, /,
    );
    expect(typo.body.message).toContain('limit');
    expect(typo.body.field).toBe('page_size');
    const two = await api('GET', '/customer?foo=1&bar=2', bank.key);
    expectError(two, 400, 'error.bad_request');
    expect(two.body.message).toMatch(/^Unknown query parameters "foo", "bar": /);
    // An operation that takes none says so.
    const none = await api('GET', `/partner/${bank.partnerId}?verbose=1`, { token: bank.token });
    expectError(none, 400, 'error.bad_request');
    expect(none.body.message).toBe('Unknown query parameter "verbose": this operation takes none');
    expect((await api('GET', '/payments?limit=5', bank.key)).status).toBe(200);
  });
});

describe('unknown body fields', () => {
  it("are a 400 naming them where the operation is ours; the spec's shapes ignore them, as DESIGN §8 says", async () => {
    const bank = await createBank();
    const typo = await api('POST', '/webhook', {
      token: bank.token,
      partner: bank.partnerId,
      body: { url: 'http://127.0.0.1:9/hook', event_types: ['*'], descripton: 'misspelt' },
    });
    expectError(typo, 400, 'error.bad_request');
    expect(typo.body.message).toMatch(/^Unknown field "descripton": this operation's body takes /);
    expect(typo.body.field).toBe('descripton');
    expect(
      (await api('GET', '/webhook', { token: bank.token, partner: bank.partnerId })).body.data.count,
    ).toBe(0);
    // A payment (a spec shape) with a field we do not read: created, the field left out.
    const created = await api('POST', '/payments', {
      ...bank.key,
      body: {
        payment_id: `extra-${Date.now()}`,
        amount: { currency: 'USD', total: '100' },
        debtor_party: { payment_address: `payer@${bank.domain}` },
        beneficiary_party: { payment_address: 'alice@sandbox-bank.test' },
        payment_type: 'Type_Push',
        purpose_code: 'SALA',
      },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.data.purpose_code).toBeUndefined();
  });
});
