import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { JWT_TTL_SECONDS, signAccessToken, verifyAccessToken } from './jwt';

const key = new TextEncoder().encode(config.authSecret);
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the gateway's own secret, with the claims asked for. */
function token(claims: { exp?: number; iat?: number; jti?: string }) {
  const jwt = new SignJWT({ org_id: 'org_x', role: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('usr_x');
  if (claims.jti !== undefined) jwt.setJti(claims.jti);
  if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(key);
}

describe('verifyAccessToken', () => {
  it("accepts the gateway's own tokens, which carry exp, iat and jti", async () => {
    const claims = await verifyAccessToken(
      await signAccessToken({ userId: 'usr_x', orgId: 'org_x', role: 'admin' }),
    );
    expect(claims).toMatchObject({ sub: 'usr_x', org_id: 'org_x', role: 'admin' });
    const lifetime = claims!.exp - (claims as unknown as { iat: number }).iat;
    expect(Math.abs(lifetime - JWT_TTL_SECONDS)).toBeLessThanOrEqual(1);
    expect(await verifyAccessToken(await token({ exp: now() + 60, iat: now(), jti: 'a' }))).not.toBeNull();
  });

  it.each([
    ['without exp', { iat: now(), jti: 'b' }],
    ['without iat', { exp: now() + 60, jti: 'c' }],
    ['without jti', { exp: now() + 60, iat: now() }],
    ['issued in the future', { exp: now() + 3600, iat: now() + 600, jti: 'd' }],
    [
      'issued longer ago than a token lives',
      { exp: now() + 60, iat: now() - JWT_TTL_SECONDS - 60, jti: 'e' },
    ],
  ])('refuses a token %s, signed with the right secret', async (_label, claims) => {
    expect(await verifyAccessToken(await token(claims))).toBeNull();
  });
});
