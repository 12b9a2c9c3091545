import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { config } from '@/lib/config';
import { createSealer, deriveKey, keyedDigest, type Sealer } from './at-rest';

/**
 * The second factor (docs/decisions.md, "Credentials"): TOTP (RFC 6238: SHA-1, 6 digits, 30 s, a
 * step either side accepted) from an authenticator app, and ten one-time recovery codes. The TOTP
 * secret is kept sealed (it must be read to check a code); recovery codes as keyed digests.
 */
const ISSUER = 'Payment Network';

let sealer: Sealer | undefined;
const sealed = () => (sealer ??= createSealer(deriveKey(config.authSecret, 'totp-secrets')));
let recoveryKey: Buffer | undefined;
const recovery = () => (recoveryKey ??= deriveKey(config.authSecret, 'recovery-codes'));

export const sealTotpSecret = (userId: string, secret: string) => sealed().seal(secret, `totp:${userId}`);
export const openTotpSecret = (userId: string, stored: string) => sealed().open(stored, `totp:${userId}`);

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totp = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/** What an authenticator app scans: the otpauth:// address, and it drawn as a QR code (SVG). */
export function enrolment(secret: string, label: string) {
  const uri = totp(secret, label).toString();
  return { otpauth_uri: uri, qr_svg: renderSVG(uri) };
}

/**
 * The 30-second step whose code `code` is, when it is the current TOTP code (or the one of the
 * step before or after); undefined otherwise. The caller accepts a step once (no replay).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret, '').validate({ token: code, window: 1, timestamp: now });
  return delta === null ? undefined : Math.floor(now / 1000 / 30) + delta;
}

/** Ten recovery codes, `xxxxx-xxxxx` (lowercase base32: 50 random bits each). */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5, 10)}`;
  });
}

/** A recovery code as stored: its keyed digest, spaces, dashes and case ignored. */
export const recoveryDigest = (code: string) =>
  keyedDigest(recovery(), code.toLowerCase().replace(/[\s-]/g, ''));
