import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './helpers';

/** What Node.js's HTTP parser refuses is answered in the envelope (issue 54), on both hosts. */
function send(path: string, headers: Record<string, string> = {}) {
  const url = new URL(baseUrl());
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method: 'GET', path, headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('a request line and headers over 16 KiB', () => {
  it('is 431 in the error envelope with the headers every answer carries, not a bare status line', async () => {
    const res = await send(`/api/v1/csp/payments?reference=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-csp-version']).toMatch(/^gateway-csp\//);
    expect(res.headers['x-request-id']).toMatch(/^[\w.-]{1,64}$/);
    expect(JSON.parse(res.body)).toEqual({
      code: 'error.request_header_fields_too_large',
      message:
        'The request line and headers are over 16 KiB: shorten the URL (send search terms in fewer characters) or the headers',
    });
    // A header that size alone is refused the same way; a request after it is served as ever.
    expect((await send('/api/v1/csp/health', { 'x-big': 'y'.repeat(20_000) })).status).toBe(431);
    expect((await send('/api/v1/csp/health')).status).toBe(200);
  });
});
