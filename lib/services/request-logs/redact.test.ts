import { describe, expect, it } from 'vitest';
import { MAX_BODY_CHARS, redactBody, redactQuery, REDACTED, REDACTED_BODY } from './redact';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMSJ9.c2lnbmF0dXJlLWhlcmU';

describe('request log redaction', () => {
  it('replaces secret fields, wherever they are, and keeps the rest', () => {
    const body = {
      admin_email: 'a@b.test',
      admin_password: 'hunter2 hunter2',
      current_password: 'x',
      new_password: 'y',
      otp_code: '123456',
      code: '654321',
      recovery_codes: ['a', 'b'],
      secret_key: 'sk_sandbox_abc',
      secret: 'whsec_abc',
      access_token: JWT,
      otpauth_uri: 'otpauth://totp/x?secret=ABC',
      qr_svg: '<svg/>',
      passkey: { id: 'x', response: { signature: 's' } },
      nested: [{ authorization: 'Bearer x', keep: 'yes' }],
      token: 'org_1',
      amount: { total: '2500' },
    };
    const out = JSON.parse(redactBody(JSON.stringify(body))!);
    for (const k of [
      'admin_password',
      'current_password',
      'new_password',
      'otp_code',
      'code',
      'recovery_codes',
      'secret_key',
      'secret',
      'access_token',
      'otpauth_uri',
      'qr_svg',
      'passkey',
    ])
      expect(out[k], k).toBe(REDACTED);
    expect(out.nested[0]).toEqual({ authorization: REDACTED, keep: 'yes' });
    // Ids and amounts are what a reader debugs with: kept.
    expect(out.token).toBe('org_1');
    expect(out.amount).toEqual({ total: '2500' });
    expect(out.admin_email).toBe('a@b.test');
    // An error's code is what the reader looks for; a recovery code is a secret.
    const codes = (code: string) => JSON.parse(redactBody(JSON.stringify({ code }))!).code;
    expect(codes('error.conflict')).toBe('error.conflict');
    expect(codes('PAYMENT_EXPIRED')).toBe('PAYMENT_EXPIRED');
    expect(codes('abcde-fgh23')).toBe(REDACTED);
    expect(codes('ABCDEFGH23')).toBe(REDACTED);
  });

  it('finds secrets by their form in any text, JSON or not', () => {
    const text = `key sk_live_ABCdef123_-x, hook whsec_QUJD+/=, jwt ${JWT}, invite inv_abcDEF, totp otpauth://totp/a?secret=X`;
    const json = JSON.parse(redactBody(JSON.stringify({ description: text }))!);
    expect(json.description).toBe(
      `key ${REDACTED}, hook ${REDACTED}, jwt ${REDACTED}, invite ${REDACTED}, totp ${REDACTED}`,
    );
    expect(redactBody(`not json ${JWT}`)).toBe(`not json ${REDACTED}`);
    expect(redactQuery(`a=1&secret=x&q=${encodeURIComponent('sk_sandbox_zz')}`)).toBe(
      `a=1&secret=${encodeURIComponent(REDACTED)}&q=${encodeURIComponent(REDACTED)}`,
    );
  });

  it('matches keys and values as they decode: no JSON escape hides a secret', () => {
    // Each body is written by hand: JSON.stringify would never escape these letters.
    const cases: Array<[string, string]> = [
      ['{"\\u0070assword":"hunter2 hunter2"}', 'password'],
      ['{"pass\\u0077ord":"hunter2 hunter2"}', 'password'],
      ['{"admin_\\u0050ASSWORD":"hunter2 hunter2"}', 'admin_PASSWORD'],
      ['{"\\u0063ode":"123456"}', 'code'],
      ['{"se\\u0063ret":"shh-not-a-known-form"}', 'secret'],
    ];
    for (const [body, key] of cases) {
      const out = redactBody(body)!;
      expect(JSON.parse(out), body).toEqual({ [key]: REDACTED });
      expect(out).not.toMatch(/hunter2|123456|shh/);
    }
    // Values by their form, once decoded: in a string, in an array, in a nested object.
    const escaped =
      '{"note":"\\u0073k_live_ABCdef123","tags":["ok","\\u0077hsec_QUJD","x \\u0073k_sandbox_zz y"],' +
      '"deep":{"a":[{"b":{"c":"inv\\u005fabc"}}]},"amount":{"total":"2500"}}';
    expect(JSON.parse(redactBody(escaped)!)).toEqual({
      note: REDACTED,
      tags: ['ok', REDACTED, `x ${REDACTED} y`],
      deep: { a: [{ b: { c: REDACTED } }] },
      amount: { total: '2500' },
    });
    // A secret escaped part-way: whsec_'s "/" escaped as "\/" is all of the secret, not its start.
    expect(redactBody('{"s":"whsec_QUJD\\/ZZZ"}')).toBe(`{"s":"${REDACTED}"}`);
    // A number where a one-time code goes.
    expect(JSON.parse(redactBody('{"code":123456}')!)).toEqual({ code: REDACTED });
  });

  it('walks secret fields nested in arrays and objects at any depth', () => {
    const body = { users: [{ name: 'a', credentials: [{ Password: 'p1' }, { PASSWORD: 'p2' }] }] };
    expect(JSON.parse(redactBody(JSON.stringify(body))!)).toEqual({
      users: [{ name: 'a', credentials: [{ Password: REDACTED }, { PASSWORD: REDACTED }] }],
    });
  });

  it('decodes a form body field by field; other text that may hold a secret is not kept', () => {
    expect(redactBody('email=a%40b.test&p%61ssword=hunter2&code=123456&q=sk_live_x')).toBe(
      `email=a%40b.test&password=${encodeURIComponent(REDACTED)}&code=${encodeURIComponent(REDACTED)}&q=${encodeURIComponent(REDACTED)}`,
    );
    // A malformed JSON body (answered 400, still logged), with or without an escape.
    expect(redactBody('{"password":"hunter2"')).toBe(REDACTED_BODY);
    expect(redactBody('{"\\u0070assword":"hunter2"')).toBe(REDACTED_BODY);
    // Text without a secret field's name or an escape is kept, redacted by form.
    expect(redactBody(`plain words ${JWT}`)).toBe(`plain words ${REDACTED}`);
    expect(redactBody('{"amount": 25')).toBe('{"amount": 25');
    // A query string's duplicate parameters are kept apart.
    expect(redactQuery('a=1&a=2&password=x')).toBe(`a=1&a=2&password=${encodeURIComponent(REDACTED)}`);
    expect(redactQuery('p%61ssword=x&code=123456')).toBe(
      `password=${encodeURIComponent(REDACTED)}&code=${encodeURIComponent(REDACTED)}`,
    );
  });

  it('keeps no empty body, and cuts a long one', () => {
    expect(redactBody('')).toBeNull();
    expect(redactBody(null)).toBeNull();
    const long = redactBody(JSON.stringify({ a: 'x'.repeat(MAX_BODY_CHARS * 2) }))!;
    expect(long.length).toBeLessThan(MAX_BODY_CHARS + 100);
    expect(long).toMatch(/cut at 16384 characters\]$/);
  });

  it('walks deep bodies without recursion', () => {
    let deep: unknown = { password: 'p' };
    for (let i = 0; i < 1_000; i++) deep = [deep];
    expect(redactBody(JSON.stringify(deep))).not.toContain('"p"');
  });
});
