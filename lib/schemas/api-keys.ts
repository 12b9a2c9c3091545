import { z } from '@hono/zod-openapi';
import { secondsSchema, pageQuery, pageInfo, unixSecondsInput, plainText } from './common';

const accessSchema = z
  .object({
    customers_read: z.boolean(),
    customers_write: z.boolean(),
    transactions_read: z.boolean(),
    transactions_write: z.boolean(),
  })
  .openapi('ApiKeyAccess');

export type ApiKeyAccess = z.output<typeof accessSchema>;

export const apiKeySchema = z
  .object({
    token: z.string(),
    partner_id: z.string(),
    name: z.string(),
    description: z.string(),
    enabled: z.boolean(),
    secret_key: z
      .string()
      .openapi({ description: 'The full secret on create and rotate; `…last4` elsewhere' }),
    access: accessSchema,
    created_at: secondsSchema,
    updated_at: secondsSchema,
    last_used_at: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Unix seconds of its last use, to the minute; null if never used' }),
    expires_at: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Unix seconds from which it is refused; null: it does not expire' }),
    previous_secret_key: z.string().nullable().openapi({
      description:
        'The secret the last rotation replaced, masked (`…last4`), while it still works (a rotation with an overlap, extension); null otherwise',
    }),
    previous_secret_expires_at: z.number().int().nullable().openapi({
      description:
        'Unix seconds from which the replaced secret is refused (extension); null when none works any more',
    }),
  })
  .openapi('ApiKey');

export type ApiKey = z.infer<typeof apiKeySchema>;

export const keyParams = z.object({
  key: z.string().max(64).openapi({ description: "The key's token (`api_…`)" }),
});

/** An expiry: Unix seconds, at least a minute ahead and at most five years. */
const expiresAt = unixSecondsInput(
  'expires_at',
  'When the key starts being refused (extension): at least a minute ahead, at most five years',
)
  .refine((s) => s * 1000 > Date.now() + 60_000, 'expires_at must be at least a minute from now')
  .refine((s) => s * 1000 < Date.now() + 5 * 366 * 86_400_000, 'expires_at must be within five years');

export const createApiKeyBody = z.object({
  name: plainText(z.string().trim().min(1, 'name is required').max(120)),
  description: plainText(z.string().max(500)).optional(),
  access: accessSchema,
  expires_at: expiresAt.optional(),
});

export type CreateApiKeyBody = z.output<typeof createApiKeyBody>;

export const listApiKeysQuery = z.object(pageQuery);

export type ListApiKeysQuery = z.output<typeof listApiKeysQuery>;

export const listApiKeysResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  api_keys: z.array(apiKeySchema),
});

export const updateApiKeyBody = z.object({
  name: plainText(z.string().trim().min(1).max(120)).optional(),
  description: plainText(z.string().max(500)).optional(),
  enabled: z.boolean().optional(),
  access: accessSchema.partial().optional(),
  /** A new expiry, or null for none. */
  expires_at: expiresAt.nullable().optional(),
});

export type UpdateApiKeyBody = z.output<typeof updateApiKeyBody>;

/** The longest a replaced secret may keep working: seven days, as Stripe's roll offers. */
const MAX_ROTATION_OVERLAP_SECONDS = 7 * 86_400;

/**
 * The spec's rotation takes no body: the old secret is refused at once. An extension lets the
 * old secret keep working for a while, so that an integration moves to the new one without an
 * outage.
 */
export const rotateApiKeyBody = z.object({
  previous_secret_expires_in: z
    .number({ error: 'previous_secret_expires_in must be a whole number of seconds' })
    .int('previous_secret_expires_in must be a whole number of seconds')
    .min(0, 'previous_secret_expires_in must be 0 or more')
    .max(MAX_ROTATION_OVERLAP_SECONDS, 'previous_secret_expires_in must be at most 604800 (seven days)')
    .optional()
    .openapi({
      description:
        'How long the replaced secret keeps working, in seconds (0 to 604800, seven days; extension). Left out or 0: it is refused from this moment, as the spec says',
      example: 86_400,
    }),
});

export type RotateApiKeyBody = z.output<typeof rotateApiKeyBody>;

export const rotateApiKeyParams = z.object({
  key: z.string().min(1).max(200).openapi({
    description:
      "The key's current secret (`sk_sandbox_…` or `sk_live_…`): the spec's `secret_key`; or, as an extension, the key's token (`api_…`) for an admin who no longer has the secret",
  }),
});
