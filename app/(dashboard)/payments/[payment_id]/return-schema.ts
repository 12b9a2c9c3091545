/**
 * The checks of the return form, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts).
 * They mirror the gateway's body (lib/schemas/returns.ts, createReturnBody) in a reader's words:
 * the amount is typed in the currency's units and turned into minor units (greater than 0, at most
 * what remains) when the form is sent; the reason is one of the ISO 20022 codes, chosen by the
 * reader (the form starts with none); the note is short.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { atMost, matches } from '@/lib/client/form-fields';
import { RETURN_REASON_CODES } from '@/lib/domain/returns';

const returnFormSchema = z.object({
  amount: matches(/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/, 'Enter an amount such as 50.00'),
  // The select's empty first option is a string the enum refuses: said under the field.
  reason: z.pipe(
    z.string(),
    z.enum(RETURN_REASON_CODES, { error: 'Choose a reason: the other bank reads it with the request' }),
  ),
  note: atMost(500),
});
/** What the fields hold (the reason may still be empty) and what a valid form gives. */
export type ReturnFormInput = z.input<typeof returnFormSchema>;
export type ReturnFormValues = z.output<typeof returnFormSchema>;

export const returnFormResolver = zodResolver(returnFormSchema);
