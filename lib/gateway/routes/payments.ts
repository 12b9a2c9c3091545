import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { createPayment, getPayment } from '@/lib/services/payments/payments';
import { sandboxBankAmountsText } from '@/lib/domain/sandbox-bank';
import { exportPayments, listPayments } from '@/lib/services/payments/list';
import { getPaymentSubmission, listAdmissionTasks, submitPayment } from '@/lib/services/payments/submissions';
import { getTransaction, listExceptions, listPaymentTransactions } from '@/lib/services/payments/records';
import {
  paymentSchema,
  paymentDetailSchema,
  submissionSchema,
  transactionSchema,
  paymentParams,
  createPaymentBody,
  listPaymentsQuery,
  exportPaymentsQuery,
  listPaymentsResponse,
  listPaymentExceptionsResponse,
  listAdmissionTasksResponse,
  listPaymentTransactionsResponse,
} from '@/lib/schemas/payments';

const common = {
  tag: 'Payments',
  partner: 'required' as const,
  org: 'required' as const,
};

export function registerPaymentRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/payments',
    operationId: 'createPayment',
    specBody: true,
    action: 'payments.create',
    summary: 'Create a payment',
    description:
      'Type_Push: the caller owns debtor_party.payment_address; Type_Pull: beneficiary_party.payment_address. Amounts are digit strings in minor units.\n\n' +
      `**Sandbox test amounts**: a sandbox namespace pays and collects from the Sandbox Bank (\`alice@sandbox-bank.test\`), which works its admission task of a submitted payment a few seconds later by the last two digits of the amount in minor units: ${sandboxBankAmountsText()}.`,
    idempotent: true,
    storesAnswer: true,
    body: createPaymentBody,
    response: paymentSchema,
    errors: [409],
    handler: (ctx, { body }) => createPayment(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/payments',
    operationId: 'listPayments',
    action: 'payments.read',
    summary: 'List payments the namespace created or is party to (extension)',
    query: listPaymentsQuery,
    response: listPaymentsResponse,
    handler: (ctx, { query }) => listPayments(ctx, query),
  });

  // Before /payments/{payment_id}, which would otherwise take "export" as an id.
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/payments/export',
    operationId: 'exportPayments',
    action: 'payments.read',
    summary: 'The filtered payments list as CSV, streamed (extension)',
    description:
      'The filters of GET /payments, every row in the list’s order (at most 1,000,000; past that the file ends with a line saying so). Amounts in minor units and in the currency’s units; times in UTC ISO 8601.',
    query: exportPaymentsQuery,
    response: z.string(),
    stream: { type: 'text/csv', filename: 'payments.csv' },
    handler: (ctx, { query }) => exportPayments(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/payments/{payment_id}',
    operationId: 'getPayment',
    action: 'payments.read',
    summary: 'Get a payment',
    params: paymentParams,
    response: paymentDetailSchema,
    errors: [404],
    handler: (ctx, { params }) => getPayment(ctx, params.payment_id),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/payments/{payment_id}/exceptions',
    operationId: 'listPaymentExceptions',
    action: 'payments.read',
    summary: "A payment's exceptions",
    params: paymentParams,
    response: listPaymentExceptionsResponse,
    errors: [404],
    handler: (ctx, { params }) => listExceptions(ctx, params.payment_id),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/payments/{payment_id}/submissions',
    operationId: 'submitPayment',
    action: 'payments.submit',
    summary: 'Submit a payment for admission (once)',
    idempotent: true,
    storesAnswer: true,
    params: paymentParams,
    response: submissionSchema,
    errors: [404, 409],
    handler: (ctx, { params }) => submitPayment(ctx, params.payment_id),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/payments/{payment_id}/submissions',
    operationId: 'getPaymentSubmission',
    action: 'payments.read',
    summary: "The payment's submission",
    params: paymentParams,
    response: submissionSchema,
    errors: [404],
    handler: (ctx, { params }) => getPaymentSubmission(ctx, params.payment_id),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/payments/{payment_id}/submissions/{submission_id}',
    operationId: 'getSubmission',
    action: 'payments.read',
    summary: 'Get a submission',
    params: paymentParams.extend({ submission_id: z.string().max(64) }),
    response: submissionSchema,
    errors: [404],
    handler: (ctx, { params }) => getPaymentSubmission(ctx, params.payment_id, params.submission_id),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/payments/{payment_id}/admissions/{admission_id}/tasks',
    operationId: 'listAdmissionTasks',
    action: 'payments.read',
    summary: 'The tasks of an admission (extension)',
    params: paymentParams.extend({ admission_id: z.string().max(64) }),
    response: listAdmissionTasksResponse,
    errors: [404],
    handler: (ctx, { params }) => listAdmissionTasks(ctx, params.payment_id, params.admission_id),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/payments/{payment_id}/transactions',
    operationId: 'listPaymentTransactions',
    action: 'payments.read',
    summary: "The payment's transactions (extension)",
    params: paymentParams,
    response: listPaymentTransactionsResponse,
    errors: [404],
    handler: (ctx, { params }) => listPaymentTransactions(ctx, params.payment_id),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/payments/{payment_id}/transactions/{transaction_id}',
    operationId: 'getPaymentTransaction',
    action: 'payments.read',
    summary: 'Get a transaction',
    params: paymentParams.extend({ transaction_id: z.string().max(64) }),
    response: transactionSchema,
    errors: [404],
    handler: (ctx, { params }) => getTransaction(ctx, params.payment_id, params.transaction_id),
  });
}
