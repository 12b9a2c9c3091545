import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { api, createOrg, expectError, withSql, type TestOrg } from './helpers';
import { softwareAuthenticator } from './passkey-authenticator';

type Authenticator = ReturnType<typeof softwareAuthenticator>;

const passkeySignIn = (org: TestOrg, password = org.password) =>
  api('POST', '/organization/signin/passkey', { body: { admin_email: org.email, admin_password: password } });
const signInWith = (org: TestOrg, extra: Record<string, unknown> = {}) =>
  api('POST', '/organization/signin', {
    body: { admin_email: org.email, admin_password: org.password, ...extra },
  });

/** Adds `device` as a passkey of the org's admin: the answer of POST …/passkeys. */
async function addPasskey(org: TestOrg, device: Authenticator, name = 'Laptop') {
  const start = await api('POST', '/me/second-factor/passkeys/options', { token: org.token });
  expect(start.status, start.text).toBe(200);
  return api('POST', '/me/second-factor/passkeys', {
    token: org.token,
    body: { name, response: device.register(start.body.data.options) },
  });
}

/** A sign-in with the password and `device`'s answer to fresh options. */
async function signInWithPasskey(org: TestOrg, device: Authenticator, origin?: string) {
  const start = await passkeySignIn(org);
  expect(start.status, start.text).toBe(200);
  return signInWith(org, { passkey: device.authenticate(start.body.data.options, origin) });
}

const trail = async (org: TestOrg, action: string) =>
  (
    (await api('GET', `/audit-events?action=${action}`, { token: org.token })).body.data.audit_events as {
      changes: { before?: Record<string, unknown>; after?: Record<string, unknown> } | null;
    }[]
  ).map((e) => ({ before: e.changes?.before, after: e.changes?.after }));

describe('passkeys (WebAuthn) as a second factor', () => {
  it('are added from options, then asked for at sign-in; each answer signs in once', async () => {
    const org = await createOrg();
    const device = softwareAuthenticator();

    const start = await api('POST', '/me/second-factor/passkeys/options', { token: org.token });
    expect(start.status, start.text).toBe(200);
    const options = start.body.data.options;
    expect(options.rp).toEqual({ name: 'Payment Network', id: 'localhost' });
    expect(options.user.name).toBe(org.email);
    expect(options.authenticatorSelection.userVerification).toBe('required');
    expect(options.attestation).toBe('none');
    const added = await api('POST', '/me/second-factor/passkeys', {
      token: org.token,
      body: { name: '  Work laptop ', response: device.register(options) },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.data.passkey).toMatchObject({
      token: device.id,
      name: 'Work laptop',
      last_used_at: null,
      backed_up: false,
    });
    // The first second factor: recovery codes come with it.
    const codes = added.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    const me = (await api('GET', '/me', { token: org.token })).body.data;
    expect(me).toMatchObject({ second_factor: true, authenticator_app: false, passkeys: 1 });

    // The password alone is asked for the second factor; the passkey's first step checks it too.
    expectError(await signInWith(org), 401, 'error.second_factor_required');
    expectError(await passkeySignIn(org, 'wrong-password-here'), 401, 'error.unauthorized');
    const first = await passkeySignIn(org);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [{ id: device.id, type: 'public-key', transports: ['internal'] }],
    });
    const answer = device.authenticate(first.body.data.options);
    const signedIn = await signInWith(org, { passkey: answer });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.data.user_id).toBe(org.userId);
    // The same answer again: its challenge was taken by the sign-in that accepted it.
    const replayed = await signInWith(org, { passkey: answer });
    expectError(replayed, 401, 'error.unauthorized');
    expect(replayed.body.message).toBe('The passkey was not accepted: start again');
    // A recovery code still signs in instead.
    expect((await signInWith(org, { otp_code: codes[0] })).status).toBe(200);

    // The counter and the last use are kept (database state: on the PostgreSQL run).
    await withSql(async (c) => {
      const { rows } = await c.query('SELECT sign_count, last_used_at FROM user_passkeys WHERE id = $1', [
        device.id,
      ]);
      expect(Number(rows[0].sign_count)).toBe(1);
      expect(rows[0].last_used_at).not.toBeNull();
    });
    const listed = await api('GET', '/me/second-factor/passkeys', { token: org.token });
    expect(listed.body.data.passkeys).toHaveLength(1);
    expect(listed.body.data.passkeys[0].last_used_at).toBeGreaterThan(0);

    const [entry] = await trail(org, 'user.passkey_added');
    expect(entry!.after).toEqual({ passkey: device.id, name: 'Work laptop', second_factor_turned_on: true });
    const failures = await trail(org, 'user.sign_in_failed');
    // Newest first: the replayed answer, then the wrong password (which names no reason).
    expect(failures.map((f) => f.after?.reason ?? null)).toEqual([
      'passkey challenge missing or expired',
      null,
    ]);
  });

  it('refuses an answer from another origin, without user verification, or from a cloned authenticator', async () => {
    const org = await createOrg();
    const device = softwareAuthenticator();
    expect((await addPasskey(org, device)).status).toBe(200);

    // Another site's page: the origin is not this dashboard's.
    expectError(await signInWithPasskey(org, device, 'https://phish.example'), 401, 'error.unauthorized');
    // A cloned authenticator: its counter goes back.
    expect((await signInWithPasskey(org, device)).status).toBe(200);
    expect((await signInWithPasskey(org, device)).status).toBe(200);
    device.rewind(1);
    expectError(await signInWithPasskey(org, device), 401, 'error.unauthorized');
    // Another user's passkey names no credential of this account.
    const stranger = softwareAuthenticator();
    expectError(await signInWithPasskey(org, stranger), 401, 'error.unauthorized');
    // No user verification (no PIN, no fingerprint): a passkey is a second factor only with it.
    const careless = softwareAuthenticator({ userVerified: false });
    const start = await api('POST', '/me/second-factor/passkeys/options', { token: org.token });
    const refused = await api('POST', '/me/second-factor/passkeys', {
      token: org.token,
      body: { name: 'Key', response: careless.register(start.body.data.options) },
    });
    expectError(refused, 400, 'error.bad_request');

    const reasons = (await trail(org, 'user.sign_in_failed')).map((f) => String(f.after?.reason));
    expect(reasons).toHaveLength(3);
    expect(reasons[0]).toBe('passkey unknown');
    expect(reasons[1]).toMatch(/^passkey refused: .*counter/i);
    expect(reasons[2]).toBe(
      'passkey refused: The passkey was used on https://phish.example, which is not this dashboard',
    );
  });

  it('refuses a registration without options, from another origin, twice, or after its 5 minutes', async () => {
    const org = await createOrg();
    const device = softwareAuthenticator();
    const answer = device.register({ challenge: 'bm90LWEtY2hhbGxlbmdl' });
    expectError(
      await api('POST', '/me/second-factor/passkeys', {
        token: org.token,
        body: { name: 'Key', response: answer },
      }),
      409,
      'error.conflict',
    );
    let start = await api('POST', '/me/second-factor/passkeys/options', { token: org.token });
    const elsewhere = await api('POST', '/me/second-factor/passkeys', {
      token: org.token,
      body: { name: 'Key', response: device.register(start.body.data.options, 'http://127.0.0.1:3000') },
    });
    expectError(elsewhere, 400, 'error.bad_request');
    expect(elsewhere.body.message).toBe(
      'response: The passkey was used on http://127.0.0.1:3000, which is not this dashboard',
    );
    // The options are for one ceremony within 5 minutes (moved into the past on the PostgreSQL run).
    const expired = await withSql((c) =>
      c.query("UPDATE users SET passkey_challenge_expires_at = now() - interval '1 second' WHERE id = $1", [
        org.userId,
      ]),
    );
    const late = await api('POST', '/me/second-factor/passkeys', {
      token: org.token,
      body: { name: 'Key', response: device.register(start.body.data.options) },
    });
    if (expired) {
      expectError(late, 409, 'error.conflict');
      expect((await addPasskey(org, device)).status).toBe(200);
    } else expect(late.status, late.text).toBe(200);

    start = await api('POST', '/me/second-factor/passkeys/options', { token: org.token });
    expect(start.body.data.options.excludeCredentials).toEqual([
      { id: device.id, type: 'public-key', transports: ['internal'] },
    ]);
    const twice = await api('POST', '/me/second-factor/passkeys', {
      token: org.token,
      body: { name: 'Again', response: device.register(start.body.data.options) },
    });
    expectError(twice, 409, 'error.conflict');
    expect(twice.body.message).toBe('This passkey is registered already');
    // Bad input: no name, a response that is no object.
    expectError(
      await api('POST', '/me/second-factor/passkeys', { token: org.token, body: { name: '', response: {} } }),
      400,
      'error.bad_request',
    );
    expectError(
      await api('POST', '/me/second-factor/passkeys', {
        token: org.token,
        body: { name: 'Key', response: 'x' },
      }),
      400,
      'error.bad_request',
    );
    expect(
      (await api('GET', '/me/second-factor/passkeys', { token: org.token })).body.data.passkeys,
    ).toHaveLength(1);
  });

  it('are removed one by one but not the last second factor; turning it off removes them all', async () => {
    const org = await createOrg();
    const laptop = softwareAuthenticator();
    const phone = softwareAuthenticator();
    expect((await addPasskey(org, laptop, 'Laptop')).body.data.recovery_codes).toHaveLength(10);
    const second = await addPasskey(org, phone, 'Phone');
    expect(second.status, second.text).toBe(200);
    // The second factor was on already: the codes given with the first still stand.
    expect(second.body.data.recovery_codes).toEqual([]);

    const other = await createOrg();
    expectError(
      await api('DELETE', `/me/second-factor/passkeys/${laptop.id}`, { token: other.token }),
      404,
      'error.not_found',
    );
    const removed = await api('DELETE', `/me/second-factor/passkeys/${laptop.id}`, { token: org.token });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data).toEqual({ removed: 1 });
    expectError(await signInWithPasskey(org, laptop), 401, 'error.unauthorized');
    const last = await api('DELETE', `/me/second-factor/passkeys/${phone.id}`, { token: org.token });
    expectError(last, 409, 'error.conflict');
    expect((await trail(org, 'user.passkey_removed')).map((e) => e.before)).toEqual([
      { passkey: laptop.id, name: 'Laptop' },
    ]);

    // An authenticator app beside it: no new recovery codes (they exist).
    const totp = await api('POST', '/me/second-factor/totp', { token: org.token });
    const code = new TOTP({ secret: Secret.fromBase32(totp.body.data.secret) }).generate();
    const confirmed = await api('POST', '/me/second-factor/totp/confirm', {
      token: org.token,
      body: { code },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data.recovery_codes).toEqual([]);
    expect((await api('GET', '/me', { token: org.token })).body.data).toMatchObject({
      authenticator_app: true,
      passkeys: 1,
    });
    // With the app on, the last passkey may go.
    expect((await api('DELETE', `/me/second-factor/passkeys/${phone.id}`, { token: org.token })).status).toBe(
      200,
    );
    expect((await addPasskey(org, phone, 'Phone')).status).toBe(200);

    const off = await api('POST', '/me/second-factor/disable', {
      token: org.token,
      body: { current_password: org.password },
    });
    expect(off.status, off.text).toBe(200);
    expect((await api('GET', '/me', { token: org.token })).body.data).toMatchObject({
      second_factor: false,
      authenticator_app: false,
      passkeys: 0,
    });
    expect((await signInWith(org)).status).toBe(200);
    expectError(await passkeySignIn(org), 409, 'error.conflict');
  });

  it('count as the second factor an organization requires', async () => {
    const org = await createOrg();
    const refused = await api('PUT', '/organization/second-factor', {
      token: org.token,
      body: { required: true },
    });
    expectError(refused, 400, 'error.bad_request');
    expect((await addPasskey(org, softwareAuthenticator())).status).toBe(200);
    const required = await api('PUT', '/organization/second-factor', {
      token: org.token,
      body: { required: true },
    });
    expect(required.status, required.text).toBe(200);
    expect(required.body.data.require_second_factor).toBe(true);
    // The admin's token still does everything: the passkey is a second factor.
    expect((await api('GET', '/partner', { token: org.token })).status).toBe(200);
  });
});
