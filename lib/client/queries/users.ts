import type { User } from '@/lib/schemas/users';
import { resourceQueries } from './resource';

/** The organization's people. */
export const userQueries = resourceQueries<User, 'users'>('users', '/users');
