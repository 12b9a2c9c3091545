import type { Db } from '@/lib/db';
import type { AttachedWrite } from '@/lib/db/final-write';
import type { AccessFlag, Role } from '@/lib/domain/permissions';

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
  fourEyesThreshold: bigint | null;
  fourEyesApprovals: number;
  fourEyesKeysApprove: boolean;
}

export type Principal =
  | {
      kind: 'user';
      userId: string;
      orgId: string | null;
      role: Role;
      email: string;
      /** The session of the access token (its `jti`); absent for contexts made in process. */
      sessionId?: string;
    }
  | {
      kind: 'apikey';
      keyId: string;
      /** The key's name, as the audit trail shows who acted. */
      name: string;
      orgId: string;
      partnerId: string;
      access: Record<AccessFlag, boolean>;
    }
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
  /** Where the request came from, for the audit trail (the browser's, for the dashboard's calls). */
  client?: { ip: string | null; userAgent: string | null };
  /**
   * A write the caller asks the service to make in its own final statement (the fast path,
   * lib/db/final-write.ts): an idempotent request's record, attached by the HTTP edge to routes
   * that declare `storesAnswer`. A service given one writes nothing unless that statement succeeds.
   */
  attachedWrite?: AttachedWrite;
}

export function credentialId(p: Principal): string {
  if (p.kind === 'user') return `usr:${p.userId}`;
  if (p.kind === 'apikey') return `key:${p.keyId}`;
  return 'anon';
}

/** The person behind a credential (`usr:<id>`), or null for an API key or no one. */
export function personOf(p: Principal): string | null {
  return p.kind === 'user' ? credentialId(p) : null;
}

/** Who acted, for audit fields such as a task's `updated_by`, as the actor's own organization sees it. */
export function actorLabel(p: Principal): string {
  if (p.kind === 'user') return p.email;
  if (p.kind === 'apikey') return p.keyId;
  return 'system';
}

/**
 * Who acted, as other organizations see it: the namespace's name and the role (`First Bank
 * (support)`, `First Bank (API key)`), never a person's e-mail or a key's id.
 */
export function publicActorLabel(p: Principal, namespace: { name: string }): string {
  if (p.kind === 'user') return `${namespace.name} (${p.role})`;
  if (p.kind === 'apikey') return `${namespace.name} (API key)`;
  return namespace.name;
}
