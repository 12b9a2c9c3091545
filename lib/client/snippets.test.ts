import { execFile, spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlCommand, nodeFetch, pythonRequests, type SnippetCall } from '@/lib/domain/snippets';
import { bashScript, firstPaymentCalls, KEY_PLACEHOLDER, receiverScript } from './snippets';
import { signatureHeader } from '@/lib/webhooks/sign';

const run = promisify(execFile);

/** An echo server: every request's method, path, headers and body, as received. */
let server: Server;
let base: string;
const received: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }> = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const tricky: SnippetCall = {
  method: 'POST',
  url: `PLACEHOLDER/payments?note=a%20b`,
  headers: [
    ['X-SERVICE-API-KEY', { env: 'KEY' }],
    ['x-literal', 'cost $5 "quoted" `tick` \\ back'],
    ['idempotency-key', { idempotencyKey: true }],
  ],
  body: { text: 'it\'s $HOME and `id` and "q"', nested: { list: [1, true, null] } },
};
const call = () => ({ ...tricky, url: tricky.url.replace('PLACEHOLDER', base) });

async function lastRequest() {
  return received.at(-1)!;
}

describe('snippets run as printed', () => {
  it('curl: literal text stays literal, variables expand, a fresh idempotency key each run', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { stdout } = await run('bash', ['-c', curlCommand(call())], {
        env: { ...process.env, KEY: 'sk_1' },
      });
      expect(stdout).toBe('{"ok":true}\n');
      const r = await lastRequest();
      expect(r.method).toBe('POST');
      expect(r.url).toBe('/payments?note=a%20b');
      expect(r.headers['x-service-api-key']).toBe('sk_1');
      expect(r.headers['x-literal']).toBe('cost $5 "quoted" `tick` \\ back');
      expect(r.headers['content-type']).toBe('application/json');
      expect(JSON.parse(r.body)).toEqual(tricky.body);
      expect(r.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
      keys.push(String(r.headers['idempotency-key']));
    }
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('Node.js (fetch) and Python (requests) send the same request', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'snippets-'));
    writeFileSync(path.join(dir, 'call.mjs'), nodeFetch(call()));
    writeFileSync(path.join(dir, 'call.py'), pythonRequests(call()));
    for (const [cmd, file] of [
      ['node', 'call.mjs'],
      ['python3', 'call.py'],
    ] as const) {
      const { stdout } = await run(cmd, [path.join(dir, file)], { env: { ...process.env, KEY: 'sk_2' } });
      expect(stdout).toMatch(/^200 /);
      const r = await lastRequest();
      expect(r.headers['x-service-api-key'], file).toBe('sk_2');
      expect(r.headers['x-literal'], file).toBe('cost $5 "quoted" `tick` \\ back');
      expect(JSON.parse(r.body), file).toEqual(tricky.body);
      expect(String(r.headers['idempotency-key']), file).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('the checklist script: the key filled in, or a KEY line to replace', async () => {
    const calls = firstPaymentCalls({
      apiBase: `${base}/api/v1/csp`,
      orgId: 'org_1',
      partnerId: 'part_1',
      domain: 'bank.test',
      paymentId: 'first-x',
    });
    const filled = bashScript(
      { partnerId: 'part_1', token: 'api_1', name: 'Test', secret: 'sk_sandbox_abc' },
      calls,
    );
    expect(filled).toContain('\nKEY=sk_sandbox_abc\n');
    const before = received.length;
    const { stdout } = await run('bash', ['-c', filled], {
      env: { PATH: process.env.PATH!, NODE_ENV: 'test' },
    });
    expect(stdout).toBe('{"ok":true}\n{"ok":true}\n');
    const [create, submit] = received.slice(before);
    expect(create!.url).toBe('/api/v1/csp/payments');
    expect(submit!.url).toBe('/api/v1/csp/payments/first-x/submissions');
    expect(create!.headers['x-service-api-key']).toBe('sk_sandbox_abc');
    expect(create!.headers['idempotency-key']).not.toBe(submit!.headers['idempotency-key']);
    expect(JSON.parse(create!.body)).toMatchObject({ payment_id: 'first-x', amount: { total: '2500' } });
    expect(bashScript(null, calls)).toContain(`\nKEY=${KEY_PLACEHOLDER}\n`);
  });

  it('the webhook receiver listens on its URL’s port, verifies a signed delivery and refuses a forged one', async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const port = 20000 + Math.floor(Math.random() * 20000);
    const dir = mkdtempSync(path.join(tmpdir(), 'receiver-'));
    // Run from the shell `npm start` was, which exports PORT (the dashboard's, in use): the
    // receiver takes the URL's port, not that one.
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const dashboardPort = String((taken.address() as AddressInfo).port);
    const child = spawn('bash', ['-c', receiverScript(`http://127.0.0.1:${port}/hooks/csp`, secret)], {
      cwd: dir,
      env: { ...process.env, PORT: dashboardPort },
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    try {
      await expect.poll(() => out, { timeout: 10_000 }).toContain('receiving on');
      const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', data: { message: 'hi' } });
      const ts = Math.floor(Date.now() / 1000);
      const send = (signature: string) =>
        fetch(`http://127.0.0.1:${port}/hooks/csp`, {
          method: 'POST',
          headers: { 'webhook-id': 'evt_1', 'webhook-timestamp': String(ts), 'webhook-signature': signature },
          body,
        });
      expect((await send(signatureHeader([secret], 'evt_1', ts, body))).status).toBe(204);
      expect((await send('v1,forged')).status).toBe(400);
      await expect.poll(() => out).toContain('verified webhook.test evt_1');
      expect(out).toContain(`receiving on http://localhost:${port}/hooks/csp`);
    } finally {
      child.kill();
      taken.close();
    }
  });
});
