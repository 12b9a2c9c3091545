import { describe, expect, it } from 'vitest';
import { api, expectError } from './helpers';
import { createBank } from './payments-helpers';

/** A refusal for a missing or wrong credential names the credential the operation takes (issue 54). */
describe('401: the credential an operation takes', () => {
  it('names the API key or the access token, whichever the operation takes', async () => {
    const bank = await createBank();
    // An operation that takes either: both are named.
    const either = await api('GET', '/payments', { partner: bank.partnerId, org: bank.orgId });
    expectError(either, 401, 'error.unauthorized');
    expect(either.body.message).toBe(
      "Authentication required: send X-SERVICE-API-KEY: <an API key secret>, or Authorization: Bearer <a user's access_token, from POST /organization/signin>",
    );
    // An operation only people may call: a key is named as the wrong credential.
    const keyOnUsers = await api('GET', '/users', { apiKey: bank.key.apiKey, partner: bank.partnerId });
    expectError(keyOnUsers, 401, 'error.unauthorized');
    expect(keyOnUsers.body.message).toMatch(/^This operation takes a user's access token, not an API key/);
    const none = await api('GET', '/users', {});
    expectError(none, 401, 'error.unauthorized');
    expect(none.body.message).toBe(
      "Authentication required: send Authorization: Bearer <a user's access_token, from POST /organization/signin>",
    );
  });
});
