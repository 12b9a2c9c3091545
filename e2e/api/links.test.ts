import { describe, expect, it } from 'vitest';
import {
  addMember,
  api,
  createOrg,
  createVerifiedOrg,
  dbKind,
  expectError,
  uniq,
  withSql,
  type TestOrg,
} from './helpers';

const as = (org: TestOrg) => ({ token: org.token, partner: org.partnerId });

async function eventsOf(partnerId: string): Promise<string[] | undefined> {
  return withSql(async (c) =>
    (await c.query('SELECT type FROM events WHERE partner_id = $1 ORDER BY seq', [partnerId])).rows.map(
      (r) => r.type,
    ),
  );
}

/** The events written for one link, in order, as [type, partner_id]. */
async function eventsOfLink(linkId: string): Promise<Array<[string, string]> | undefined> {
  const rows = await withSql(async (c) =>
    (
      await c.query("SELECT type, partner_id FROM events WHERE data->>'link_id' = $1 ORDER BY seq", [linkId])
    ).rows.map((r) => [r.type, r.partner_id] as [string, string]),
  );
  // on the PostgreSQL run the database is always checked
  expect(rows === undefined).toBe(dbKind() !== 'postgres');
  return rows;
}

async function propose(from: TestOrg, to: TestOrg) {
  const res = await api('POST', '/link', { ...as(from), body: { counterparty_domain: to.domain } });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('links between namespaces', () => {
  it('proposes, accepts, suspends and resumes, with the events of each change', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const proposed = await api('POST', '/link', { ...as(a), body: { counterparty_domain: b.domain } });
    expect(proposed.status).toBe(200);
    expect(proposed.body.data).toMatchObject({
      requester_partner_id: a.partnerId,
      counterparty_partner_id: b.partnerId,
      requester_domain: a.domain,
      counterparty_domain: b.domain,
      status: 'proposed',
    });
    const id = proposed.body.data.token;

    const incoming = await api('GET', '/link?direction=incoming&status=proposed', as(b));
    expect(incoming.body.data.links.map((l: any) => l.token)).toEqual([id]);
    // the requester cannot accept its own proposal
    expectError(
      await api('PUT', `/link/${id}`, { ...as(a), body: { action: 'accept' } }),
      409,
      'error.conflict',
    );
    const accepted = await api('PUT', `/link/${id}`, { ...as(b), body: { action: 'accept' } });
    expect(accepted.body.data.status).toBe('established');
    expectError(
      await api('PUT', `/link/${id}`, { ...as(b), body: { action: 'accept' } }),
      409,
      'error.conflict',
    );

    expect(
      (await api('PUT', `/link/${id}`, { ...as(a), body: { action: 'suspend' } })).body.data.status,
    ).toBe('suspended');
    expectError(
      await api('PUT', `/link/${id}`, { ...as(a), body: { action: 'suspend' } }),
      409,
      'error.conflict',
    );
    expect((await api('PUT', `/link/${id}`, { ...as(b), body: { action: 'resume' } })).body.data.status).toBe(
      'established',
    );

    // a's link list: the Sandbox Bank link and this one
    expect((await api('GET', '/link', as(a))).body.data.count).toBe(2);
    const ea = await eventsOf(a.partnerId);
    if (ea) {
      expect(ea).toEqual([
        'link_established',
        'link.create.resp',
        'link_established',
        'link_update_resp',
        'link_update_resp',
      ]);
      expect(await eventsOf(b.partnerId)).toEqual([
        'link_established',
        'link.propose.req',
        'link_established',
        'link_update_resp',
        'link_update_resp',
      ]);
      expect(await eventsOfLink(id)).toEqual([
        ['link.propose.req', b.partnerId],
        ['link.create.resp', a.partnerId],
        ['link_established', a.partnerId],
        ['link_established', b.partnerId],
        ['link_update_resp', a.partnerId],
        ['link_update_resp', b.partnerId],
        ['link_update_resp', a.partnerId],
        ['link_update_resp', b.partnerId],
      ]);
      const row = await withSql(
        async (c) =>
          (
            await c.query(
              'SELECT status, requester_partner_id, counterparty_partner_id FROM links WHERE id = $1',
              [id],
            )
          ).rows[0],
      );
      expect(row).toEqual({
        status: 'established',
        requester_partner_id: a.partnerId,
        counterparty_partner_id: b.partnerId,
      });
    }
    // both sides read the same link
    const fromA = await api('GET', `/link/${id}`, as(a));
    const fromB = await api('GET', `/link/${id}`, as(b));
    expect(fromA.status).toBe(200);
    expect(fromA.body.data).toEqual(fromB.body.data);
    expect(fromA.body.data).toMatchObject({
      token: id,
      status: 'established',
      requester_domain: a.domain,
      counterparty_domain: b.domain,
    });
    expect(typeof fromA.body.data.created_at.seconds).toBe('number');
    expect(typeof fromA.body.data.updated_at.seconds).toBe('number');
  });

  it('tells the requester of a rejection, with no established events', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const link = await propose(a, b);
    // only the counterparty decides
    expectError(
      await api('PUT', `/link/${link.token}`, { ...as(a), body: { action: 'reject' } }),
      409,
      'error.conflict',
    );
    const rejected = await api('PUT', `/link/${link.token}`, { ...as(b), body: { action: 'reject' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.status).toBe('rejected');
    for (const action of ['accept', 'reject', 'suspend', 'resume']) {
      expectError(
        await api('PUT', `/link/${link.token}`, { ...as(b), body: { action } }),
        409,
        'error.conflict',
      );
    }
    expect((await api('GET', `/link/${link.token}`, as(a))).body.data.status).toBe('rejected');
    const events = await eventsOfLink(link.token);
    if (events)
      expect(events).toEqual([
        ['link.propose.req', b.partnerId],
        ['link.create.resp', a.partnerId],
      ]);
  });

  it('refuses transitions the state does not allow (409) and leaves the link unchanged', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const link = await propose(a, b);
    expectError(
      await api('PUT', `/link/${link.token}`, { ...as(a), body: { action: 'suspend' } }),
      409,
      'error.conflict',
    );
    expectError(
      await api('PUT', `/link/${link.token}`, { ...as(b), body: { action: 'resume' } }),
      409,
      'error.conflict',
    );
    await api('PUT', `/link/${link.token}`, { ...as(b), body: { action: 'accept' } });
    expectError(
      await api('PUT', `/link/${link.token}`, { ...as(a), body: { action: 'resume' } }),
      409,
      'error.conflict',
    );
    expectError(
      await api('PUT', `/link/${link.token}`, { ...as(b), body: { action: 'reject' } }),
      409,
      'error.conflict',
    );
    expectError(
      await api('POST', '/link', { ...as(a), body: { counterparty_domain: b.domain } }),
      409,
      'error.conflict',
    );
    expect((await api('GET', `/link/${link.token}`, as(a))).body.data.status).toBe('established');
    const events = await eventsOfLink(link.token);
    if (events)
      expect(events.map((e) => e[0])).toEqual([
        'link.propose.req',
        'link.create.resp',
        'link_established',
        'link_established',
      ]);
  });

  it('replays a proposal sent again with its idempotency key', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const key = `link-${uniq()}`;
    const first = await api('POST', '/link', {
      ...as(a),
      body: { counterparty_domain: b.domain },
      idempotencyKey: key,
    });
    const again = await api('POST', '/link', {
      ...as(a),
      body: { counterparty_domain: b.domain },
      idempotencyKey: key,
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const events = await eventsOfLink(first.body.data.token);
    if (events) expect(events).toEqual([['link.propose.req', b.partnerId]]);
  });

  it('lets a rejected proposal be proposed again, and refuses a duplicate while one is open', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const first = await api('POST', '/link', { ...as(a), body: { counterparty_domain: b.domain } });
    expectError(
      await api('POST', '/link', { ...as(b), body: { counterparty_domain: a.domain } }),
      409,
      'error.conflict',
    );
    expect(
      (await api('PUT', `/link/${first.body.data.token}`, { ...as(b), body: { action: 'reject' } })).body.data
        .status,
    ).toBe('rejected');
    const again = await api('POST', '/link', { ...as(b), body: { counterparty_domain: a.domain } });
    expect(again.body.data).toMatchObject({
      token: first.body.data.token,
      status: 'proposed',
      requester_partner_id: b.partnerId,
    });
  });

  it.each([
    ['an unknown domain', () => `nowhere-${uniq()}.test`],
    ['its own domain', (o: TestOrg) => o.domain],
    ['a malformed body', null],
  ])('answers 400 for %s', async (_l, domain) => {
    const a = await createOrg();
    const res =
      domain === null
        ? await api('POST', '/link', { ...as(a), body: { counterparty: 'x' } })
        : await api('POST', '/link', {
            ...as(a),
            body: { counterparty_domain: (domain as (o: TestOrg) => string)(a) },
          });
    expectError(res, 400, 'error.bad_request');
  });

  it('never links sandbox and production, nor to a disabled namespace, nor twice to the Sandbox Bank', async () => {
    const a = await createOrg();
    const bank = await createVerifiedOrg();
    const prod = await api('POST', '/partner', {
      token: bank.token,
      body: { name: 'Prod', domain: `prod-${uniq()}.bank.test` },
    });
    expect(prod.body.data.environment).toBe('production');
    const toProd = await api('POST', '/link', {
      ...as(a),
      body: { counterparty_domain: prod.body.data.domain },
    });
    expectError(toProd, 400, 'error.bad_request');
    expect(toProd.body.message).toMatch(/sandbox and production/);
    const fromProd = await api('POST', '/link', {
      token: bank.token,
      partner: prod.body.data.token,
      body: { counterparty_domain: a.domain },
    });
    expectError(fromProd, 400, 'error.bad_request');

    const b = await createOrg();
    expect(
      (await api('PATCH', `/partner/${b.partnerId}`, { token: b.token, body: { enabled: false } })).status,
    ).toBe(200);
    const toDisabled = await api('POST', '/link', { ...as(a), body: { counterparty_domain: b.domain } });
    expectError(toDisabled, 400, 'error.bad_request');
    expect(toDisabled.body.message).toMatch(/counterparty_domain/);

    expectError(
      await api('POST', '/link', { ...as(a), body: { counterparty_domain: 'sandbox-bank.test' } }),
      409,
      'error.conflict',
    );
    // nothing but the Sandbox Bank link was written
    expect((await api('GET', '/link', as(a))).body.data.links.map((l: any) => l.counterparty_domain)).toEqual(
      ['sandbox-bank.test'],
    );
  });

  it('filters by status and direction, pages, and refuses bad query values', async () => {
    const a = await createOrg();
    const [b, c, d] = [await createOrg(), await createOrg(), await createOrg()];
    const ab = await propose(a, b);
    const ac = await propose(a, c);
    const da = await propose(d, a);
    await api('PUT', `/link/${ab.token}`, { ...as(b), body: { action: 'accept' } });
    await api('PUT', `/link/${ac.token}`, { ...as(c), body: { action: 'reject' } });
    const q = async (qs: string) => {
      const res = await api('GET', `/link?${qs}`, as(a));
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const tokens = (l: any) => l.links.map((x: any) => x.token).sort();
    expect((await q('')).count).toBe(4); // with the Sandbox Bank link
    expect(tokens(await q('direction=incoming'))).toEqual([da.token]);
    expect((await q('direction=outgoing')).count).toBe(3);
    expect((await q('status=established')).count).toBe(2);
    expect(tokens(await q('status=rejected'))).toEqual([ac.token]);
    expect(tokens(await q('status=proposed'))).toEqual([da.token]);
    expect((await q('status=suspended')).count).toBe(0);
    expect(tokens(await q('status=established&direction=outgoing'))).toContain(ab.token);
    const p1 = await q('limit=3&page=1');
    const p2 = await q('limit=3&page=2');
    expect([p1.count, p1.links.length, p2.count, p2.links.length]).toEqual([4, 3, 4, 1]);
    expect(new Set([...p1.links, ...p2.links].map((l: any) => l.token)).size).toBe(4);
    for (const qs of ['status=bogus', 'direction=sideways', 'limit=0', 'limit=101', 'page=0']) {
      expectError(await api('GET', `/link?${qs}`, as(a)), 400, 'error.bad_request');
    }
  });

  it.each(['support', 'viewer'] as const)('refuses writes to a %s (403) and lets them read', async (role) => {
    const a = await createOrg();
    const b = await createOrg();
    const link = await propose(a, b);
    const token = (await addMember(b, role)).token;
    const who = { token, partner: b.partnerId };
    expectError(
      await api('POST', '/link', {
        token: (await addMember(a, role)).token,
        partner: a.partnerId,
        body: { counterparty_domain: b.domain },
      }),
      403,
      'error.forbidden',
    );
    expectError(
      await api('PUT', `/link/${link.token}`, { ...who, body: { action: 'accept' } }),
      403,
      'error.forbidden',
    );
    expect((await api('GET', `/link/${link.token}`, who)).body.data.status).toBe('proposed');
    expect((await api('GET', '/link?direction=incoming', who)).body.data.count).toBe(1);
  });

  it('keeps links private to their two namespaces', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const c = await createOrg();
    const link = await api('POST', '/link', { ...as(a), body: { counterparty_domain: b.domain } });
    expectError(await api('GET', `/link/${link.body.data.token}`, as(c)), 404, 'error.not_found');
    expectError(
      await api('PUT', `/link/${link.body.data.token}`, { ...as(c), body: { action: 'accept' } }),
      404,
      'error.not_found',
    );
    expectError(
      await api('PUT', `/link/${link.body.data.token}`, { ...as(b), body: { action: 'merge' } }),
      400,
      'error.bad_request',
    );
    expectError(await api('GET', '/link/link_doesnotexist', as(a)), 404, 'error.not_found');
    expect((await api('GET', '/link?direction=outgoing', as(c))).body.data.count).toBe(1); // its Sandbox Bank link only
    expectError(
      await api('GET', '/link', { token: c.token, partner: a.partnerId }),
      401,
      'error.unauthorized',
    );
    expectError(
      await api('GET', `/link/${link.body.data.token}`, { token: c.token, partner: a.partnerId }),
      401,
      'error.unauthorized',
    );
    expectError(
      await api('POST', '/link', {
        token: c.token,
        partner: a.partnerId,
        body: { counterparty_domain: b.domain },
      }),
      401,
      'error.unauthorized',
    );
    expectError(await api('GET', '/link', { token: a.token }), 400, 'error.bad_request');
    expect((await api('GET', `/link/${link.body.data.token}`, as(b))).body.data.status).toBe('proposed');
  });
});
