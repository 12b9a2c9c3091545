import { z } from '@hono/zod-openapi';
import { RETURN_REASON_CODES, RETURN_REASONS, RETURN_STATUSES } from '@/lib/domain/returns';
import { amountSchema } from './payments';
import { paymentTotalSchema } from './money';
import { pageInfo, pageQuery, unixSecondsQuery } from './common';

const reasonList = RETURN_REASON_CODES.map((c) => `${c} (${RETURN_REASONS[c].toLowerCase()})`).join(', ');

export const createReturnBody = z.object({
  amount: paymentTotalSchema.openapi({
    description: "Minor units of the payment's currency; at most what remains to be returned",
    example: '1050',
  }),
  reason: z
    .enum(RETURN_REASON_CODES as [string, ...string[]], {
      error: `reason must be one of ${RETURN_REASON_CODES.join(', ')}`,
    })
    .openapi({ description: `ISO 20022 reason code: ${reasonList}` }),
  note: z.string().trim().max(500, 'note must have at most 500 characters').optional(),
});
export type CreateReturnBody = z.output<typeof createReturnBody>;

export const returnSchema = z
  .object({
    token: z
      .string()
      .openapi({ description: "The return's id (rtn_…), also its return payment's payment_id" }),
    payment_id: z.string().openapi({ description: 'The original payment' }),
    kind: z.enum(['request', 'initiative']).openapi({
      description:
        "`request`: asked by the original debtor's side, decided by the beneficiary's; `initiative`: made by the beneficiary's side",
    }),
    direction: z.enum(['incoming', 'outgoing']).openapi({
      description:
        'For the caller: `incoming` — the money comes back to it (it paid the original); `outgoing` — it gives the money back',
    }),
    status: z.enum(RETURN_STATUSES as [string, ...string[]]),
    amount: amountSchema,
    reason: z.string(),
    reason_text: z.string(),
    note: z.string().nullable(),
    refusal: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .openapi({ description: 'Why the beneficiary refused it (or that it expired); null unless refused' }),
    debtor_partner_id: z
      .string()
      .openapi({ description: "The original debtor's namespace: it gets the money back" }),
    beneficiary_partner_id: z
      .string()
      .openapi({ description: "The original beneficiary's namespace: it gives it" }),
    transaction_id: z
      .string()
      .nullable()
      .openapi({ description: 'The return transaction (TT_RETURN) once returned' }),
    task_id: z
      .string()
      .nullable()
      .openapi({ description: "The return_request task in the beneficiary's queue (a request)" }),
    created_at: z.number().int(),
    decided_at: z.number().int().nullable(),
  })
  .openapi('Return');
export type Return = z.infer<typeof returnSchema>;

export const returnParams = z.object({ return_id: z.string().max(64) });

export const listReturnsQuery = z.object({
  status: z
    .enum(RETURN_STATUSES as [string, ...string[]], {
      error: 'status must be requested, returned or refused',
    })
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
  direction: z
    .enum(['incoming', 'outgoing'], { error: 'direction must be incoming or outgoing' })
    .optional()
    .openapi({ param: { name: 'direction', in: 'query' } }),
  created_from: unixSecondsQuery('created_from', 'Returns made at or after this time').optional(),
  created_to: unixSecondsQuery('created_to', 'Returns made at or before this time').optional(),
  ...pageQuery,
});
export type ListReturnsQuery = z.output<typeof listReturnsQuery>;

export const listReturnsResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  returns: z.array(returnSchema),
});
