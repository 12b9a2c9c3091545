import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_BODY as account,
  api,
  createOrg,
  createVerifiedOrg,
  expectError,
  operatorToken,
  uniq,
  type TestOrg,
} from './helpers';

// The operator verifies production accounts (DESIGN §4; docs/decisions.md, "Operator review"):
// a queue of those awaiting it, and a verify or reject with a note that is kept.

async function productionAccount(bank: TestOrg, title: string) {
  const prod = await api('POST', '/partner', {
    token: bank.token,
    body: { name: 'Prod', domain: `prod-${uniq()}.bank.test` },
  });
  expect(prod.status, prod.text).toBe(200);
  const acct = await api('POST', '/account', {
    token: bank.token,
    partner: prod.body.data.token,
    body: { ...account, account_title: title },
  });
  expect(acct.status, acct.text).toBe(200);
  return {
    partner: prod.body.data.token as string,
    domain: prod.body.data.domain as string,
    token: acct.body.data.token as string,
  };
}

const queue = async (op: string) =>
  (await api('GET', '/operator/accounts?limit=100', { token: op })).body.data.accounts as Array<
    Record<string, any>
  >;

describe('operator review of production accounts', () => {
  it('lists those awaiting review, verifies one and rejects another with a note kept on each', async () => {
    const bank = await createVerifiedOrg();
    const op = await operatorToken();
    const first = await productionAccount(bank, `First ${uniq()}`);
    const second = await productionAccount(bank, `Second ${uniq()}`);
    // A sandbox account never waits for the operator.
    const sandbox = await createOrg();
    const sbx = await api('POST', '/account', {
      token: sandbox.token,
      partner: sandbox.partnerId,
      body: account,
    });

    const waiting = await queue(op);
    const mine = waiting.filter((a) => [first.token, second.token].includes(a.token));
    expect(mine.map((a) => a.token)).toEqual([first.token, second.token]); // oldest first
    expect(mine[0]).toMatchObject({
      status: 'unverified',
      review: null,
      masked_account_number: '****6789',
      organization: { token: bank.orgId },
      namespace: { domain: first.domain },
    });
    expect(waiting.some((a) => a.token === sbx.body.data.token)).toBe(false);
    // The operator's figures count them (other files' accounts may wait too).
    const stats = await api('GET', '/operator/stats', { token: op });
    expect(stats.body.data.accounts_awaiting_verification).toBeGreaterThanOrEqual(2);

    // A note is required.
    for (const body of [{}, { note: '   ' }])
      expectError(
        await api('POST', `/operator/accounts/${first.token}/verify`, { token: op, body }),
        400,
        'error.bad_request',
      );
    const verified = await api('POST', `/operator/accounts/${first.token}/verify`, {
      token: op,
      body: { note: 'Bank letter on file' },
    });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.data).toMatchObject({
      status: 'verified',
      review: { decision: 'verified', note: 'Bank letter on file', at: { seconds: expect.any(Number) } },
    });
    const rejected = await api('POST', `/operator/accounts/${second.token}/reject`, {
      token: op,
      body: { note: 'Routing number belongs to another bank' },
    });
    expect(rejected.body.data).toMatchObject({
      status: 'unverified',
      review: { decision: 'rejected', note: 'Routing number belongs to another bank' },
    });
    // Both left the queue; deciding again the same way is answered unchanged, the other way 409.
    expect((await queue(op)).some((a) => [first.token, second.token].includes(a.token))).toBe(false);
    const again = await api('POST', `/operator/accounts/${first.token}/verify`, {
      token: op,
      body: { note: 'again' },
    });
    expect(again.body.data.review.note).toBe('Bank letter on file');
    expectError(
      await api('POST', `/operator/accounts/${first.token}/reject`, {
        token: op,
        body: { note: 'changed my mind' },
      }),
      409,
      'error.conflict',
    );

    // The organization sees the review on its account and in its audit trail.
    const seen = await api('GET', `/account/${second.token}`, { token: bank.token, partner: second.partner });
    expect(seen.body.data.review).toMatchObject({
      decision: 'rejected',
      note: 'Routing number belongs to another bank',
    });
    const audit = await api('GET', `/audit-events?target=${first.token}&action=account.verified`, {
      token: bank.token,
    });
    expect(audit.body.data.audit_events).toMatchObject([
      {
        actor: { label: 'operator@network.test' },
        changes: { after: { status: 'verified', note: 'Bank letter on file' } },
      },
    ]);
  });

  it('refuses sandbox accounts, other roles and unknown ids', async () => {
    const op = await operatorToken();
    const sandbox = await createOrg();
    const sbx = await api('POST', '/account', {
      token: sandbox.token,
      partner: sandbox.partnerId,
      body: account,
    });
    expectError(
      await api('POST', `/operator/accounts/${sbx.body.data.token}/verify`, {
        token: op,
        body: { note: 'x' },
      }),
      409,
      'error.conflict',
    );
    expectError(await api('GET', '/operator/accounts', { token: sandbox.token }), 403, 'error.forbidden');
    expectError(
      await api('POST', `/operator/accounts/${sbx.body.data.token}/verify`, {
        token: sandbox.token,
        body: { note: 'x' },
      }),
      403,
      'error.forbidden',
    );
    expectError(
      await api('POST', '/operator/accounts/acct_nope/verify', { token: op, body: { note: 'x' } }),
      404,
      'error.not_found',
    );
  });
});
