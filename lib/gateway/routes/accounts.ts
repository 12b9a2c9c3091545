import type { OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { emptyObject } from '@/lib/schemas/common';
import {
  accountListSchema,
  accountParams,
  accountSchema,
  createAccountSchema,
  listAccountsQuery,
} from '@/lib/schemas/accounts';
import {
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  verifyAccount,
} from '@/lib/services/accounts/accounts';

const common = { tag: 'Accounts', auth: 'jwt' as const, partner: 'required' as const };

export function registerAccountRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/account',
    operationId: 'createAccount',
    summary: 'Add a settlement bank account to the namespace (extension)',
    roles: ['admin'],
    idempotent: true,
    body: createAccountSchema,
    response: accountSchema,
    handler: (ctx, { body }) => createAccount(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/account',
    operationId: 'listAccounts',
    summary: "List the namespace's accounts",
    query: listAccountsQuery,
    response: accountListSchema,
    handler: (ctx, { query }) => listAccounts(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/account/{account_id}',
    operationId: 'getAccount',
    summary: 'Get an account',
    params: accountParams,
    response: accountSchema,
    errors: [404],
    handler: (ctx, { params }) => getAccount(ctx, params.account_id),
  });

  defineRoute(app, {
    ...common,
    method: 'delete',
    path: '/account/{account_id}',
    operationId: 'deleteAccount',
    summary: 'Delete an account (soft delete: status deleted)',
    roles: ['admin'],
    idempotent: true,
    params: accountParams,
    response: emptyObject,
    errors: [404],
    handler: (ctx, { params }) => deleteAccount(ctx, params.account_id),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/account/{account_id}/verify',
    operationId: 'verifyAccount',
    summary: 'Verify an account of a sandbox namespace at once (extension)',
    roles: ['admin'],
    idempotent: true,
    params: accountParams,
    response: accountSchema,
    errors: [403, 404],
    handler: (ctx, { params }) => verifyAccount(ctx, params.account_id),
  });
}
