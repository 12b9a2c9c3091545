import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { booleanQuery, pageQuery, secondsSchema } from '@/lib/api/schemas';
import { createNamespace, getNamespace, listNamespaces, updateNamespace } from '@/lib/services/namespaces/namespaces';

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
    created_at: secondsSchema,
    updated_at: secondsSchema,
  })
  .openapi('Namespace');

const minorUnits = z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a positive integer string in minor units');
const params = z.object({ partner_id: z.string().max(64) });

export function registerPartnerRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    method: 'get',
    path: '/partner',
    tag: 'Namespaces',
    summary: "List the organization's namespaces",
    auth: 'jwt',
    query: z.object({ enabled: booleanQuery('enabled'), ...pageQuery }),
    response: z.object({ count: z.number().int(), partners: z.array(namespaceSchema) }),
    errors: [404],
    handler: (ctx, { query }) => listNamespaces(ctx, query),
  });

  defineRoute(app, {
    method: 'post',
    path: '/partner',
    tag: 'Namespaces',
    summary: 'Create a namespace (extension)',
    description: 'Sandbox organizations create sandbox namespaces, linked at once to the Sandbox Bank; only verified organizations create production namespaces.',
    auth: 'jwt',
    roles: ['admin'],
    idempotent: true,
    body: z.object({
      name: z.string().trim().min(1, 'name is required').max(120),
      domain: z.string().min(3).max(253),
      environment: z.enum(['sandbox', 'production'], { error: 'environment must be sandbox or production' }).optional(),
      payment_ttl_seconds: z.number().int().min(5).max(30 * 86400).optional(),
      review_threshold: minorUnits.optional(),
    }),
    response: namespaceSchema,
    errors: [403, 409],
    handler: (ctx, { body }) => createNamespace(ctx, body),
  });

  defineRoute(app, {
    method: 'get',
    path: '/partner/{partner_id}',
    tag: 'Namespaces',
    summary: 'Get a namespace (extension)',
    auth: 'jwt',
    params,
    response: namespaceSchema,
    errors: [404],
    handler: (ctx, { params }) => getNamespace(ctx, params.partner_id),
  });

  defineRoute(app, {
    method: 'patch',
    path: '/partner/{partner_id}',
    tag: 'Namespaces',
    summary: 'Update a namespace: name, enabled, payment TTL, review threshold (extension)',
    auth: 'jwt',
    roles: ['admin'],
    params,
    body: z.object({
      name: z.string().trim().min(1).max(120).optional(),
      enabled: z.boolean().optional(),
      payment_ttl_seconds: z.number().int().min(5).max(30 * 86400).optional(),
      review_threshold: minorUnits.optional(),
    }),
    response: namespaceSchema,
    errors: [404],
    handler: (ctx, { params, body }) => updateNamespace(ctx, params.partner_id, body),
  });
}
