import type { ApiKey } from '@/lib/schemas/api-keys';
import type { KeyValues } from './key-schemas';

/** The API key as the gateway lists it (lib/gateway/routes/api-keys.ts), shared by the list and the edit dialog. */
export const FLAGS = [
  'customers_read',
  'customers_write',
  'transactions_read',
  'transactions_write',
] as const;

/** The wire type, declared once in lib/schemas (type only: no bundle cost). */
export type { ApiKey };

const DAY = 86_400;

/**
 * What the keys screen flags: a key that has expired, one that expires within 14 days, one unused
 * for 90 days (or never used, 90 days after its creation) — not said of an expired key, which
 * cannot be used.
 */
export function keyHygiene(k: ApiKey, nowSeconds: number) {
  const lastSign = k.last_used_at ?? k.created_at.seconds;
  const expired = k.expires_at !== null && k.expires_at <= nowSeconds;
  return {
    expired,
    expiresSoon: k.expires_at !== null && k.expires_at > nowSeconds && k.expires_at - nowSeconds <= 14 * DAY,
    unused: !expired && nowSeconds - lastSign >= 90 * DAY,
  };
}

/** The expiry choices of a new key, in days ('' never), and the `expires_at` they give. */
export const EXPIRY_CHOICES = [
  ['', 'Never'],
  ['30', 'In 30 days'],
  ['90', 'In 90 days'],
  ['365', 'In a year'],
] as const;
export const expiresAtIn = (days: string, nowMs = Date.now()) =>
  days ? Math.floor(nowMs / 1000) + Number(days) * DAY : undefined;

/**
 * How long a rotated key's replaced secret keeps working, in seconds (`previous_secret_expires_in`):
 * not at all (the spec's rotation), or while integrations move to the new secret.
 */
export const OVERLAP_CHOICES = [
  ['0', 'No: it stops at once'],
  ['3600', 'For 1 hour'],
  ['86400', 'For 24 hours'],
  ['604800', 'For 7 days'],
] as const;

/** The create and update body of a key (POST /apikey, PATCH /apikey/{token}) from the form's values. */
export const keyBody = (v: KeyValues) => ({
  name: v.name,
  description: v.description,
  access: Object.fromEntries(FLAGS.map((f) => [f, v[f]])),
});
