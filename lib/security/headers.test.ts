import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  newNonce,
  scriptlessPolicy,
  securityHeaders,
  servedOverHttps,
} from './headers';

describe('browser hardening headers', () => {
  it('allows scripts by nonce only, never inline, and forbids framing', () => {
    const policy = contentSecurityPolicy('abc123', { dev: false, https: false });
    const script = policy.split('; ').find((d) => d.startsWith('script-src'))!;
    expect(script).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy('n', { dev: true, https: false })).toContain("'unsafe-eval'");
  });

  it('adds HSTS and upgrades requests over HTTPS only', () => {
    expect(securityHeaders({ https: false })['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ https: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(contentSecurityPolicy('n', { dev: false, https: true })).toContain('upgrade-insecure-requests');
    expect(securityHeaders({ https: false })).toMatchObject({
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    });
  });

  it('makes a fresh 128-bit nonce each time', () => {
    const a = newNonce();
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it("gives next-auth's answers a policy that runs no script, framed by no one", () => {
    const policy = scriptlessPolicy({ https: false }).split('; ');
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy.some((d) => d.startsWith('script-src'))).toBe(false);
    expect(scriptlessPolicy({ https: true })).toContain('upgrade-insecure-requests');
  });

  it('knows HTTPS from the request or from the published address', () => {
    expect(servedOverHttps('https://dash.example/x', undefined)).toBe(true);
    expect(servedOverHttps('http://10.0.0.1:3000/x', 'https://dash.example')).toBe(true);
    expect(servedOverHttps('http://127.0.0.1:3000/x', 'http://127.0.0.1:3000')).toBe(false);
    expect(servedOverHttps('http://127.0.0.1:3000/x', undefined)).toBe(false);
  });
});
