import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, dbKind } from './helpers';
import { rawRequest, type RawAnswer } from './raw-http';
import { startServer } from './server';

// A method a path does not take is 405 error.method_not_allowed with `Allow` listing those it
// takes, on both hosts, TRACE included (docs/decisions.md, "Methods a path does not take"). On the
// Next.js host TRACE was a plain-text 500 with a stack trace in the log, on every path, before any
// route ran; the gateway answered 404 "No operation PUT …" for a path it has.

const GATEWAY = '/api/v1/csp';

function expect405(answer: RawAnswer, method: string, allow: string) {
  expect(answer.status, `${method}: ${answer.text}`).toBe(405);
  expect(answer.headers.allow).toBe(allow);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.text)).toEqual({
    code: 'error.method_not_allowed',
    message: `${method} is not allowed on this path; it allows ${allow}`,
  });
}

const send = (method: string, path: string, origin = new URL(baseUrl()).origin) =>
  rawRequest(`${origin}${path}`, method, { headers: { 'x-request-id': 'req-method' } });

describe("the gateway's paths (either host)", () => {
  it.each([
    ['TRACE', '/health', 'GET, HEAD'],
    ['PUT', '/health', 'GET, HEAD'],
    ['OPTIONS', '/health', 'GET, HEAD'],
    ['PROPFIND', '/health', 'GET, HEAD'],
    ['DELETE', '/payments', 'GET, HEAD, POST'],
    ['TRACE', '/payments/pay-1', 'GET, HEAD'],
    ['PUT', '/webhook/wh_1', 'GET, HEAD, PATCH, DELETE'],
    ['TRACE', '/apikey/sk_live_not_a_secret', 'GET, HEAD, POST, PATCH, DELETE'],
  ])('%s %s: 405, Allow: %s, with the gateway headers', async (method, path, allow) => {
    const answer = await send(method, `${GATEWAY}${path}`);
    expect405(answer, method, allow);
    expect(answer.headers['x-csp-version']).toBe('gateway-csp/v0.1.0');
    expect(answer.headers['x-request-id']).toBe('req-method');
  });

  it.each(['TRACE', 'PUT', 'GET'])('%s on a path no operation has: 404', async (method) => {
    const answer = await send(method, `${GATEWAY}/no-such-thing`);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toEqual({
      code: 'error.not_found',
      message: `No operation ${method} ${GATEWAY}/no-such-thing`,
    });
    expect(answer.headers['x-request-id']).toBe('req-method');
  });

  it('still answers the methods a path takes', async () => {
    expect((await send('GET', `${GATEWAY}/health`)).status).toBe(200);
    expect((await send('HEAD', `${GATEWAY}/health`)).status).toBe(200);
  });
});

const PAGE = 'GET, HEAD';
const NEXT_AUTH = 'GET, HEAD, POST, OPTIONS';
const FORWARDER = 'POST, OPTIONS';
const PROXY = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

describe.runIf(inject('host') === 'next' && dbKind() === 'pglite')(
  "the dashboard's pages and route handlers",
  () => {
    // A server of its own, whose log is read: nothing may be logged for these requests.
    let server: Awaited<ReturnType<typeof startServer>>;
    beforeAll(async () => {
      server = await startServer({ host: 'next', db: 'pglite' });
    });
    afterAll(() => server?.stop());

    const cases: Array<[string, string, string]> = [
      ['TRACE', '/', PAGE],
      ['TRACE', '/payments', PAGE],
      ['TRACE', '/signin', PAGE],
      ['TRACE', '/no-such-page', PAGE],
      ['TRACE', '/api/auth/session', NEXT_AUTH],
      ['TRACE', '/api/signup', FORWARDER],
      ['TRACE', '/api/proxy/me', PROXY],
      ['TRACE', '/docs', PAGE],
      ['SEARCH', '/payments', PAGE],
      ['PUT', '/', PAGE],
      ['PUT', '/signin', PAGE],
      ['POST', '/payments', PAGE],
      ['OPTIONS', '/payments', PAGE],
      ['PROPFIND', '/api/auth/session', NEXT_AUTH],
      ['PUT', '/api/auth/session', NEXT_AUTH],
      ['DELETE', '/api/auth/signout', NEXT_AUTH],
      ['GET', '/api/signup', FORWARDER],
      ['PATCH', '/api/passkey-signin', FORWARDER],
      ['GET', '/api/invitation/inv_1', FORWARDER],
      ['PURGE', '/api/proxy/me', PROXY],
    ];

    it('answer 405 with Allow in the envelope, and nothing is logged', async () => {
      const origin = new URL(server.baseUrl).origin;
      const logged = server.output().length;
      for (const [method, path, allow] of cases) {
        const answer = await send(method, path, origin);
        expect405(answer, method, allow);
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
      }
      // TRACE to the gateway too: Next.js cannot hand it to the gateway, so it is answered first.
      const traced = await send('TRACE', `${GATEWAY}/health`, origin);
      expect405(traced, 'TRACE', 'GET, HEAD');
      expect(traced.headers['x-csp-version']).toBe('gateway-csp/v0.1.0');
      expect(server.output().slice(logged)).toBe('');
    });

    it('take the methods they take as before', async () => {
      const origin = new URL(server.baseUrl).origin;
      expect((await send('GET', '/signin', origin)).status).toBe(200);
      expect((await send('HEAD', '/signin', origin)).status).toBe(200);
      expect((await send('GET', '/payments', origin)).status).toBe(307);
      expect((await send('GET', '/api/auth/session', origin)).status).toBe(200);
      const options = await send('OPTIONS', '/api/signup', origin);
      expect(options.status).toBe(204);
      expect(options.headers.allow).toBe('OPTIONS, POST');
    });
  },
);
