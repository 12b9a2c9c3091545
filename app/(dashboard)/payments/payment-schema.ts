/** The checks of the new-payment form, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { atMost, matches, plain, text } from '@/lib/client/form-fields';
import { isCurrency } from '@/lib/domain/currencies';

// The gateway's limits for a new payment (lib/gateway/routes/payments.ts); the amount's decimals
// are checked against the currency when the form is sent (lib/client/format.ts, toMinorUnits).
const paymentSchema = z.object({
  payment_id: plain(text('Enter a payment id, unique in this namespace', 128)),
  payment_type: z.enum(['Type_Push', 'Type_Pull']),
  amount: matches(/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/, 'Enter an amount such as 25.00'),
  currency: matches(/^[A-Z]{3}$/, 'Enter a currency code such as USD').check(
    z.refine(
      (c) => !/^[A-Z]{3}$/.test(c) || isCurrency(c),
      'Not an ISO 4217 currency code: enter one such as USD or EUR',
    ),
  ),
  debtor_address: text('Enter the payer’s address, name@domain', 320, 3),
  debtor_first_name: plain(atMost(100)),
  debtor_last_name: plain(atMost(100)),
  beneficiary_address: text('Enter the payee’s address, name@domain', 320, 3),
  beneficiary_first_name: plain(atMost(100)),
  beneficiary_last_name: plain(atMost(100)),
  reference: plain(atMost(140)),
  submit: z.boolean(),
});
export type PaymentValues = z.infer<typeof paymentSchema>;

export const paymentResolver = zodResolver(paymentSchema);
