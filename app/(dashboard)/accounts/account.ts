/** A settlement bank account as the gateway answers it (`GET /account/{id}`): the wire type, declared once in lib/schemas (type only: no bundle cost). */
import type { Account } from '@/lib/schemas/accounts';
export type { Account };

export const STATUS_BADGE: Record<Account['status'], string> = {
  verified: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  unverified: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  deleted: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};
