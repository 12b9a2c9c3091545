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

export const rotateApiKeyParams = z.object({
  key: z.string().min(1).max(200).openapi({
    description:
      "The key's current secret (`sk_sandbox_…` or `sk_live_…`): the spec's `secret_key`; or, as an extension, the key's token (`api_…`) for an admin who no longer has the secret",
  }),
});
