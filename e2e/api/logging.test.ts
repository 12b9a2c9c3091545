import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startServer, type Host } from './server';
import { keyAccess } from './helpers';

// A server of its own with request logging on, to read what it writes.
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ host: inject('host') as Host, db: 'pglite', env: { LOG_LEVEL: 'info' } });
});
afterAll(async () => server?.stop());

async function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: {
      'idempotency-key': crypto.randomUUID(),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

describe('structured logs', () => {
  it('log each request as JSON without passwords, tokens or API secrets — even the rotation path', async () => {
    const email = `log-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const password = 'a-very-secret-password';
    expect(
      (
        await call(
          'POST',
          '/organization',
          {},
          { name: 'Log Bank', admin_email: email, admin_password: password },
        )
      ).status,
    ).toBe(200);
    const si = await call(
      'POST',
      '/organization/signin',
      {},
      { admin_email: email, admin_password: password },
    );
    const token = si.body.data.access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const partner = (await call('GET', '/partner', auth)).body.data.partners[0].token as string;
    const key = await call(
      'POST',
      '/apikey',
      { ...auth, 'x-partner-id': partner },
      {
        name: 'k',
        access: keyAccess('customers_read'),
      },
    );
    expect(key.status).toBe(200);
    const secret = key.body.data.secret_key as string;
    const rotated = await call('POST', `/apikey/${secret}`, { ...auth, 'x-partner-id': partner });
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.data.secret_key as string;
    // a request to an unknown path carrying a secret is redacted too
    await call('GET', `/nope/${newSecret}`);
    await new Promise((r) => setTimeout(r, 300));

    const out = server.output();
    const lines = out.split('\n').filter((l) => l.startsWith('{'));
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(6);
    for (const r of requests) {
      expect(r).toMatchObject({
        method: expect.any(String),
        path: expect.any(String),
        status: expect.any(Number),
        requestId: expect.any(String),
      });
    }
    for (const s of [password, token, secret, newSecret]) expect(out.includes(s)).toBe(false);
  });
});
