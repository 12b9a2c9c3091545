import { createHmac, timingSafeEqual } from 'node:crypto';

/** The HMAC key of a `whsec_…` secret: the base64-decoded bytes after the prefix (Standard Webhooks). */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
}

export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** All signatures for the headers: the current secret, plus the previous one during a rotation. */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets.map((s) => signPayload(s, id, timestamp, body)).join(' ');
}

/**
 * Receiver-side check (documented in docs/webhooks.md): any `v1,` signature in
 * `webhook-signature` must match, and `webhook-timestamp` must be within the tolerance.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  headers: {
    'webhook-id'?: string | null;
    'webhook-timestamp'?: string | null;
    'webhook-signature'?: string | null;
  };
  body: string;
  toleranceSeconds?: number;
  now?: number;
}): boolean {
  const id = input.headers['webhook-id'];
  const ts = Number(input.headers['webhook-timestamp']);
  const sigs = input.headers['webhook-signature'];
  if (!id || !sigs || !Number.isFinite(ts)) return false;
  const now = input.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - ts) > (input.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signPayload(input.secret, id, ts, input.body));
  return sigs.split(' ').some((s) => {
    const got = Buffer.from(s);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}
