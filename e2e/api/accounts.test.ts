import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_BODY,
  addMember,
  api,
  createOrg,
  createVerifiedOrg,
  expectError,
  uniq,
  withSql,
  type TestOrg,
  listAnswer,
} from './helpers';

const { institution } = ACCOUNT_BODY;
const body = (over: Record<string, unknown> = {}) => ({ ...ACCOUNT_BODY, ...over });
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
    ['a 10-digit routing number', { routing_number: '0210000210' }, /routing_number/],
    ['a short account number', { account_number: '12' }, /account_number/],
    ['an 18-digit account number', { account_number: '123456789012345678' }, /account_number/],
    ['an empty title', { account_title: '   ' }, /account_title/],
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
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('POST', '/account', { ...as(org), body: body(), idempotencyKey: key }),
      ),
    );
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const created = results.filter((r) => r.status === 200);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.data.token)).size).toBe(1);
    const list = (await api('GET', '/account', as(org))).body.data;
    expect(list.count).toBe(1);
    expect(list.accounts[0].token).toBe(created[0]!.body.data.token);
    // the same key afterwards replays the stored answer
    const replay = await api('POST', '/account', { ...as(org), body: body(), idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.token).toBe(created[0]!.body.data.token);
    const rows = await withSql(
      async (c) =>
        (await c.query('SELECT count(*)::int AS n FROM accounts WHERE partner_id = $1', [org.partnerId]))
          .rows[0].n,
    );
    if (rows !== undefined) expect(rows).toBe(1);
  });

  it.each(['support', 'viewer'] as const)(
    'refuses every write to a %s (403) and lets them read',
    async (role) => {
      const org = await createOrg();
      const acct = await create(org);
      const token = (await addMember(org, role)).token;
      const who = { token, partner: org.partnerId };
      expectError(await api('POST', '/account', { ...who, body: body() }), 403, 'error.forbidden');
      expectError(await api('DELETE', `/account/${acct.token}`, who), 403, 'error.forbidden');
      expectError(await api('POST', `/account/${acct.token}/verify`, who), 403, 'error.forbidden');
      const list = await api('GET', '/account', who);
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual(listAnswer(1, { accounts: [acct] }));
      expect((await api('GET', `/account/${acct.token}`, who)).body.data).toEqual(acct);
    },
  );

  it('stores only the last four digits of the account number', async () => {
    const org = await createOrg();
    const acct = await create(org, { account_number: '98765432101234567', type: 'savings' });
    expect(acct).toMatchObject({ masked_account_number: '****4567', type: 'savings' });
    const row = await withSql(
      async (c) => (await c.query('SELECT * FROM accounts WHERE id = $1', [acct.token])).rows[0],
    );
    if (row) {
      expect(row).toMatchObject({
        partner_id: org.partnerId,
        org_id: org.orgId,
        account_number_last4: '4567',
        status: 'unverified',
        type: 'savings',
      });
      expect(JSON.stringify(row)).not.toContain('98765432101234567');
    }
  });

  it('keeps a separate institution routing number when one is given', async () => {
    const org = await createOrg();
    const acct = await create(org, { institution: { ...institution, routing_number: '011000015' } });
    expect(acct.routing_number).toBe('021000021');
    expect(acct.institution.routing_number).toBe('011000015');
    const bad = await api('POST', '/account', {
      ...as(org),
      body: body({ institution: { ...institution, routing_number: '011000016' } }),
    });
    expectError(bad, 400, 'error.bad_request');
    expect(bad.body.message).toMatch(/institution\.routing_number/);
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
    expect((await q('routing_number=011000015')).accounts.map((a: any) => a.account_title)).toEqual([
      'payroll west',
    ]);
    expect((await q('status=AS_Verified')).accounts.map((a: any) => a.token)).toEqual([reserve.token]);
    expect((await q('status=AS_Unverified')).count).toBe(2);
    expect((await q('account_title=nothing-like-this')).count).toBe(0);
    expect((await q('account_title=100%25')).count).toBe(0);
    const first = await q('limit=2&page=1');
    expect(first.count).toBe(3);
    expect(first.accounts).toHaveLength(2);
    const page = await q('limit=2&page=2');
    expect(page.count).toBe(3);
    expect(page.accounts).toHaveLength(1);
    expect(new Set([...first.accounts, ...page.accounts].map((a: any) => a.token)).size).toBe(3);
    expect((await q('limit=2&page=3')).accounts).toEqual([]);
  });

  it.each(['status=AS_Bogus', 'limit=0', 'limit=101', 'page=0', 'limit=ten'])(
    'answers 400 for %s',
    async (qs) => {
      const org = await createOrg();
      expectError(await api('GET', `/account?${qs}`, as(org)), 400, 'error.bad_request');
    },
  );
});

describe('GET /api/v1/csp/account/export', () => {
  it("streams the list's rows as CSV with the same filters, in the namespace only", async () => {
    const [org, other] = [await createOrg(), await createOrg()];
    await create(org, { account_title: 'Payroll, "East"' });
    await create(org, { account_title: 'payroll west', routing_number: '011000015' });
    const reserve = await create(org, { account_title: 'Reserve' });
    await api('POST', `/account/${reserve.token}/verify`, as(org));
    await create(other, { account_title: 'Payroll elsewhere' });
    const listed = (await api('GET', '/account?limit=100', as(org))).body.data.accounts as Array<
      Record<string, any>
    >;
    const all = await api('GET', '/account/export', as(org));
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toContain('text/csv');
    const lines = all.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'account_id,account_title,masked_account_number,routing_number,type,status,institution,review,review_note,reviewed_at,created_at,updated_at',
    );
    // Exactly the list's rows, in its order; the number stays masked; quotes are doubled.
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(listed.map((a) => a.token));
    expect(all.text).toContain(`,"Payroll, ""East""",****6789,021000021,checking,unverified,First Clearing,`);
    expect(all.text).not.toContain('000123456789');
    const payroll = await api('GET', '/account/export?account_title=PAYROLL&status=AS_Unverified', as(org));
    expect(
      payroll.text
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0]),
    ).toEqual(listed.filter((a) => a.token !== reserve.token).map((a) => a.token));
    expectError(await api('GET', '/account/export?status=AS_Bogus', as(org)), 400, 'error.bad_request');
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
    expect(deleted.body.data.accounts.map((a: any) => [a.token, a.status])).toEqual([
      [acct.token, 'deleted'],
    ]);
    expect((await api('GET', `/account/${acct.token}`, as(org))).body.data.status).toBe('deleted');
    expectError(await api('DELETE', `/account/${acct.token}`, as(org)), 404, 'error.not_found');
    expectError(await api('POST', `/account/${acct.token}/verify`, as(org)), 404, 'error.not_found');
    const row = await withSql(
      async (c) => (await c.query('SELECT status FROM accounts WHERE id = $1', [acct.token])).rows[0],
    );
    if (row) expect(row.status).toBe('deleted');
  });

  it('replays a delete sent again with its idempotency key', async () => {
    const org = await createOrg();
    const acct = await create(org);
    const key = `del-${uniq()}`;
    expect((await api('DELETE', `/account/${acct.token}`, { ...as(org), idempotencyKey: key })).status).toBe(
      200,
    );
    const again = await api('DELETE', `/account/${acct.token}`, { ...as(org), idempotencyKey: key });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual({ ok: true, data: {} });
  });

  it('answers 404 for an unknown account', async () => {
    const org = await createOrg();
    expectError(await api('GET', '/account/acct_doesnotexist', as(org)), 404, 'error.not_found');
    expectError(await api('DELETE', '/account/acct_doesnotexist', as(org)), 404, 'error.not_found');
    expectError(await api('POST', '/account/acct_doesnotexist/verify', as(org)), 404, 'error.not_found');
  });

  it('verifies sandbox accounts at once and refuses production ones', async () => {
    const sandbox = await createOrg();
    const acct = await create(sandbox);
    const verified = await api('POST', `/account/${acct.token}/verify`, as(sandbox));
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({
      ...acct,
      status: 'verified',
      updated_at: verified.body.data.updated_at,
    });
    expect((await api('GET', `/account/${acct.token}`, as(sandbox))).body.data.status).toBe('verified');

    const bank = await createVerifiedOrg();
    const prod = await api('POST', '/partner', {
      token: bank.token,
      body: { name: 'Prod', domain: `prod-${uniq()}.bank.test` },
    });
    expect(prod.body.data.environment).toBe('production');
    const prodAcct = await api('POST', '/account', {
      token: bank.token,
      partner: prod.body.data.token,
      body: body(),
    });
    const refused = await api('POST', `/account/${prodAcct.body.data.token}/verify`, {
      token: bank.token,
      partner: prod.body.data.token,
    });
    expectError(refused, 403, 'error.forbidden');
    expect(refused.body.message).toMatch(/operator/);
    const still = await api('GET', `/account/${prodAcct.body.data.token}`, {
      token: bank.token,
      partner: prod.body.data.token,
    });
    expect(still.body.data.status).toBe('unverified');
  });

  it("hides another organization's accounts (404) and refuses its namespace (401)", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const acct = await create(a);
    expectError(await api('GET', `/account/${acct.token}`, as(b)), 404, 'error.not_found');
    expectError(await api('DELETE', `/account/${acct.token}`, as(b)), 404, 'error.not_found');
    expectError(await api('POST', `/account/${acct.token}/verify`, as(b)), 404, 'error.not_found');
    expect((await api('GET', '/account', as(b))).body.data).toEqual(listAnswer(0, { accounts: [] }));
    expectError(
      await api('GET', '/account', { token: b.token, partner: a.partnerId }),
      401,
      'error.unauthorized',
    );
    expectError(
      await api('POST', '/account', { token: b.token, partner: a.partnerId, body: body() }),
      401,
      'error.unauthorized',
    );
    expectError(
      await api('GET', `/account/${acct.token}`, { token: b.token, partner: a.partnerId }),
      401,
      'error.unauthorized',
    );
    expectError(await api('GET', '/account', { token: a.token }), 400, 'error.bad_request');
    expect((await api('GET', `/account/${acct.token}`, as(a))).body.data.status).toBe('unverified');
  });

  it('keeps accounts to their namespace within one organization', async () => {
    const org = await createOrg();
    const acct = await create(org);
    const other = await api('POST', '/partner', {
      token: org.token,
      body: { name: 'Second', domain: `second-${uniq()}.bank.test` },
    });
    expect(other.status).toBe(200);
    const there = { token: org.token, partner: other.body.data.token };
    expectError(await api('GET', `/account/${acct.token}`, there), 404, 'error.not_found');
    expect((await api('GET', '/account', there)).body.data).toEqual(listAnswer(0, { accounts: [] }));
  });
});
