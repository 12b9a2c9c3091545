/** The namespace settings form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { thresholdMinor, ttlSeconds, UNITS } from './settings-units';

// The gateway's bounds (paymentTtlSchema and positiveMinorUnitsSchema, lib/schemas/namespaces.ts):
// a time to live of 5 seconds to 30 days; thresholds as positive amounts (whole minor units).
const TTL_MIN = 5;
const TTL_MAX = 30 * 86400;
const AMOUNT_MESSAGE = 'An amount above 0 with at most 2 decimals (e.g. 10,000.00)';

const settingsSchema = z
  .object({
    ttl: z.string(),
    unit: z.enum(Object.keys(UNITS) as [keyof typeof UNITS, ...(keyof typeof UNITS)[]]),
    threshold: z.string().check(
      z.trim(),
      z.refine((v) => thresholdMinor(v) !== null, { message: AMOUNT_MESSAGE }),
    ),
    fourEyes: z.boolean(),
    fourEyesFrom: z.string().check(z.trim()),
    approvals: z.enum(['1', '2']),
    keysApprove: z.boolean(),
    onCap: z.enum(['reject', 'queue']),
  })
  .check(
    z.refine(
      (v) => {
        const seconds = ttlSeconds(v.ttl, v.unit);
        return Number.isInteger(seconds) && seconds >= TTL_MIN && seconds <= TTL_MAX;
      },
      { path: ['ttl'], message: 'From 5 seconds to 30 days, a whole number' },
    ),
    z.refine((v) => !v.fourEyes || thresholdMinor(v.fourEyesFrom) !== null, {
      path: ['fourEyesFrom'],
      message: AMOUNT_MESSAGE,
    }),
  );
export type SettingsValues = z.infer<typeof settingsSchema>;

export const settingsResolver = zodResolver(settingsSchema);
