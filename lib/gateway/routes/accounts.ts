import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { listAccountsForReview, reviewAccount } from '@/lib/services/accounts/review';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { emptyObject } from '@/lib/schemas/common';
import {
  accountListSchema,
  accountParams,
  accountReviewBody,
  accountSchema,
  accountsForReviewResponse,
  createAccountSchema,
  exportAccountsQuery,
  listAccountsForReviewQuery,
  listAccountsQuery,
} from '@/lib/schemas/accounts';
import {
  createAccount,
  deleteAccount,
  exportAccounts,
  getAccount,
  listAccounts,
  verifyAccount,
} from '@/lib/services/accounts/accounts';

const common = { tag: 'Accounts', partner: 'required' as const };

export function registerAccountRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/account',
    operationId: 'createAccount',
    action: 'accounts.manage',
    summary: 'Add a settlement bank account to the namespace (extension)',
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
    action: 'accounts.read',
    summary: "List the namespace's accounts",
    query: listAccountsQuery,
    response: accountListSchema,
    handler: (ctx, { query }) => listAccounts(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/account/export',
    operationId: 'exportAccounts',
    action: 'accounts.read',
    summary: "The namespace's accounts as CSV (extension)",
    description:
      'The filters of GET /account, every row newest first (at most 1,000,000; past that the file ends with a line saying so); the account number masked as in the list; times in UTC ISO 8601.',
    query: exportAccountsQuery,
    response: z.string(),
    stream: { type: 'text/csv', filename: 'accounts.csv' },
    handler: (ctx, { query }) => exportAccounts(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/account/{account_id}',
    operationId: 'getAccount',
    action: 'accounts.read',
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
    action: 'accounts.manage',
    summary: 'Delete an account (soft delete: status deleted)',
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
    action: 'accounts.manage',
    summary: 'Verify an account of a sandbox namespace at once (extension)',
    idempotent: true,
    params: accountParams,
    response: accountSchema,
    errors: [403, 404],
    handler: (ctx, { params }) => verifyAccount(ctx, params.account_id),
  });

  defineRoute(app, {
    tag: 'Operator',
    method: 'get',
    path: '/operator/accounts',
    operationId: 'listAccountsForReview',
    action: 'accounts.review',
    summary: 'Production accounts awaiting verification, oldest first (operator, extension)',
    query: listAccountsForReviewQuery,
    response: accountsForReviewResponse,
    handler: (ctx, { query }) => listAccountsForReview(ctx, query),
  });

  for (const [verb, decision] of [
    ['verify', 'verified'],
    ['reject', 'rejected'],
  ] as const) {
    defineRoute(app, {
      tag: 'Operator',
      method: 'post',
      path: `/operator/accounts/{account_id}/${verb}`,
      operationId: verb === 'verify' ? 'verifyAccountAsOperator' : 'rejectAccount',
      action: 'accounts.review',
      summary: `${verb === 'verify' ? 'Verify' : 'Reject'} a production account, with a note (operator, extension)`,
      description:
        'The note is required and kept on the account (`review`) and in its organization’s audit trail. A rejected account stays unverified and leaves the queue. Deciding the same way again answers the account unchanged; the other way is 409, as is a sandbox account (its namespace verifies it).',
      idempotent: true,
      params: accountParams,
      body: accountReviewBody,
      response: accountSchema,
      errors: [404, 409],
      handler: (ctx, { params, body }) => reviewAccount(ctx, params.account_id, decision, body.note),
    });
  }
}
