import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, baseUrl, createOrg, dbKind, OPERATOR, uniq, type TestOrg } from './helpers';
import { freePort } from '../ports';
import { startServer } from './server';

// The dashboard's own route handlers (/api/proxy, /api/signup, /api/invitation, /api/passkey-signin,
// next-auth's /api/auth) take a change only from the dashboard's origin (lib/security/same-origin.ts,
// docs/decisions.md "Cross-origin requests"): what a page on another port of the same host sends —
// a beacon, a form, a no-cors fetch, all carrying the operator's SameSite=Lax cookie — is refused
// before anything reaches the gateway. e2e/dashboard/cross-origin.spec.ts makes the same requests
// from a real page in Chromium.

const SIBLING = 'http://127.0.0.1:4444';
/** What Chromium sends with a request from a page on another port of the dashboard's host. */
const FROM_SIBLING = { origin: SIBLING, 'sec-fetch-site': 'same-site' };
const MARK = { 'x-csp-dashboard': '1' };

interface Answer {
  status: number;
  body: any;
  cookies: string[];
}

/** A request to the dashboard (not the gateway): its status, JSON body and Set-Cookie lines. */
async function dashboard(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  origin = new URL(baseUrl()).origin,
): Promise<Answer> {
  const res = await fetch(`${origin}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a redirect's or a page's text
  }
  return { status: res.status, body: parsed, cookies: res.headers.getSetCookie() };
}

/**
 * next-auth's credentials sign-in with the given request headers (a browser's own, a foreign
 * page's): the session cookie it set, or null.
 */
async function dashboardSignIn(
  email: string,
  password: string,
  headers: Record<string, string> = {},
  origin = new URL(baseUrl()).origin,
): Promise<{ answer: Answer; session: string | null }> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await dashboard(
    'POST',
    '/api/auth/callback/credentials',
    { ...headers, 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie.join('; ') },
    new URLSearchParams({ csrfToken, email, password, json: 'true' }).toString(),
    origin,
  );
  const session = answer.cookies.map((c) => c.split(';')[0]!).find((c) => /session-token=./.test(c));
  return { answer, session: session ?? null };
}

const refused = (message: RegExp | string) => ({
  code: 'error.forbidden',
  message: typeof message === 'string' ? message : expect.stringMatching(message),
});

const signUpBody = (email: string) =>
  JSON.stringify({ name: `Forged ${uniq()}`, admin_email: email, admin_password: 'correct-horse-battery' });

/** The status of an organization, as its admin reads it from the gateway. */
async function statusOf(org: TestOrg): Promise<string> {
  return (await api('GET', '/me', { token: org.token })).body.data.organization.status;
}

describe.runIf(inject('host') === 'next')("the dashboard's route handlers and another origin", () => {
  let operator: string;
  let own: string;
  beforeAll(async () => {
    own = new URL(baseUrl()).origin;
    const signedIn = await dashboardSignIn(OPERATOR.email, OPERATOR.password);
    operator = signedIn.session!;
    expect(operator).toBeTruthy();
  });

  it('POST /api/proxy/…: a bodyless change from a sibling page is refused, forwarded nowhere', async () => {
    const org = await createOrg();
    const verify = `/api/proxy/operator/organizations/${org.orgId}/verify`;
    for (const [what, headers, message] of [
      // A beacon or a no-cors fetch from Chromium: Fetch Metadata says same-site.
      [
        'a sibling page',
        FROM_SIBLING,
        'Cross-origin request refused: Sec-Fetch-Site is same-site, not same-origin',
      ],
      // A browser without Fetch Metadata: its Origin.
      [
        'a sibling page, Origin only',
        { origin: SIBLING, ...MARK },
        `Cross-origin request refused: Origin ${SIBLING} is not this dashboard's (${own})`,
      ],
      [
        'another site',
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        /Sec-Fetch-Site is cross-site/,
      ],
      // The dashboard's own origin by its headers, but no header of ours: a form or a beacon.
      [
        'its own origin without the header',
        { origin: own, 'sec-fetch-site': 'same-origin' },
        "Cross-origin request refused: the dashboard's requests carry x-csp-dashboard: 1",
      ],
      [
        'no browser and no header',
        {},
        "Cross-origin request refused: the dashboard's requests carry x-csp-dashboard: 1",
      ],
    ] as const) {
      const res = await dashboard('POST', verify, { ...headers, cookie: operator });
      expect(res.status, what).toBe(403);
      expect(res.body, what).toEqual(refused(message));
    }
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await dashboard(method, '/api/proxy/me/partner', { ...FROM_SIBLING, cookie: operator });
      expect(res.status, method).toBe(403);
    }
    expect(await statusOf(org)).toBe('sandbox');

    // The dashboard's own page (apiFetch) verifies it: Origin, Fetch Metadata and the header.
    const ours = await dashboard('POST', verify, {
      origin: own,
      'sec-fetch-site': 'same-origin',
      ...MARK,
      cookie: operator,
    });
    expect(ours.status, JSON.stringify(ours.body)).toBe(200);
    expect(await statusOf(org)).toBe('verified');
  });

  it('POST /api/proxy/…: a client that is no browser passes on the header alone', async () => {
    const org = await createOrg();
    const res = await dashboard('POST', `/api/proxy/operator/organizations/${org.orgId}/verify`, {
      ...MARK,
      cookie: operator,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await statusOf(org)).toBe('verified');
  });

  it('POST /api/proxy/…: a body is forwarded only as JSON', async () => {
    const org = await createOrg();
    const res = await dashboard(
      'POST',
      `/api/proxy/operator/organizations/${org.orgId}/reject`,
      {
        origin: own,
        'sec-fetch-site': 'same-origin',
        ...MARK,
        cookie: operator,
        'content-type': 'text/plain',
      },
      JSON.stringify({ note: 'Not a licensed institution' }),
    );
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      code: 'error.unsupported_media_type',
      message: 'Content-Type must be application/json',
    });
    expect(await statusOf(org)).toBe('sandbox');
  });

  it("GET /api/proxy/…: without a session, 401 in the envelope with the gateway's headers", async () => {
    const res = await fetch(`${own}/api/proxy/me`, { headers: { 'x-request-id': 'req-no-session' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'error.unauthorized',
      message: 'Your session has ended; sign in again',
    });
    expect(res.headers.get('x-csp-version')).toBe('gateway-csp/v0.1.0');
    expect(res.headers.get('x-request-id')).toBe('req-no-session');
  });

  it('GET /api/proxy/…: a read passes without the header, whoever opened it (an export link)', async () => {
    const res = await dashboard('GET', '/api/proxy/operator/organizations?limit=1', {
      'sec-fetch-site': 'same-site',
      cookie: operator,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('POST /api/signup: a sibling page and a text/plain body are refused; nothing is signed up', async () => {
    const email = `forged-${uniq()}@example.test`;
    const body = signUpBody(email);
    // A cross-origin form posting text/plain (what needs no preflight).
    const fromForm = await dashboard(
      'POST',
      '/api/signup',
      { ...FROM_SIBLING, 'content-type': 'text/plain' },
      body,
    );
    expect(fromForm.status).toBe(403);
    expect(fromForm.body).toEqual(refused(/^Cross-origin request refused: Sec-Fetch-Site is same-site/));
    // The same from another origin, even as JSON with our header (a fetch that would need a preflight).
    const cross = await dashboard(
      'POST',
      '/api/signup',
      { origin: SIBLING, ...MARK, 'content-type': 'application/json' },
      body,
    );
    expect(cross.status).toBe(403);
    // Same origin but text/plain: 415, never relabelled as JSON.
    const plain = await dashboard(
      'POST',
      '/api/signup',
      { origin: own, 'sec-fetch-site': 'same-origin', ...MARK, 'content-type': 'text/plain;charset=UTF-8' },
      body,
    );
    expect(plain.status).toBe(415);
    expect(plain.body).toEqual({
      code: 'error.unsupported_media_type',
      message: 'Content-Type must be application/json',
    });
    expect(
      (
        await api('POST', '/organization/signin', {
          body: { admin_email: email, admin_password: 'correct-horse-battery' },
        })
      ).status,
    ).toBe(401);

    // The sign-up page's own request creates the organization.
    const ours = await dashboard(
      'POST',
      '/api/signup',
      { origin: own, 'sec-fetch-site': 'same-origin', ...MARK, 'content-type': 'application/json' },
      body,
    );
    expect(ours.status, JSON.stringify(ours.body)).toBe(200);
    expect(
      (
        await api('POST', '/organization/signin', {
          body: { admin_email: email, admin_password: 'correct-horse-battery' },
        })
      ).status,
    ).toBe(200);
  });

  it('POST /api/invitation/… and /api/passkey-signin: refused from a sibling page', async () => {
    for (const path of [`/api/invitation/inv_${'x'.repeat(43)}`, '/api/passkey-signin']) {
      const res = await dashboard(
        'POST',
        path,
        { ...FROM_SIBLING, 'content-type': 'text/plain' },
        JSON.stringify({ password: 'whatever-password' }),
      );
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe('error.forbidden');
    }
    // From the dashboard's own page, the gateway answers (the link is unknown; no such account).
    const unknown = await dashboard(
      'POST',
      `/api/invitation/inv_${'x'.repeat(43)}`,
      { origin: own, 'sec-fetch-site': 'same-origin', ...MARK, 'content-type': 'application/json' },
      JSON.stringify({ password: 'a-long-enough-password' }),
    );
    expect(unknown.status).toBe(404);
  });

  it('POST /api/auth/callback/credentials: a foreign Origin is refused, even with a valid CSRF token', async () => {
    for (const headers of [FROM_SIBLING, { origin: SIBLING }]) {
      const { answer, session } = await dashboardSignIn(OPERATOR.email, OPERATOR.password, headers);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(refused(/^Cross-origin request refused: /));
      expect(session).toBeNull();
    }
    // next-auth's client on the dashboard's own page (no header of ours: its CSRF token is the proof).
    const ours = await dashboardSignIn(OPERATOR.email, OPERATOR.password, {
      origin: own,
      'sec-fetch-site': 'same-origin',
    });
    expect(ours.session).toBeTruthy();
  });

  it('POST /api/auth/signout: a sibling page cannot end the session', async () => {
    const { session } = await dashboardSignIn(OPERATOR.email, OPERATOR.password);
    const csrf = await fetch(`${own}/api/auth/csrf`, { headers: { cookie: session! } });
    const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = [session!, ...csrfCookie].join('; ');
    const out = await dashboard(
      'POST',
      '/api/auth/signout',
      { ...FROM_SIBLING, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ csrfToken, json: 'true' }).toString(),
    );
    expect(out.status).toBe(403);
    const me = await dashboard('GET', '/api/proxy/me', { cookie: session! });
    expect(me.status).toBe(200);
  });
});

// Behind a TLS-terminating proxy declared in TRUST_PROXY and without NEXTAUTH_URL, the dashboard's
// origin is what the proxy forwards: the browser's `https` Origin is its own, not a foreign one.
describe.runIf(inject('host') === 'next' && dbKind() === 'pglite')(
  'the dashboard behind a TLS-terminating proxy',
  () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    let origin: string;
    beforeAll(async () => {
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      server = await startServer({ host: 'next', db: 'pglite', port, env: { TRUST_PROXY: 'loopback' } });
    });
    afterAll(() => server?.stop());

    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'dashboard.example.test' };

    it('takes a change from the forwarded https origin and refuses the plain-HTTP one', async () => {
      const email = `proxied-${uniq()}@example.test`;
      const json = { 'sec-fetch-site': 'same-origin', ...MARK, 'content-type': 'application/json' };
      const http = await dashboard(
        'POST',
        '/api/signup',
        { ...forwarded, ...json, origin: 'http://dashboard.example.test' },
        signUpBody(email),
        origin,
      );
      expect(http.status).toBe(403);
      expect(http.body).toEqual(
        refused(
          "Cross-origin request refused: Origin http://dashboard.example.test is not this dashboard's (https://dashboard.example.test)",
        ),
      );
      const https = await dashboard(
        'POST',
        '/api/signup',
        { ...forwarded, ...json, origin: 'https://dashboard.example.test' },
        signUpBody(email),
        origin,
      );
      expect(https.status, JSON.stringify(https.body)).toBe(200);
      // next-auth's sign-in from that page, likewise.
      const { session } = await dashboardSignIn(
        OPERATOR.email,
        OPERATOR.password,
        { ...forwarded, origin: 'https://dashboard.example.test', 'sec-fetch-site': 'same-origin' },
        origin,
      );
      expect(session).toBeTruthy();
    });
  },
);
