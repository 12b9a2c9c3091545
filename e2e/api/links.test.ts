import { describe, expect, it } from 'vitest';
import { api, createOrg, expectError, uniq, withSql, type TestOrg } from './helpers';

const as = (org: TestOrg) => ({ token: org.token, partner: org.partnerId });

async function eventsOf(partnerId: string): Promise<string[] | undefined> {
  return withSql(async (c) => (await c.query('SELECT type FROM events WHERE partner_id = $1 ORDER BY seq', [partnerId])).rows.map((r) => r.type));
}

describe('links between namespaces', () => {
  it('proposes, accepts, suspends and resumes, with the events of each change', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const proposed = await api('POST', '/link', { ...as(a), body: { counterparty_domain: b.domain } });
    expect(proposed.status).toBe(200);
    expect(proposed.body.data).toMatchObject({ requester_partner_id: a.partnerId, counterparty_partner_id: b.partnerId, requester_domain: a.domain, counterparty_domain: b.domain, status: 'proposed' });
    const id = proposed.body.data.token;

    const incoming = await api('GET', '/link?direction=incoming&status=proposed', as(b));
    expect(incoming.body.data.links.map((l: any) => l.token)).toEqual([id]);
    // the requester cannot accept its own proposal
    expectError(await api('PUT', `/link/${id}`, { ...as(a), body: { action: 'accept' } }), 409, 'error.conflict');
    const accepted = await api('PUT', `/link/${id}`, { ...as(b), body: { action: 'accept' } });
    expect(accepted.body.data.status).toBe('established');
    expectError(await api('PUT', `/link/${id}`, { ...as(b), body: { action: 'accept' } }), 409, 'error.conflict');

    expect((await api('PUT', `/link/${id}`, { ...as(a), body: { action: 'suspend' } })).body.data.status).toBe('suspended');
    expectError(await api('PUT', `/link/${id}`, { ...as(a), body: { action: 'suspend' } }), 409, 'error.conflict');
    expect((await api('PUT', `/link/${id}`, { ...as(b), body: { action: 'resume' } })).body.data.status).toBe('established');

    // a's link list: the Sandbox Bank link and this one
    expect((await api('GET', '/link', as(a))).body.data.count).toBe(2);
    const ea = await eventsOf(a.partnerId);
    if (ea) {
      expect(ea).toEqual(['link_established', 'link.create.resp', 'link_established', 'link_update_resp', 'link_update_resp']);
      expect(await eventsOf(b.partnerId)).toEqual(['link_established', 'link.propose.req', 'link_established', 'link_update_resp', 'link_update_resp']);
    }
  });

  it('lets a rejected proposal be proposed again, and refuses a duplicate while one is open', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const first = await api('POST', '/link', { ...as(a), body: { counterparty_domain: b.domain } });
    expectError(await api('POST', '/link', { ...as(b), body: { counterparty_domain: a.domain } }), 409, 'error.conflict');
    expect((await api('PUT', `/link/${first.body.data.token}`, { ...as(b), body: { action: 'reject' } })).body.data.status).toBe('rejected');
    const again = await api('POST', '/link', { ...as(b), body: { counterparty_domain: a.domain } });
    expect(again.body.data).toMatchObject({ token: first.body.data.token, status: 'proposed', requester_partner_id: b.partnerId });
  });

  it.each([
    ['an unknown domain', () => `nowhere-${uniq()}.test`],
    ['its own domain', (o: TestOrg) => o.domain],
    ['a malformed body', null],
  ])('answers 400 for %s', async (_l, domain) => {
    const a = await createOrg();
    const res = domain === null
      ? await api('POST', '/link', { ...as(a), body: { counterparty: 'x' } })
      : await api('POST', '/link', { ...as(a), body: { counterparty_domain: (domain as (o: TestOrg) => string)(a) } });
    expectError(res, 400, 'error.bad_request');
  });

  it('keeps links private to their two namespaces', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const c = await createOrg();
    const link = await api('POST', '/link', { ...as(a), body: { counterparty_domain: b.domain } });
    expectError(await api('GET', `/link/${link.body.data.token}`, as(c)), 404, 'error.not_found');
    expectError(await api('PUT', `/link/${link.body.data.token}`, { ...as(c), body: { action: 'accept' } }), 404, 'error.not_found');
    expectError(await api('PUT', `/link/${link.body.data.token}`, { ...as(b), body: { action: 'merge' } }), 400, 'error.bad_request');
    expectError(await api('GET', '/link?direction=sideways', as(a)), 400, 'error.bad_request');
  });
});
