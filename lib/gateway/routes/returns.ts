import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { paymentParams, amountSchema } from '@/lib/schemas/payments';
import {
  createReturnBody,
  listReturnsQuery,
  listReturnsResponse,
  returnParams,
  returnSchema,
} from '@/lib/schemas/returns';
import {
  createReturn,
  exportReturns,
  getReturn,
  listReturns,
  returnsOfPayment,
} from '@/lib/services/returns/returns';

const common = {
  tag: 'Returns',
  partner: 'required' as const,
  org: 'required' as const,
};

export function registerReturnRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    // Support staff take the call that asks for the money back.
    method: 'post',
    path: '/payments/{payment_id}/returns',
    operationId: 'createReturn',
    action: 'returns.create',
    summary: 'Ask for a payment back, or give it back (extension, DESIGN §12)',
    description:
      "From the payment's debtor's namespace: a return request — a return payment asked of the beneficiary, whose namespace decides it through a `return_request` task (completed: the money goes back at the next cut-off; failed: refused with its reason). From the beneficiary's namespace: a return on its own initiative, admitted at once within its net debit cap (409 otherwise). Only for an admitted or settled payment, within the beneficiary namespace's return window (`return_window_days`, 60 by default; 409 past it), and for at most what remains of it (400 saying how much). A return is itself a payment (`return_of`), whose payment_id is the return's id.",
    idempotent: true,
    params: paymentParams,
    body: createReturnBody,
    response: returnSchema,
    errors: [404, 409],
    handler: (ctx, { params, body }) => createReturn(ctx, params.payment_id, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/payments/{payment_id}/returns',
    operationId: 'listPaymentReturns',
    action: 'returns.read',
    summary: "A payment's returns and how much of it is returned (extension)",
    params: paymentParams,
    response: z
      .object({
        payment_id: z.string(),
        amount: amountSchema,
        returned_amount: z
          .string()
          .openapi({ description: 'Minor units returned (requests accepted, returns made)' }),
        returns: z.array(returnSchema),
      })
      .openapi('PaymentReturns'),
    errors: [404],
    handler: (ctx, { params }) => returnsOfPayment(ctx, params.payment_id),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/returns',
    operationId: 'listReturns',
    action: 'returns.read',
    summary: "The namespace's returns, both ways, newest first (extension)",
    description:
      '`direction`: `incoming` (money coming back to the namespace: it paid the original) or `outgoing` (it gives money back); `status`: requested, returned, refused.',
    query: listReturnsQuery,
    response: listReturnsResponse,
    handler: (ctx, { query }) => listReturns(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/returns/export',
    operationId: 'exportReturns',
    action: 'returns.read',
    summary: "The namespace's returns as CSV, with the list's filters (extension)",
    query: listReturnsQuery.pick({ status: true, direction: true, created_from: true, created_to: true }),
    response: z.string(),
    stream: { type: 'text/csv', filename: 'returns.csv' },
    handler: async (ctx, { query }) => exportReturns(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/returns/{return_id}',
    operationId: 'getReturn',
    action: 'returns.read',
    summary: 'One return (extension)',
    params: returnParams,
    response: returnSchema,
    errors: [404],
    handler: (ctx, { params }) => getReturn(ctx, params.return_id),
  });
}
