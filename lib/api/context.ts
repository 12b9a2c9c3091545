import type { Db } from '@/lib/db';
import type { Role } from '@/lib/auth/jwt';
import type { IdempotentWrite } from './idempotency';

export type AccessFlag = 'customers_read' | 'customers_write' | 'transactions_read' | 'transactions_write';

export interface NamespaceInfo {
  id: string;
  orgId: string;
  name: string;
  domain: string;
  environment: 'sandbox' | 'production';
  enabled: boolean;
  isSystem: boolean;
  paymentTtlSeconds: number;
  reviewThreshold: bigint;
}

export type Principal =
  | { kind: 'user'; userId: string; orgId: string | null; role: Role; email: string }
  | { kind: 'apikey'; keyId: string; orgId: string; partnerId: string; access: Record<AccessFlag, boolean> }
  | { kind: 'anonymous' };

/** What every service call receives: who is calling, for which tenant, over which database. */
export interface ServiceContext {
  db: Db;
  principal: Principal;
  /** The caller's organization (null for the operator and anonymous callers). */
  orgId: string | null;
  orgStatus: 'sandbox' | 'verified' | 'rejected' | null;
  /** The namespace selected by x-partner-id (or the API key's), already checked against the caller. */
  namespace: NamespaceInfo | null;
  requestId: string;
  /**
   * Set for an idempotent request on a route whose service stores the answer in its own final
   * statement (`storesAnswer` in lib/api/define-route.ts); such a service writes nothing unless
   * that statement succeeds.
   */
  idempotency?: IdempotentWrite;
}

export function credentialId(p: Principal): string {
  if (p.kind === 'user') return `usr:${p.userId}`;
  if (p.kind === 'apikey') return `key:${p.keyId}`;
  return 'anon';
}

/** Who acted, for audit fields such as a task's `updated_by`. */
export function actorLabel(p: Principal): string {
  if (p.kind === 'user') return p.email;
  if (p.kind === 'apikey') return p.keyId;
  return 'system';
}
