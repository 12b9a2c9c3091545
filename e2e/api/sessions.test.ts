import { describe, expect, it } from 'vitest';
import { api, createOrg, expectError, signIn, uniq } from './helpers';

const sessions = async (token: string) => {
  const res = await api('GET', '/me/sessions', { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data as {
    count: number;
    sessions: Array<{ token: string; current: boolean; ip: string | null; user_agent: string | null }>;
  };
};
const works = async (token: string) => (await api('GET', '/me', { token })).status;

describe('sessions', () => {
  it('lists where a user is signed in, and ends one session, the others, or this one', async () => {
    const org = await createOrg();
    const laptop = (
      await api('POST', '/organization/signin', {
        body: { admin_email: org.email, admin_password: org.password },
        headers: { 'user-agent': 'Laptop/1.0' },
      })
    ).body.data.access_token as string;
    const phone = (await signIn(org.email, org.password)).access_token;
    const list = await sessions(laptop);
    // createOrg's own sign-in, the laptop and the phone.
    expect(list.count).toBe(3);
    const mine = list.sessions.find((s) => s.current)!;
    expect(mine.user_agent).toBe('Laptop/1.0');
    expect(mine.ip).toBeTruthy();
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);

    // One session, from another: its token is refused from then on.
    const phoneId = (await sessions(phone)).sessions.find((s) => s.current)!.token;
    const ended = await api('DELETE', `/me/sessions/${phoneId}`, { token: laptop });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.data).toEqual({ revoked: 1 });
    const refused = await api('GET', '/me', { token: phone });
    expectError(refused, 401, 'error.unauthorized');
    expect(refused.body.message).toBe('This session has ended; sign in again');
    expectError(await api('DELETE', `/me/sessions/${phoneId}`, { token: laptop }), 404, 'error.not_found');

    // All the others: createOrg's token goes, the laptop stays.
    const others = await api('POST', '/me/sessions/revoke-others', { token: laptop });
    expect(others.body.data).toEqual({ revoked: 1 });
    expect(await works(org.token)).toBe(401);
    expect(await works(laptop)).toBe(200);
    expect((await sessions(laptop)).count).toBe(1);

    // Signing out ends this one.
    expect((await api('POST', '/organization/signout', { token: laptop })).body.data).toEqual({ revoked: 1 });
    expect(await works(laptop)).toBe(401);

    // Each end is in the audit trail, by this user.
    const fresh = (await signIn(org.email, org.password)).access_token;
    const trail = await api('GET', '/audit-events?limit=100', { token: fresh });
    const actions = (trail.body.data.audit_events as Array<{ action: string; actor: { label: string } }>)
      .filter((e) => e.action.startsWith('session.') || e.action === 'user.signed_out')
      .map((e) => [e.action, e.actor.label]);
    expect(actions).toEqual([
      ['user.signed_out', org.email],
      ['session.revoked_others', org.email],
      ['session.revoked', org.email],
    ]);
  });

  it("never shows or ends another user's session", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const bSession = (await sessions(b.token)).sessions[0]!.token;
    expectError(await api('DELETE', `/me/sessions/${bSession}`, { token: a.token }), 404, 'error.not_found');
    expect(await works(b.token)).toBe(200);
    expect((await sessions(a.token)).sessions.map((s) => s.token)).not.toContain(bSession);
  });

  it("a removed user's sessions end with the user", async () => {
    const org = await createOrg();
    const email = `leaver-${uniq()}@example.test`;
    const invited = await api('POST', '/users', {
      token: org.token,
      body: { email, role: 'support', password: 'leaver-password-1' },
    });
    const leaver = (await signIn(email, 'leaver-password-1')).access_token;
    expect(await works(leaver)).toBe(200);
    expect((await api('DELETE', `/users/${invited.body.data.token}`, { token: org.token })).status).toBe(200);
    expect(await works(leaver)).toBe(401);
  });
});

describe('passwords', () => {
  it('a user changes their password with the current one; the other sessions end, this one goes on', async () => {
    const org = await createOrg();
    const other = (await signIn(org.email, org.password)).access_token;
    const change = (body: unknown) => api('POST', '/me/password', { token: org.token, body });
    expectError(
      await change({ current_password: 'not-my-password', new_password: 'violet tractor umbrella 42' }),
      403,
      'error.forbidden',
    );
    const weak = await change({ current_password: org.password, new_password: 'password1234' });
    expectError(weak, 400, 'error.bad_request');
    expect(weak.body.message).toBe(
      'new_password: choose a less common password (this one is among the most used)',
    );
    expect(weak.body.field).toBe('new_password');
    expectError(
      await change({ current_password: org.password, new_password: 'short' }),
      400,
      'error.bad_request',
    );
    expect(await works(other)).toBe(200);

    const done = await change({ current_password: org.password, new_password: 'violet tractor umbrella 42' });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toEqual({ sessions_ended: 1 });
    expect(await works(other)).toBe(401);
    expect(await works(org.token)).toBe(200);
    expect(
      (
        await api('POST', '/organization/signin', {
          body: { admin_email: org.email, admin_password: org.password },
        })
      ).status,
    ).toBe(401);
    const fresh = await signIn(org.email, 'violet tractor umbrella 42');
    const trail = await api('GET', '/audit-events?action=user.password_changed', {
      token: fresh.access_token,
    });
    expect(trail.body.data.audit_events).toHaveLength(1);
    expect(JSON.stringify(trail.body.data)).not.toContain('violet tractor');
  });

  it('sign-up and invitations refuse common or guessable passwords, saying why', async () => {
    const signUp = await api('POST', '/organization', {
      body: {
        name: `Weak ${uniq()}`,
        admin_email: `weak-${uniq()}@example.test`,
        admin_password: 'qwerty123456',
      },
    });
    expectError(signUp, 400, 'error.bad_request');
    expect(signUp.body.message).toMatch(
      /^admin_password: choose a (less common password|password harder to guess)/,
    );
    const org = await createOrg();
    const invite = await api('POST', '/users', {
      token: org.token,
      body: { email: `weak-${uniq()}@example.test`, role: 'viewer', password: 'aaaaaaaaaaaaaaaa' },
    });
    expectError(invite, 400, 'error.bad_request');
    expect(invite.body.message).toMatch(/^password: choose a password harder to guess/);
  });
});

describe('an admin signs a user out everywhere', () => {
  it("ends every session of the user at once, in the trail; not oneself, not another organization's user", async () => {
    const org = await createOrg();
    const email = `agent-${uniq()}@example.test`;
    const invited = (
      await api('POST', '/users', {
        token: org.token,
        body: { email, role: 'support', password: 'agent-password-1' },
      })
    ).body.data;
    const laptop = (await signIn(email, 'agent-password-1')).access_token;
    const phone = (await signIn(email, 'agent-password-1')).access_token;
    const ended = await api('POST', `/users/${invited.token}/sessions/revoke`, { token: org.token });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.data).toEqual({ revoked: 2 });
    expect(await works(laptop)).toBe(401);
    expect(await works(phone)).toBe(401);
    // They may sign in again.
    expect(await works((await signIn(email, 'agent-password-1')).access_token)).toBe(200);
    const trail = await api('GET', `/audit-events?action=user.sessions_ended&target=${invited.token}`, {
      token: org.token,
    });
    expect(trail.body.data.audit_events[0]).toMatchObject({
      actor: { label: org.email },
      changes: { after: { email, sessions_ended: 2 } },
    });

    expectError(
      await api('POST', `/users/${org.userId}/sessions/revoke`, { token: org.token }),
      400,
      'error.bad_request',
    );
    const other = await createOrg();
    expectError(
      await api('POST', `/users/${other.userId}/sessions/revoke`, { token: org.token }),
      404,
      'error.not_found',
    );
    expect(await works(other.token)).toBe(200);
    const support = (await signIn(email, 'agent-password-1')).access_token;
    expectError(
      await api('POST', `/users/${org.userId}/sessions/revoke`, { token: support }),
      403,
      'error.forbidden',
    );
  });
});
