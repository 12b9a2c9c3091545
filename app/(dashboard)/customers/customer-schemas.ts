/** The checks of the new-customer and address-resolution forms, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { plain, text } from '@/lib/client/form-fields';

// The gateway's limits for a new customer (lib/gateway/routes/customers.ts).
const customerSchema = z.object({
  payment_address: text('Enter an address such as name@your-domain', 320, 3),
  first_name: plain(text('Enter a first name', 100)),
  last_name: plain(text('Enter a last name', 100)),
});
export type CustomerValues = z.infer<typeof customerSchema>;
const resolveSchema = z.object({ address: text('Enter a payment address', 320) });

export const customerResolver = zodResolver(customerSchema);
export const resolveResolver = zodResolver(resolveSchema);
