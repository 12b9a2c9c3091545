import type { Namespace } from '@/lib/schemas/namespaces';
import { resourceQueries } from './resource';

/** The organization's namespaces (`/partner` on the wire). */
export const namespaceQueries = resourceQueries<Namespace, 'partners'>('namespaces', '/partner');
