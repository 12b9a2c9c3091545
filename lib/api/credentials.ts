import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { preparedQuery } from '@/lib/db/prepared';
import { verifyAccessToken, type Role } from '@/lib/auth/jwt';
import { sha256Hex } from '@/lib/auth/secrets';
import { UnauthorizedError, ValidationError } from '@/lib/errors';
import type { NamespaceInfo, Principal } from './context';
import { releaseIdempotencyKey } from './idempotency';

export type AuthMode = 'jwt' | 'apikey' | 'either' | 'none';
export type HeaderRule = 'required' | 'optional' | 'none';

export interface ResolvedCredential {
  principal: Principal;
  orgId: string | null;
  orgStatus: 'sandbox' | 'verified' | 'rejected' | null;
  namespace: NamespaceInfo | null;
  /** The idempotency key claimed in the credential's own statement (see `EarlyClaim`), if it was. */
  claimedKeyHash?: string;
}

/**
 * An idempotency claim made in the same statement as the credential lookup, saving a round trip
 * on every idempotent write. The key's hash is that of `claimIdempotencyKey`: sha256 of the
 * credential's id + suffix, suffix = `\n<METHOD>\n<path>\n<key>`; for an API key it is computed in
 * SQL (the id is the looked-up key's), for a user from the token's subject.
 */
export interface EarlyClaim {
  suffix: string;
  fingerprint: string;
  /**
   * Not claimed for a credential (`key:<id>`, `usr:<id>`) this predicate names — one the rate
   * limiter will refuse — so that refused requests write nothing.
   */
  unless?: (credential: string) => boolean;
}

/**
 * API-key ids by secret hash, learned from lookups: only to ask the rate limiter about a key before
 * its lookup (authentication itself always reads the key). Bounded; forgotten when full.
 */
const keyIdBySecretHash = new Map<string, string>();
const KEY_ID_MEMO_MAX = 10_000;

const { apiKeys, idempotencyKeys, namespaces, organizations, users } = schema;

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
};

// The two lookups every authenticated request makes, each prepared once (lib/db/prepared.ts) in
// two forms: as is, and claiming an idempotency key in the same statement (`EarlyClaim`). The claim
// inserts the in-flight record only for a usable credential and leaves an existing record alone
// (ON CONFLICT DO NOTHING, `claimed` null): the caller then takes the ordinary path, which replays
// it or answers 409/422.

/** The API key by its secret's hash, with its namespace and organization. */
function apiKeyLookup(db: Db, claiming: boolean) {
  const claim = db.$with('claim', { keyHash: sql<string>`key_hash` }).as(
    // The record's hash: the scope starts with the key's id, known here.
    sql`insert into ${idempotencyKeys} (key_hash, fingerprint, state)
      select encode(sha256(convert_to('key:' || ${apiKeys.id} || ${sql.placeholder('suffix')}::text, 'UTF8')), 'hex'),
        ${sql.placeholder('fingerprint')}::text, 'in_flight'
      from ${apiKeys}
      where ${apiKeys.secretHash} = ${sql.placeholder('secretHash')} and ${apiKeys.deletedAt} is null and ${apiKeys.enabled}
      on conflict do nothing
      returning key_hash`,
  );
  return (claiming ? db.with(claim) : db)
    .select({ key: apiKeys, ns: namespaceColumns, orgStatus: organizations.status, claimed: claimedColumn(claiming) })
    .from(apiKeys)
    .innerJoin(namespaces, eq(namespaces.id, apiKeys.partnerId))
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(and(eq(apiKeys.secretHash, sql.placeholder('secretHash')), isNull(apiKeys.deletedAt)))
    .limit(1);
}

/** The token's user (still existing, same role), its organization and the named namespace. */
function userLookup(db: Db, claiming: boolean) {
  const claim = db.$with('claim', { keyHash: sql<string>`key_hash` }).as(
    sql`insert into ${idempotencyKeys} (key_hash, fingerprint, state)
      select ${sql.placeholder('keyHash')}::text, ${sql.placeholder('fingerprint')}::text, 'in_flight'
      from ${users}
      where ${users.id} = ${sql.placeholder('userId')} and not ${users.disabled}
      on conflict do nothing
      returning key_hash`,
  );
  return (claiming ? db.with(claim) : db)
    .select({
      userId: users.id,
      orgId: users.orgId,
      role: users.role,
      email: users.email,
      disabled: users.disabled,
      orgStatus: organizations.status,
      ns: namespaceColumns,
      claimed: claimedColumn(claiming),
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .leftJoin(namespaces, and(eq(namespaces.id, sql.placeholder('partnerId')), eq(namespaces.orgId, users.orgId)))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1);
}

const claimedColumn = (claiming: boolean) => (claiming ? sql<string | null>`(select key_hash from claim)` : sql<string | null>`null`);

const apiKeyBySecretHash = preparedQuery('csp_credential_api_key', (db) => apiKeyLookup(db, false));
const apiKeyBySecretHashClaiming = preparedQuery('csp_credential_api_key_claim', (db) => apiKeyLookup(db, true));
const jwtUserWithNamespace = preparedQuery('csp_credential_jwt_user', (db) => userLookup(db, false));
const jwtUserWithNamespaceClaiming = preparedQuery('csp_credential_jwt_user_claim', (db) => userLookup(db, true));

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
  earlyClaim?: EarlyClaim,
): Promise<ResolvedCredential> {
  if (mode === 'none') {
    return { principal: { kind: 'anonymous' }, orgId: null, orgStatus: null, namespace: null };
  }
  const bearer = parseBearer(h.authorization);
  const useKey = h.apiKey !== undefined && (mode === 'apikey' || (mode === 'either' && !bearer));
  const useJwt = bearer !== undefined && (mode === 'jwt' || (mode === 'either' && !useKey));

  if (useKey) return resolveApiKey(db, h, rules, earlyClaim);
  if (useJwt) return resolveJwt(db, bearer!, h, rules, earlyClaim);
  if (mode === 'apikey') throw new UnauthorizedError('Authentication required: send X-SERVICE-API-KEY');
  throw new UnauthorizedError('Authentication required: send Authorization: Bearer <access_token>');
}

function parseBearer(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return m ? m[1] : '';
}

function requireHeaders(h: Headers, rules: { partner: HeaderRule; org: HeaderRule }) {
  if (rules.partner === 'required' && !h.partnerId) throw new ValidationError('Missing required header x-partner-id');
  if (rules.org === 'required' && !h.orgId) throw new ValidationError('Missing required header x-org-id');
}

async function resolveApiKey(
  db: Db,
  h: Headers,
  rules: { partner: HeaderRule; org: HeaderRule },
  earlyClaim: EarlyClaim | undefined,
): Promise<ResolvedCredential> {
  const secret = h.apiKey!.trim();
  let row: Awaited<ReturnType<ReturnType<typeof apiKeyBySecretHash>['execute']>>[number] | undefined;
  const secretHash = secret ? sha256Hex(secret) : '';
  const knownId = keyIdBySecretHash.get(secretHash);
  if (!secret) row = undefined;
  else if (earlyClaim && !(knownId && earlyClaim.unless?.(`key:${knownId}`))) {
    [row] = await apiKeyBySecretHashClaiming(db).execute({ secretHash, suffix: earlyClaim.suffix, fingerprint: earlyClaim.fingerprint });
  } else [row] = await apiKeyBySecretHash(db).execute({ secretHash });
  if (row && knownId !== row.key.id) {
    if (keyIdBySecretHash.size >= KEY_ID_MEMO_MAX) keyIdBySecretHash.clear();
    keyIdBySecretHash.set(secretHash, row.key.id);
  }
  if (!row || !row.key.enabled) throw new UnauthorizedError('Invalid, disabled or revoked API key');
  try {
    requireHeaders(h, rules);
    // With an API key, the tenant headers must name the key's own organization and namespace.
    if (h.orgId && h.orgId !== row.key.orgId) throw new UnauthorizedError('x-org-id does not match the API key');
    if (h.partnerId && h.partnerId !== row.key.partnerId) throw new UnauthorizedError('x-partner-id does not match the API key');
  } catch (err) {
    // Refused before it began: the request had no result, so its idempotency key is free again.
    if (row.claimed) await releaseIdempotencyKey(db, row.claimed);
    throw err;
  }
  const k = row.key;
  return {
    principal: {
      kind: 'apikey',
      keyId: k.id,
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
    claimedKeyHash: row.claimed ?? undefined,
  };
}

async function resolveJwt(
  db: Db,
  token: string,
  h: Headers,
  rules: { partner: HeaderRule; org: HeaderRule },
  earlyClaim: EarlyClaim | undefined,
): Promise<ResolvedCredential> {
  const claims = token ? await verifyAccessToken(token) : null;
  if (!claims) throw new UnauthorizedError('Invalid or expired access token');
  const partnerId = h.partnerId ?? null;
  let row: Awaited<ReturnType<ReturnType<typeof jwtUserWithNamespace>['execute']>>[number] | undefined;
  if (earlyClaim && !earlyClaim.unless?.(`usr:${claims.sub}`)) {
    const keyHash = createHash('sha256').update(`usr:${claims.sub}${earlyClaim.suffix}`).digest('hex');
    [row] = await jwtUserWithNamespaceClaiming(db).execute({ userId: claims.sub, partnerId, keyHash, fingerprint: earlyClaim.fingerprint });
  } else {
    [row] = await jwtUserWithNamespace(db).execute({ userId: claims.sub, partnerId });
  }
  let namespace: NamespaceInfo | null = null;
  try {
    if (!row || row.disabled || row.role !== claims.role || row.orgId !== claims.org_id) {
      throw new UnauthorizedError('Invalid or expired access token');
    }
    requireHeaders(h, rules);
    if (h.orgId && h.orgId !== row.orgId) throw new UnauthorizedError('x-org-id does not match the access token');
    // A sent x-partner-id must name a namespace of the token's organization, whatever the route.
    if (partnerId) {
      if (!row.ns || !row.ns.id) throw new UnauthorizedError('x-partner-id is not a namespace of this organization');
      namespace = row.ns as NamespaceInfo;
    }
  } catch (err) {
    // Refused before it began: the request had no result, so its idempotency key is free again.
    if (row?.claimed) await releaseIdempotencyKey(db, row.claimed);
    throw err;
  }
  return {
    principal: { kind: 'user', userId: row.userId, orgId: row.orgId, role: row.role as Role, email: row.email },
    orgId: row.orgId,
    orgStatus: row.orgStatus ?? null,
    namespace,
    claimedKeyHash: row.claimed ?? undefined,
  };
}
