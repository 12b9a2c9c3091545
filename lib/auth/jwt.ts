import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomUUID } from 'node:crypto';
import { config } from '@/lib/config';

export type Role = 'admin' | 'support' | 'viewer' | 'operator';

export interface AccessClaims {
  sub: string;
  org_id: string | null;
  role: Role;
  jti: string;
  exp: number;
}

export const JWT_TTL_SECONDS = 7 * 24 * 3600;
const key = () => new TextEncoder().encode(config.authSecret);

export async function signAccessToken(input: { userId: string; orgId: string | null; role: Role }): Promise<string> {
  return new SignJWT({ org_id: input.orgId, role: input.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(input.userId)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${JWT_TTL_SECONDS}s`)
    .sign(key());
}

/** Returns the claims, or null for a malformed, tampered or expired token. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.jti !== 'string') return null;
    return payload as unknown as AccessClaims;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}
