import { z } from '@hono/zod-openapi';
import { isCurrency, MAX_LIQUIDITY_MINOR, MAX_PAYMENT_MINOR } from '@/lib/domain/currencies';

/**
 * Money on the wire (DESIGN §2): ISO 4217 codes from the network's table, and minor units as
 * digit strings under the bounds that keep every sum within a bigint (lib/domain/currencies.ts).
 * The edge prefixes each message with the field's path ("amount.total: …").
 */

/** An ISO 4217 code the network carries (lib/domain/currencies.ts); anything else is a 400. */
export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code in capitals, such as USD')
  .refine((c) => !/^[A-Z]{3}$/.test(c) || isCurrency(c), {
    message: 'is not an ISO 4217 currency code (such as USD, EUR or JPY)',
  })
  .openapi({
    description: 'ISO 4217 code (List One, 2026-09-17; XXX, "no currency", excepted)',
    example: 'USD',
  });

const digitsBelow = (max: bigint, what: string) =>
  z
    .string()
    .regex(
      /^[1-9][0-9]*$/,
      'must be a string of digits in minor units, greater than 0 (e.g. "1050" for 10.50)',
    )
    // Zod runs a refinement after a failed check too: only digits are compared (the regex speaks
    // for the rest), so no BigInt of "10.50" throws.
    .refine((s) => !/^[0-9]+$/.test(s) || (s.length <= max.toString().length && BigInt(s) <= max), {
      message: `must be at most ${max} minor units (${what})`,
    });

/**
 * One payment's or return's amount: 1 to 10^15 minor units. A deployment's lower maximum
 * (PAYMENT_MAX_MINOR_UNITS) is the service's check, as it is configuration.
 */
export const paymentTotalSchema = digitsBelow(MAX_PAYMENT_MINOR, "the network's largest payment").openapi({
  description:
    'The amount in the currency\'s minor units as ISO 4217 lists them: "1050" is 10.50 USD, 1,050 JPY (no minor unit) and 1.050 KWD (three). At most 1000000000000000 (10^15), or the deployment\'s lower maximum',
  example: '1050',
});

/** A cap or an amount of funds: 1 to 10^18 minor units, the bound of a participant's sums. */
export const liquidityAmountSchema = digitsBelow(
  MAX_LIQUIDITY_MINOR,
  "the bound of a participant's liquidity",
).openapi({
  description: 'Minor units, at most 1000000000000000000 (10^18)',
  example: '5000000',
});
