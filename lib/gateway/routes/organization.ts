import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { pageQuery, secondsSchema } from '@/lib/api/schemas';
import {
  decideOrganization,
  getMe,
  getOwnOrganization,
  listOrganizations,
  setPreferredNamespace,
  signIn,
  signUp,
} from '@/lib/services/organizations/organizations';

export const organizationSchema = z
  .object({ token: z.string(), name: z.string(), status: z.enum(['sandbox', 'verified', 'rejected']), created_at: secondsSchema, updated_at: secondsSchema })
  .openapi('Organization');

const email = z.email('must be an email address').max(254);
const signUpSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(120),
  admin_email: email,
  admin_password: z.string().min(10, 'admin_password must have at least 10 characters').max(200),
});
const signInSchema = z.object({ admin_email: z.string().min(1).max(254), admin_password: z.string().min(1).max(200) });

const meSchema = z
  .object({
    user_id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(['admin', 'support', 'viewer', 'operator']),
    preferred_partner_id: z.string().nullable(),
    organization: organizationSchema.nullable(),
    partners: z.array(z.object({ token: z.string(), name: z.string(), domain: z.string(), environment: z.string(), enabled: z.boolean() })),
  })
  .openapi('Me');

export function registerOrganizationRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    method: 'post',
    path: '/organization',
    tag: 'Organization',
    summary: 'Sign up: create a sandbox organization (extension)',
    description: 'Creates a sandbox organization, its admin user and a first sandbox namespace linked to the Sandbox Bank.',
    auth: 'none',
    idempotent: true,
    body: signUpSchema,
    response: organizationSchema,
    errors: [409],
    handler: (ctx, { body }) => signUp(ctx.db, body),
  });

  defineRoute(app, {
    method: 'post',
    path: '/organization/signin',
    tag: 'Organization',
    summary: 'Sign in with an admin email and password',
    auth: 'none',
    idempotent: true,
    body: signInSchema,
    response: z.object({ access_token: z.string(), token: z.string(), role: z.string(), user_id: z.string() }).openapi('SignInResult'),
    errors: [401],
    handler: (ctx, { body }) => signIn(ctx.db, body),
  });

  defineRoute(app, {
    method: 'get',
    path: '/organization',
    tag: 'Organization',
    summary: "The caller's organization (extension)",
    auth: 'jwt',
    response: organizationSchema,
    handler: (ctx) => getOwnOrganization(ctx),
  });

  defineRoute(app, {
    method: 'get',
    path: '/me',
    tag: 'Organization',
    summary: 'The signed-in user, its organization and namespaces (extension)',
    auth: 'jwt',
    roles: ['admin', 'support', 'viewer', 'operator'],
    response: meSchema,
    handler: (ctx) => getMe(ctx),
  });

  defineRoute(app, {
    method: 'put',
    path: '/me/partner',
    tag: 'Organization',
    summary: "Remember the user's selected namespace (extension)",
    auth: 'jwt',
    body: z.object({ partner_id: z.string().min(1).max(64) }),
    response: meSchema,
    handler: (ctx, { body }) => setPreferredNamespace(ctx, body.partner_id),
  });

  defineRoute(app, {
    method: 'get',
    path: '/operator/organizations',
    tag: 'Operator',
    summary: 'Organizations of the network, by status (operator)',
    auth: 'jwt',
    roles: ['operator'],
    query: z.object({ status: z.enum(['sandbox', 'verified', 'rejected'], { error: 'status must be sandbox, verified or rejected' }).optional(), ...pageQuery }),
    response: z.object({ count: z.number().int(), organizations: z.array(organizationSchema) }),
    handler: (ctx, { query }) => listOrganizations(ctx, query),
  });

  for (const [verb, decision] of [['verify', 'verified'], ['reject', 'rejected']] as const) {
    defineRoute(app, {
      method: 'post',
      path: `/operator/organizations/{org_id}/${verb}`,
      tag: 'Operator',
      summary: `${verb === 'verify' ? 'Verify' : 'Reject'} a sandbox organization (operator)`,
      auth: 'jwt',
      roles: ['operator'],
      idempotent: true,
      params: z.object({ org_id: z.string().max(64) }),
      response: organizationSchema,
      errors: [404, 409],
      handler: (ctx, { params }) => decideOrganization(ctx, params.org_id, decision),
    });
  }
}
