/** A customer as the gateway answers it: the wire type, declared once in lib/schemas (type only: no bundle cost). */
import type { Customer } from '@/lib/schemas/customers';
export type { Customer };

export const CUSTOMER_STATUS: Record<number, string> = { 1: 'Active', 2: 'Suspended', 3: 'Closed' };
