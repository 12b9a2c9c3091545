import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { targetServer, withSql } from './helpers';
import { startServer, type DbKind, type Host } from './server';

// A server of its own with a limit of 5 requests per minute per credential, on the suite's host
// and database kind (a fresh PGlite folder, or a fresh PostgreSQL database, so the shared
// counters start empty).
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({
    host: inject('host') as Host,
    db: inject('dbKind') as DbKind,
    env: { RATE_LIMIT_PER_MINUTE: '5' },
  });
  targetServer(server);
}, 120_000);
afterAll(async () => {
  targetServer(undefined);
  await server?.stop();
});

async function signUp() {
  const email = `rl-${crypto.randomUUID().slice(0, 8)}@example.test`;
  expect(
    (
      await post('/organization', {
        name: 'RL Bank',
        admin_email: email,
        admin_password: 'long-enough-password',
      })
    ).status,
  ).toBe(200);
  const si = await post('/organization/signin', {
    admin_email: email,
    admin_password: 'long-enough-password',
  });
  return si.body.data as { access_token: string; user_id: string };
}

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
    const first = await signUp();
    const second = await signUp();
    const token = first.access_token;
    // Windows are fixed minutes: start the burst well inside one so it is counted in one window.
    const intoMinute = (Date.now() / 1000) % 60;
    if (intoMinute > 50) await new Promise((r) => setTimeout(r, (60.5 - intoMinute) * 1000));
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

    // Another credential keeps its own budget.
    const other = await fetch(`${server.baseUrl}/partner`, {
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(other.status).toBe(200);

    // On PostgreSQL the admitted requests reach the shared counter (flushed every 200 ms), which
    // is what holds the limit across instances; refused ones are not counted.
    await new Promise((r) => setTimeout(r, 600));
    await withSql(async (c) => {
      const rows = await c.query(
        'SELECT key, sum(count)::int AS n FROM rate_limit_counters WHERE key = ANY($1) GROUP BY key ORDER BY n DESC',
        [[`usr:${first.user_id}`, `usr:${second.user_id}`]],
      );
      expect(rows.rows).toEqual([
        { key: `usr:${first.user_id}`, n: 5 },
        { key: `usr:${second.user_id}`, n: 1 },
      ]);
    });
  });
});
