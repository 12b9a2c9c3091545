import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import {
  createCustomer,
  exportCustomers,
  listCustomers,
  resolveCustomer,
} from '@/lib/services/customers/customers';
import {
  customerSchema,
  createCustomerBody,
  exportCustomersQuery,
  listCustomersQuery,
  listCustomersResponse,
  resolveCustomerParams,
} from '@/lib/schemas/customers';

const common = { tag: 'Customers', partner: 'required' as const };

export function registerCustomerRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/customer',
    operationId: 'createCustomer',
    action: 'customers.create',
    summary: 'Create a customer in the namespace (extension)',
    idempotent: true,
    storesAnswer: true,
    body: createCustomerBody,
    response: customerSchema,
    errors: [409],
    handler: (ctx, { body }) => createCustomer(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/customer',
    operationId: 'listCustomers',
    action: 'customers.read',
    summary: "List the namespace's customers (extension)",
    query: listCustomersQuery,
    response: listCustomersResponse,
    handler: (ctx, { query }) => listCustomers(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/customer/export',
    operationId: 'exportCustomers',
    action: 'customers.read',
    summary: "The namespace's customers as CSV (extension)",
    description:
      'The filter of GET /customer (`q`), every row newest first (at most 1,000,000; past that the file ends with a line saying so); times in UTC ISO 8601.',
    query: exportCustomersQuery,
    response: z.string(),
    stream: { type: 'text/csv', filename: 'customers.csv' },
    handler: (ctx, { query }) => exportCustomers(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/customer/{payment_address}/resolve',
    operationId: 'resolveCustomer',
    action: 'customers.read',
    summary: 'Resolve a payment address to its customer',
    description: "Finds customers of the caller's namespace and of namespaces linked to it.",
    org: 'required',
    params: resolveCustomerParams,
    response: customerSchema,
    errors: [404],
    handler: (ctx, { params }) => resolveCustomer(ctx, params.payment_address),
  });
}
