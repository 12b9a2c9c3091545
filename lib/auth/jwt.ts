import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomUUID } from 'node:crypto';
import { config } from '@/lib/config';
import type { Role } from '@/lib/domain/permissions';

// Roles, and what each may do, are the table of actions' (lib/domain/permissions.ts).
export type { Role };

export interface AccessClaims {
  sub: string;
  org_id: string | null;
  role: Role;
  jti: string;
  exp: number;
}

export const JWT_TTL_SECONDS = 7 * 24 * 3600;
const key = new TextEncoder().encode(config.authSecret);

/**
 * Tokens whose signature has been verified → their claims. HMAC verification through WebCrypto
 * costs far more than the rest of a request; a token's signature and claims never change, so
 * only `exp` is checked again on a hit. Whether the user may still act is not cached: the user
 * row is read on every request (lib/api/credentials.ts). Bounded; least recently used evicted.
 */
const verified = new Map<string, AccessClaims>();
const MAX_VERIFIED = 10_000;

export async function signAccessToken(input: {
  userId: string;
  orgId: string | null;
  role: Role;
  /** The session the token belongs to (lib/services/sessions): its id is the token's `jti`. */
  jti?: string;
}): Promise<string> {
  return new SignJWT({ org_id: input.orgId, role: input.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(input.userId)
    .setJti(input.jti ?? randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${JWT_TTL_SECONDS}s`)
    .sign(key);
}

/** Returns the claims, or null for a malformed, tampered, expired or never-expiring token. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  const known = verified.get(token);
  if (known) {
    verified.delete(token);
    // jose's rule: expired once `exp` ≤ the current second.
    if (known.exp > Math.floor(Date.now() / 1000)) {
      verified.set(token, known);
      return known;
    }
  }
  try {
    // Every token this gateway signs has exp, iat and jti: one without them was not made here, and
    // would never expire. maxTokenAge refuses a token issued in the future or longer ago than any
    // token of ours lives.
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
      maxTokenAge: JWT_TTL_SECONDS,
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.role !== 'string' ||
      typeof payload.jti !== 'string'
    )
      return null;
    const claims = payload as unknown as AccessClaims;
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}
