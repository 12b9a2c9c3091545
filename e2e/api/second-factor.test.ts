import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { api, createOrg, expectError, withSql } from './helpers';

/** The app's code now, or `steps` 30-second steps later (the gateway accepts one step either side). */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
const signInWith = (email: string, password: string, otp_code?: string) =>
  api('POST', '/organization/signin', { body: { admin_email: email, admin_password: password, otp_code } });

describe('second factor (TOTP and recovery codes)', () => {
  it('is set up with a code from the app, then asked for at sign-in; a recovery code works once', async () => {
    const org = await createOrg();
    const start = await api('POST', '/me/second-factor/totp', { token: org.token });
    expect(start.status, start.text).toBe(200);
    const { secret, otpauth_uri, qr_svg } = start.body.data;
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Payment%20Network:.*\?.*secret=/);
    expect(qr_svg).toMatch(/^<svg/);
    // Not on until confirmed: the password alone still signs in.
    expect((await signInWith(org.email, org.password)).status).toBe(200);
    expectError(
      await api('POST', '/me/second-factor/totp/confirm', { token: org.token, body: { code: '000000' } }),
      400,
      'error.bad_request',
    );
    const confirmCode = codeOf(secret);
    const confirmed = await api('POST', '/me/second-factor/totp/confirm', {
      token: org.token,
      body: { code: confirmCode },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const codes = confirmed.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await api('GET', '/me', { token: org.token })).body.data.second_factor).toBe(true);

    // The password alone: asked for the code (not a failed attempt); a wrong code: refused.
    const asked = await signInWith(org.email, org.password);
    expectError(asked, 401, 'error.second_factor_required');
    // Both second-factor codes are tied to otp_code (lib/errors/registry.ts): a form puts them there.
    expect(asked.body.field).toBe('otp_code');
    expectError(await signInWith(org.email, org.password, '123456'), 401, 'error.unauthorized');
    expectError(
      await signInWith(org.email, 'wrong-password-here', codeOf(secret)),
      401,
      'error.unauthorized',
    );
    // A code is accepted once: the one that confirmed the set-up, and then one used to sign in,
    // are refused when sent again (RFC 6238 §5.2).
    // With its own code: the current code, spent, not a wrong one.
    const replayed = await signInWith(org.email, org.password, confirmCode);
    expectError(replayed, 401, 'error.second_factor_code_used');
    expect(replayed.body.message).toBe('This authentication code was used already: wait for the next one');
    expect(replayed.body.field).toBe('otp_code');
    const next = codeOf(secret, 1);
    expect((await signInWith(org.email, org.password, next)).status).toBe(200);
    expectError(await signInWith(org.email, org.password, next), 401, 'error.second_factor_code_used');
    // A recovery code, once.
    expect((await signInWith(org.email, org.password, codes[0]!.toUpperCase())).status).toBe(200);
    expectError(await signInWith(org.email, org.password, codes[0]), 401, 'error.unauthorized');

    // Stored sealed and as digests: neither the secret nor a code is in the database.
    await withSql(async (c) => {
      const dump = JSON.stringify(
        (
          await c.query(
            'SELECT * FROM users u LEFT JOIN user_recovery_codes r ON r.user_id = u.id WHERE u.id = $1',
            [org.userId],
          )
        ).rows,
      );
      expect(dump).not.toContain(secret);
      for (const code of codes) expect(dump).not.toContain(code);
    });
    const trail = await api('GET', '/audit-events?action=user.second_factor_enabled', { token: org.token });
    expect(trail.body.data.audit_events).toHaveLength(1);
    expect(JSON.stringify(trail.body.data)).not.toContain(secret);

    // Off, with the password; the password alone signs in again.
    expectError(
      await api('POST', '/me/second-factor/disable', {
        token: org.token,
        body: { current_password: 'nope-nope-nope' },
      }),
      403,
      'error.forbidden',
    );
    const off = await api('POST', '/me/second-factor/disable', {
      token: org.token,
      body: { current_password: org.password },
    });
    expect(off.status, off.text).toBe(200);
    expect((await signInWith(org.email, org.password)).status).toBe(200);
  });

  it('an organization may require it of everyone: a user without one may only set one up', async () => {
    const org = await createOrg();
    const admin = { token: org.token };
    // Not before the admin has one of their own.
    const early = await api('PUT', '/organization/second-factor', { ...admin, body: { required: true } });
    expectError(early, 400, 'error.bad_request');
    expect(early.body.message).toMatch(/^Set up your own second factor first/);
    const secret = (await api('POST', '/me/second-factor/totp', admin)).body.data.secret as string;
    expect(
      (await api('POST', '/me/second-factor/totp/confirm', { ...admin, body: { code: codeOf(secret) } }))
        .status,
    ).toBe(200);
    const email = `member-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const password = 'a-long-and-unusual-passphrase-42';
    expect(
      (await api('POST', '/users', { ...admin, body: { email, role: 'support', password } })).status,
    ).toBe(200);
    const member = (await signInWith(email, password)).body.data.access_token as string;
    expect((await api('GET', '/partner', { token: member })).status).toBe(200);

    const on = await api('PUT', '/organization/second-factor', { ...admin, body: { required: true } });
    expect(on.status, on.text).toBe(200);
    expect(on.body.data.require_second_factor).toBe(true);
    // Refused at once on the member's next request, except what setting one up needs.
    const refused = await api('GET', '/partner', { token: member });
    expectError(refused, 403, 'error.forbidden');
    expect(refused.body.message).toMatch(/^Your organization requires a second factor/);
    const me = await api('GET', '/me', { token: member });
    expect(me.status).toBe(200);
    expect(me.body.data.second_factor).toBe(false);
    expect(me.body.data.organization.require_second_factor).toBe(true);
    expect((await api('GET', '/me/sessions', { token: member })).status).toBe(200);
    const theirs = (await api('POST', '/me/second-factor/totp', { token: member })).body.data
      .secret as string;
    expect(
      (await api('POST', '/me/second-factor/totp/confirm', { token: member, body: { code: codeOf(theirs) } }))
        .status,
    ).toBe(200);
    expect((await api('GET', '/partner', { token: member })).status).toBe(200);
    // The admin (who has one) was never refused; the change is in the trail.
    expect((await api('GET', '/partner', admin)).status).toBe(200);
    const trail = await api('GET', '/audit-events?action=organization.second_factor_policy_changed', admin);
    expect(trail.body.data.audit_events).toHaveLength(1);
    expect(trail.body.data.audit_events[0].changes).toEqual({
      before: { require_second_factor: false },
      after: { require_second_factor: true },
    });
    // Only admins set it.
    expectError(
      await api('PUT', '/organization/second-factor', { token: member, body: { required: false } }),
      403,
      'error.forbidden',
    );
  });
});
