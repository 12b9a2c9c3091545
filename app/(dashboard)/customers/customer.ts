/** A customer as the customers screen shows it (the gateway's answer). */
export interface Customer {
  token: string;
  payment_address: string;
  first_name: string;
  last_name: string;
  nick_name: string;
  status: number;
  partner_id: string;
}

export const CUSTOMER_STATUS: Record<number, string> = { 1: 'Active', 2: 'Suspended', 3: 'Closed' };
