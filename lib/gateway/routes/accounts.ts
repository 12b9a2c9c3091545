import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { emptyObject, pageQuery, secondsSchema } from '@/lib/api/schemas';
import { createAccount, deleteAccount, getAccount, listAccounts, verifyAccount } from '@/lib/services/accounts/accounts';

const addressSchema = z.object({ address: z.string().max(200), city: z.string().max(100), postal_code: z.string().max(20), state: z.string().max(50) });
const institutionSchema = z.object({ name: z.string(), phone_number: z.string(), routing_number: z.string(), address: addressSchema }).openapi('Institution');

export const accountSchema = z
  .object({
    token: z.string(),
    partner_id: z.string(),
    account_title: z.string(),
    masked_account_number: z.string(),
    routing_number: z.string(),
    status: z.enum(['unverified', 'verified', 'deleted']),
    type: z.enum(['checking', 'savings']),
    created_at: secondsSchema,
    updated_at: secondsSchema,
    institution: institutionSchema,
  })
  .openapi('Account');

const params = z.object({ account_id: z.string().max(64) });
const common = { tag: 'Accounts', auth: 'jwt' as const, partner: 'required' as const };

export function registerAccountRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/account',
    summary: 'Add a settlement bank account to the namespace (extension)',
    roles: ['admin'],
    idempotent: true,
    body: z.object({
      account_title: z.string().trim().min(1, 'account_title is required').max(120),
      account_number: z.string().regex(/^\d{4,17}$/, 'account_number must be 4 to 17 digits'),
      routing_number: z.string().max(20),
      type: z.enum(['checking', 'savings'], { error: 'type must be checking or savings' }),
      institution: z.object({
        name: z.string().trim().min(1).max(120),
        phone_number: z.string().max(40),
        routing_number: z.string().max(20).optional(),
        address: addressSchema,
      }),
    }),
    response: accountSchema,
    handler: (ctx, { body }) => createAccount(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/account',
    summary: "List the namespace's accounts",
    query: z.object({
      account_title: z.string().max(120).optional().openapi({ description: 'Case-insensitive substring of the title' }),
      routing_number: z.string().max(20).optional(),
      status: z.enum(['AS_Verified', 'AS_Unverified', 'AS_Deleted'], { error: 'status must be AS_Verified, AS_Unverified or AS_Deleted' }).optional(),
      ...pageQuery,
    }),
    response: z.object({ count: z.number().int(), accounts: z.array(accountSchema) }),
    handler: (ctx, { query }) => listAccounts(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/account/{account_id}',
    summary: 'Get an account',
    params,
    response: accountSchema,
    errors: [404],
    handler: (ctx, { params }) => getAccount(ctx, params.account_id),
  });

  defineRoute(app, {
    ...common,
    method: 'delete',
    path: '/account/{account_id}',
    summary: 'Delete an account (soft delete: status deleted)',
    roles: ['admin'],
    idempotent: true,
    params,
    response: emptyObject,
    errors: [404],
    handler: (ctx, { params }) => deleteAccount(ctx, params.account_id),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/account/{account_id}/verify',
    summary: 'Verify an account of a sandbox namespace at once (extension)',
    roles: ['admin'],
    idempotent: true,
    params,
    response: accountSchema,
    errors: [403, 404],
    handler: (ctx, { params }) => verifyAccount(ctx, params.account_id),
  });
}
