/**
 * The actions of the audit trail (docs/audit.md), `<entity>.<verb>` in the past tense: one list
 * for the services that record them and the dashboard that filters by them.
 */
export const AUDIT_ACTIONS = {
  'organization.signed_up': 'Organization signed up',
  'organization.verified': 'Organization verified',
  'organization.rejected': 'Organization declined',
  'user.signed_in': 'Signed in',
  'user.sign_in_failed': 'Sign-in refused',
  'user.signed_out': 'Signed out',
  'user.password_changed': 'Password changed',
  'user.second_factor_enabled': 'Second factor turned on',
  'user.second_factor_disabled': 'Second factor turned off',
  'session.revoked': 'Session ended',
  'session.revoked_others': 'Other sessions ended',
  'user.sessions_ended': "A user's sessions ended by an admin",
  'user.invited': 'User invited',
  'user.role_changed': 'User role changed',
  'user.removed': 'User removed',
  'api_key.created': 'API key created',
  'api_key.updated': 'API key updated',
  'api_key.enabled': 'API key enabled',
  'api_key.disabled': 'API key disabled',
  'api_key.rotated': 'API key rotated',
  'api_key.deleted': 'API key revoked',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook updated',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'webhook.deleted': 'Webhook deleted',
  'webhook.delivery_replayed': 'Webhook delivery sent again',
  'webhook.recovered': 'Failed webhook deliveries sent again',
  'namespace.created': 'Namespace created',
  'namespace.updated': 'Namespace updated',
  'link.proposed': 'Link proposed',
  'link.accepted': 'Link accepted',
  'link.rejected': 'Link declined',
  'link.suspended': 'Link suspended',
  'link.resumed': 'Link resumed',
  'account.created': 'Account added',
  'account.verified': 'Account verified',
  'account.rejected': 'Account rejected by the operator',
  'account.deleted': 'Account deleted',
  'customer.created': 'Customer created',
  'payment.created': 'Payment created',
  'payment.submitted': 'Payment submitted',
  'task.pending': 'Task reopened',
  'task.on_hold': 'Task put on hold',
  'task.approved': 'Task approved, awaiting a second approver',
  'task.completed': 'Task completed',
  'task.failed': 'Task failed',
  'task.taken_over': 'Task taken over from a colleague',
  'settlement.cutoff_requested': 'Cut-off requested',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
