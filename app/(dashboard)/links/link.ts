/** A link as the links screen shows it (the gateway's answer). */
export interface Link {
  token: string;
  requester_partner_id: string;
  counterparty_partner_id: string;
  requester_domain: string;
  counterparty_domain: string;
  status: 'proposed' | 'established' | 'rejected' | 'suspended';
}
