import { AUDIT_ACTIONS, type AuditAction } from '@/lib/domain/audit';
import { oneOf, text, unixSeconds, urlFilters } from '@/lib/client/url-filters';

/**
 * The audit trail's filters, under the API's own names (they are the URL's too): the action, who
 * (an e-mail or key name fragment), the target's id, the time range (Unix seconds, shown as
 * local date-times) and, for the operator, the organization.
 */
export const AUDIT_FILTERS = urlFilters({
  action: oneOf(Object.keys(AUDIT_ACTIONS) as AuditAction[]),
  actor: text(),
  target: text(),
  occurred_from: unixSeconds(),
  occurred_to: unixSeconds(),
  org_id: text(),
});
