import { describe, expect, it } from 'vitest';
import { createSealer, deriveKey, keyedDigest, SEALED_PREFIX } from './at-rest';

const SECRET = 'one-server-secret-0123456789abcdef0123456789';
const sealer = createSealer(deriveKey(SECRET, 'purpose a'));
const ANSWER = '{"ok":true,"data":{"secret_key":"sk_sandbox_abc…","name":"ключ ✓"}}';

describe('createSealer (AES-256-GCM under a key derived from the server secret)', () => {
  it('opens what it sealed, byte for byte, and never shows the text', () => {
    const sealed = sealer.seal(ANSWER, 'record-1');
    expect(sealed.startsWith(SEALED_PREFIX)).toBe(true);
    expect(sealed).not.toContain('sk_sandbox_');
    expect(sealer.open(sealed, 'record-1')).toBe(ANSWER);
    // A fresh IV each time: the same text seals differently.
    expect(sealer.seal(ANSWER, 'record-1')).not.toBe(sealed);
  });

  it('refuses an altered ciphertext, IV or tag, and a truncated one', () => {
    const sealed = sealer.seal(ANSWER, 'record-1');
    const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    for (const at of [0, 12, 28, raw.length - 1]) {
      const altered = Buffer.from(raw);
      altered[at]! ^= 0x01;
      expect(sealer.open(SEALED_PREFIX + altered.toString('base64url'), 'record-1')).toBeUndefined();
    }
    expect(
      sealer.open(SEALED_PREFIX + raw.subarray(0, 20).toString('base64url'), 'record-1'),
    ).toBeUndefined();
    expect(sealer.open(ANSWER, 'record-1')).toBeUndefined();
  });

  it('refuses under another server secret, another purpose, or another record', () => {
    const sealed = sealer.seal(ANSWER, 'record-1');
    expect(
      createSealer(deriveKey('another-server-secret-0123456789abcdef01', 'purpose a')).open(
        sealed,
        'record-1',
      ),
    ).toBeUndefined();
    expect(createSealer(deriveKey(SECRET, 'purpose b')).open(sealed, 'record-1')).toBeUndefined();
    expect(sealer.open(sealed, 'record-2')).toBeUndefined();
    // The same secret and purpose derive the same key: a restarted server opens it.
    expect(createSealer(deriveKey(SECRET, 'purpose a')).open(sealed, 'record-1')).toBe(ANSWER);
  });
});

describe('keyedDigest', () => {
  it('depends on the secret and the purpose, and is not the plain SHA-256', () => {
    const text = '{"admin_email":"a@b.test","admin_password":"correct-horse-battery"}';
    const digest = keyedDigest(deriveKey(SECRET, 'purpose a'), text);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(keyedDigest(deriveKey(SECRET, 'purpose a'), text)).toBe(digest);
    expect(keyedDigest(deriveKey(SECRET, 'purpose b'), text)).not.toBe(digest);
    expect(keyedDigest(deriveKey('another-server-secret-0123456789abcdef01', 'purpose a'), text)).not.toBe(
      digest,
    );
  });
});
