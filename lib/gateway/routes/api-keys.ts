import { type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { emptyObject } from '@/lib/schemas/common';
import {
  createApiKey,
  deleteApiKey,
  getApiKey,
  listApiKeys,
  rotateApiKey,
  updateApiKey,
} from '@/lib/services/api-keys/api-keys';
import {
  apiKeySchema,
  keyParams,
  createApiKeyBody,
  listApiKeysQuery,
  listApiKeysResponse,
  updateApiKeyBody,
  rotateApiKeyBody,
  rotateApiKeyParams,
} from '@/lib/schemas/api-keys';

/**
 * One path template for the key's own operations: the spec's rotation `POST /apikey/{secret_key}`
 * and the extensions `GET|PATCH|DELETE /apikey/{token}` differ only by the name of the parameter,
 * which is not on the wire. The segment is the key's token, except for rotation, which the spec
 * addresses by the key's current secret; each operation documents which.
 */
const KEY_PATH = '/apikey/{key}';
const common = { tag: 'API keys', partner: 'required' as const };

export function registerApiKeyRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/apikey',
    operationId: 'createApiKey',
    action: 'api_keys.manage',
    summary: 'Create an API key for the namespace in x-partner-id (extension)',
    description: 'The answer holds the secret in full; it is never shown again.',
    idempotent: true,
    answerHoldsSecret: true,
    body: createApiKeyBody,
    response: apiKeySchema,
    handler: (ctx, { body }) => createApiKey(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/apikey',
    operationId: 'listApiKeys',
    action: 'api_keys.manage',
    summary: "List the namespace's API keys, secrets masked (extension)",
    query: listApiKeysQuery,
    response: listApiKeysResponse,
    handler: (ctx, { query }) => listApiKeys(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: KEY_PATH,
    operationId: 'getApiKey',
    action: 'api_keys.manage',
    summary: 'Get an API key, secret masked (extension)',
    params: keyParams,
    response: apiKeySchema,
    errors: [404],
    handler: (ctx, { params }) => getApiKey(ctx, params.key),
  });

  defineRoute(app, {
    ...common,
    method: 'patch',
    path: KEY_PATH,
    operationId: 'updateApiKey',
    action: 'api_keys.manage',
    summary: "Update an API key's name, description, enabled flag, access or expiry (extension)",
    description:
      'A changed `expires_at` (a new time, or null for none) is audited and sent as the event `api_key.expiry_changed`.',
    params: keyParams,
    body: updateApiKeyBody,
    response: apiKeySchema,
    errors: [404],
    handler: (ctx, { params, body }) => updateApiKey(ctx, params.key, body),
  });

  defineRoute(app, {
    ...common,
    method: 'delete',
    path: KEY_PATH,
    operationId: 'deleteApiKey',
    action: 'api_keys.manage',
    summary: 'Revoke an API key (extension)',
    idempotent: true,
    params: keyParams,
    response: emptyObject,
    errors: [404],
    handler: (ctx, { params }) => deleteApiKey(ctx, params.key),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: KEY_PATH,
    operationId: 'rotateApiKey',
    action: 'api_keys.manage',
    summary: 'Rotate an API key',
    description:
      "Addressed by the current secret (or, extension, by the key's token). Returns the key with its new secret; the old secret is refused from this moment — or, with `previous_secret_expires_in` (extension), keeps working that long (up to seven days), shown on the key as `previous_secret_key` and `previous_secret_expires_at`. A secret an earlier rotation replaced is refused from now on.",
    idempotent: true,
    answerHoldsSecret: true,
    params: rotateApiKeyParams,
    body: rotateApiKeyBody,
    bodyOptional: true,
    response: apiKeySchema,
    errors: [404],
    handler: (ctx, { params, body }) => rotateApiKey(ctx, params.key, body ?? {}),
  });
}
