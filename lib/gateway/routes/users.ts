import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { emptyObject, pageQuery, secondsSchema } from '@/lib/api/schemas';
import { changeUserRole, inviteUser, listUsers, removeUser } from '@/lib/services/organizations/users';

const role = z.enum(['admin', 'support', 'viewer'], { error: 'role must be admin, support or viewer' });
export const userSchema = z
  .object({ token: z.string(), org_id: z.string().nullable(), email: z.string(), name: z.string(), role: z.string(), created_at: secondsSchema, updated_at: secondsSchema })
  .openapi('User');
const userParams = z.object({ user_id: z.string().max(64) });

export function registerUserRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    method: 'post',
    path: '/users',
    tag: 'Users',
    summary: 'Invite a user to the organization (extension)',
    auth: 'jwt',
    roles: ['admin'],
    idempotent: true,
    body: z.object({
      email: z.email('must be an email address').max(254),
      name: z.string().max(120).optional(),
      role,
      password: z.string().min(10, 'password must have at least 10 characters').max(200),
    }),
    response: userSchema,
    errors: [409],
    handler: (ctx, { body }) => inviteUser(ctx, body),
  });

  defineRoute(app, {
    method: 'get',
    path: '/users',
    tag: 'Users',
    summary: "List the organization's users (extension)",
    auth: 'jwt',
    roles: ['admin'],
    query: z.object(pageQuery),
    response: z.object({ count: z.number().int(), users: z.array(userSchema) }),
    handler: (ctx, { query }) => listUsers(ctx, query),
  });

  defineRoute(app, {
    method: 'patch',
    path: '/users/{user_id}',
    tag: 'Users',
    summary: "Change a user's role (extension)",
    auth: 'jwt',
    roles: ['admin'],
    params: userParams,
    body: z.object({ role }),
    response: userSchema,
    errors: [404],
    handler: (ctx, { params, body }) => changeUserRole(ctx, params.user_id, body.role),
  });

  defineRoute(app, {
    method: 'delete',
    path: '/users/{user_id}',
    tag: 'Users',
    summary: 'Remove a user (extension)',
    auth: 'jwt',
    roles: ['admin'],
    idempotent: true,
    params: userParams,
    response: emptyObject,
    errors: [404],
    handler: (ctx, { params }) => removeUser(ctx, params.user_id),
  });
}
