/** The new-account form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { matches, plain, text } from '@/lib/client/form-fields';

// The gateway's limits for a new account (lib/gateway/routes/accounts.ts); the form asks for an
// ABA routing number, nine digits (the gateway takes up to 20 characters).
const accountSchema = z.object({
  account_title: plain(text('Enter a title', 120)),
  account_number: matches(/^\d{4,17}$/, '4 to 17 digits'),
  routing_number: matches(/^\d{9}$/, '9 digits'),
  type: z.enum(['checking', 'savings']),
  institution_name: plain(text('Enter the bank name', 120)),
});
export type AccountValues = z.infer<typeof accountSchema>;

export const accountResolver = zodResolver(accountSchema);
