import type { Account } from '@/lib/schemas/accounts';
import { resourceQueries } from './resource';

/** Settlement accounts of the selected namespace: the list, one account. */
export const accountQueries = resourceQueries<Account, 'accounts'>('accounts', '/account');
