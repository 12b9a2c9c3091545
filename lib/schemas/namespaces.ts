import { z } from '@hono/zod-openapi';
import { isNamespaceDomain, NAMESPACE_DOMAIN_RULE } from '@/lib/domain/namespaces';
import { secondsSchema, pageQuery, booleanQuery, pageInfo, plainText } from './common';

export const namespaceSchema = z
  .object({
    token: z.string(),
    org_id: z.string(),
    name: z.string(),
    domain: z.string(),
    environment: z.enum(['sandbox', 'production']),
    enabled: z.boolean(),
    payment_ttl_seconds: z.number().int(),
    review_threshold: z.string(),
    four_eyes_threshold: z.string().nullable().openapi({
      description:
        "Four-eyes admission: this namespace's tasks for payments of at least this amount (minor units), and every compliance_review, need an approval by someone other than the person or key that created or submitted the payment; null: off",
    }),
    four_eyes_approvals: z
      .number()
      .int()
      .openapi({ description: 'How many distinct approvers a four-eyes task needs: 1 or 2' }),
    four_eyes_api_keys_approve: z.boolean().openapi({
      description: 'Whether an API key may approve a four-eyes task (otherwise only people may)',
    }),
    on_cap: z.enum(['reject', 'queue']).openapi({
      description:
        'What happens to a payment this namespace would pay past its net debit cap (extension, DESIGN §11): `reject` — the submission is rejected with NET_DEBIT_CAP_EXCEEDED; `queue` — it waits in the liquidity queue, pending with `liquidity_queued_at`, until headroom returns or it expires',
    }),
    return_window_days: z.number().int().openapi({
      description:
        'How many days after admission a payment this namespace received may be asked back (extension, DESIGN §12; default 60)',
    }),
    created_at: secondsSchema,
    updated_at: secondsSchema,
  })
  .openapi('Namespace');

export type Namespace = z.infer<typeof namespaceSchema>;

const positiveMinorUnitsSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/, 'must be a positive integer string in minor units');

export const namespaceParams = z.object({ partner_id: z.string().max(64) });

export const listNamespacesQuery = z.object({ enabled: booleanQuery('enabled'), ...pageQuery });

export type ListNamespacesQuery = z.output<typeof listNamespacesQuery>;

export const listNamespacesResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  partners: z.array(namespaceSchema),
});

/** How long a namespace's payments may wait for submission: 5 seconds to 30 days. */
const paymentTtlSchema = z
  .number()
  .int()
  .min(5)
  .max(30 * 86400);

export const createNamespaceBody = z.object({
  name: plainText(z.string().trim().min(1, 'name is required').max(120)),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isNamespaceDomain, NAMESPACE_DOMAIN_RULE)
    .openapi({ description: 'A lowercase DNS name, unique on the network', example: 'bank.example' }),
  environment: z
    .enum(['sandbox', 'production'], { error: 'environment must be sandbox or production' })
    .optional(),
  payment_ttl_seconds: paymentTtlSchema.optional(),
  review_threshold: positiveMinorUnitsSchema.optional(),
});

export type CreateNamespaceBody = z.output<typeof createNamespaceBody>;

export const updateNamespaceBody = z.object({
  name: plainText(z.string().trim().min(1).max(120)).optional(),
  enabled: z.boolean().optional(),
  payment_ttl_seconds: paymentTtlSchema.optional(),
  review_threshold: positiveMinorUnitsSchema.optional(),
  four_eyes_threshold: positiveMinorUnitsSchema.nullable().optional(),
  four_eyes_approvals: z
    .union([z.literal(1), z.literal(2)], { error: 'four_eyes_approvals must be 1 or 2' })
    .optional(),
  four_eyes_api_keys_approve: z.boolean().optional(),
  on_cap: z.enum(['reject', 'queue'], { error: 'on_cap must be reject or queue' }).optional(),
  return_window_days: z
    .number({ error: 'return_window_days must be a whole number of days from 1 to 540' })
    .int('return_window_days must be a whole number of days from 1 to 540')
    .min(1, 'return_window_days must be a whole number of days from 1 to 540')
    .max(540, 'return_window_days must be a whole number of days from 1 to 540')
    .optional(),
});

export type UpdateNamespaceBody = z.output<typeof updateNamespaceBody>;
