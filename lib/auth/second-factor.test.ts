import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  enrolment,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  recoveryDigest,
  sealTotpSecret,
  totpStep,
} from './second-factor';

const totp = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

describe('second factor', () => {
  it('accepts the current code and the steps either side, nothing else, and says which step it is', () => {
    const secret = newTotpSecret();
    const now = 1_795_000_015_000; // 15 s into a step
    const step = Math.floor(now / 30_000);
    expect(totpStep(secret, totp(secret).generate({ timestamp: now }), now)).toBe(step);
    expect(totpStep(secret, totp(secret).generate({ timestamp: now - 30_000 }), now)).toBe(step - 1);
    expect(totpStep(secret, totp(secret).generate({ timestamp: now + 30_000 }), now)).toBe(step + 1);
    expect(totpStep(secret, totp(secret).generate({ timestamp: now - 120_000 }), now)).toBeUndefined();
    expect(totpStep(secret, 'abcdef', now)).toBeUndefined();
    expect(totpStep(newTotpSecret(), totp(secret).generate({ timestamp: now }), now)).toBeUndefined();
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
