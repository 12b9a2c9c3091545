import type { Customer } from '@/lib/schemas/customers';
import { resourceQueries } from './resource';

/** Customers of the selected namespace. */
export const customerQueries = resourceQueries<Customer, 'customers'>('customers', '/customer');
