import { z } from '@hono/zod-openapi';
import { isValidRoutingNumber } from '@/lib/domain/routing-number';
import { pageInfo, pageQuery, secondsSchema, plainText } from './common';

/** A US routing number as the server checks it (DESIGN §4): 9 digits with a valid ABA checksum. */
const routingNumberSchema = z
  .string()
  .refine(isValidRoutingNumber, 'must be a valid 9-digit ABA routing number')
  .openapi({ description: 'ABA routing number: 9 digits with a valid checksum', example: '011000015' });

const addressSchema = z.object({
  address: z.string().max(200),
  city: z.string().max(100),
  postal_code: z.string().max(20),
  state: z.string().max(50),
});
const institutionSchema = z
  .object({ name: z.string(), phone_number: z.string(), routing_number: z.string(), address: addressSchema })
  .openapi('Institution');

const ACCOUNT_TYPES = ['checking', 'savings'] as const;
const ACCOUNT_STATUSES = ['unverified', 'verified', 'deleted'] as const;
/** The `status` filter's wire names (DESIGN §4) and the statuses they select. */
export const ACCOUNT_STATUS_FILTER = {
  AS_Verified: 'verified',
  AS_Unverified: 'unverified',
  AS_Deleted: 'deleted',
} as const;

export const accountSchema = z
  .object({
    token: z.string(),
    partner_id: z.string(),
    account_title: z.string(),
    masked_account_number: z.string(),
    routing_number: z.string(),
    status: z.enum(ACCOUNT_STATUSES),
    type: z.enum(ACCOUNT_TYPES),
    created_at: secondsSchema,
    updated_at: secondsSchema,
    review: z
      .object({
        decision: z.enum(['verified', 'rejected']),
        note: z.string().nullable(),
        at: secondsSchema,
      })
      .nullable()
      .openapi({
        description:
          "Extension: the network operator's review of a production account (a rejected one stays unverified), with the note kept; null until reviewed",
      }),
    institution: institutionSchema,
  })
  .openapi('Account');
export type Account = z.infer<typeof accountSchema>;

export const createAccountSchema = z.object({
  account_title: plainText(z.string().trim().min(1, 'account_title is required').max(120)),
  account_number: z.string().regex(/^\d{4,17}$/, 'account_number must be 4 to 17 digits'),
  routing_number: routingNumberSchema,
  type: z.enum(ACCOUNT_TYPES, { error: 'type must be checking or savings' }),
  institution: z.object({
    name: plainText(z.string().trim().min(1).max(120)),
    phone_number: z.string().max(40),
    routing_number: routingNumberSchema.optional(),
    address: addressSchema,
  }),
});
export type CreateAccountInput = z.output<typeof createAccountSchema>;

export const listAccountsQuery = z.object({
  account_title: z
    .string()
    .max(120)
    .optional()
    .openapi({ description: 'Case-insensitive substring of the title' }),
  routing_number: z.string().max(20).optional(),
  status: z
    .enum(Object.keys(ACCOUNT_STATUS_FILTER) as [keyof typeof ACCOUNT_STATUS_FILTER], {
      error: 'status must be AS_Verified, AS_Unverified or AS_Deleted',
    })
    .optional(),
  ...pageQuery,
});
export type ListAccountsQuery = z.output<typeof listAccountsQuery>;

/** The list's filters without paging: the export's query. */
export const exportAccountsQuery = listAccountsQuery.pick({
  account_title: true,
  routing_number: true,
  status: true,
  order: true,
});
export type AccountFilters = z.output<typeof exportAccountsQuery>;

export const accountListSchema = z.object({
  count: z.number().int(),
  ...pageInfo,
  accounts: z.array(accountSchema),
});

export const accountParams = z.object({ account_id: z.string().max(64) });

export const accountReviewBody = z.object({
  note: z
    .string({ error: 'note is required: it is kept with the review' })
    .trim()
    .min(1, 'note is required: it is kept with the review')
    .max(1000),
});

export const listAccountsForReviewQuery = z.object({ ...pageQuery });
export type ListAccountsForReviewQuery = z.output<typeof listAccountsForReviewQuery>;

export const accountsForReviewResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  accounts: z.array(
    accountSchema.extend({
      organization: z.object({ token: z.string(), name: z.string() }),
      namespace: z.object({ name: z.string(), domain: z.string() }),
    }),
  ),
});

export type AccountsForReviewResponse = z.infer<typeof accountsForReviewResponse>;
