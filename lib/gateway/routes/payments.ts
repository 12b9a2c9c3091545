import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { pageQuery } from '@/lib/api/schemas';
import { createPayment, getPayment, listPayments } from '@/lib/services/payments/payments';
import { getPaymentSubmission, listAdmissionTasks, submitPayment } from '@/lib/services/payments/submissions';
import { getTransaction, listExceptions, listPaymentTransactions } from '@/lib/services/payments/records';
import { SUBMISSION } from '@/lib/services/payments/model';

const partySchema = z
  .object({
    payment_address: z.string().min(3).max(320),
    first_name: z.string().max(100).optional(),
    last_name: z.string().max(100).optional(),
    email: z.string().max(254).optional(),
    phone: z.string().max(40).optional(),
    type: z
      .enum(['Payee_Individual', 'Payer_Individual'], {
        error: 'type must be Payee_Individual or Payer_Individual',
      })
      .optional(),
    billing: z
      .object({
        country: z
          .string()
          .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 code')
          .optional(),
      })
      .optional(),
  })
  .openapi('Party');

export const amountSchema = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD'),
    total: z
      .string()
      .regex(
        /^[1-9][0-9]{0,17}$/,
        'must be a string of digits in minor units, greater than 0 (e.g. "1050" for 10.50)',
      ),
  })
  .openapi('Amount');

const paymentFields = {
  payment_id: z.string(),
  amount: amountSchema,
  beneficiary_party: z.record(z.string(), z.unknown()),
  debtor_party: z.record(z.string(), z.unknown()),
  reference: z.string(),
  payment_type: z.enum(['Type_Push', 'Type_Pull']),
  device: z.record(z.string(), z.unknown()),
  location: z.record(z.string(), z.unknown()),
  organization_id: z.string(),
  partner_id: z.string(),
};
export const paymentSchema = z
  .object({ ...paymentFields, expires_at: z.string(), initiated_at: z.string() })
  .openapi('Payment');
const embeddedPayment = z
  .object({ ...paymentFields, expires_at: z.number().int(), initiated_at: z.number().int() })
  .openapi('EmbeddedPayment');

export const submissionSchema = z
  .object({
    token: z.string(),
    organization_id: z.string(),
    partner_id: z.string(),
    payment_id: z.string(),
    admission_id: z.string(),
    workflow: z.string(),
    status: z
      .number()
      .int()
      .openapi({ description: '1 pending, 2 on_hold, 3 admitted, 4 rejected, 5 expired, 6 settled' }),
    status_name: z.string(),
    submission_time: z.number().int(),
    transaction_id: z.string().nullable(),
    relationships: z.object({ payment: embeddedPayment }),
  })
  .openapi('Submission');

export const taskSchema = z
  .object({
    token: z.string(),
    admission_id: z.string(),
    payment_id: z.string(),
    organization_id: z.string(),
    partner_id: z.string(),
    name: z.string(),
    workflow: z.string(),
    assignee: z.number().int().openapi({ description: "1 beneficiary's namespace, 2 debtor's namespace" }),
    status: z.number().int().openapi({ description: '1 pending, 2 completed, 3 failed, 4 on_hold' }),
    status_reason: z.number().int(),
    note: z.string().nullable(),
    updated_by: z.string().nullable(),
    expires_at: z.number().int(),
    created_on: z.number().int(),
    modified_on: z.number().int(),
    history: z
      .array(
        z
          .object({
            status: z.number().int(),
            status_reason: z.number().int(),
            note: z.string().nullable(),
            updated_by: z.string().nullable(),
            at: z.number().int().openapi({ description: 'modified_on after this change (Unix seconds)' }),
          })
          .openapi('AdmissionTaskChange'),
      )
      .openapi({
        description:
          'Extension: every change of the task, oldest first, with the fields it set. Empty for tasks last changed before changes were kept.',
      }),
  })
  .openapi('AdmissionTask');

export const transactionSchema = z
  .object({
    token: z.string(),
    transaction_id: z.string(),
    payment_id: z.string(),
    approval_code: z.string(),
    status: z.number().int().openapi({ description: '2 processing (cleared), 3 completed (settled)' }),
    batch_id: z.string().nullable(),
    created_on: z.string(),
    initiated_on: z.string(),
    updated_on: z.string(),
    transaction_lines: z.array(
      z.object({
        token: z.string(),
        transaction_id: z.string(),
        partner_id: z.string(),
        amount: amountSchema,
        direction: z.enum(['TD_Credit', 'TD_Debit']),
        transaction_type: z.string(),
      }),
    ),
  })
  .openapi('Transaction');

const exceptionSchema = z
  .object({
    token: z.string(),
    payment_id: z.string(),
    organization_id: z.string(),
    partner_id: z.string(),
    record_type: z.string(),
    exception_code: z.string(),
    exception_message: z.string(),
    blame: z.string(),
    created_at: z.string(),
    relationships: z.object({ payment: paymentSchema }),
  })
  .openapi('PaymentException');

const paymentParams = z.object({ payment_id: z.string().min(1).max(128) });
const common = {
  tag: 'Payments',
  auth: 'either' as const,
  partner: 'required' as const,
  org: 'required' as const,
};
const READ = { access: 'transactions_read' as const };
const WRITE = { access: 'transactions_write' as const, roles: ['admin' as const] };

export function registerPaymentRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    ...WRITE,
    method: 'post',
    path: '/payments',
    summary: 'Create a payment',
    description:
      'Type_Push: the caller owns debtor_party.payment_address; Type_Pull: beneficiary_party.payment_address. Amounts are digit strings in minor units.',
    idempotent: true,
    storesAnswer: true,
    body: z.object({
      payment_id: z.string().trim().min(1, 'payment_id is required').max(128),
      amount: amountSchema,
      beneficiary_party: partySchema,
      debtor_party: partySchema,
      reference: z.string().max(140).optional(),
      payment_type: z.enum(['Type_Push', 'Type_Pull'], {
        error: 'payment_type must be Type_Push or Type_Pull',
      }),
      device: z.record(z.string(), z.unknown()).optional(),
      location: z.record(z.string(), z.unknown()).optional(),
    }),
    response: paymentSchema,
    errors: [409],
    handler: (ctx, { body }) => createPayment(ctx, body),
  });

  defineRoute(app, {
    ...common,
    ...READ,
    method: 'get',
    path: '/payments',
    summary: 'List payments the namespace created or is party to (extension)',
    query: z.object({
      status: z
        .enum([...(Object.keys(SUBMISSION) as [keyof typeof SUBMISSION]), 'unsubmitted'], {
          error: 'status must be pending, on_hold, admitted, rejected, expired, settled or unsubmitted',
        })
        .optional(),
      created_from: z.coerce.number({ error: 'created_from must be Unix seconds' }).int().min(0).optional(),
      created_to: z.coerce.number({ error: 'created_to must be Unix seconds' }).int().min(0).optional(),
      payment_id: z.string().max(128).optional().openapi({ description: 'Prefix of payment_id' }),
      ...pageQuery,
    }),
    response: z.object({
      count: z.number().int(),
      payments: z.array(
        paymentSchema.extend({
          submission_status: z.number().int().nullable(),
          transaction_id: z.string().nullable(),
        }),
      ),
    }),
    handler: (ctx, { query }) => listPayments(ctx, query),
  });

  defineRoute(app, {
    ...common,
    ...READ,
    method: 'get',
    path: '/payments/{payment_id}',
    summary: 'Get a payment',
    params: paymentParams,
    response: paymentSchema,
    errors: [404],
    handler: (ctx, { params }) => getPayment(ctx, params.payment_id),
  });

  defineRoute(app, {
    ...common,
    ...READ,
    method: 'get',
    path: '/payments/{payment_id}/exceptions',
    summary: "A payment's exceptions",
    params: paymentParams,
    response: z.object({ count: z.number().int(), exceptions: z.array(exceptionSchema) }),
    errors: [404],
    handler: (ctx, { params }) => listExceptions(ctx, params.payment_id),
  });

  defineRoute(app, {
    ...common,
    ...WRITE,
    method: 'post',
    path: '/payments/{payment_id}/submissions',
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
    ...READ,
    method: 'get',
    path: '/payments/{payment_id}/submissions',
    summary: "The payment's submission",
    params: paymentParams,
    response: submissionSchema,
    errors: [404],
    handler: (ctx, { params }) => getPaymentSubmission(ctx, params.payment_id),
  });

  defineRoute(app, {
    ...common,
    ...READ,
    method: 'get',
    path: '/payments/{payment_id}/submissions/{submission_id}',
    summary: 'Get a submission',
    params: paymentParams.extend({ submission_id: z.string().max(64) }),
    response: submissionSchema,
    errors: [404],
    handler: (ctx, { params }) => getPaymentSubmission(ctx, params.payment_id, params.submission_id),
  });

  defineRoute(app, {
    ...common,
    ...READ,
    method: 'get',
    path: '/payments/{payment_id}/admissions/{admission_id}/tasks',
    summary: 'The tasks of an admission (extension)',
    params: paymentParams.extend({ admission_id: z.string().max(64) }),
    response: z.object({ count: z.number().int(), tasks: z.array(taskSchema) }),
    errors: [404],
    handler: (ctx, { params }) => listAdmissionTasks(ctx, params.payment_id, params.admission_id),
  });

  defineRoute(app, {
    ...common,
    ...READ,
    method: 'get',
    path: '/payments/{payment_id}/transactions',
    summary: "The payment's transactions (extension)",
    params: paymentParams,
    response: z.object({ count: z.number().int(), transactions: z.array(transactionSchema) }),
    errors: [404],
    handler: (ctx, { params }) => listPaymentTransactions(ctx, params.payment_id),
  });

  defineRoute(app, {
    ...common,
    ...READ,
    method: 'get',
    path: '/payments/{payment_id}/transactions/{transaction_id}',
    summary: 'Get a transaction',
    params: paymentParams.extend({ transaction_id: z.string().max(64) }),
    response: transactionSchema,
    errors: [404],
    handler: (ctx, { params }) => getTransaction(ctx, params.payment_id, params.transaction_id),
  });
}
