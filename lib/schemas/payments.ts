import { z } from '@hono/zod-openapi';
import { ADDRESS_PATTERN } from '@/lib/domain/address';
import { PAYMENT_STATUS_NAMES, TASK_STATUS_NAMES, TRANSACTION_STATUS_NAMES } from '@/lib/domain/statuses';
import { REASON_NAMES } from '@/lib/domain/reasons';
import { orderQuery, pageQuery, pageInfo, unixSecondsQuery, plainText } from './common';
import { currencySchema, paymentTotalSchema } from './money';

const partySchema = z
  .object({
    payment_address: z.string().min(3).max(320).openapi({
      pattern: ADDRESS_PATTERN,
      description: '`local@domain`: the domain routes it to its namespace',
      example: 'alice@sandbox-bank.test',
    }),
    first_name: plainText(z.string().max(100)).optional(),
    last_name: plainText(z.string().max(100)).optional(),
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

export type Party = z.output<typeof partySchema>;

export const amountSchema = z
  .object({ currency: currencySchema, total: paymentTotalSchema })
  .openapi('Amount');

export type Amount = z.infer<typeof amountSchema>;

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
  return_of: z.string().nullable().openapi({
    description:
      "A return's original payment (its payment_id), in the other direction (extension, DESIGN §12); null for every other payment",
  }),
};

export const paymentSchema = z
  .object({ ...paymentFields, expires_at: z.string(), initiated_at: z.string() })
  .openapi('Payment');

export type Payment = z.infer<typeof paymentSchema>;

/** `GET /payments/{payment_id}`: the payment and what has been returned of it. */
export const paymentDetailSchema = paymentSchema
  .extend({
    returned_amount: z.string().openapi({
      description:
        'What its admitted returns gave back, in the payment\'s minor units ("0" when none; extension, DESIGN §12, as a card charge\'s amount_refunded). Returns still asked for are not counted: GET /payments/{payment_id}/returns lists them',
      example: '0',
    }),
  })
  .openapi('PaymentDetail');

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
    liquidity_queued_at: z.number().int().nullable().openapi({
      description:
        "When every task had completed but the payment did not fit under the debtor's net debit cap and waited in the liquidity queue (extension, Unix seconds; DESIGN §11); null if it never waited. Still pending while it waits",
    }),
    relationships: z.object({ payment: embeddedPayment }),
  })
  .openapi('Submission');

export type Submission = z.infer<typeof submissionSchema>;

/** A task status's name beside its code (`status_name`). */
const taskStatusNameSchema = z
  .enum(TASK_STATUS_NAMES)
  .openapi({ description: "The status's name: `pending` (1), `completed` (2), `failed` (3), `on_hold` (4)" });
const REASON_CODES = `0 none, then ${REASON_NAMES.slice(1)
  .map((name, i) => `${i + 1} ${name}`)
  .join(', ')}`;
/** A task reason's name beside its code (`status_reason_name`). */
const reasonNameSchema = z
  .enum(REASON_NAMES)
  .openapi({ description: "The reason's name: `none` (0), `accepted` (1), … as `status_reason` lists them" });

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
    status_name: taskStatusNameSchema,
    status_reason: z.number().int().openapi({ description: REASON_CODES }),
    status_reason_name: reasonNameSchema,
    note: z.string().nullable(),
    updated_by: z.string().nullable().openapi({
      description:
        "Who changed the task last: to the assignee's own organization an e-mail or API key id; to other viewers the assignee namespace's name and role, e.g. `First Bank (support)`",
    }),
    expires_at: z.number().int(),
    created_on: z.number().int(),
    modified_on: z.number().int(),
    history: z
      .array(
        z
          .object({
            status: z.number().int(),
            status_name: taskStatusNameSchema,
            status_reason: z.number().int(),
            status_reason_name: reasonNameSchema,
            note: z.string().nullable(),
            updated_by: z.string().nullable(),
            at: z.number().int().openapi({ description: 'modified_on after this change (Unix seconds)' }),
            approval: z.number().int().optional().openapi({
              description: 'On a task that needs four eyes: which approval this change was (1, or 2 of two)',
            }),
          })
          .openapi('AdmissionTaskChange'),
      )
      .openapi({
        description:
          'Extension: every change of the task, oldest first, with the fields it set. Empty for tasks last changed before changes were kept.',
      }),
    claim: z
      .object({
        claimed_by: z.string().openapi({ description: 'Who is working the task, as updated_by names them' }),
        until: z
          .number()
          .int()
          .openapi({ description: 'When the claim lapses unless renewed (Unix seconds)' }),
      })
      .nullable()
      .openapi({
        description:
          "Extension: who is working the task now (a claim, `POST /tasks/{task_id}/claim`), shown to the assignee's organization only; null when nobody holds a live claim",
      }),
    approvals: z
      .array(z.object({ updated_by: z.string(), at: z.number().int() }).openapi('AdmissionTaskApproval'))
      .openapi({
        description:
          'Extension: the approvals so far of a task that needs two distinct approvers (four eyes), oldest first; the task stays pending until the second. Named as `updated_by` is.',
      }),
    rule: z
      .object({
        id: z.string(),
        name: z.string(),
        action: z.enum(['accept', 'reject', 'hold', 'review']),
      })
      .nullable()
      .openapi({
        description:
          "Extension: the admission rule (DESIGN §13) that matched the task when it was made — its name then and its action (an accept that four eyes cover leaves the task to people, with a note saying so); shown to the assignee's organization only, null otherwise",
      }),
    decided_by: z.string().nullable().openapi({
      description:
        "Extension: `rule:<id>` when the task's last change was a rule's decision (to the assignee's organization; others see the namespace's name and `(rule)` in updated_by); null otherwise",
    }),
  })
  .openapi('AdmissionTask');

export type Task = z.infer<typeof taskSchema>;

export const transactionSchema = z
  .object({
    token: z.string(),
    transaction_id: z.string(),
    payment_id: z.string(),
    approval_code: z.string(),
    status: z.number().int().openapi({ description: '2 processing (cleared), 3 completed (settled)' }),
    status_name: z
      .enum(TRANSACTION_STATUS_NAMES)
      .openapi({ description: "The status's name: `processing` (2), `completed` (3)" }),
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

export type Transaction = z.infer<typeof transactionSchema>;

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

export type PaymentException = z.infer<typeof exceptionSchema>;

export const paymentParams = z.object({ payment_id: z.string().min(1).max(128) });

export const createPaymentBody = z.object({
  payment_id: plainText(
    z
      .string()
      .trim()
      .min(1, 'payment_id is required')
      .max(128)
      .refine(
        (id) => id !== 'export',
        'payment_id "export" is reserved: GET /payments/export is the list’s CSV',
      ),
  ),
  amount: amountSchema,
  beneficiary_party: partySchema,
  debtor_party: partySchema,
  reference: plainText(z.string().max(140)).optional(),
  payment_type: z.enum(['Type_Push', 'Type_Pull'], {
    error: 'payment_type must be Type_Push or Type_Pull',
  }),
  device: z.record(z.string(), z.unknown()).optional(),
  location: z.record(z.string(), z.unknown()).optional(),
});

export type CreatePaymentBody = z.output<typeof createPaymentBody>;

/** A "contains" search text: 3 characters at least (a trigram index serves it), at most 100. */
const containsText = (name: string) =>
  z
    .string()
    .trim()
    .min(3, `${name} must be 3 to 100 characters`)
    .max(100, `${name} must be 3 to 100 characters`)
    .optional();

/** An amount bound in minor units, as digits (up to 18, as amounts are). */
const minorUnits = (name: string) =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,17})$/, `${name} must be digits in minor units (e.g. "1050" for 10.50)`)
    .optional();

/** The payments list's filters (the list and its export). */
const paymentFilters = {
  status: z
    .enum(PAYMENT_STATUS_NAMES, {
      error: 'status must be pending, on_hold, admitted, rejected, expired, settled or unsubmitted',
    })
    .optional(),
  created_from: unixSecondsQuery('created_from', 'Payments created at or after this time').optional(),
  created_to: unixSecondsQuery('created_to', 'Payments created at or before this second').optional(),
  payment_id: z.string().max(128).optional().openapi({ description: 'Prefix of payment_id' }),
  transaction_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ description: 'The payment of this transaction' }),
  admission_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ description: 'The payment of this admission' }),
  task_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ description: 'The payment of this admission task' }),
  party: containsText('party').openapi({
    description:
      "A fragment (3–100 characters, any case) of either party's payment address or name (first and last name as one text), as typed on the payment or as the customer record of the address names them (`POST /customer`), so a payment is found by its customer's name whatever name it was sent with",
  }),
  reference: containsText('reference').openapi({
    description: 'A fragment (3–100 characters, any case) of the reference',
  }),
  amount_min: minorUnits('amount_min').openapi({
    description: 'Smallest amount, in minor units (inclusive)',
  }),
  amount_max: minorUnits('amount_max').openapi({ description: 'Largest amount, in minor units (inclusive)' }),
  currency: currencySchema.optional(),
  counterparty: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ description: "The other party's namespace id (payments between the two, either way round)" }),
};

export const listPaymentsQuery = z.object({ ...paymentFilters, ...pageQuery });
export const exportPaymentsQuery = z.object({ ...paymentFilters, ...orderQuery });
export type ExportPaymentsQuery = z.output<typeof exportPaymentsQuery>;

export type ListPaymentsQuery = z.output<typeof listPaymentsQuery>;

export const listPaymentsResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  payments: z.array(
    paymentSchema.extend({
      submission_status: z.number().int().nullable(),
      submission_status_name: z
        .enum(PAYMENT_STATUS_NAMES)
        .openapi({ description: "The submission status's name; `unsubmitted` before there is one" }),
      transaction_id: z.string().nullable(),
    }),
  ),
});

export type ListPaymentsResponse = z.infer<typeof listPaymentsResponse>;

export const listPaymentExceptionsResponse = z.object({
  count: z.number().int(),
  exceptions: z.array(exceptionSchema),
});

export const listAdmissionTasksResponse = z.object({ count: z.number().int(), tasks: z.array(taskSchema) });

export const listPaymentTransactionsResponse = z.object({
  count: z.number().int(),
  transactions: z.array(transactionSchema),
});
