/** The roles an organization's users can have (the gateway's `role` enum, lib/gateway/routes/users.ts). */
export const ROLES = ['admin', 'support', 'viewer'] as const;
