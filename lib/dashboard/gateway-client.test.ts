import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Proxy mode (GATEWAY_URL): the upstream gateway learns the browser's address from
// X-Forwarded-For, which the dashboard sets itself.
const seen: IncomingHttpHeaders[] = [];
const upstream = createServer((req, res) => {
  seen.push(req.headers);
  res.setHeader('content-type', 'application/json');
  res.end('{"ok":true,"data":{}}');
});
let callGateway: typeof import('./gateway-client').callGateway;
beforeAll(async () => {
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  vi.stubEnv('GATEWAY_URL', `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1/csp`);
  ({ callGateway } = await import('./gateway-client'));
});
afterAll(() => {
  vi.unstubAllEnvs();
  upstream.close();
});

describe('callGateway in proxy mode', () => {
  it("sends the browser's address as X-Forwarded-For, replacing any the caller passed on", async () => {
    await callGateway('/organization', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '6.6.6.6' },
      body: '{}',
      clientAddress: '198.51.100.4',
    });
    await callGateway('/health', { headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect(seen.map((h) => h['x-forwarded-for'])).toEqual(['198.51.100.4', undefined]);
  });
});
