import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { api, createOrg, expectError, targetServer, uniq, withSql, type TestOrg } from './helpers';
import { startServer, type DbKind, type Host } from './server';

/**
 * Invitations (lib/services/organizations/invitations.ts): a one-time, expiring link instead of a
 * password typed by the admin, e-mailed through SMTP — a local SMTP server run by this test — and
 * an admin's "reset access". A server of its own, with SMTP_URL and the dashboard's address.
 */
interface Mail {
  to: string;
  text: string;
}
const mails: Mail[] = [];
let smtp: SMTPServer;
let server: Awaited<ReturnType<typeof startServer>>;
const DASHBOARD = 'http://dashboard.example.test';
const PASSWORD = 'a-long-and-unusual-passphrase-42';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d) => (raw += d));
      stream.on('end', () => {
        // Quoted-printable soft line breaks joined, so a long link reads whole.
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  server = await startServer({
    host: inject('host') as Host,
    db: inject('dbKind') as DbKind,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      NEXTAUTH_URL: DASHBOARD,
      MAIL_FROM: 'Network <net@example.test>',
    },
  });
  targetServer(server);
});
afterAll(async () => {
  targetServer(undefined);
  await server?.stop();
  await new Promise((resolve) => smtp?.close(() => resolve(null)));
});

const signInStatus = async (email: string, password: string) =>
  (await api('POST', '/organization/signin', { body: { admin_email: email, admin_password: password } }))
    .status;

async function invite(org: TestOrg, role = 'support') {
  const email = `person-${uniq()}@example.test`;
  const res = await api('POST', '/users', { token: org.token, body: { email, role, name: 'Pat Person' } });
  expect(res.status, res.text).toBe(200);
  return { email, user: res.body.data };
}

describe('an invitation link', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg();
  });

  it('is answered once, e-mailed, and lets the person set their own password', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { email, user } = await invite(org);
    const token = user.invitation.token as string;
    expect(token).toMatch(/^inv_[A-Za-z0-9_-]{43}$/);
    expect(user.invitation).toEqual({
      token,
      path: `/invitation/${token}`,
      url: `${DASHBOARD}/invitation/${token}`,
      expires_at: { seconds: expect.any(Number) },
      emailed: true,
    });
    expect(user.invitation.expires_at.seconds - before).toBeGreaterThanOrEqual(72 * 3600 - 5);
    expect(user.invitation.expires_at.seconds - before).toBeLessThanOrEqual(72 * 3600 + 5);
    expect(user.invitation_expires_at).toEqual(user.invitation.expires_at);

    const mail = mails.find((m) => m.to === email);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(`${DASHBOARD}/invitation/${token}`);
    expect(mail!.text).toContain('From: Network <net@example.test>');

    // Listed as waiting; no password works before it is accepted.
    const listed = (await api('GET', '/users', { token: org.token })).body.data.users.find(
      (u: { email: string }) => u.email === email,
    );
    expect(listed.invitation_expires_at).toEqual(user.invitation.expires_at);
    expect(listed.invitation).toBeUndefined();
    expect(await signInStatus(email, PASSWORD)).toBe(401);

    const details = await api('GET', `/invitations/${token}`);
    expect(details.status).toBe(200);
    expect(details.body.data).toEqual({
      email,
      name: 'Pat Person',
      organization: expect.stringMatching(/^Test Bank /),
      role: 'support',
      expires_at: user.invitation.expires_at,
    });

    // A weak password is refused and the link still works.
    const weak = await api('POST', `/invitations/${token}/accept`, { body: { password: 'password1234' } });
    expectError(weak, 400, 'error.bad_request');
    expect(weak.body.message).toMatch(/password/);
    expect((await api('GET', `/invitations/${token}`)).status).toBe(200);

    const accepted = await api('POST', `/invitations/${token}/accept`, {
      body: { password: PASSWORD, name: 'Pat Q. Person' },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toEqual({ email, org_id: org.orgId });
    expect(await signInStatus(email, PASSWORD)).toBe(200);

    // Spent: neither readable nor acceptable again.
    const again = await api('POST', `/invitations/${token}/accept`, { body: { password: `${PASSWORD}-2` } });
    expectError(again, 404, 'error.not_found');
    expect(again.body.message).toMatch(/not valid: it was used/);
    expectError(await api('GET', `/invitations/${token}`), 404, 'error.not_found');
    const after = (await api('GET', '/users', { token: org.token })).body.data.users.find(
      (u: { email: string }) => u.email === email,
    );
    expect(after).toMatchObject({ name: 'Pat Q. Person', invitation_expires_at: null });

    // The trail: invited by the admin, accepted by the person.
    const trail = await api('GET', `/audit-events?target=${user.token}`, { token: org.token });
    const entries = (trail.body.data.audit_events as Array<{ action: string; actor: { label: string } }>)
      .filter((e) => e.action.startsWith('user.invit'))
      .map((e) => [e.action, e.actor.label]);
    expect(entries).toEqual([
      ['user.invitation_accepted', email],
      ['user.invited', org.email],
    ]);
  });

  it('refuses unknown, malformed and over-long tokens with the error envelope', async () => {
    expectError(await api('GET', '/invitations/nope'), 404, 'error.not_found');
    expectError(await api('GET', `/invitations/inv_${'x'.repeat(43)}`), 404, 'error.not_found');
    expectError(await api('GET', `/invitations/inv_${'x'.repeat(200)}`), 400, 'error.bad_request');
    expectError(
      await api('POST', `/invitations/inv_${'x'.repeat(43)}/accept`, { body: { password: 12 } }),
      400,
      'error.bad_request',
    );
  });

  it.runIf(inject('dbKind') === 'postgres')('stops working when it expires, and says so', async () => {
    const { user } = await invite(org);
    await withSql((c) =>
      c.query(`UPDATE users SET invitation_expires_at = now() - interval '1 second' WHERE id = $1`, [
        user.token,
      ]),
    );
    const res = await api('POST', `/invitations/${user.invitation.token}/accept`, {
      body: { password: PASSWORD },
    });
    expectError(res, 404, 'error.not_found');
    expect(res.body.message).toMatch(
      /^This invitation link expired; ask an admin of Test Bank .+ to send a new one$/,
    );
  });
});

describe("an admin's reset of a user's access", () => {
  it('ends the password and every session, and answers a new link that works once', async () => {
    const org = await createOrg();
    const { email, user } = await invite(org, 'viewer');
    expect(
      (await api('POST', `/invitations/${user.invitation.token}/accept`, { body: { password: PASSWORD } }))
        .status,
    ).toBe(200);
    const session = (
      await api('POST', '/organization/signin', { body: { admin_email: email, admin_password: PASSWORD } })
    ).body.data.access_token as string;
    expect((await api('GET', '/me', { token: session })).status).toBe(200);

    // Not by a viewer, not for oneself, not for another organization's user.
    expectError(await api('POST', `/users/${org.userId}/reset`, { token: session }), 403, 'error.forbidden');
    expectError(
      await api('POST', `/users/${org.userId}/reset`, { token: org.token }),
      400,
      'error.bad_request',
    );
    const other = await createOrg();
    expectError(
      await api('POST', `/users/${user.token}/reset`, { token: other.token }),
      404,
      'error.not_found',
    );

    const reset = await api('POST', `/users/${user.token}/reset`, { token: org.token });
    expect(reset.status, reset.text).toBe(200);
    const link = reset.body.data.invitation;
    expect(link.token).not.toBe(user.invitation.token);
    expect(link.emailed).toBe(true);
    expect(reset.body.data.invitation_expires_at).toEqual(link.expires_at);
    expect(await signInStatus(email, PASSWORD)).toBe(401);
    expectError(await api('GET', '/me', { token: session }), 401, 'error.unauthorized');

    const fresh = 'another-long-unusual-passphrase-7';
    expect(
      (await api('POST', `/invitations/${link.token}/accept`, { body: { password: fresh } })).status,
    ).toBe(200);
    expect(await signInStatus(email, fresh)).toBe(200);
    const trail = await api('GET', `/audit-events?action=user.access_reset&target=${user.token}`, {
      token: org.token,
    });
    expect(trail.body.data.audit_events).toHaveLength(1);
    expect(trail.body.data.audit_events[0].changes.after).toMatchObject({
      email,
      sessions_ended: 1,
      second_factor_cleared: false,
    });
  });
});
