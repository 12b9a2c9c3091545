import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, createOrg, dashboardSession } from './helpers';
import { rawRequest } from './raw-http';

// Every route the hosts serve that reads a body reads at most 64 KiB of it and answers
// 413 error.payload_too_large past that, before the body is in: a Content-Length over the limit
// is refused unread, a chunked body is counted as it comes and refused at the limit
// (docs/decisions.md, "Bounded bodies"). next-auth's own routes read whatever they were sent (three
// posts of 450 MB took a server from 551 MB to 3.08 GB). Each request here announces or streams
// more than it ever sends and stays open: an answer at all means the route did not wait for the
// whole body, let alone hold it.

const TOO_LARGE = { code: 'error.payload_too_large', message: 'Request body exceeds the 64 KiB limit' };
/** What the audit sent, announced: 450 MB. Only the first 80 kB of it are ever sent. */
const ANNOUNCED = String(450 * 1024 * 1024);
const SENT = Buffer.alloc(80 * 1024, 'a');

interface Route {
  path: string;
  type: string;
  headers?: () => Record<string, string>;
}

/** Both ways of sending more than the limit, the request left open; the answer's status and body. */
async function bothWays(route: Route) {
  const url = `${new URL(baseUrl()).origin}${route.path}`;
  const headers = { 'content-type': route.type, 'x-csp-dashboard': '1', ...route.headers?.() };
  const sized = await rawRequest(url, 'POST', {
    headers: { ...headers, 'content-length': ANNOUNCED },
    body: SENT,
    end: false,
  });
  const chunked = await rawRequest(url, 'POST', {
    headers: { ...headers, 'transfer-encoding': 'chunked' },
    body: SENT,
    end: false,
  });
  return [sized, chunked].map((answer) => ({
    status: answer.status,
    body: JSON.parse(answer.text) as unknown,
    type: answer.headers['content-type'],
    version: answer.headers['x-csp-version'],
    requestId: answer.headers['x-request-id'],
  }));
}

// The same answer from either host's handlers, with the headers every answer carries (DESIGN §8).
const EXPECTED = {
  status: 413,
  body: TOO_LARGE,
  type: expect.stringMatching(/^application\/json/),
  version: 'gateway-csp/v0.1.0',
  requestId: expect.stringMatching(/^[\w.-]{1,64}$/),
};

describe('the gateway (either host)', () => {
  it.each(['/api/v1/csp/organization', '/api/v1/csp/organization/signin', '/api/v1/csp/payments'])(
    'POST %s: 413 before the body is in, announced or streamed',
    async (path) => {
      expect(await bothWays({ path, type: 'application/json' })).toEqual([EXPECTED, EXPECTED]);
    },
  );
});

describe.runIf(inject('host') === 'next')("the dashboard's route handlers", () => {
  let session = '';
  beforeAll(async () => {
    const org = await createOrg();
    session = await dashboardSession(org.email, org.password);
  });

  it.each([
    // next-auth's: sign-in, sign-out, and any other action it is posted.
    { path: '/api/auth/callback/credentials', type: 'application/x-www-form-urlencoded' },
    { path: '/api/auth/signout', type: 'application/x-www-form-urlencoded' },
    { path: '/api/auth/signin/credentials', type: 'application/json' },
    { path: '/api/auth/session', type: 'application/json' },
    { path: '/api/signup', type: 'application/json' },
    { path: '/api/passkey-signin', type: 'application/json' },
    { path: `/api/invitation/inv_${'x'.repeat(43)}`, type: 'application/json' },
    { path: '/api/proxy/payments', type: 'application/json', headers: () => ({ cookie: session }) },
  ] satisfies Route[])('POST $path: 413 in the envelope before the body is in', async (route) => {
    expect(await bothWays(route)).toEqual([EXPECTED, EXPECTED]);
  });

  it('next-auth still signs in with a body within the limit', async () => {
    const org = await createOrg();
    expect(await dashboardSession(org.email, org.password)).toMatch(/session-token=/);
  });
});
