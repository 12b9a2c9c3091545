import type { schema } from '@/lib/db';
import { toSeconds } from '@/lib/schemas/common';

type NamespaceRow = typeof schema.namespaces.$inferSelect;

export function serializeNamespace(n: NamespaceRow) {
  return {
    token: n.id,
    org_id: n.orgId,
    name: n.name,
    domain: n.domain,
    environment: n.environment,
    enabled: n.enabled,
    payment_ttl_seconds: n.paymentTtlSeconds,
    review_threshold: n.reviewThreshold.toString(),
    four_eyes_threshold: n.fourEyesThreshold?.toString() ?? null,
    four_eyes_approvals: n.fourEyesApprovals,
    four_eyes_api_keys_approve: n.fourEyesKeysApprove,
    on_cap: n.onCap,
    return_window_days: n.returnWindowDays,
    created_at: toSeconds(n.createdAt),
    updated_at: toSeconds(n.updatedAt),
  };
}
