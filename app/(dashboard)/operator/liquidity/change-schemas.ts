/**
 * The checks of the desk's two forms, fetched after the page by `lazyResolver`
 * (lib/client/lazy-resolver.ts). They mirror the gateway's bodies (lib/schemas/liquidity.ts:
 * setLiquidityLimitsBody, recordFundsBody) in a reader's words; amounts are typed in the
 * currency's units and turned into minor units, with the currency's exponent, when sent.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { matches, text } from '@/lib/client/form-fields';

const AMOUNT = /^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;
const NOTE = text('Enter a note: it goes to the participant and the audit trail', 500);

const capSchema = z.object({
  unlimited: z.boolean(),
  // Required unless "No cap"; its decimals are checked against the currency when sent.
  cap: z
    .string()
    .check(z.trim(), z.regex(/^$|^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/, 'Enter an amount such as 5,000.00')),
  allow_unsecured: z.boolean(),
  thresholds: matches(
    /^\d{1,3}(\s*,\s*\d{1,3}){0,3}$/,
    'One to four percentages from 1 to 100, separated by commas (75, 90)',
  ),
  note: NOTE,
});
export type CapValues = z.infer<typeof capSchema>;
export const capResolver = zodResolver(capSchema);

const fundsSchema = z.object({
  direction: z.enum(['in', 'out']),
  amount: matches(AMOUNT, 'Enter an amount such as 5,000.00'),
  reference: text("Enter the settlement agent's reference of the movement", 120),
  note: NOTE,
});
export type FundsValues = z.infer<typeof fundsSchema>;
export const fundsResolver = zodResolver(fundsSchema);
