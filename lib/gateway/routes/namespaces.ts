import { type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import {
  createNamespace,
  getNamespace,
  listNamespaces,
  updateNamespace,
} from '@/lib/services/namespaces/namespaces';
import {
  namespaceSchema,
  namespaceParams,
  listNamespacesQuery,
  listNamespacesResponse,
  createNamespaceBody,
  updateNamespaceBody,
} from '@/lib/schemas/namespaces';

export function registerNamespaceRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    method: 'get',
    path: '/partner',
    operationId: 'listPartners',
    action: 'namespaces.read',
    tag: 'Namespaces',
    summary: "List the organization's namespaces",
    query: listNamespacesQuery,
    response: listNamespacesResponse,
    errors: [404],
    handler: (ctx, { query }) => listNamespaces(ctx, query),
  });

  defineRoute(app, {
    method: 'post',
    path: '/partner',
    operationId: 'createPartner',
    action: 'namespaces.manage',
    tag: 'Namespaces',
    summary: 'Create a namespace (extension)',
    description:
      'Sandbox organizations create sandbox namespaces, linked at once to the Sandbox Bank; only verified organizations create production namespaces.',
    idempotent: true,
    body: createNamespaceBody,
    response: namespaceSchema,
    errors: [403, 409],
    handler: (ctx, { body }) => createNamespace(ctx, body),
  });

  defineRoute(app, {
    method: 'get',
    path: '/partner/{partner_id}',
    operationId: 'getPartner',
    action: 'namespaces.read',
    tag: 'Namespaces',
    summary: 'Get a namespace (extension)',
    params: namespaceParams,
    response: namespaceSchema,
    errors: [404],
    handler: (ctx, { params }) => getNamespace(ctx, params.partner_id),
  });

  defineRoute(app, {
    method: 'patch',
    path: '/partner/{partner_id}',
    operationId: 'updatePartner',
    action: 'namespaces.manage',
    tag: 'Namespaces',
    summary: 'Update a namespace: name, enabled, payment TTL, review threshold (extension)',
    params: namespaceParams,
    body: updateNamespaceBody,
    response: namespaceSchema,
    errors: [404],
    handler: (ctx, { params, body }) => updateNamespace(ctx, params.partner_id, body),
  });
}
