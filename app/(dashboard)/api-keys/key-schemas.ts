/** The checks of the new-key form, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { atMost, plain, text } from '@/lib/client/form-fields';
import { fromLocalInput } from '@/lib/client/time';

// The gateway's limits for a new key (lib/gateway/routes/api-keys.ts).
const keySchema = z.object({
  name: plain(text('Enter a name', 120)),
  description: plain(atMost(500)),
  customers_read: z.boolean(),
  customers_write: z.boolean(),
  transactions_read: z.boolean(),
  transactions_write: z.boolean(),
});
export type KeyValues = z.infer<typeof keySchema>;

export const keyResolver = zodResolver(keySchema);

/**
 * The edit dialog's: the same, and the expiry as a local date and time (empty: it never expires),
 * at least a minute ahead and at most five years, as the gateway takes it.
 */
const editKeySchema = z.extend(keySchema, {
  expires: z.string().check(
    z.refine((v) => !v || Number(fromLocalInput(v, 'start')) * 1000 > Date.now() + 60_000, {
      message: 'Choose a time at least a minute from now, or clear it for no expiry',
    }),
    z.refine((v) => !v || Number(fromLocalInput(v, 'start')) * 1000 < Date.now() + 5 * 366 * 86_400_000, {
      message: 'Choose a time within five years',
    }),
  ),
});
export type EditKeyValues = z.infer<typeof editKeySchema>;

export const editKeyResolver = zodResolver(editKeySchema);
