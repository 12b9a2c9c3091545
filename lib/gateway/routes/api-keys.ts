import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { emptyObject, pageQuery, secondsSchema } from '@/lib/api/schemas';
import { createApiKey, deleteApiKey, getApiKey, listApiKeys, rotateApiKey, updateApiKey } from '@/lib/services/api-keys/api-keys';

const accessSchema = z
  .object({ customers_read: z.boolean(), customers_write: z.boolean(), transactions_read: z.boolean(), transactions_write: z.boolean() })
  .openapi('ApiKeyAccess');

export const apiKeySchema = z
  .object({
    token: z.string(),
    partner_id: z.string(),
    name: z.string(),
    description: z.string(),
    enabled: z.boolean(),
    secret_key: z.string().openapi({ description: 'The full secret on create and rotate; `…last4` elsewhere' }),
    access: accessSchema,
    created_at: secondsSchema,
    updated_at: secondsSchema,
  })
  .openapi('ApiKey');

const keyParams = z.object({ token: z.string().max(64) });
const common = { tag: 'API keys', auth: 'jwt' as const, partner: 'required' as const };

export function registerApiKeyRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/apikey',
    summary: 'Create an API key for the namespace in x-partner-id (extension)',
    description: 'The answer holds the secret in full; it is never shown again.',
    roles: ['admin'],
    idempotent: true,
    body: z.object({
      name: z.string().trim().min(1, 'name is required').max(120),
      description: z.string().max(500).optional(),
      access: accessSchema,
    }),
    response: apiKeySchema,
    handler: (ctx, { body }) => createApiKey(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/apikey',
    summary: "List the namespace's API keys, secrets masked (extension)",
    roles: ['admin'],
    query: z.object(pageQuery),
    response: z.object({ count: z.number().int(), api_keys: z.array(apiKeySchema) }),
    handler: (ctx, { query }) => listApiKeys(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/apikey/{token}',
    summary: 'Get an API key, secret masked (extension)',
    roles: ['admin'],
    params: keyParams,
    response: apiKeySchema,
    errors: [404],
    handler: (ctx, { params }) => getApiKey(ctx, params.token),
  });

  defineRoute(app, {
    ...common,
    method: 'patch',
    path: '/apikey/{token}',
    summary: "Update an API key's name, description, enabled flag or access (extension)",
    roles: ['admin'],
    params: keyParams,
    body: z.object({
      name: z.string().trim().min(1).max(120).optional(),
      description: z.string().max(500).optional(),
      enabled: z.boolean().optional(),
      access: accessSchema.partial().optional(),
    }),
    response: apiKeySchema,
    errors: [404],
    handler: (ctx, { params, body }) => updateApiKey(ctx, params.token, body),
  });

  defineRoute(app, {
    ...common,
    method: 'delete',
    path: '/apikey/{token}',
    summary: 'Revoke an API key (extension)',
    roles: ['admin'],
    idempotent: true,
    params: keyParams,
    response: emptyObject,
    errors: [404],
    handler: (ctx, { params }) => deleteApiKey(ctx, params.token),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/apikey/{secret_key}',
    summary: 'Rotate an API key',
    description: 'Addressed by the current secret. Returns the key with its new secret; the old secret is refused from this moment.',
    roles: ['admin'],
    idempotent: true,
    params: z.object({ secret_key: z.string().min(1).max(200) }),
    response: apiKeySchema,
    errors: [404],
    handler: (ctx, { params }) => rotateApiKey(ctx, params.secret_key),
  });
}
