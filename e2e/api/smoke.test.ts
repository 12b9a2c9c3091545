import { describe, expect, it } from 'vitest';
import { api, createOrg, expectError } from './helpers';

describe('GET /api/v1/csp/openapi.json', () => {
  it('serves an OpenAPI 3.1 document of the gateway with both security schemes', async () => {
    const res = await api('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.components.securitySchemes).sort()).toEqual(['apiKey', 'bearer']);
    expect(res.body.paths['/api/v1/csp/organization/signin'].post).toBeDefined();
    expect(res.body.paths['/api/v1/csp/partner'].get).toBeDefined();
  });
});

describe('host smoke', () => {
  it('serves sign-up, sign-in and an authenticated read with the version and request-id headers', async () => {
    const org = await createOrg();
    const res = await api('GET', '/partner?page=1&limit=1', { token: org.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, data: { count: 1 } });
    expect(res.headers.get('x-csp-version')).toBe('gateway-csp/v0.1.0');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w.-]+$/);
  });

  it('answers errors with the envelope and headers', async () => {
    const res = await api('GET', '/partner?page=0', { headers: { authorization: 'Bearer x' } });
    expectError(res, 401, 'error.unauthorized');
    expect(res.headers.get('x-csp-version')).toBe('gateway-csp/v0.1.0');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});
