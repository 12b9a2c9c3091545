import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startServer, type Host } from './server';

// A server of its own with a limit of 5 requests per minute per credential.
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ host: inject('host') as Host, db: 'pglite', env: { RATE_LIMIT_PER_MINUTE: '5' } });
}, 120_000);
afterAll(async () => server?.stop());

async function post(path: string, body: unknown) {
  const res = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('per-credential rate limiting', () => {
  it('answers 429 with Retry-After past the limit, per credential', async () => {
    const email = `rl-${crypto.randomUUID().slice(0, 8)}@example.test`;
    expect((await post('/organization', { name: 'RL Bank', admin_email: email, admin_password: 'long-enough-password' })).status).toBe(200);
    const si = await post('/organization/signin', { admin_email: email, admin_password: 'long-enough-password' });
    const token = si.body.data.access_token as string;
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      last = await fetch(`${server.baseUrl}/partner`, { headers: { authorization: `Bearer ${token}` } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await last!.json()).toEqual({ code: 'error.rate_limited', message: expect.any(String) });
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(last!.headers.get('x-csp-version')).toBe('gateway-csp/v0.1.0');
  });
});
