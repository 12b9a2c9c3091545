/** The recovery form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';

const at = (value: string) => (value ? new Date(value).getTime() : NaN);

// The gateway's rule for `since` (recoverDeliveriesBody, lib/schemas/webhooks.ts): a time, not in
// the future (it allows a minute of clock difference).
const recoverySchema = z.object({
  since: z.string().check(
    z.refine((v) => Number.isFinite(at(v)), 'Choose a date and time'),
    z.refine((v) => !(at(v) > Date.now() + 60_000), 'Choose a time in the past'),
  ),
});
export type RecoveryValues = z.infer<typeof recoverySchema>;

export const recoveryResolver = zodResolver(recoverySchema);
