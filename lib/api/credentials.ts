import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { preparedQuery } from '@/lib/db/prepared';
import { verifyAccessToken, type Role } from '@/lib/auth/jwt';
import { sha256Hex } from '@/lib/auth/secrets';
import { KeyRefusedError, UnauthorizedError, ValidationError } from '@/lib/errors';
import type { NamespaceInfo, Principal } from '@/lib/services/context';
import { credentialCache } from '@/lib/auth/credential-cache';
import { logger } from '@/lib/log/logger';
import { secondFactorOn } from '@/lib/services/sessions/me';

export type AuthMode = 'jwt' | 'apikey' | 'either' | 'none';
export type HeaderRule = 'required' | 'optional' | 'none';

export interface ResolvedCredential {
  principal: Principal;
  orgId: string | null;
  orgStatus: 'sandbox' | 'verified' | 'rejected' | null;
  namespace: NamespaceInfo | null;
  /** A user whose organization requires a second factor and who has none yet. */
  mustSetUpSecondFactor?: boolean;
}

const { apiKeys, namespaces, organizations, users, userSessions } = schema;

const namespaceColumns = {
  id: namespaces.id,
  orgId: namespaces.orgId,
  name: namespaces.name,
  domain: namespaces.domain,
  environment: namespaces.environment,
  enabled: namespaces.enabled,
  isSystem: namespaces.isSystem,
  paymentTtlSeconds: namespaces.paymentTtlSeconds,
  reviewThreshold: namespaces.reviewThreshold,
  fourEyesThreshold: namespaces.fourEyesThreshold,
  fourEyesApprovals: namespaces.fourEyesApprovals,
  fourEyesKeysApprove: namespaces.fourEyesKeysApprove,
};

// The two lookups an authenticated request makes when its credential is not cached
// (lib/api/credential-cache.ts), each prepared once (lib/db/prepared.ts).

/**
 * The API key by its secret's hash — its current secret, or the one its last rotation replaced —
 * with its namespace and organization. A revoked key is found too: its refusal is recorded in its
 * namespace's request log.
 */
const apiKeyBySecretHash = preparedQuery('csp_credential_api_key_v2', (db) =>
  db
    .select({ key: apiKeys, ns: namespaceColumns, orgStatus: organizations.status })
    .from(apiKeys)
    .innerJoin(namespaces, eq(namespaces.id, apiKeys.partnerId))
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(
      or(
        eq(apiKeys.secretHash, sql.placeholder('secretHash')),
        eq(apiKeys.previousSecretHash, sql.placeholder('secretHash')),
      ),
    )
    .limit(1),
);

/** The token's user (still existing, same role), its organization and the named namespace. */
const jwtUserWithNamespace = preparedQuery('csp_credential_jwt_user', (db) =>
  db
    .select({
      userId: users.id,
      orgId: users.orgId,
      role: users.role,
      email: users.email,
      disabled: users.disabled,
      orgStatus: organizations.status,
      secondFactorOn: secondFactorOn,
      orgRequiresSecondFactor: organizations.requireSecondFactor,
      ns: namespaceColumns,
      session: { id: userSessions.id, revokedAt: userSessions.revokedAt, expiresAt: userSessions.expiresAt },
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .leftJoin(
      namespaces,
      and(eq(namespaces.id, sql.placeholder('partnerId')), eq(namespaces.orgId, users.orgId)),
    )
    // The token's session: it must stand (not revoked, not expired) for the token to be accepted.
    .leftJoin(
      userSessions,
      and(eq(userSessions.id, sql.placeholder('jti')), eq(userSessions.userId, users.id)),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1),
);

type ApiKeyRow = Awaited<ReturnType<ReturnType<typeof apiKeyBySecretHash>['execute']>>[number];
type UserRow = Awaited<ReturnType<ReturnType<typeof jwtUserWithNamespace>['execute']>>[number];

interface Headers {
  authorization?: string;
  apiKey?: string;
  orgId?: string;
  partnerId?: string;
}

/**
 * Resolves the credential and the tenant headers of DESIGN §3 in one query per request:
 * missing/invalid credential → 401; required header missing → 400; header naming another
 * tenant → 401.
 */
export async function resolveCredential(
  db: Db,
  h: Headers,
  mode: AuthMode,
  rules: { partner: HeaderRule; org: HeaderRule },
): Promise<ResolvedCredential> {
  if (mode === 'none') {
    return { principal: { kind: 'anonymous' }, orgId: null, orgStatus: null, namespace: null };
  }
  const bearer = parseBearer(h.authorization);
  const useKey = h.apiKey !== undefined && (mode === 'apikey' || (mode === 'either' && !bearer));
  const useJwt = bearer !== undefined && (mode === 'jwt' || (mode === 'either' && !useKey));

  if (useKey) return resolveApiKey(db, h, rules);
  if (useJwt) return resolveJwt(db, bearer!, h, rules);
  // The refusal names the credential this operation takes, and says so of one it does not take.
  const KEY = 'X-SERVICE-API-KEY: <an API key secret>';
  const TOKEN = "Authorization: Bearer <a user's access_token, from POST /organization/signin>";
  if (mode === 'apikey')
    throw new UnauthorizedError(
      bearer
        ? `This operation takes an API key, not a user's access token: send ${KEY}`
        : `Authentication required: send ${KEY}`,
    );
  if (mode === 'jwt' && h.apiKey !== undefined)
    throw new UnauthorizedError(
      `This operation takes a user's access token, not an API key (API keys may not manage organizations, users, keys, webhooks, accounts or namespaces): send ${TOKEN}`,
    );
  if (mode === 'jwt') throw new UnauthorizedError(`Authentication required: send ${TOKEN}`);
  throw new UnauthorizedError(`Authentication required: send ${KEY}, or ${TOKEN}`);
}

function parseBearer(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return m ? m[1] : '';
}

function requireHeaders(h: Headers, rules: { partner: HeaderRule; org: HeaderRule }) {
  if (rules.partner === 'required' && !h.partnerId)
    throw new ValidationError('Missing required header x-partner-id', null);
  if (rules.org === 'required' && !h.orgId)
    throw new ValidationError('Missing required header x-org-id', null);
}

async function resolveApiKey(
  db: Db,
  h: Headers,
  rules: { partner: HeaderRule; org: HeaderRule },
): Promise<ResolvedCredential> {
  const secret = h.apiKey!.trim();
  let row: ApiKeyRow | undefined;
  let secretHash = '';
  if (secret) {
    secretHash = sha256Hex(secret);
    const cache = credentialCache(db);
    const cacheKey = `key\n${secretHash}`;
    row = await cache.get<ApiKeyRow>(cacheKey);
    if (!row) {
      const mark = cache.mark();
      [row] = await apiKeyBySecretHash(db).execute({ secretHash });
      if (row?.key.enabled && !row.key.deletedAt) cache.set(cacheKey, row, mark);
    }
  }
  if (!row) throw new UnauthorizedError('Invalid, disabled or revoked API key');
  // A known key from here on: a refusal names it, and is recorded in its namespace's log.
  const known = row.key;
  const sandbox = row.ns.environment === 'sandbox';
  const refuse = (message: string) =>
    new KeyRefusedError(message, {
      id: known.id,
      name: known.name,
      orgId: known.orgId,
      partnerId: known.partnerId,
      sandbox,
    });
  if (known.deletedAt) throw refuse('This API key was revoked: create another in the dashboard');
  if (!known.enabled) throw refuse('This API key is disabled: an admin may enable it again in the dashboard');
  const now = Date.now();
  if (known.secretHash !== secretHash) {
    // The secret a rotation replaced: accepted until the end of the overlap the admin chose.
    const until = known.previousSecretExpiresAt ? new Date(known.previousSecretExpiresAt) : null;
    if (!until || until.getTime() <= now)
      throw refuse(
        `This secret was replaced by a rotation and stopped working at ${(until ?? new Date(known.updatedAt)).toISOString()}: use the key's new secret`,
      );
  }
  const expires = known.expiresAt ? new Date(known.expiresAt) : null;
  if (expires && expires.getTime() <= now)
    throw refuse(
      `This API key expired at ${expires.toISOString()}: rotate it or create another in the dashboard`,
    );
  touchOncePerMinute(`key\n${row.key.id}`, (at) =>
    db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, row.key.id)),
  );
  requireHeaders(h, rules);
  // With an API key, the tenant headers must name the key's own organization and namespace.
  if (h.orgId && h.orgId !== row.key.orgId)
    throw new UnauthorizedError('x-org-id does not match the API key');
  if (h.partnerId && h.partnerId !== row.key.partnerId)
    throw new UnauthorizedError('x-partner-id does not match the API key');
  const k = row.key;
  return {
    principal: {
      kind: 'apikey',
      keyId: k.id,
      name: k.name,
      orgId: k.orgId,
      partnerId: k.partnerId,
      access: {
        customers_read: k.customersRead,
        customers_write: k.customersWrite,
        transactions_read: k.transactionsRead,
        transactions_write: k.transactionsWrite,
      },
    },
    orgId: k.orgId,
    orgStatus: row.orgStatus,
    namespace: row.ns,
  };
}

async function resolveJwt(
  db: Db,
  token: string,
  h: Headers,
  rules: { partner: HeaderRule; org: HeaderRule },
): Promise<ResolvedCredential> {
  const claims = token ? await verifyAccessToken(token) : null;
  if (!claims) throw new UnauthorizedError('Invalid or expired access token');
  const partnerId = h.partnerId ?? null;
  const cache = credentialCache(db);
  const cacheKey = `usr\n${claims.sub}\n${claims.jti}\n${partnerId ?? ''}`;
  let row = await cache.get<UserRow>(cacheKey);
  const cached = row !== undefined;
  const mark = cache.mark();
  if (!row)
    [row] = await jwtUserWithNamespace(db).execute({ userId: claims.sub, partnerId, jti: claims.jti });
  if (!row || row.disabled || row.role !== claims.role || row.orgId !== claims.org_id) {
    throw new UnauthorizedError('Invalid or expired access token');
  }
  if (!row.session?.id || row.session.revokedAt || new Date(row.session.expiresAt).getTime() <= Date.now())
    throw new UnauthorizedError('This session has ended; sign in again');
  touchOncePerMinute(`ses\n${claims.jti}`, (at) =>
    db.update(userSessions).set({ lastUsedAt: at }).where(eq(userSessions.id, claims.jti)),
  );
  requireHeaders(h, rules);
  if (h.orgId && h.orgId !== row.orgId)
    throw new UnauthorizedError('x-org-id does not match the access token');
  // A sent x-partner-id must name a namespace of the token's organization, whatever the route.
  let namespace: NamespaceInfo | null = null;
  if (partnerId) {
    if (!row.ns || !row.ns.id)
      throw new UnauthorizedError('x-partner-id is not a namespace of this organization');
    namespace = row.ns as NamespaceInfo;
  }
  if (!cached) cache.set(cacheKey, row, mark);
  return {
    principal: {
      kind: 'user',
      userId: row.userId,
      orgId: row.orgId,
      role: row.role as Role,
      email: row.email,
      sessionId: claims.jti,
    },
    orgId: row.orgId,
    orgStatus: row.orgStatus ?? null,
    namespace,
    mustSetUpSecondFactor: row.orgRequiresSecondFactor === true && !row.secondFactorOn,
  };
}

/** When this instance last moved each credential's `last_used_at` (at most once a minute each). */
const touched = new Map<string, number>();
const TOUCH_EVERY_MS = 60_000;

/**
 * Moves a key's or a session's `last_used_at` (the keys screen's "last used", the Sessions
 * panel's "last active") without a write per request: at most once a minute per credential and
 * instance, after the answer (not awaited; a failure only leaves the time older).
 */
function touchOncePerMinute(id: string, write: (at: Date) => PromiseLike<unknown>): void {
  const now = Date.now();
  const last = touched.get(id);
  if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
  touched.delete(id);
  if (touched.size >= 10_000) touched.delete(touched.keys().next().value!);
  touched.set(id, now);
  Promise.resolve(write(new Date(now))).catch((err: unknown) =>
    logger.warn({ err }, 'could not record a credential as used'),
  );
}
