import { describe, expect, it } from 'vitest';
import { api, createOrg, createVerifiedOrg, expectError, uniq } from './helpers';

describe('namespaces (/api/v1/csp/partner)', () => {
  it('lets a sandbox organization create sandbox namespaces only', async () => {
    const org = await createOrg();
    const domain = `lab-${uniq()}.example.test`;
    const res = await api('POST', '/partner', {
      token: org.token,
      body: { name: 'Lab', domain: domain.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Lab',
      domain,
      environment: 'sandbox',
      enabled: true,
      org_id: org.orgId,
    });
    expectError(
      await api('POST', '/partner', {
        token: org.token,
        body: { name: 'P', domain: `p-${uniq()}.test`, environment: 'production' },
      }),
      403,
      'error.forbidden',
    );
    expectError(
      await api('POST', '/partner', { token: org.token, body: { name: 'Dup', domain } }),
      409,
      'error.conflict',
    );
    expectError(
      await api('POST', '/partner', { token: org.token, body: { name: 'Bad', domain: 'not a domain' } }),
      400,
      'error.bad_request',
    );
    expectError(
      await api('POST', '/partner', {
        token: org.token,
        body: { name: 'Bad', domain: `x-${uniq()}.test`, environment: 'staging' },
      }),
      400,
      'error.bad_request',
    );
  });

  it('lets a verified organization create production namespaces', async () => {
    const org = await createVerifiedOrg();
    const res = await api('POST', '/partner', {
      token: org.token,
      body: { name: 'Retail', domain: `retail-${uniq()}.bank.test` },
    });
    expect(res.body.data.environment).toBe('production');
  });

  it('filters by enabled, disables and re-enables, and pages', async () => {
    const org = await createOrg();
    const extra = await api('POST', '/partner', {
      token: org.token,
      body: { name: 'Extra', domain: `extra-${uniq()}.test` },
    });
    const patched = await api('PATCH', `/partner/${extra.body.data.token}`, {
      token: org.token,
      body: { enabled: false },
    });
    expect(patched.body.data.enabled).toBe(false);
    const enabled = await api('GET', '/partner?enabled=true', { token: org.token });
    const disabled = await api('GET', '/partner?enabled=false', { token: org.token });
    expect(enabled.body.data.count).toBe(1);
    expect(disabled.body.data.partners.map((p: any) => p.token)).toEqual([extra.body.data.token]);
    const page = await api('GET', '/partner?limit=1&page=2', { token: org.token });
    expect(page.body.data.count).toBe(2);
    expect(page.body.data.partners).toHaveLength(1);
    for (const q of ['enabled=maybe', 'limit=0', 'limit=101', 'page=0']) {
      expectError(await api('GET', `/partner?${q}`, { token: org.token }), 400, 'error.bad_request');
    }
  });

  it("answers 404 for another organization's namespace", async () => {
    const a = await createOrg();
    const b = await createOrg();
    expectError(await api('GET', `/partner/${a.partnerId}`, { token: b.token }), 404, 'error.not_found');
    expectError(
      await api('PATCH', `/partner/${a.partnerId}`, { token: b.token, body: { enabled: false } }),
      404,
      'error.not_found',
    );
    expect((await api('GET', `/partner/${a.partnerId}`, { token: a.token })).body.data.enabled).toBe(true);
  });

  it('links every new sandbox namespace to the Sandbox Bank', async () => {
    const org = await createOrg();
    const ns = await api('POST', '/partner', {
      token: org.token,
      body: { name: 'Second', domain: `second-${uniq()}.test` },
    });
    const links = await api('GET', '/link?status=established', {
      token: org.token,
      partner: ns.body.data.token,
    });
    expect(links.body.data.links).toMatchObject([
      { counterparty_domain: 'sandbox-bank.test', status: 'established' },
    ]);
  });
});
