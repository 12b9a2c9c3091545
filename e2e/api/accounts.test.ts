import { describe, expect, it } from 'vitest';
import { api, createOrg, createVerifiedOrg, expectError, signIn, uniq, type TestOrg } from './helpers';

const institution = { name: 'First Clearing', phone_number: '+1 212 555 0100', address: { address: '1 Main St', city: 'Springfield', postal_code: '12345', state: 'IL' } };
const body = (over: Record<string, unknown> = {}) => ({ account_title: 'Operating', account_number: '000123456789', routing_number: '021000021', type: 'checking', institution, ...over });
const as = (org: TestOrg) => ({ token: org.token, partner: org.partnerId });

async function create(org: TestOrg, over: Record<string, unknown> = {}) {
  const res = await api('POST', '/account', { ...as(org), body: body(over) });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('POST /api/v1/csp/account', () => {
  it('creates an unverified account with a masked number and the institution', async () => {
    const org = await createOrg();
    const acct = await create(org);
    expect(acct).toMatchObject({
      partner_id: org.partnerId,
      account_title: 'Operating',
      masked_account_number: '****6789',
      routing_number: '021000021',
      status: 'unverified',
      type: 'checking',
      institution: { ...institution, routing_number: '021000021' },
    });
    expect(acct.token).toMatch(/^acct_/);
    expect(JSON.stringify(acct)).not.toContain('000123456789');
    expect((await api('GET', `/account/${acct.token}`, as(org))).body.data).toEqual(acct);
  });

  it.each([
    ['a bad ABA checksum', { routing_number: '021000022' }, /routing_number/],
    ['a short routing number', { routing_number: '12345678' }, /routing_number/],
    ['letters in the routing number', { routing_number: '02100002a' }, /routing_number/],
    ['a short account number', { account_number: '12' }, /account_number/],
    ['an unknown type', { type: 'brokerage' }, /type/],
    ['a missing institution', { institution: undefined }, /institution/],
  ])('answers 400 for %s and writes nothing', async (_l, over, field) => {
    const org = await createOrg();
    const res = await api('POST', '/account', { ...as(org), body: body(over) });
    expectError(res, 400, 'error.bad_request');
    expect(res.body.message).toMatch(field);
    expect((await api('GET', '/account', as(org))).body.data.count).toBe(0);
  });

  it('creates one account from 10 concurrent identical requests', async () => {
    const org = await createOrg();
    const key = `idem-${uniq()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => api('POST', '/account', { ...as(org), body: body(), idempotencyKey: key })));
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect((await api('GET', '/account', as(org))).body.data.count).toBe(1);
  });

  it('is for admins only', async () => {
    const org = await createOrg();
    const email = `support-${uniq()}@example.test`;
    await api('POST', '/users', { token: org.token, body: { email, role: 'support', password: 'support-password-1' } });
    const support = await signIn(email, 'support-password-1');
    expectError(await api('POST', '/account', { token: support.access_token, partner: org.partnerId, body: body() }), 403, 'error.forbidden');
    expect((await api('GET', '/account', { token: support.access_token, partner: org.partnerId })).status).toBe(200);
  });
});

describe('GET /api/v1/csp/account (filters)', () => {
  it('filters by title substring, routing number and status, and paginates', async () => {
    const org = await createOrg();
    await create(org, { account_title: 'Payroll East' });
    await create(org, { account_title: 'payroll west', routing_number: '011000015' });
    const reserve = await create(org, { account_title: 'Reserve' });
    await api('POST', `/account/${reserve.token}/verify`, as(org));
    const q = (s: string) => api('GET', `/account?${s}`, as(org)).then((r) => r.body.data);
    expect((await q('account_title=PAYROLL')).count).toBe(2);
    expect((await q('routing_number=011000015')).accounts.map((a: any) => a.account_title)).toEqual(['payroll west']);
    expect((await q('status=AS_Verified')).accounts.map((a: any) => a.token)).toEqual([reserve.token]);
    expect((await q('status=AS_Unverified')).count).toBe(2);
    const page = await q('limit=2&page=2');
    expect(page.count).toBe(3);
    expect(page.accounts).toHaveLength(1);
  });

  it.each(['status=AS_Bogus', 'limit=0', 'limit=101', 'page=0', 'limit=ten'])('answers 400 for %s', async (qs) => {
    const org = await createOrg();
    expectError(await api('GET', `/account?${qs}`, as(org)), 400, 'error.bad_request');
  });
});

describe('DELETE /api/v1/csp/account/{id} and verification', () => {
  it('soft-deletes: gone from the default list, visible with AS_Deleted, second delete 404', async () => {
    const org = await createOrg();
    const acct = await create(org);
    const del = await api('DELETE', `/account/${acct.token}`, as(org));
    expect(del.body).toEqual({ ok: true, data: {} });
    expect((await api('GET', '/account', as(org))).body.data.count).toBe(0);
    const deleted = await api('GET', '/account?status=AS_Deleted', as(org));
    expect(deleted.body.data.accounts.map((a: any) => [a.token, a.status])).toEqual([[acct.token, 'deleted']]);
    expect((await api('GET', `/account/${acct.token}`, as(org))).body.data.status).toBe('deleted');
    expectError(await api('DELETE', `/account/${acct.token}`, as(org)), 404, 'error.not_found');
  });

  it('verifies sandbox accounts at once and refuses production ones', async () => {
    const sandbox = await createOrg();
    const acct = await create(sandbox);
    expect((await api('POST', `/account/${acct.token}/verify`, as(sandbox))).body.data.status).toBe('verified');

    const bank = await createVerifiedOrg();
    const prod = await api('POST', '/partner', { token: bank.token, body: { name: 'Prod', domain: `prod-${uniq()}.bank.test` } });
    expect(prod.body.data.environment).toBe('production');
    const prodAcct = await api('POST', '/account', { token: bank.token, partner: prod.body.data.token, body: body() });
    expectError(await api('POST', `/account/${prodAcct.body.data.token}/verify`, { token: bank.token, partner: prod.body.data.token }), 403, 'error.forbidden');
  });

  it("hides another organization's accounts (404) and refuses its namespace (401)", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const acct = await create(a);
    expectError(await api('GET', `/account/${acct.token}`, as(b)), 404, 'error.not_found');
    expectError(await api('DELETE', `/account/${acct.token}`, as(b)), 404, 'error.not_found');
    expectError(await api('GET', `/account/${acct.token}`, { token: b.token, partner: a.partnerId }), 401, 'error.unauthorized');
    expectError(await api('GET', '/account', { token: a.token }), 400, 'error.bad_request');
    expect((await api('GET', `/account/${acct.token}`, as(a))).body.data.status).toBe('unverified');
  });
});
