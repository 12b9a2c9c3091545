import { z } from '@hono/zod-openapi';
import { pageInfo, pageQuery } from './common';
import { minorUnitsSchema, signedMinorUnitsSchema } from './overview';
import { currencySchema, liquidityAmountSchema } from './money';

/** An ISO 4217 code in a path or a body. */
export const currencyCode = currencySchema;

export const liquidityPositionSchema = z
  .object({
    partner_id: z.string(),
    currency: z.string(),
    balance: signedMinorUnitsSchema.openapi({
      description:
        'What the participant placed with the settlement agent: Σ of its ledger entries (funds in and out, each settled batch). Below zero only for a participant the operator lends to (allow_unsecured)',
    }),
    cap: minorUnitsSchema.nullable().openapi({
      description:
        'The net debit cap set by the operator; null: none — no net debit in this currency, unless `unlimited`',
    }),
    unlimited: z.boolean().openapi({
      description:
        "The operator opened the currency without a cap (its explicit choice, audited); false for every other position. A currency with neither a cap nor this allows no net debit: a payment out is admitted only against the participant's net credit",
    }),
    allow_unsecured: z
      .boolean()
      .openapi({ description: 'The cap may exceed the balance: credit the network extends' }),
    limit: minorUnitsSchema.nullable().openapi({
      description:
        'The most net debit allowed now: the cap, and no more than the balance unless allow_unsecured; 0 without a cap; null: unlimited',
    }),
    position: signedMinorUnitsSchema.openapi({
      description:
        'Σ debits − Σ credits of the admitted transactions not yet settled (positive: a net debit)',
    }),
    headroom: minorUnitsSchema
      .nullable()
      .openapi({ description: 'What more may be paid out before the next cut-off; null: unlimited' }),
    utilisation: z
      .number()
      .nullable()
      .openapi({ description: 'The position as a percentage of the limit (one decimal); null: unlimited' }),
    queued_count: z.number().int(),
    queued_amount: minorUnitsSchema,
    thresholds: z.array(z.number().int()).openapi({
      description: 'Utilisations (percent) that raise liquidity.threshold, each once per upward crossing',
    }),
    updated_at: z.number().int(),
  })
  .openapi('LiquidityPosition');

export type LiquidityPosition = z.infer<typeof liquidityPositionSchema>;

export const liquidityResponse = z.object({
  on_cap: z.enum(['reject', 'queue']).openapi({
    description: "The namespace's choice for a payment past its cap (as GET /partner/{id} answers it)",
  }),
  positions: z.array(liquidityPositionSchema),
});

const liquidityEntrySchema = z
  .object({
    token: z.string(),
    partner_id: z.string(),
    currency: z.string(),
    kind: z.enum(['funds_in', 'funds_out', 'settlement']),
    amount: signedMinorUnitsSchema,
    balance_after: signedMinorUnitsSchema,
    reference: z.string().nullable(),
    note: z.string().nullable(),
    batch_id: z.string().nullable(),
    created_by: z
      .string()
      .nullable()
      .openapi({ description: 'The operator who recorded it; null for a batch' }),
    created_at: z.number().int(),
  })
  .openapi('LiquidityEntry');

export type LiquidityEntry = z.infer<typeof liquidityEntrySchema>;

export const listLiquidityEntriesQuery = z.object({
  currency: currencyCode.optional().openapi({ param: { name: 'currency', in: 'query' } }),
  ...pageQuery,
});
export type ListLiquidityEntriesQuery = z.output<typeof listLiquidityEntriesQuery>;

export const listLiquidityEntriesResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  entries: z.array(liquidityEntrySchema),
});

const queuedPaymentSchema = z
  .object({
    submission_id: z.string(),
    payment_id: z.string(),
    currency: z.string(),
    amount: minorUnitsSchema,
    beneficiary_partner_id: z.string(),
    queued_at: z.number().int(),
    expires_at: z.number().int(),
  })
  .openapi('QueuedPayment');

export type QueuedPayment = z.infer<typeof queuedPaymentSchema>;

export const listLiquidityQueueQuery = z.object({ ...pageQuery });
export type ListLiquidityQueueQuery = z.output<typeof listLiquidityQueueQuery>;

export const listLiquidityQueueResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  queue: z.array(queuedPaymentSchema),
});

export const intradayQuery = z.object({
  currency: currencyCode.openapi({ param: { name: 'currency', in: 'query' } }),
});

export const intradaySchema = z
  .object({
    currency: z.string(),
    limit: minorUnitsSchema.nullable(),
    points: z.array(z.object({ at: z.number().int(), position: signedMinorUnitsSchema })).openapi({
      description: 'The position at the end of each 5-minute step of the last 24 hours, oldest first',
    }),
    cutoffs: z
      .array(z.object({ at: z.number().int(), batch_id: z.string(), net: signedMinorUnitsSchema }))
      .openapi({ description: 'The batches settled in the window: when, and the net they moved' }),
  })
  .openapi('LiquidityIntraday');

export type LiquidityIntraday = z.infer<typeof intradaySchema>;

/** Operator: every participant and currency, highest utilisation first. */
const networkLiquiditySchema = liquidityPositionSchema
  .extend({ partner_name: z.string(), partner_domain: z.string(), organization_name: z.string() })
  .openapi('NetworkLiquidityPosition');

export type NetworkLiquidityPosition = z.infer<typeof networkLiquiditySchema>;

export const listNetworkLiquidityQuery = z.object({
  currency: currencyCode.optional().openapi({ param: { name: 'currency', in: 'query' } }),
  ...pageQuery,
});
export type ListNetworkLiquidityQuery = z.output<typeof listNetworkLiquidityQuery>;

export const listNetworkLiquidityResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  positions: z.array(networkLiquiditySchema),
});

export const liquidityParams = z.object({
  partner_id: z.string().max(64),
  currency: currencyCode,
});

const note = z
  .string()
  .trim()
  .min(1, 'note is required: say why, for the participant and the audit trail')
  .max(500, 'note must have at most 500 characters');

export const setLiquidityLimitsBody = z.object({
  cap: liquidityAmountSchema.or(z.literal('0')).nullable().openapi({
    description:
      'The net debit cap in minor units (at most 10^18). null without `unlimited`: no net debit in this currency (closed); null with `unlimited: true`: no cap',
  }),
  unlimited: z.boolean().optional().openapi({
    description:
      "true (with cap null): the participant may run up net debit in this currency without a cap — the operator's explicit choice, in the audit trail. Left out: false",
  }),
  allow_unsecured: z.boolean().optional().openapi({
    description: 'Let the cap exceed the balance (credit the network extends); left out, as it stands',
  }),
  thresholds: z
    .array(
      z
        .number({ error: 'thresholds must be percentages from 1 to 100' })
        .int('thresholds must be percentages from 1 to 100')
        .min(1, 'thresholds must be percentages from 1 to 100')
        .max(100, 'thresholds must be percentages from 1 to 100'),
    )
    .min(1, 'thresholds must hold one to four percentages')
    .max(4, 'thresholds must hold one to four percentages')
    .optional(),
  note,
});
export type SetLiquidityLimitsBody = z.output<typeof setLiquidityLimitsBody>;

export const recordFundsBody = z.object({
  direction: z.enum(['in', 'out'], { error: 'direction must be in or out' }),
  amount: liquidityAmountSchema,
  reference: z
    .string()
    .trim()
    .min(1, "reference is required: the settlement agent's reference of the movement")
    .max(120, 'reference must have at most 120 characters'),
  note,
});
export type RecordFundsBody = z.output<typeof recordFundsBody>;

export const liquidityChangeResponse = z.object({
  position: liquidityPositionSchema,
  entry: liquidityEntrySchema.nullable(),
});
