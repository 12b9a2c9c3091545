import { type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { actOnLink, getLink, listLinks, proposeLink } from '@/lib/services/links/links';
import {
  linkSchema,
  linkParams,
  proposeLinkBody,
  listLinksQuery,
  listLinksResponse,
  updateLinkBody,
} from '@/lib/schemas/links';

const common = { tag: 'Links', partner: 'required' as const };

export function registerLinkRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/link',
    operationId: 'proposeLink',
    action: 'links.manage',
    summary: 'Propose a link to the namespace of a domain (extension)',
    description: 'The counterparty receives `link.propose.req`.',
    idempotent: true,
    body: proposeLinkBody,
    response: linkSchema,
    errors: [409],
    handler: (ctx, { body }) => proposeLink(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/link',
    operationId: 'listLinks',
    action: 'links.read',
    summary: "List the namespace's links (extension)",
    query: listLinksQuery,
    response: listLinksResponse,
    handler: (ctx, { query }) => listLinks(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/link/{link_id}',
    operationId: 'getLink',
    action: 'links.read',
    summary: 'Get a link (extension)',
    params: linkParams,
    response: linkSchema,
    errors: [404],
    handler: (ctx, { params }) => getLink(ctx, params.link_id),
  });

  defineRoute(app, {
    ...common,
    method: 'put',
    path: '/link/{link_id}',
    operationId: 'updateLink',
    action: 'links.manage',
    summary: 'Accept, reject, suspend or resume a link (extension)',
    description:
      'accept/reject: the counterparty, while proposed (the requester receives `link.create.resp`; on accept both receive `link_established`). suspend/resume: either side (`link_update_resp` to both).',
    idempotent: true,
    params: linkParams,
    body: updateLinkBody,
    response: linkSchema,
    errors: [404, 409],
    handler: (ctx, { params, body }) => actOnLink(ctx, params.link_id, body.action),
  });
}
