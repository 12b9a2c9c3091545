import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { Agent, request } from 'undici';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import Redis from 'ioredis';
import { targetServer, withSql } from './helpers';
import { freePort } from '../ports';
import { createTestDatabase, startServer, type DbKind, type Host } from './server';

type Server = Awaited<ReturnType<typeof startServer>>;

// Clients at addresses of the test's choosing: connections from 127.0.0.2, the one proxy the
// servers trust (TRUST_PROXY), naming the client in X-Forwarded-For. Addresses are random per run
// (Redis keeps its counters between runs). Connections from 127.0.0.1 come from an untrusted peer.
const viaProxy = new Agent({ localAddress: '127.0.0.2' });
const direct = new Agent();
const LIMITS = {
  RATE_LIMIT_PER_MINUTE: '30',
  ANONYMOUS_WRITES_PER_MINUTE: '30',
  SIGNUPS_PER_HOUR: '12',
  TRUST_PROXY: '127.0.0.2',
  SIGNIN_FAILURES_PER_ACCOUNT_ADDRESS: '3',
  SIGNIN_FAILURES_PER_ACCOUNT: '5',
};
const PASSWORD = 'long-enough-password';
/** The authenticator app's code now, or `steps` 30-second steps later. */
const totp = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
const uniq = () => crypto.randomUUID().slice(0, 8);
const rand = (n: number) => Math.floor(Math.random() * n);
const someAddress = () => `10.${rand(256)}.${rand(256)}.${1 + rand(254)}`;

interface Answer {
  status: number;
  body: any;
  retryAfter: number | undefined;
  replayed: boolean;
}

/** A request to `server` from `from` (through the trusted proxy), or from 127.0.0.1 with `spoof` as its own X-Forwarded-For. */
async function call(
  server: { baseUrl: string },
  method: 'GET' | 'POST',
  path: string,
  opts: { from?: string; spoof?: string; body?: unknown; base?: string; key?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'idempotency-key': opts.key ?? crypto.randomUUID() };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  // The dashboard's own routes take a change only with its header (lib/security/same-origin.ts).
  if (opts.base) headers['x-csp-dashboard'] = '1';
  if (opts.from) headers['x-forwarded-for'] = opts.from;
  else if (opts.spoof) headers['x-forwarded-for'] = opts.spoof;
  const res = await request((opts.base ?? server.baseUrl) + path, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    dispatcher: opts.from ? viaProxy : direct,
  });
  const text = await res.body.text();
  const retryAfter = res.headers['retry-after'];
  return {
    status: res.statusCode,
    body: text ? JSON.parse(text) : undefined,
    retryAfter: retryAfter === undefined ? undefined : Number(retryAfter),
    replayed: res.headers['idempotent-replayed'] !== undefined,
  };
}

const signIn = (server: { baseUrl: string }, from: string, email: string, password = PASSWORD) =>
  call(server, 'POST', '/organization/signin', {
    from,
    body: { admin_email: email, admin_password: password },
  });
const signUp = (server: { baseUrl: string }, from: string, email = `rl-${uniq()}@example.test`) =>
  call(server, 'POST', '/organization', {
    from,
    body: { name: 'RL Bank', admin_email: email, admin_password: PASSWORD },
  });
/** Refused by validation (400), after the request was counted: the cheapest anonymous request. */
const invalid = (server: { baseUrl: string }, opts: { from?: string; spoof?: string }) =>
  call(server, 'POST', '/organization/signin', { ...opts, body: {} });

// Tests may wait up to 20 s for a fresh minute, and run again in the next (`inOneMinute`).
vi.setConfig({ testTimeout: 240_000 });

const minuteNow = () => Math.floor(Date.now() / 60_000);

/**
 * Runs `attempt` (its checks included) within one of the limiters' minute windows, starting it
 * when at least `seconds` are left in the minute (else at the next one). When it fails
 * after the minute turned under it, as a loaded machine can make it, the window the checks counted
 * on was not the one the requests met: a broken precondition, not the behaviour under test. It then
 * runs again from a fresh minute (up to three times); every attempt takes its own addresses and
 * e-mails. A failure within one minute is thrown at once.
 */
async function inOneMinute(seconds: number, attempt: () => Promise<void>) {
  for (let tries = 1; ; tries++) {
    const into = (Date.now() / 1000) % 60;
    if (into > 60 - seconds) await new Promise((r) => setTimeout(r, (60.5 - into) * 1000));
    const minute = minuteNow();
    try {
      return await attempt();
    } catch (error) {
      if (minuteNow() === minute || tries === 3) throw error;
    }
  }
}
const flushed = () => new Promise((r) => setTimeout(r, 600));

function expectRateLimited(a: Answer, message: string | RegExp) {
  expect(a.status).toBe(429);
  expect(a.body).toEqual({ code: 'error.rate_limited', message: expect.stringMatching(message) });
  expect(a.retryAfter).toBeGreaterThanOrEqual(1);
}
const ANONYMOUS = /^Too many requests from this address; retry later$/;
const SIGN_UPS = /^Too many sign-ups from this address; retry later$/;
const THROTTLED = /^Too many failed sign-ins; try again in 1[45] minutes$/;
const GUARDED =
  /^This account has had many failed sign-ins: sign in from a device you signed in from before, or give your authenticator code or a recovery code with your password \(otp_code\); or try again in 1[45] minutes$/;

function expectGuarded(a: Answer) {
  expect(a.status).toBe(429);
  expect(a.body).toEqual({ code: 'error.sign_in_guarded', message: expect.stringMatching(GUARDED) });
  expect(a.retryAfter).toBeGreaterThan(13 * 60);
}

// A server of its own with small limits, on the suite's host and database kind (a fresh PGlite
// folder, or a fresh PostgreSQL database, so the shared counters start empty).
let server: Server;
beforeAll(async () => {
  const port = await freePort();
  server = await startServer({
    host: inject('host') as Host,
    db: inject('dbKind') as DbKind,
    port,
    env: { ...LIMITS, SIGNIN_FAILURES_PER_IP: '1000', NEXTAUTH_URL: `http://127.0.0.1:${port}` },
  });
  targetServer(server);
});
afterAll(async () => {
  targetServer(undefined);
  await server?.stop();
});

describe('per-credential rate limiting', () => {
  it('answers 429 with Retry-After past the limit, per credential', () =>
    inOneMinute(25, async () => {
      const from = someAddress();
      const [one, two] = [`rl-${uniq()}@example.test`, `rl-${uniq()}@example.test`];
      for (const email of [one, two]) expect((await signUp(server, from, email)).status).toBe(200);
      const first = (await signIn(server, from, one)).body.data as { access_token: string; user_id: string };
      const second = (await signIn(server, from, two)).body.data as { access_token: string; user_id: string };
      const read = (token: string) =>
        fetch(`${server.baseUrl}/partner`, { headers: { authorization: `Bearer ${token}` } });
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 32; i++) {
        last = await read(first.access_token);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([...Array(30).fill(200), 429, 429]);
      expect(await last!.json()).toEqual({
        code: 'error.rate_limited',
        message: 'Too many requests for this credential; retry later',
      });
      const retryAfter = Number(last!.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(last!.headers.get('x-csp-version')).toBe('gateway-csp/v0.1.0');

      // Another credential keeps its own budget.
      expect((await read(second.access_token)).status).toBe(200);

      // On PostgreSQL the admitted requests reach the shared counter (flushed every 200 ms), which
      // is what holds the limit across instances; refused ones are not counted.
      await flushed();
      await withSql(async (c) => {
        const rows = await c.query(
          'SELECT key, sum(count)::int AS n FROM rate_limit_counters WHERE key = ANY($1) GROUP BY key ORDER BY n DESC',
          [[`usr:${first.user_id}`, `usr:${second.user_id}`]],
        );
        expect(rows.rows).toEqual([
          { key: `usr:${first.user_id}`, n: 30 },
          { key: `usr:${second.user_id}`, n: 1 },
        ]);
      });
    }));
});

describe('requests without a credential, per client address', () => {
  it('40 wrong-password sign-ins: 401 up to the limit, then 429 with Retry-After', () =>
    inOneMinute(20, async () => {
      const from = someAddress();
      // Each for another e-mail, so that no account's own failure limit is what answers. All at once,
      // so that they meet one window: one after the other, 40 password checks took more than the
      // minute's last 20 s on a loaded machine (and a window that turns anyway runs it again).
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          signIn(server, from, `nobody-${uniq()}@example.test`, 'wrong-password'),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(30).fill(401), ...Array(10).fill(429)]);
      expect(answers.find((a) => a.status === 401)!.body).toEqual({
        code: 'error.unauthorized',
        message: 'Invalid email or password',
      });
      const refused = answers.filter((a) => a.status === 429);
      expectRateLimited(refused[0]!, ANONYMOUS);
      for (const a of refused) expect(a.retryAfter).toBeLessThanOrEqual(60);
      // Another address is unaffected.
      expect(
        (await signIn(server, someAddress(), `nobody-${uniq()}@example.test`, 'wrong-password')).status,
      ).toBe(401);
    }));

  it("15 sign-ups: 200 up to the hour's limit, then 429 with Retry-After; a refused one creates nothing", () =>
    inOneMinute(20, async () => {
      const from = someAddress();
      const emails = Array.from({ length: 15 }, () => `su-${uniq()}@example.test`);
      const answers: Answer[] = [];
      for (const email of emails) answers.push(await signUp(server, from, email));
      expect(answers.map((a) => a.status)).toEqual([...Array(12).fill(200), ...Array(3).fill(429)]);
      expectRateLimited(answers[13]!, SIGN_UPS);
      expect(answers[13]!.retryAfter).toBeLessThanOrEqual(3600);
      expect((await signIn(server, someAddress(), emails[13]!)).status).toBe(401);
      expect((await signIn(server, someAddress(), emails[11]!)).status).toBe(200);
      // Another address signs up.
      expect((await signUp(server, someAddress())).status).toBe(200);
    }));

  it('counts accepting an invitation among the anonymous writes', () =>
    inOneMinute(20, async () => {
      const from = someAddress();
      const answers: Answer[] = [];
      for (let i = 0; i < 31; i++)
        answers.push(
          await call(server, 'POST', `/invitations/inv_${'x'.repeat(43)}/accept`, { from, body: {} }),
        );
      expect(answers.map((a) => a.status)).toEqual([...Array(30).fill(400), 429]);
      expectRateLimited(answers[30]!, ANONYMOUS);
      // Reads without a credential keep the higher limit of every request.
      expect((await call(server, 'GET', `/invitations/inv_${'x'.repeat(43)}`, { from })).status).toBe(404);
    }));

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () =>
    inOneMinute(15, async () => {
      const answers: Answer[] = [];
      // From 127.0.0.1 (not trusted), naming another address each time: all counted for 127.0.0.1.
      for (let i = 0; i < 31; i++) answers.push(await invalid(server, { spoof: someAddress() }));
      expect(answers.map((a) => a.status)).toEqual([...Array(30).fill(400), 429]);
      expectRateLimited(answers[30]!, ANONYMOUS);
    }));

  it('leaves GET /health free (liveness probes)', async () => {
    const from = someAddress();
    for (let i = 0; i < 35; i++) expect((await call(server, 'GET', '/health', { from })).status).toBe(200);
    // …and the requests it answered were not counted for the address.
    expect((await invalid(server, { from })).status).toBe(400);
  });
});

describe('failed sign-ins: a stranger locks nobody out', () => {
  it("past an address's failures for an account, that address is refused, the right password included; the owner elsewhere signs in", async () => {
    const victim = `victim-${uniq()}@example.test`;
    const made = await signUp(server, someAddress(), victim);
    expect(made.status).toBe(200);
    const attacker = someAddress();
    // Three failures from one address, the e-mail written in other cases: one account.
    for (const email of [victim.toUpperCase(), ` ${victim}`, victim])
      expect((await signIn(server, attacker, email, 'wrong-password')).status).toBe(401);
    expectRateLimited(await signIn(server, attacker, victim), THROTTLED);
    // The same answer for an e-mail no account has.
    const unknown = `unknown-${uniq()}@example.test`;
    for (let i = 0; i < 3; i++)
      expect((await signIn(server, attacker, unknown, 'wrong-password')).status).toBe(401);
    const unknownAnswer = await signIn(server, attacker, unknown, 'any-password');
    expectRateLimited(unknownAnswer, THROTTLED);
    // The owner, from another address, signs in at once.
    expect((await signIn(server, someAddress(), victim)).status).toBe(200);

    // The refusals are in the victim's organization's trail: once a minute per address, however
    // many are refused (a throttled attacker does not grow the append-only trail per attempt).
    for (let i = 0; i < 2; i++) expectRateLimited(await signIn(server, attacker, victim), THROTTLED);
    const trail = await operatorTrail(made.body.data.token, 'user.sign_in_throttled');
    expect(trail.map((e) => e.actor.label)).toEqual([victim]);
    expect(trail[0]!.ip).toBe(attacker);
  });

  it('failures from many addresses guard the account: it signs in from an address it used before, or with its second factor, and nowhere else', async () => {
    const victim = `guarded-${uniq()}@example.test`;
    const home = someAddress();
    const made = await signUp(server, home, victim);
    expect(made.status).toBe(200);
    // The owner signs in from home once: an address the account knows from now on.
    const session = (await signIn(server, home, victim)).body.data as { access_token: string };
    // Five failures, each from another address (none reaches its own limit).
    for (let i = 0; i < 5; i++)
      expect((await signIn(server, someAddress(), victim, 'wrong-password')).status).toBe(401);

    // From a new address, the right password alone: the guarded answer, the same as a wrong one.
    const right = await signIn(server, someAddress(), victim);
    const wrong = await signIn(server, someAddress(), victim, 'wrong-password');
    expectGuarded(right);
    expectGuarded(wrong);
    expect(wrong.body).toEqual(right.body);
    // An unknown e-mail past its failures answers the same.
    const unknown = `nobody-${uniq()}@example.test`;
    for (let i = 0; i < 5; i++)
      expect((await signIn(server, someAddress(), unknown, 'wrong-password')).status).toBe(401);
    expectGuarded(await signIn(server, someAddress(), unknown, 'any-password'));

    // From home, the password alone still signs in.
    expect((await signIn(server, home, victim)).status).toBe(200);

    // With an authenticator app on, the password and a code sign in from anywhere.
    const started = await fetch(`${server.baseUrl}/me/second-factor/totp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}`, 'idempotency-key': crypto.randomUUID() },
    }).then((r) => r.json());
    const secret = started.data.secret as string;
    const confirmed = await fetch(`${server.baseUrl}/me/second-factor/totp/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.access_token}`,
        'idempotency-key': crypto.randomUUID(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ code: totp(secret, -1) }),
    });
    expect(confirmed.status).toBe(200);
    const traveller = someAddress();
    const withoutCode = await signIn(server, traveller, victim);
    expectGuarded(withoutCode);
    const withCode = await call(server, 'POST', '/organization/signin', {
      from: traveller,
      body: { admin_email: victim, admin_password: PASSWORD, otp_code: totp(secret) },
    });
    expect(withCode.status, JSON.stringify(withCode.body)).toBe(200);
    // A wrong code, or the code with a wrong password: the guarded answer again.
    const badCode = await call(server, 'POST', '/organization/signin', {
      from: someAddress(),
      body: { admin_email: victim, admin_password: PASSWORD, otp_code: '000000' },
    });
    expectGuarded(badCode);
    const codeButWrongPassword = await call(server, 'POST', '/organization/signin', {
      from: someAddress(),
      body: { admin_email: victim, admin_password: 'wrong-password', otp_code: totp(secret, 1) },
    });
    expectGuarded(codeButWrongPassword);
  });

  it('the operator is never guarded: failures from anywhere leave its sign-in to its password', async () => {
    for (let i = 0; i < 6; i++)
      expect((await signIn(server, someAddress(), 'operator@network.test', 'wrong-password')).status).toBe(
        401,
      );
    expect(
      (await signIn(server, someAddress(), 'operator@network.test', 'operator-test-password')).status,
    ).toBe(200);
  });

  it('a throttled sign-in is not stored for its idempotency key: the same key may be sent again', async () => {
    const email = `idem-${uniq()}@example.test`;
    const from = someAddress();
    for (let i = 0; i < 3; i++) expect((await signIn(server, from, email, 'wrong')).status).toBe(401);
    const key = crypto.randomUUID();
    const body = { admin_email: email, admin_password: 'wrong' };
    const first = await call(server, 'POST', '/organization/signin', { from, key, body });
    expectRateLimited(first, THROTTLED);
    const again = await call(server, 'POST', '/organization/signin', { from, key, body });
    expectRateLimited(again, THROTTLED);
    expect(again.replayed).toBe(false);
  });

  it('a wrong current password counts as a failed sign-in: a stolen session cannot guess it', async () => {
    const email = `reauth-${uniq()}@example.test`;
    const from = someAddress();
    expect((await signUp(server, from, email)).status).toBe(200);
    const token = (await signIn(server, from, email)).body.data.access_token as string;
    const change = (current: string) =>
      request(`${server.baseUrl}/me/password`, {
        method: 'POST',
        dispatcher: viaProxy,
        headers: {
          authorization: `Bearer ${token}`,
          'x-forwarded-for': from,
          'idempotency-key': crypto.randomUUID(),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ current_password: current, new_password: 'another-long-password-7' }),
      }).then(async (r) => ({ status: r.statusCode, body: (await r.body.json()) as any }));
    for (let i = 0; i < 3; i++) expect((await change(`guess-${i}`)).status).toBe(403);
    const refused = await change(PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(THROTTLED);
    // Recorded in the user's trail, the guesses and the refusal.
    const orgId = (await signIn(server, someAddress(), email)).body.data.token as string;
    expect((await operatorTrail(orgId, 'user.reauthentication_failed')).length).toBe(3);
    expect((await operatorTrail(orgId, 'user.reauthentication_throttled')).length).toBe(1);
  });
});

/** An organization's entries of one action, read by the operator. */
async function operatorTrail(orgId: string, action: string) {
  const operator = (await signIn(server, someAddress(), 'operator@network.test', 'operator-test-password'))
    .body.data.access_token as string;
  const trail = await fetch(`${server.baseUrl}/audit-events?org_id=${orgId}&action=${action}`, {
    headers: { authorization: `Bearer ${operator}` },
  }).then((r) => r.json());
  return trail.data.audit_events as Array<{ actor: { label: string }; ip: string | null }>;
}

describe.runIf(inject('host') === 'next')('the dashboard, for the browser behind it', () => {
  const origin = () => server.baseUrl.replace(/\/api\/v1\/csp$/, '');

  /** next-auth's credentials sign-in as the browser does it: the csrf token, then the callback. */
  async function dashboardSignIn(from: string, email: string, password: string): Promise<string | null> {
    const csrf = await request(`${origin()}/api/auth/csrf`, {
      dispatcher: viaProxy,
      headers: { 'x-forwarded-for': from },
    });
    const cookie = ([] as string[])
      .concat(csrf.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrfToken } = (await csrf.body.json()) as { csrfToken: string };
    const res = await request(`${origin()}/api/auth/callback/credentials`, {
      method: 'POST',
      dispatcher: viaProxy,
      headers: { 'x-forwarded-for': from, 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ csrfToken, email, password }).toString(),
    });
    await res.body.text();
    const location = String(res.headers.location ?? '');
    return new URL(location, origin()).searchParams.get('error');
  }

  it("counts sign-ups and sign-ins through the dashboard for the browser's address, and says how long to wait", () =>
    inOneMinute(20, async () => {
      const from = someAddress();
      const email = `dash-${uniq()}@example.test`;
      expect((await signUp(server, someAddress(), email)).status).toBe(200);
      // The browser's sign-ups through the dashboard count for its address, not the dashboard's.
      const answers: Answer[] = [];
      for (let i = 0; i < 13; i++)
        answers.push(await call(server, 'POST', '/api/signup', { from, body: {}, base: origin() }));
      expect(answers.map((a) => a.status)).toEqual([...Array(12).fill(400), 429]);
      expectRateLimited(answers[12]!, SIGN_UPS);
      // Its anonymous writes too: what is left of the minute's 30, then 429.
      for (let i = 0; i < 17; i++) expect((await invalid(server, { from })).status).toBe(400);
      expectRateLimited(await invalid(server, { from }), ANONYMOUS);
      expect((await invalid(server, { from: someAddress() })).status).toBe(400);

      // So is its next-auth sign-in: refused for that address, the right password included…
      const refused = await dashboardSignIn(from, email, PASSWORD);
      expect(refused).toMatch(/^throttled:\d+$/);
      expect(Number(refused!.split(':')[1])).toBeLessThanOrEqual(60);
      // …while from another address it signs in.
      expect(await dashboardSignIn(someAddress(), email, PASSWORD)).toBeNull();

      // Past an address's failures for the account, that address's sign-in carries the wait in seconds.
      const attacker = someAddress();
      for (let i = 0; i < 3; i++)
        expect(await dashboardSignIn(attacker, email, 'wrong-password')).toBe('CredentialsSignin');
      const throttled = await dashboardSignIn(attacker, email, PASSWORD);
      expect(throttled).toMatch(/^throttled:\d+$/);
      expect(Number(throttled!.split(':')[1])).toBeGreaterThan(13 * 60);
      // Past the account's failures from many addresses, a new address is told to give its code.
      for (let i = 0; i < 2; i++)
        expect(await dashboardSignIn(someAddress(), email, 'wrong-password')).toBe('CredentialsSignin');
      const guarded = await dashboardSignIn(someAddress(), email, PASSWORD);
      expect(guarded).toMatch(/^guarded:\d+$/);
    }));
});

// Two instances sharing their counters: through Redis (each on a database of its own, so Redis
// is the only thing they share), and through one PostgreSQL database.
// `counted(key)`: what the shared store holds for a limiter's key, over its windows.
async function startPair(
  kind: 'redis' | 'postgres',
): Promise<{ a: Server; b: Server; counted(key: string): Promise<number>; stop(): Promise<void> }> {
  const env = {
    ...LIMITS,
    SIGNIN_FAILURES_PER_IP: '8',
    ...(kind === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {}),
  };
  if (kind === 'redis') {
    const db = inject('dbKind') as DbKind;
    const [a, b] = await Promise.all([
      startServer({ host: 'standalone', db, env }),
      startServer({ host: 'standalone', db, env }),
    ]);
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    return {
      a,
      b,
      counted: async (key) => {
        const keys = await redis.keys(`csp:rl:${key}:*`);
        const values = keys.length ? await redis.mget(keys) : [];
        return values.reduce((sum, v) => sum + Number(v ?? 0), 0);
      },
      stop: async () => void (await Promise.all([a.stop(), b.stop(), redis.quit()])),
    };
  }
  const scratch = await createTestDatabase(process.env.TEST_DATABASE_URL!);
  // One after the other: the first migrates the database.
  const a = await startServer({ host: 'standalone', db: 'postgres', databaseUrl: scratch.url, env });
  const b = await startServer({ host: 'standalone', db: 'postgres', databaseUrl: scratch.url, env });
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  return {
    a,
    b,
    counted: async (key) =>
      (
        await client.query(
          'SELECT coalesce(sum(count), 0)::int AS n FROM rate_limit_counters WHERE key = $1',
          [key],
        )
      ).rows[0].n,
    stop: async () => void (await Promise.all([a.stop(), b.stop(), client.end()]).then(() => scratch.drop())),
  };
}

for (const kind of ['redis', 'postgres'] as const) {
  const enabled = kind === 'redis' ? Boolean(process.env.TEST_REDIS_URL) : inject('dbKind') === 'postgres';
  describe.runIf(enabled)(`two instances sharing their counters (${kind})`, () => {
    let pair: Awaited<ReturnType<typeof startPair>>;
    beforeAll(async () => {
      pair = await startPair(kind);
    });
    afterAll(async () => pair?.stop());

    it('hold one anonymous limit per address between them', () =>
      inOneMinute(20, async () => {
        const from = someAddress();
        for (let i = 0; i < 20; i++) expect((await invalid(pair.a, { from })).status).toBe(400);
        // Flushed every 200 ms; waited for in the store itself, as a loaded machine may be late.
        await expect.poll(() => pair.counted(`anon-write:${from}`), { timeout: 30_000 }).toBe(20);
        // The other instance learns the shared count at its first flush…
        expect((await invalid(pair.b, { from })).status).toBe(400);
        await expect.poll(() => pair.counted(`anon-write:${from}`), { timeout: 30_000 }).toBe(21);
        await flushed();
        // …and admits only what is left of the 30.
        const answers: Answer[] = [];
        for (let i = 0; i < 10; i++) answers.push(await invalid(pair.b, { from }));
        expect(answers.map((a) => a.status)).toEqual([...Array(9).fill(400), 429]);
        expectRateLimited(answers[9]!, ANONYMOUS);
      }));

    it("hold one address's failures for an account between them, at most the limit however the attempts are spread", async () => {
      const email = `pair-${uniq()}@example.test`;
      expect((await signUp(pair.a, someAddress(), email)).status).toBe(200);
      // Twenty wrong passwords at once, from one address, half to each instance: three fail.
      const attacker = someAddress();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          signIn(i % 2 ? pair.b : pair.a, attacker, email, 'wrong-password'),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array(3).fill(401), ...Array(17).fill(429)]);
      // The right password from that address: refused on both; from another, it signs in.
      expectRateLimited(await signIn(pair.a, attacker, email), THROTTLED);
      expectRateLimited(await signIn(pair.b, attacker, email), THROTTLED);
      expect((await signIn(pair.a, someAddress(), email)).status).toBe(200);
    });

    // A credential is known to both only where they share a database.
    it.runIf(kind === 'postgres')("hold one credential's request limit between them", () =>
      inOneMinute(25, async () => {
        const from = someAddress();
        const email = `cred-${uniq()}@example.test`;
        expect((await signUp(pair.a, from, email)).status).toBe(200);
        const { access_token } = (await signIn(pair.a, from, email)).body.data as { access_token: string };
        const read = (s: Server) =>
          fetch(`${s.baseUrl}/partner`, { headers: { authorization: `Bearer ${access_token}` } });
        // The 30 of the limit, 15 on each: neither reached it alone.
        for (let i = 0; i < 30; i++) expect((await read(i % 2 ? pair.b : pair.a)).status).toBe(200);
        // Each learns the shared count when it flushes its own: at most one more each, then none.
        await flushed();
        const next = await Promise.all([read(pair.a), read(pair.b)]);
        expect(next.filter((r) => r.status === 200).length).toBeLessThanOrEqual(2);
        await flushed();
        for (const r of await Promise.all([read(pair.a), read(pair.b)])) {
          expect(r.status).toBe(429);
          expect(await r.json()).toEqual({
            code: 'error.rate_limited',
            message: 'Too many requests for this credential; retry later',
          });
        }
      }),
    );

    it('hold one failure limit per address between them', async () => {
      const from = someAddress();
      const email = `ip-${uniq()}@example.test`;
      expect((await signUp(pair.a, someAddress(), email)).status).toBe(200);
      for (let i = 0; i < 8; i++)
        expect(
          (await signIn(i % 2 ? pair.b : pair.a, from, `nobody-${uniq()}@example.test`, 'wrong')).status,
        ).toBe(401);
      // The right password of an account without failures, from that address: refused on both.
      expectRateLimited(await signIn(pair.a, from, email), THROTTLED);
      expectRateLimited(await signIn(pair.b, from, `nobody-${uniq()}@example.test`, 'wrong'), THROTTLED);
      // From another address it signs in.
      expect((await signIn(pair.a, someAddress(), email)).status).toBe(200);
    });
  });
}
