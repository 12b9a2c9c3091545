import { z } from '@hono/zod-openapi';

export const minorUnitsSchema = z
  .string()
  .openapi({ description: 'Minor units of the currency, as a string of digits', example: '1050' });

export const signedMinorUnitsSchema = z
  .string()
  .openapi({ description: 'Signed minor units (negative: more out than in)', example: '-300' });

export const overviewSchema = z
  .object({
    partner_id: z.string(),
    window: z.object({
      days: z.number().int(),
      from: z
        .number()
        .int()
        .openapi({ description: 'Unix seconds: UTC midnight of the first day of the window' }),
      to: z.number().int().openapi({ description: 'Unix seconds: when the figures were computed' }),
    }),
    payments_today: z.object({
      count: z.number().int(),
      by_currency: z.array(
        z.object({ currency: z.string(), count: z.number().int(), total: minorUnitsSchema }),
      ),
    }),
    decisions: z
      .object({
        admitted: z.number().int(),
        rejected: z.number().int(),
        expired: z.number().int(),
        open: z.number().int(),
      })
      .openapi({
        description:
          'Payments created in the window by outcome; admitted includes settled, open is unsubmitted, pending or on hold',
      }),
    tasks_waiting: z.object({ pending: z.number().int(), on_hold: z.number().int() }),
    awaiting_settlement: z.array(
      z.object({
        currency: z.string(),
        count: z.number().int(),
        incoming: minorUnitsSchema,
        outgoing: minorUnitsSchema,
        net: signedMinorUnitsSchema,
      }),
    ),
    last_batch_positions: z.array(
      z.object({
        batch_id: z.string(),
        currency: z.string(),
        cutoff_time: z.number().int(),
        kind: z.enum(['creditor', 'debtor']),
        amount: minorUnitsSchema,
        txn_count: z.number().int(),
      }),
    ),
    daily_volume: z.array(
      z.object({
        date: z.string().openapi({ example: '2026-03-14' }),
        status: z.enum(['unsubmitted', 'pending', 'on_hold', 'admitted', 'rejected', 'expired', 'settled']),
        currency: z.string(),
        count: z.number().int(),
        total: minorUnitsSchema,
      }),
    ),
    exceptions: z.array(z.object({ exception_code: z.string(), blame: z.string(), count: z.number().int() })),
    getting_started: z.object({ api_key: z.boolean(), sandbox_payment: z.boolean(), webhook: z.boolean() }),
  })
  .openapi('Overview');

export type Overview = z.infer<typeof overviewSchema>;

const overviewDaysSchema = z.coerce
  .number({ error: 'days must be an integer from 1 to 90' })
  .int('days must be an integer from 1 to 90')
  .min(1, 'days must be an integer from 1 to 90')
  .max(90, 'days must be an integer from 1 to 90')
  .default(14)
  .openapi({ param: { name: 'days', in: 'query' }, example: 14 });

export const getOverviewQuery = z.object({ days: overviewDaysSchema });

export type GetOverviewQuery = z.output<typeof getOverviewQuery>;
