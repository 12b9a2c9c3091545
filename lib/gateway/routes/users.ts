import { type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { emptyObject } from '@/lib/schemas/common';
import {
  changeUserRole,
  inviteUser,
  listUsers,
  removeUser,
  resetAccess,
} from '@/lib/services/organizations/users';
import { acceptInvitation, getInvitation } from '@/lib/services/organizations/invitations';
import {
  acceptedInvitation,
  acceptInvitationBody,
  invitationDetails,
  invitationParams,
  invitedUserSchema,
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
    action: 'users.manage',
    tag: 'Users',
    summary: 'Invite a user to the organization (extension)',
    description:
      "Without `password`, the answer's `invitation` holds a one-time link (valid 72 hours by default) with which the user sets their own password; it is e-mailed when the gateway has SMTP, and shown only in this answer.",
    idempotent: true,
    answerHoldsSecret: true,
    body: inviteUserBody,
    response: invitedUserSchema,
    errors: [409],
    handler: (ctx, { body }) => inviteUser(ctx, body),
  });

  defineRoute(app, {
    method: 'post',
    path: '/users/{user_id}/reset',
    operationId: 'resetUserAccess',
    action: 'users.manage',
    tag: 'Users',
    summary: "Reset a user's access: a new invitation link (extension)",
    description:
      "Clears the user's password and second factor, ends every session of theirs on every instance, and answers a new one-time invitation link (e-mailed when the gateway has SMTP) with which they set a password again. Not for oneself.",
    idempotent: true,
    answerHoldsSecret: true,
    params: userParams,
    response: invitedUserSchema,
    errors: [404],
    handler: (ctx, { params }) => resetAccess(ctx, params.user_id),
  });

  defineRoute(app, {
    method: 'get',
    path: '/invitations/{token}',
    operationId: 'getInvitation',
    action: 'public',
    tag: 'Users',
    summary: 'Read an invitation by its link (extension)',
    description:
      'No credential: the link is the credential. 404 when it is unknown, used, replaced by a newer one or expired (the message says which).',
    params: invitationParams,
    response: invitationDetails,
    errors: [404],
    handler: (ctx, { params }) => getInvitation(ctx, params.token),
  });

  defineRoute(app, {
    method: 'post',
    path: '/invitations/{token}/accept',
    operationId: 'acceptInvitation',
    action: 'public',
    tag: 'Users',
    summary: 'Accept an invitation: set the password (extension)',
    description:
      'No credential: the link is the credential, and it works once. The password meets the policy of every password. The user then signs in with it.',
    idempotent: true,
    params: invitationParams,
    body: acceptInvitationBody,
    response: acceptedInvitation,
    errors: [404],
    handler: (ctx, { params, body }) => acceptInvitation(ctx, params.token, body),
  });

  defineRoute(app, {
    method: 'get',
    path: '/users',
    operationId: 'listUsers',
    action: 'users.manage',
    tag: 'Users',
    summary: "List the organization's users (extension)",
    query: listUsersQuery,
    response: listUsersResponse,
    handler: (ctx, { query }) => listUsers(ctx, query),
  });

  defineRoute(app, {
    method: 'patch',
    path: '/users/{user_id}',
    operationId: 'updateUser',
    action: 'users.manage',
    tag: 'Users',
    summary: "Change a user's role (extension)",
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
    action: 'users.manage',
    tag: 'Users',
    summary: 'Remove a user (extension)',
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
    action: 'users.manage',
    tag: 'Users',
    summary: 'Sign a user out everywhere: every session of theirs ends at once (extension)',
    params: userParams,
    response: revokedSessionsResponse,
    errors: [404],
    handler: (ctx, { params }) => endUserSessions(ctx, params.user_id),
  });
}
