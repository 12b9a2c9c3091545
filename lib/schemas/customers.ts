import { z } from '@hono/zod-openapi';
import { ADDRESS_PATTERN } from '@/lib/domain/address';
import { CUSTOMER_STATUS_NAMES } from '@/lib/domain/statuses';
import { secondsSchema, pageQuery, pageInfo, plainText } from './common';

export const customerSchema = z
  .object({
    token: z.string(),
    partner_id: z.string(),
    payment_address: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    nick_name: z.string(),
    status: z.number().int().openapi({ description: '1 active, 2 suspended, 3 closed' }),
    status_name: z
      .enum(CUSTOMER_STATUS_NAMES)
      .openapi({ description: "The status's name: `active` (1), `suspended` (2), `closed` (3)" }),
    created_at: secondsSchema,
    updated_at: secondsSchema,
  })
  .openapi('Customer');

export type Customer = z.infer<typeof customerSchema>;

export const createCustomerBody = z.object({
  payment_address: z.string().min(3).max(320).openapi({
    pattern: ADDRESS_PATTERN,
    description: '`local@domain`: the domain routes it to its namespace',
    example: 'alice@sandbox-bank.test',
  }),
  first_name: plainText(z.string().trim().min(1, 'first_name is required').max(100)),
  last_name: plainText(z.string().trim().min(1, 'last_name is required').max(100)),
  nick_name: plainText(z.string().max(100)).optional(),
});

export type CreateCustomerBody = z.output<typeof createCustomerBody>;

export const listCustomersQuery = z.object({
  q: z.string().max(100).optional().openapi({
    description:
      'The customer id, or a fragment of the payment address or of the name (first and last name as one text), any case',
  }),
  ...pageQuery,
});

export type ListCustomersQuery = z.output<typeof listCustomersQuery>;

export const exportCustomersQuery = listCustomersQuery.pick({ q: true, order: true });

export const listCustomersResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  customers: z.array(customerSchema),
});

export const resolveCustomerParams = z.object({ payment_address: z.string().min(3).max(320) });
