/** The namespace settings form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { MINOR_UNITS, ttlSeconds, UNITS } from './settings-units';

// The gateway's bounds (paymentTtlSchema and positiveMinorUnitsSchema, lib/schemas/namespaces.ts):
// a time to live of 5 seconds to 30 days; thresholds as positive whole minor units.
const TTL_MIN = 5;
const TTL_MAX = 30 * 86400;
const MINOR_UNITS_MESSAGE = 'A whole number of minor units above 0 (e.g. 1000000 for 10,000.00)';

const settingsSchema = z
  .object({
    ttl: z.string(),
    unit: z.enum(Object.keys(UNITS) as [keyof typeof UNITS, ...(keyof typeof UNITS)[]]),
    threshold: z.string().check(z.trim(), z.regex(MINOR_UNITS, MINOR_UNITS_MESSAGE)),
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
    z.refine((v) => !v.fourEyes || MINOR_UNITS.test(v.fourEyesFrom), {
      path: ['fourEyesFrom'],
      message: MINOR_UNITS_MESSAGE,
    }),
  );
export type SettingsValues = z.infer<typeof settingsSchema>;

export const settingsResolver = zodResolver(settingsSchema);
