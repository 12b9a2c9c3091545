import { PGlite } from '@electric-sql/pglite';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ALL_ACCESS, api, createOrg, dbKind, targetServer, withSql, type ApiResponse } from './helpers';
import { startServer, type Host } from './server';
import { PGLITE_EXTENSIONS } from '@/lib/db/pglite-image';
import { Secret, TOTP } from 'otpauth';

// No secret is kept in plaintext at rest (docs/decisions.md, "Idempotency"): the answers that
// carry one (API-key creation and rotation, webhook creation and secret rotation, sign-in) are
// replayed unchanged, yet no row of any table holds an API secret, a webhook secret or a JWT,
// nor a plain hash of a body holding a password. On PostgreSQL the suite's database is read while
// the server runs; on PGlite, whose folder only its server may open, the test runs its own server
// and reads the folder once that server has stopped.
const ALL = ALL_ACCESS;

/**
 * No column holds a secret as it is: API secrets are kept as SHA-256 only, and a webhook's signing
 * secrets (an HMAC key cannot be hashed) sealed with a key derived from AUTH_SECRET.
 */
const SHAPES: Array<[string, RegExp]> = [
  ['API secret', /sk_(sandbox|live)_[A-Za-z0-9_-]{16,}/],
  ['webhook secret', /whsec_[A-Za-z0-9+/=]{16,}/],
  ['JWT', /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/],
  // Exactly a token, not four letters inside a sealed (base64url) record that happen to read `inv_`.
  ['invitation link', /(?<![A-Za-z0-9_-])inv_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/],
];

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/** Every value of every column of every table, as text: `schema.table.column` → values. */
async function everyValue(query: Query): Promise<Map<string, string[]>> {
  const columns = (await query(`
    SELECT c.table_schema, c.table_name, c.column_name, c.data_type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
    ORDER BY c.table_schema, c.table_name, c.ordinal_position`)) as Array<Record<string, string>>;
  const byTable = new Map<string, Array<Record<string, string>>>();
  for (const c of columns) {
    const table = `"${c.table_schema}"."${c.table_name}"`;
    byTable.set(table, [...(byTable.get(table) ?? []), c]);
  }
  const values = new Map<string, string[]>();
  for (const [table, cols] of byTable) {
    // bytea as escaped text, so printable bytes read as themselves; everything else as its text form.
    const select = cols.map(
      (c, i) =>
        (c.data_type === 'bytea' ? `encode("${c.column_name}", 'escape')` : `"${c.column_name}"::text`) +
        ` AS c${i}`,
    );
    const rows = await query(`SELECT ${select.join(', ')} FROM ${table}`);
    cols.forEach((c, i) => {
      values.set(
        `${c.table_schema}.${c.table_name}.${c.column_name}`,
        rows.map((r) => r[`c${i}`]).filter((v): v is string => typeof v === 'string'),
      );
    });
  }
  return values;
}

function expectReplayed(first: ApiResponse, replay: ApiResponse) {
  expect(first.status).toBe(200);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(replay.status).toBe(200);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.text).toBe(first.text);
}

const onPglite = dbKind() === 'pglite';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  targetServer(undefined);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A column's value that is a number as text (a latency, a count). */
const NUMBER = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/;

describe('secrets at rest', () => {
  it('answers holding a secret are replayed unchanged, and no table holds a secret or a password hash in plaintext', async () => {
    let readDatabase: () => Promise<Map<string, string[]>>;
    if (onPglite) {
      const folder = mkdtempSync(path.join(tmpdir(), 'csp-secrets-'));
      cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
      const dataDir = path.join(folder, 'db');
      const server = await startServer({ host: inject('host') as Host, db: 'pglite', dataDir });
      cleanups.push(server.stop);
      targetServer(server);
      readDatabase = async () => {
        await server.stop();
        const pglite = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
        try {
          return await everyValue(async (text) => (await pglite.query<Record<string, unknown>>(text)).rows);
        } finally {
          await pglite.close();
        }
      };
    } else {
      readDatabase = async () =>
        (await withSql((c) => everyValue(async (text) => (await c.query(text)).rows)))!;
    }

    const twice = async (method: string, route: string, opts: Parameters<typeof api>[2]) => {
      const idempotencyKey = randomUUID();
      const first = await api(method, route, { ...opts, idempotencyKey });
      const replay = await api(method, route, { ...opts, idempotencyKey });
      expectReplayed(first, replay);
      return first.body.data;
    };

    // Sign-up and sign-in: bodies holding a password; sign-in's answer holds a JWT.
    const name = `Secrets Bank ${randomUUID().slice(0, 8)}`;
    const email = `secrets-${randomUUID().slice(0, 8)}@example.test`;
    const password = `pw-${randomUUID()}`;
    const signUpBody = { name, admin_email: email, admin_password: password };
    const signInBody = { admin_email: email, admin_password: password };
    await twice('POST', '/organization', { body: signUpBody });
    const session = await twice('POST', '/organization/signin', { body: signInBody });
    expect(session.access_token).toMatch(SHAPES[2]![1]);

    const org = await createOrg();
    const admin = { token: org.token, partner: org.partnerId };
    const created = await twice('POST', '/apikey', { ...admin, body: { name: 'at rest', access: ALL } });
    expect(created.secret_key).toMatch(SHAPES[0]![1]);
    const rotated = await twice('POST', `/apikey/${created.secret_key}`, admin);
    expect(rotated.secret_key).toMatch(SHAPES[0]![1]);
    expect(rotated.secret_key).not.toBe(created.secret_key);
    // The replayed secret is the live one.
    expect(
      (await api('GET', '/customer', { apiKey: rotated.secret_key, partner: org.partnerId })).status,
    ).toBe(200);

    const hook = await twice('POST', '/webhook', {
      ...admin,
      body: { url: 'http://127.0.0.1:9/at-rest', event_types: ['payment.admitted'] },
    });
    expect(hook.secret).toMatch(SHAPES[1]![1]);
    const rehooked = await twice('POST', `/webhook/${hook.token}/rotate-secret`, admin);
    expect(rehooked.secret).not.toBe(hook.secret);

    // An invitation's link, and a reset's new one: kept only as SHA-256.
    const invited = await twice('POST', '/users', {
      token: org.token,
      body: { email: `inv-${randomUUID().slice(0, 8)}@example.test`, role: 'viewer' },
    });
    expect(invited.invitation.token).toMatch(SHAPES[3]![1]);
    const reset = await twice('POST', `/users/${invited.token}/reset`, { token: org.token });
    expect(reset.invitation.token).toMatch(SHAPES[3]![1]);

    // The request log (docs/decisions.md, "Request log") keeps these calls with their bodies,
    // redacted: an authenticator's enrolment (its secret and URI), its first code and the
    // recovery codes, and a change of password.
    const enrolment = (await api('POST', '/me/second-factor/totp', admin)).body.data;
    const code = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(enrolment.secret),
    }).generate();
    const confirmed = await api('POST', '/me/second-factor/totp/confirm', { ...admin, body: { code } });
    expect(confirmed.status).toBe(200);
    const recoveryCodes = confirmed.body.data.recovery_codes as string[];
    const newPassword = `violet tractor umbrella ${randomUUID().slice(0, 8)}`;
    const changed = await api('POST', '/me/password', {
      ...admin,
      body: { current_password: org.password, new_password: newPassword },
    });
    expect(changed.status, changed.text).toBe(200);
    // Entries are written a moment after their answers.
    await new Promise((r) => setTimeout(r, 1000));

    const secrets = [
      enrolment.secret,
      enrolment.otpauth_uri,
      ...recoveryCodes,
      invited.invitation.token,
      reset.invitation.token,
      session.access_token,
      org.token,
      created.secret_key,
      rotated.secret_key,
      hook.secret,
      rehooked.secret,
    ];
    // What the fingerprint of a sign-up or sign-in body was: SHA-256 of its canonical JSON.
    const canonical = (body: Record<string, string>) =>
      `{${Object.keys(body)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${JSON.stringify(body[k])}`)
        .join(',')}}`;
    const passwordHashes = [signUpBody, signInBody].map((b) =>
      createHash('sha256').update(canonical(b)).digest('hex'),
    );

    const values = await readDatabase();
    expect(values.has('public.idempotency_keys.body')).toBe(true);
    expect(values.get('public.idempotency_keys.body')!.length).toBeGreaterThanOrEqual(6);
    const found: string[] = [];
    for (const [column, texts] of values) {
      for (const text of texts) {
        for (const [label, shape] of SHAPES) if (shape.test(text)) found.push(`${label} in ${column}`);
        for (const secret of secrets)
          if (text.includes(secret)) found.push(`a secret of this test in ${column}`);
        if (text.includes(password)) found.push(`the password in ${column}`);
        for (const p of [org.password, newPassword])
          if (text.includes(p)) found.push(`a password in ${column}`);
        // Not in a number: a latency of 12.345678 ms holds the code 345678 (a run found one).
        if (column.startsWith('public.request_logs.') && !NUMBER.test(text) && text.includes(code))
          found.push(`the TOTP code in ${column}`);
        for (const hash of passwordHashes)
          if (text.includes(hash)) found.push(`a plain hash of a password-holding body in ${column}`);
      }
    }
    // Said in the failure's first line (a retry's passing hides the diff).
    const leaks = [...new Set(found)];
    expect(leaks, leaks.join('; ')).toEqual([]);
    // The request log holds these calls, their bodies redacted.
    const redacted = (column: string) =>
      (values.get(`public.request_logs.${column}`) ?? []).filter((b) => b.includes('[redacted]')).length;
    // The code and the passwords sent; the key, webhook and TOTP secrets answered.
    expect(redacted('request_body')).toBeGreaterThanOrEqual(2);
    expect(redacted('response_body')).toBeGreaterThanOrEqual(5);
    expect(values.get('public.request_logs.path')).toEqual(
      expect.arrayContaining(['/api/v1/csp/apikey/[redacted]']),
    );
    // The webhook's current and previous signing secrets are there, sealed.
    expect(values.get('public.webhooks.secret')!.every((v) => v.startsWith('enc:v1:'))).toBe(true);
    expect(values.get('public.webhooks.previous_secret')!.some((v) => v.startsWith('enc:v1:'))).toBe(true);
    // It starts a server of its own and reads every column of every table: about 13 s alone, past
    // the suite's 30 s on a machine shared with other work.
  });
});
