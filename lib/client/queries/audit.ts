import type { AuditEvent, ListAuditEventsResponse } from '@/lib/schemas/audit';
import { resourceQueries } from './resource';

export type { AuditEvent };

/**
 * The audit trail (`GET /audit-events`): its filters, order, cursor and limit in one object; the
 * last page stays on screen while the next loads.
 */
export const auditQueries = resourceQueries<AuditEvent, 'audit_events', ListAuditEventsResponse>(
  'audit',
  '/audit-events',
  () => ({ keepPrevious: true }),
);
