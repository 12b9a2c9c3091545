import { createHash, randomBytes } from 'node:crypto';

export function sha256Hex(input: string): string {
  return createHash('sha256').update(input).digest('hex');
}

/** API secrets: `sk_sandbox_` / `sk_live_` followed by 256 bits of randomness, base64url. */
export function newApiSecret(environment: 'sandbox' | 'production'): string {
  const prefix = environment === 'production' ? 'sk_live_' : 'sk_sandbox_';
  return prefix + randomBytes(32).toString('base64url');
}

/** Webhook signing secrets as Standard Webhooks specifies: `whsec_` + base64 of 32 bytes. */
export function newWebhookSecret(): string {
  return 'whsec_' + randomBytes(32).toString('base64');
}
