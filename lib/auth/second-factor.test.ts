import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  checkTotp,
  enrolment,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  recoveryDigest,
  sealTotpSecret,
} from './second-factor';

const totp = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

describe('second factor', () => {
  it('accepts the current code and the steps either side, nothing else', () => {
    const secret = newTotpSecret();
    const now = Date.now();
    expect(checkTotp(secret, totp(secret).generate({ timestamp: now }))).toBe(true);
    expect(checkTotp(secret, totp(secret).generate({ timestamp: now - 30_000 }))).toBe(true);
    expect(checkTotp(secret, totp(secret).generate({ timestamp: now - 120_000 }))).toBe(false);
    expect(checkTotp(secret, 'abcdef')).toBe(false);
    expect(checkTotp(newTotpSecret(), totp(secret).generate())).toBe(false);
  });

  it('keeps the secret sealed to its user', () => {
    const secret = newTotpSecret();
    const sealed = sealTotpSecret('usr_a', secret);
    expect(sealed).not.toContain(secret);
    expect(openTotpSecret('usr_a', sealed)).toBe(secret);
    expect(openTotpSecret('usr_b', sealed)).toBeUndefined();
  });

  it('makes ten distinct recovery codes, matched whatever their case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(recoveryDigest(codes[0]!)).toBe(recoveryDigest(codes[0]!.toUpperCase().replace('-', ' ')));
    expect(recoveryDigest(codes[0]!)).not.toBe(recoveryDigest(codes[1]!));
  });

  it('gives what an app scans', () => {
    const e = enrolment(newTotpSecret(), 'ana@bank.test');
    expect(e.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Payment%20Network:ana%40bank\.test\?/);
    expect(e.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });
});
