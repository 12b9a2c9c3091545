import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { api, createOrg, expectError, OPERATOR, operatorToken, signIn, uniq } from './helpers';

describe('POST /api/v1/csp/organization (sign-up)', () => {
  it('creates a sandbox organization with a first namespace linked to the Sandbox Bank', async () => {
    const email = `founder-${uniq()}@example.test`;
    const res = await api('POST', '/organization', {
      body: { name: 'Founders Bank', admin_email: email, admin_password: 'long-enough-password' },
    });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.data).toMatchObject({ name: 'Founders Bank', status: 'sandbox' });
    expect(res.body.data.token).toMatch(/^org_/);
    expect(res.headers.get('x-csp-version')).toBe('gateway-csp/v0.1.0');
    expect(res.headers.get('x-request-id')).toBeTruthy();

    const si = await signIn(email, 'long-enough-password');
    expect(si.token).toBe(res.body.data.token);
    const ns = await api('GET', '/partner', { token: si.access_token });
    expect(ns.body.data.count).toBe(1);
    expect(ns.body.data.partners[0]).toMatchObject({
      org_id: res.body.data.token,
      environment: 'sandbox',
      enabled: true,
    });
  });

  // E-mail is unique per organization: a sign-up must not reveal that an address is used
  // elsewhere on the network (before, this was a 409).
  it('creates a second organization for an address another organization uses; each signs in with its own password', async () => {
    const email = `dup-${uniq()}@example.test`;
    const one = await api('POST', '/organization', {
      body: { name: 'One', admin_email: email, admin_password: 'first-long-password' },
    });
    const two = await api('POST', '/organization', {
      body: { name: 'Two', admin_email: email.toUpperCase(), admin_password: 'second-long-password' },
    });
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(two.body.data.token).not.toBe(one.body.data.token);
    expect((await signIn(email, 'first-long-password')).token).toBe(one.body.data.token);
    expect((await signIn(email, 'second-long-password')).token).toBe(two.body.data.token);
    expectError(
      await api('POST', '/organization/signin', {
        body: { admin_email: email, admin_password: 'third-long-password' },
      }),
      401,
      'error.unauthorized',
    );
  });

  it.each([
    ['missing name', { admin_email: 'x@example.test', admin_password: 'long-enough-password' }, /name/],
    [
      'bad email',
      { name: 'X', admin_email: 'not-an-email', admin_password: 'long-enough-password' },
      /admin_email/,
    ],
    [
      'short password',
      { name: 'X', admin_email: 'x@example.test', admin_password: 'short' },
      /admin_password/,
    ],
    [
      'wrong type',
      { name: 42, admin_email: 'x@example.test', admin_password: 'long-enough-password' },
      /name/,
    ],
  ])('answers 400 naming the field for %s', async (_label, body, field) => {
    const res = await api('POST', '/organization', { body });
    expectError(res, 400, 'error.bad_request');
    expect(res.body.message).toMatch(field);
  });
});

describe('POST /api/v1/csp/organization/signin', () => {
  it('returns a 7-day JWT with the documented claims', async () => {
    const org = await createOrg();
    const res = await api('POST', '/organization/signin', {
      body: { admin_email: org.email, admin_password: org.password },
    });
    expect(res.status).toBe(200);
    const [, payload] = res.body.data.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: org.userId, org_id: org.orgId, role: 'admin' });
    expect(typeof claims.jti).toBe('string');
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });

  it('gives identical answers for an unknown email and a wrong password', async () => {
    const org = await createOrg();
    const wrong = await api('POST', '/organization/signin', {
      body: { admin_email: org.email, admin_password: 'wrong-password!' },
    });
    const unknown = await api('POST', '/organization/signin', {
      body: { admin_email: `nobody-${uniq()}@example.test`, admin_password: 'wrong-password!' },
    });
    expectError(wrong, 401, 'error.unauthorized');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('with the same password in two organizations, signs in to the one signed in last, or to organization_id', async () => {
    const email = `twice-${uniq()}@example.test`;
    const password = 'the-same-long-password';
    const orgs: string[] = [];
    for (const name of ['Older', 'Newer']) {
      const res = await api('POST', '/organization', {
        body: { name, admin_email: email, admin_password: password },
      });
      expect(res.status).toBe(200);
      orgs.push(res.body.data.token);
    }
    const [older, newer] = orgs as [string, string];
    const into = async (organization_id?: string) =>
      (
        await api('POST', '/organization/signin', {
          body: {
            admin_email: email,
            admin_password: password,
            ...(organization_id ? { organization_id } : {}),
          },
        })
      ).body.data.token;
    // Neither signed in yet: the newer account; then whichever was signed in last.
    expect(await into()).toBe(newer);
    expect(await into(older)).toBe(older);
    expect(await into()).toBe(older);
    expect(await into(newer)).toBe(newer);
    expect(await into()).toBe(newer);
    const other = await createOrg();
    expectError(
      await api('POST', '/organization/signin', {
        body: { admin_email: email, admin_password: password, organization_id: other.orgId },
      }),
      401,
      'error.unauthorized',
    );
  });

  it('requires an idempotency-key', async () => {
    const res = await api('POST', '/organization/signin', {
      body: { admin_email: 'a@b.test', admin_password: 'x' },
      idempotencyKey: false,
    });
    expectError(res, 400, 'error.bad_request');
    expect(res.body.message).toMatch(/idempotency-key/);
  });

  it('signs the operator in with role operator', async () => {
    const res = await api('POST', '/organization/signin', {
      body: { admin_email: OPERATOR.email, admin_password: OPERATOR.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('operator');
  });
});

describe('JWT bearer credential', () => {
  it.each([
    ['missing', undefined],
    ['malformed', 'Bearer not-a-jwt'],
    ['wrong scheme', 'Basic abc'],
  ])('answers 401 for a %s token', async (_label, header) => {
    const res = await api('GET', '/partner', { headers: header ? { authorization: header } : {} });
    expectError(res, 401, 'error.unauthorized');
  });

  it('answers 401 for a tampered token', async () => {
    const org = await createOrg();
    const [h, p, s] = org.token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    claims.role = 'admin';
    claims.org_id = 'org_someone_else';
    const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
    expectError(await api('GET', '/partner', { token: forged }), 401, 'error.unauthorized');
  });

  it('answers 401 for an expired token and one signed with another secret', async () => {
    const org = await createOrg();
    const claims = JSON.parse(Buffer.from(org.token.split('.')[1]!, 'base64url').toString());
    const expired = await new SignJWT({ org_id: claims.org_id, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 8 * 86400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86400)
      .sign(new TextEncoder().encode('test-auth-secret-0123456789abcdef0123456789'));
    expectError(await api('GET', '/partner', { token: expired }), 401, 'error.unauthorized');
    const otherSecret = await new SignJWT({ org_id: claims.org_id, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expectError(await api('GET', '/partner', { token: otherSecret }), 401, 'error.unauthorized');
  });

  it('answers 401 on GET /me for a token signed with the right secret but without exp, iat or jti', async () => {
    const org = await createOrg();
    const claims = JSON.parse(Buffer.from(org.token.split('.')[1]!, 'base64url').toString());
    const key = new TextEncoder().encode('test-auth-secret-0123456789abcdef0123456789');
    const token = (omit: 'exp' | 'iat' | 'jti' | 'none') => {
      const jwt = new SignJWT({ org_id: claims.org_id, role: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub);
      // The signed-in session's own jti: a token is accepted only while its session stands.
      if (omit !== 'jti') jwt.setJti(claims.jti);
      if (omit !== 'iat') jwt.setIssuedAt();
      if (omit !== 'exp') jwt.setExpirationTime('1h');
      return jwt.sign(key);
    };
    // The same claims with all three are accepted: only the missing claim is refused.
    expect((await api('GET', '/me', { token: await token('none') })).status).toBe(200);
    for (const omit of ['exp', 'iat', 'jti'] as const) {
      expectError(await api('GET', '/me', { token: await token(omit) }), 401, 'error.unauthorized');
    }
  });

  it("answers 401 when x-partner-id names another organization's namespace", async () => {
    const a = await createOrg();
    const b = await createOrg();
    expectError(
      await api('GET', '/users', { token: a.token, partner: b.partnerId }),
      401,
      'error.unauthorized',
    );
  });

  it('answers 401 when x-org-id names another organization, on routes that need it and routes that do not', async () => {
    const a = await createOrg();
    const b = await createOrg();
    // Control: the token's own organization is accepted.
    expect((await api('GET', '/partner', { token: a.token, org: a.orgId })).status).toBe(200);
    expect(
      (await api('GET', '/payments', { token: a.token, partner: a.partnerId, org: a.orgId })).status,
    ).toBe(200);
    const other = await api('GET', '/payments', { token: a.token, partner: a.partnerId, org: b.orgId });
    expectError(other, 401, 'error.unauthorized');
    expect(other.body.message).toMatch(/x-org-id/);
    expect(other.headers.get('x-csp-version')).toBe('gateway-csp/v0.1.0');
    expectError(await api('GET', '/partner', { token: a.token, org: b.orgId }), 401, 'error.unauthorized');
    expectError(
      await api('GET', '/payments', { token: a.token, partner: a.partnerId, org: 'org_unknown' }),
      401,
      'error.unauthorized',
    );
    // A write naming another organization writes nothing there or here.
    const write = await api('POST', '/partner', {
      token: a.token,
      org: b.orgId,
      body: { name: 'Crossed', domain: `crossed-${uniq()}.test` },
    });
    expectError(write, 401, 'error.unauthorized');
    expect((await api('GET', '/partner', { token: a.token })).body.data.count).toBe(1);
    expect((await api('GET', '/partner', { token: b.token })).body.data.count).toBe(1);
  });
});

describe('idempotency (DESIGN §7)', () => {
  it('replays byte for byte with Idempotent-Replayed: true', async () => {
    const key = `key-${uniq()}`;
    const body = {
      name: 'Replay Bank',
      admin_email: `replay-${uniq()}@example.test`,
      admin_password: 'long-enough-password',
    };
    const first = await api('POST', '/organization', { body, idempotencyKey: key });
    const second = await api('POST', '/organization', { body, idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 422 when the key is reused with another body', async () => {
    const key = `key-${uniq()}`;
    const body = {
      name: 'Reuse Bank',
      admin_email: `reuse-${uniq()}@example.test`,
      admin_password: 'long-enough-password',
    };
    expect((await api('POST', '/organization', { body, idempotencyKey: key })).status).toBe(200);
    expectError(
      await api('POST', '/organization', { body: { ...body, name: 'Other' }, idempotencyKey: key }),
      422,
      'error.idempotency_key_reused',
    );
  });

  it('treats the same key with reordered JSON keys as the same request', async () => {
    const key = `key-${uniq()}`;
    const email = `order-${uniq()}@example.test`;
    const a = await api('POST', '/organization', {
      rawBody: JSON.stringify({ name: 'Order', admin_email: email, admin_password: 'long-enough-password' }),
      idempotencyKey: key,
    });
    const b = await api('POST', '/organization', {
      rawBody: JSON.stringify({ admin_password: 'long-enough-password', admin_email: email, name: 'Order' }),
      idempotencyKey: key,
    });
    expect(b.text).toBe(a.text);
  });

  it('creates exactly one organization from 20 concurrent identical requests', async () => {
    const key = `key-${uniq()}`;
    const body = {
      name: 'Concurrent Bank',
      admin_email: `conc-${uniq()}@example.test`,
      admin_password: 'long-enough-password',
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api('POST', '/organization', { body, idempotencyKey: key })),
    );
    const ok = results.filter((r) => r.status === 200);
    const inFlight = results.filter((r) => r.status === 409);
    expect(ok.length + inFlight.length).toBe(20);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.data.token)).size).toBe(1);
    inFlight.forEach((r) => expect(r.body.code).toBe('error.conflict'));
    // One organization exists: the admin can sign in and sees exactly one namespace.
    const si = await signIn(body.admin_email, body.admin_password);
    expect((await api('GET', '/partner', { token: si.access_token })).body.data.count).toBe(1);
  });
});

describe('bad input never yields a 500', () => {
  it('answers malformed JSON with 400', async () => {
    const res = await api('POST', '/organization', { rawBody: '{"name": "x", ' });
    expectError(res, 400, 'error.bad_request');
    expect(res.body.message).toMatch(/JSON/);
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await api('POST', '/organization', {
      rawBody: 'name=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expectError(res, 415, 'error.unsupported_media_type');
  });

  it('answers a body over 64 KiB with 413 and writes nothing', async () => {
    const email = `big-${uniq()}@example.test`;
    const res = await api('POST', '/organization', {
      body: { name: 'x'.repeat(70 * 1024), admin_email: email, admin_password: 'long-enough-password' },
    });
    expectError(res, 413, 'error.payload_too_large');
    expectError(
      await api('POST', '/organization/signin', {
        body: { admin_email: email, admin_password: 'long-enough-password' },
      }),
      401,
      'error.unauthorized',
    );
  });

  it('answers an unknown route with the 404 envelope and the version header', async () => {
    const res = await api('GET', '/no-such-thing');
    expectError(res, 404, 'error.not_found');
    expect(res.headers.get('x-csp-version')).toBe('gateway-csp/v0.1.0');
  });
});

describe('users and roles', () => {
  it('invites, lists, changes role and removes a user; the removed user loses access', async () => {
    const org = await createOrg();
    const email = `support-${uniq()}@example.test`;
    const inv = await api('POST', '/users', {
      token: org.token,
      body: { email, role: 'support', password: 'support-password-1' },
    });
    expect(inv.status).toBe(200);
    expect(inv.body.data).toMatchObject({ email, role: 'support', org_id: org.orgId });
    const list = await api('GET', '/users', { token: org.token });
    expect(list.body.data.count).toBe(2);

    const support = await signIn(email, 'support-password-1');
    expect(support.role).toBe('support');
    // support may read namespaces but not manage users
    expect((await api('GET', '/partner', { token: support.access_token })).status).toBe(200);
    expectError(await api('GET', '/users', { token: support.access_token }), 403, 'error.forbidden');

    const changed = await api('PATCH', `/users/${inv.body.data.token}`, {
      token: org.token,
      body: { role: 'viewer' },
    });
    expect(changed.body.data.role).toBe('viewer');
    // the old token carries the old role: it stops working
    expectError(await api('GET', '/partner', { token: support.access_token }), 401, 'error.unauthorized');

    const del = await api('DELETE', `/users/${inv.body.data.token}`, { token: org.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true, data: {} });
    expect((await api('GET', '/users', { token: org.token })).body.data.count).toBe(1);
  });

  it('invites an address another organization uses (200), and refuses one of its own organization (409)', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const invited = await api('POST', '/users', {
      token: b.token,
      body: { email: a.email, role: 'support', password: 'support-password-1' },
    });
    expect(invited.status).toBe(200);
    expect(invited.body.data).toMatchObject({ email: a.email, role: 'support', org_id: b.orgId });
    expect((await signIn(a.email, 'support-password-1')).token).toBe(b.orgId);
    expect((await signIn(a.email, a.password)).token).toBe(a.orgId);
    const again = await api('POST', '/users', {
      token: b.token,
      body: { email: a.email.toUpperCase(), role: 'viewer', password: 'viewer-password-1' },
    });
    expectError(again, 409, 'error.conflict');
    expect(again.body.message).toBe('A user with this email already exists in this organization');
    expectError(
      await api('POST', '/users', {
        token: a.token,
        body: { email: a.email, role: 'viewer', password: 'viewer-password-1' },
      }),
      409,
      'error.conflict',
    );
  });

  it('refuses to remove the last admin, and hides other organizations’ users', async () => {
    const a = await createOrg();
    const b = await createOrg();
    const self = await api('DELETE', `/users/${a.userId}`, { token: a.token });
    expectError(self, 400, 'error.bad_request');
    expect(self.body.message).toBe('You cannot remove yourself: another admin of the organization can');
    expectError(
      await api('PATCH', `/users/${a.userId}`, { token: a.token, body: { role: 'viewer' } }),
      400,
      'error.bad_request',
    );
    // A second admin may remove the first; then it is the last one and cannot step down.
    const email = `second-${a.userId}@example.test`;
    const second = await api('POST', '/users', {
      token: a.token,
      body: { email, role: 'admin', password: 'long-enough-1' },
    });
    expect(second.status).toBe(200);
    const token2 = (await signIn(email, 'long-enough-1')).access_token;
    expect((await api('DELETE', `/users/${a.userId}`, { token: token2 })).status).toBe(200);
    const last = await api('PATCH', `/users/${second.body.data.token}`, {
      token: token2,
      body: { role: 'viewer' },
    });
    expectError(last, 400, 'error.bad_request');
    expect(last.body.message).toBe('An organization must keep at least one admin');
    // The removed admin's session ends with it.
    expectError(await api('GET', '/users', { token: a.token }), 401, 'error.unauthorized');
    expectError(
      await api('PATCH', `/users/${a.userId}`, { token: b.token, body: { role: 'viewer' } }),
      404,
      'error.not_found',
    );
    expectError(
      await api('POST', '/users', {
        token: token2,
        body: { email: 'x@example.test', role: 'owner', password: 'long-enough-1' },
      }),
      400,
      'error.bad_request',
    );
  });
});

describe('PUT /api/v1/csp/me/partner', () => {
  it("remembers the user's namespace, answers /me with it, and refuses another organization's", async () => {
    const org = await createOrg();
    const second = await api('POST', '/partner', {
      token: org.token,
      body: { name: 'Second', domain: `second-${uniq()}.test` },
    });
    expect(second.status).toBe(200);
    const set = await api('PUT', '/me/partner', {
      token: org.token,
      body: { partner_id: second.body.data.token },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.preferred_partner_id).toBe(second.body.data.token);
    expect(set.body.data.partners.map((p: { token: string }) => p.token).sort()).toEqual(
      [org.partnerId, second.body.data.token].sort(),
    );
    expect((await api('GET', '/me', { token: org.token })).body).toEqual(set.body);
    const other = await createOrg();
    expectError(
      await api('PUT', '/me/partner', { token: org.token, body: { partner_id: other.partnerId } }),
      400,
      'error.bad_request',
    );
    expect((await api('GET', '/me', { token: org.token })).body.data.preferred_partner_id).toBe(
      second.body.data.token,
    );
  });
});

describe('operator verification', () => {
  it('lists sandbox organizations and verifies one; a second decision conflicts', async () => {
    const org = await createOrg();
    const op = await operatorToken();
    const queue = await api('GET', '/operator/organizations?status=sandbox&limit=100', { token: op });
    expect(queue.status).toBe(200);
    expect(queue.body.data.organizations.some((o: { token: string }) => o.token === org.orgId)).toBe(true);

    const verified = await api('POST', `/operator/organizations/${org.orgId}/verify`, { token: op });
    expect(verified.body.data.status).toBe('verified');
    expect((await api('GET', '/organization', { token: org.token })).body.data.status).toBe('verified');
    expectError(
      await api('POST', `/operator/organizations/${org.orgId}/reject`, { token: op }),
      409,
      'error.conflict',
    );
    expectError(
      await api('POST', `/operator/organizations/org_missing/verify`, { token: op }),
      404,
      'error.not_found',
    );
  });

  it('keeps the note given with a decision; the organization reads it; the body stays optional', async () => {
    const op = await operatorToken();
    const org = await createOrg();
    const note = '  Registration documents do not match the legal name  ';
    const rejected = await api('POST', `/operator/organizations/${org.orgId}/reject`, {
      token: op,
      body: { note },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      decision_note: note.trim(),
      decided_at: { seconds: expect.any(Number) },
    });
    const seen = (await api('GET', '/organization', { token: org.token })).body.data;
    expect(seen).toMatchObject({ status: 'rejected', decision_note: note.trim() });
    const listed = await api('GET', '/operator/organizations?status=rejected&limit=100', { token: op });
    expect(
      listed.body.data.organizations.find((o: { token: string }) => o.token === org.orgId),
    ).toMatchObject({ decision_note: note.trim() });

    // A note too long, a note of the wrong type, a body that is not JSON: 4xx, and nothing decided.
    const other = await createOrg();
    const path = `/operator/organizations/${other.orgId}/verify`;
    expectError(
      await api('POST', path, { token: op, body: { note: 'x'.repeat(1001) } }),
      400,
      'error.bad_request',
    );
    expectError(await api('POST', path, { token: op, body: { note: 7 } }), 400, 'error.bad_request');
    expectError(
      await api('POST', path, { token: op, rawBody: 'note=x', contentType: 'text/plain' }),
      415,
      'error.unsupported_media_type',
    );
    expectError(await api('POST', path, { token: op, rawBody: '{"note":' }), 400, 'error.bad_request');
    expect((await api('GET', '/organization', { token: other.token })).body.data).toMatchObject({
      status: 'sandbox',
      decided_at: null,
    });
    // Without a body, as before: verified, no note.
    const verified = await api('POST', path, { token: op });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ status: 'verified', decision_note: null });
  });

  it('rejects a sandbox organization: the operator and the organization see it rejected; the decision is final', async () => {
    const org = await createOrg();
    const op = await operatorToken();
    const before = (await api('GET', '/organization', { token: org.token })).body.data;
    expect(before.status).toBe('sandbox');

    const rejected = await api('POST', `/operator/organizations/${org.orgId}/reject`, { token: op });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({
      ok: true,
      data: {
        ...before,
        status: 'rejected',
        updated_at: { seconds: expect.any(Number) },
        decided_at: { seconds: expect.any(Number) },
      },
    });
    expect(before).toMatchObject({ decided_at: null, decision_note: null });
    expect(rejected.body.data.updated_at.seconds).toBeGreaterThanOrEqual(before.updated_at.seconds);

    // The operator's lists: under rejected, no longer in the sandbox queue.
    const tokens = async (status: string) =>
      (
        await api('GET', `/operator/organizations?status=${status}&limit=100`, { token: op })
      ).body.data.organizations.map((o: { token: string }) => o.token);
    expect(await tokens('rejected')).toContain(org.orgId);
    expect(await tokens('sandbox')).not.toContain(org.orgId);
    const listed = (
      await api('GET', '/operator/organizations?status=rejected&limit=100', { token: op })
    ).body.data.organizations.find((o: { token: string }) => o.token === org.orgId);
    expect(listed).toEqual(rejected.body.data);

    // The organization's own views.
    expect((await api('GET', '/organization', { token: org.token })).body.data).toEqual(rejected.body.data);
    expect((await api('GET', '/me', { token: org.token })).body.data.organization).toEqual(
      rejected.body.data,
    );
    // A rejected organization gets no production namespace.
    expectError(
      await api('POST', '/partner', {
        token: org.token,
        body: { name: 'Prod', domain: `prod-${uniq()}.test`, environment: 'production' },
      }),
      403,
      'error.forbidden',
    );

    // Repeating the decision returns the organization unchanged; the opposite one is a conflict.
    const again = await api('POST', `/operator/organizations/${org.orgId}/reject`, { token: op });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(rejected.body.data);
    const verify = await api('POST', `/operator/organizations/${org.orgId}/verify`, { token: op });
    expectError(verify, 409, 'error.conflict');
    expect(verify.body.message).toMatch(/rejected/);
    expect((await api('GET', '/organization', { token: org.token })).body.data).toEqual(rejected.body.data);
    expectError(
      await api('POST', `/operator/organizations/org_missing/reject`, { token: op }),
      404,
      'error.not_found',
    );
  });

  it('forbids organization users from operator endpoints', async () => {
    const org = await createOrg();
    expectError(await api('GET', '/operator/organizations', { token: org.token }), 403, 'error.forbidden');
    // Not even on its own organization, and the refusal decides nothing.
    expectError(
      await api('POST', `/operator/organizations/${org.orgId}/reject`, { token: org.token }),
      403,
      'error.forbidden',
    );
    expectError(
      await api('POST', `/operator/organizations/${org.orgId}/verify`, { token: org.token }),
      403,
      'error.forbidden',
    );
    const other = await createOrg();
    expectError(
      await api('POST', `/operator/organizations/${org.orgId}/reject`, { token: other.token }),
      403,
      'error.forbidden',
    );
    expect((await api('GET', '/organization', { token: org.token })).body.data.status).toBe('sandbox');
  });
});
