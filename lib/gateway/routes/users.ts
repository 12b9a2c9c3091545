import { type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { emptyObject } from '@/lib/schemas/common';
import { changeUserRole, inviteUser, listUsers, removeUser } from '@/lib/services/organizations/users';
import {
  userSchema,
  userParams,
  inviteUserBody,
  listUsersQuery,
  listUsersResponse,
  updateUserBody,
} from '@/lib/schemas/users';
import { revokedSessionsResponse } from '@/lib/schemas/sessions';
import { endUserSessions } from '@/lib/services/sessions/sessions';

export function registerUserRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    method: 'post',
    path: '/users',
    operationId: 'inviteUser',
    tag: 'Users',
    summary: 'Invite a user to the organization (extension)',
    auth: 'jwt',
    roles: ['admin'],
    idempotent: true,
    body: inviteUserBody,
    response: userSchema,
    errors: [409],
    handler: (ctx, { body }) => inviteUser(ctx, body),
  });

  defineRoute(app, {
    method: 'get',
    path: '/users',
    operationId: 'listUsers',
    tag: 'Users',
    summary: "List the organization's users (extension)",
    auth: 'jwt',
    roles: ['admin'],
    query: listUsersQuery,
    response: listUsersResponse,
    handler: (ctx, { query }) => listUsers(ctx, query),
  });

  defineRoute(app, {
    method: 'patch',
    path: '/users/{user_id}',
    operationId: 'updateUser',
    tag: 'Users',
    summary: "Change a user's role (extension)",
    auth: 'jwt',
    roles: ['admin'],
    params: userParams,
    body: updateUserBody,
    response: userSchema,
    errors: [404],
    handler: (ctx, { params, body }) => changeUserRole(ctx, params.user_id, body.role),
  });

  defineRoute(app, {
    method: 'delete',
    path: '/users/{user_id}',
    operationId: 'deleteUser',
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

  defineRoute(app, {
    method: 'post',
    path: '/users/{user_id}/sessions/revoke',
    operationId: 'endUserSessions',
    tag: 'Users',
    summary: 'Sign a user out everywhere: every session of theirs ends at once (extension)',
    auth: 'jwt',
    roles: ['admin'],
    params: userParams,
    response: revokedSessionsResponse,
    errors: [404],
    handler: (ctx, { params }) => endUserSessions(ctx, params.user_id),
  });
}
