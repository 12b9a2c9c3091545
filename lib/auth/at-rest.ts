import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys derived from the server secret, one per purpose (HKDF-SHA256, RFC 5869, with the purpose
 * as `info`): a key of one purpose tells nothing about another's, nor about the secret itself.
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));
}

/** HMAC-SHA256 (hex) of `text` under a derived key: a digest nobody without the secret can recompute. */
export function keyedDigest(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

/** The prefix of a sealed text: its format's version, so that a later format can be told apart. */
export const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encryption of short texts kept at rest: AES-256-GCM with a random 96-bit IV, stored as
 * `enc:v1:` + base64url(IV ‖ tag ‖ ciphertext). `context` is authenticated with it (the record it
 * belongs to), so a sealed text copied into another record does not open there.
 */
export interface Sealer {
  seal(text: string, context: string): string;
  /** The text, or undefined when it cannot be opened (another key, altered, or not sealed). */
  open(sealed: string, context: string): string | undefined;
}

export function createSealer(key: Buffer): Sealer {
  return {
    seal(text, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },
    open(sealed, context) {
      if (!sealed.startsWith(SEALED_PREFIX)) return undefined;
      const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
