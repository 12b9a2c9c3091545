/** A settlement bank account as the gateway answers it (`GET /account/{id}`). */
export interface Account {
  token: string;
  partner_id: string;
  account_title: string;
  masked_account_number: string;
  routing_number: string;
  status: 'unverified' | 'verified' | 'deleted';
  /** The network operator's review of a production account, with its note; null until reviewed. */
  review?: { decision: 'verified' | 'rejected'; note: string | null; at: { seconds: number } } | null;
  type: 'checking' | 'savings';
  created_at: { seconds: number };
  updated_at: { seconds: number };
  institution: {
    name: string;
    phone_number: string;
    routing_number: string;
    address: { address: string; city: string; postal_code: string; state: string };
  };
}

export const STATUS_BADGE: Record<Account['status'], string> = {
  verified: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  unverified: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  deleted: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};
