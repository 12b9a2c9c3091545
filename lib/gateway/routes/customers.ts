import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { pageQuery, secondsSchema } from '@/lib/api/schemas';
import { createCustomer, listCustomers, resolveCustomer } from '@/lib/services/customers/customers';

export const customerSchema = z
  .object({
    token: z.string(),
    partner_id: z.string(),
    payment_address: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    nick_name: z.string(),
    status: z.number().int().openapi({ description: '1 active, 2 suspended, 3 closed' }),
    created_at: secondsSchema,
    updated_at: secondsSchema,
  })
  .openapi('Customer');

const common = { tag: 'Customers', auth: 'either' as const, partner: 'required' as const };

export function registerCustomerRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/customer',
    summary: 'Create a customer in the namespace (extension)',
    roles: ['admin'],
    access: 'customers_write',
    idempotent: true,
    storesAnswer: true,
    body: z.object({
      payment_address: z.string().min(3).max(320),
      first_name: z.string().trim().min(1, 'first_name is required').max(100),
      last_name: z.string().trim().min(1, 'last_name is required').max(100),
      nick_name: z.string().max(100).optional(),
    }),
    response: customerSchema,
    errors: [409],
    handler: (ctx, { body }) => createCustomer(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/customer',
    summary: "List the namespace's customers (extension)",
    access: 'customers_read',
    query: z.object({ q: z.string().max(100).optional().openapi({ description: 'Substring of the address or name' }), ...pageQuery }),
    response: z.object({ count: z.number().int(), customers: z.array(customerSchema) }),
    handler: (ctx, { query }) => listCustomers(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/customer/{payment_address}/resolve',
    summary: 'Resolve a payment address to its customer',
    description: "Finds customers of the caller's namespace and of namespaces linked to it.",
    org: 'required',
    access: 'customers_read',
    params: z.object({ payment_address: z.string().min(3).max(320) }),
    response: customerSchema,
    errors: [404],
    handler: (ctx, { params }) => resolveCustomer(ctx, params.payment_address),
  });
}
