import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { pageQuery, secondsSchema } from '@/lib/api/schemas';
import { actOnLink, getLink, listLinks, proposeLink } from '@/lib/services/links/links';

const status = z.enum(['proposed', 'established', 'rejected', 'suspended'], { error: 'status must be proposed, established, rejected or suspended' });

export const linkSchema = z
  .object({
    token: z.string(),
    requester_partner_id: z.string(),
    counterparty_partner_id: z.string(),
    requester_domain: z.string(),
    counterparty_domain: z.string(),
    status,
    created_at: secondsSchema,
    updated_at: secondsSchema,
  })
  .openapi('Link');

const params = z.object({ link_id: z.string().max(64) });
const common = { tag: 'Links', auth: 'jwt' as const, partner: 'required' as const };

export function registerLinkRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/link',
    summary: 'Propose a link to the namespace of a domain (extension)',
    description: 'The counterparty receives `link.propose.req`.',
    roles: ['admin'],
    idempotent: true,
    body: z.object({ counterparty_domain: z.string().min(3).max(253) }),
    response: linkSchema,
    errors: [409],
    handler: (ctx, { body }) => proposeLink(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/link',
    summary: "List the namespace's links (extension)",
    query: z.object({
      status: status.optional(),
      direction: z.enum(['outgoing', 'incoming'], { error: 'direction must be outgoing or incoming' }).optional(),
      ...pageQuery,
    }),
    response: z.object({ count: z.number().int(), links: z.array(linkSchema) }),
    handler: (ctx, { query }) => listLinks(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/link/{link_id}',
    summary: 'Get a link (extension)',
    params,
    response: linkSchema,
    errors: [404],
    handler: (ctx, { params }) => getLink(ctx, params.link_id),
  });

  defineRoute(app, {
    ...common,
    method: 'put',
    path: '/link/{link_id}',
    summary: 'Accept, reject, suspend or resume a link (extension)',
    description:
      'accept/reject: the counterparty, while proposed (the requester receives `link.create.resp`; on accept both receive `link_established`). suspend/resume: either side (`link_update_resp` to both).',
    roles: ['admin'],
    idempotent: true,
    params,
    body: z.object({ action: z.enum(['accept', 'reject', 'suspend', 'resume'], { error: 'action must be accept, reject, suspend or resume' }) }),
    response: linkSchema,
    errors: [404, 409],
    handler: (ctx, { params, body }) => actOnLink(ctx, params.link_id, body.action),
  });
}
