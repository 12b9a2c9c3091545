/** The checks of the new-key form, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { atMost, plain, text } from '@/lib/client/form-fields';

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
