import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
}

/**
 * A real HTTP receiver on 127.0.0.1 that records the POSTs to its own path and answers as told.
 * Anything else gets 404 and is not recorded: its port is one the kernel handed out, which a
 * request meant for a process that held it before (a retry, a probe) can still reach.
 */
export async function startReceiver(
  answer: (n: number, r: Received) => number | Promise<number> = () => 200,
) {
  const received: Received[] = [];
  let n = 0;
  const path = `/hook/${randomBytes(6).toString('hex')}`;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== path) {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const r: Received = { headers: req.headers, body, json: JSON.parse(body || 'null'), at: Date.now() };
      received.push(r);
      const status = await answer(++n, r);
      if (status === 0) return; // never answer
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
    async waitFor(pred: (r: Received[]) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pred(received)) {
        if (Date.now() > deadline)
          throw new Error(`receiver timed out; got ${received.map((r) => r.json?.type).join(', ')}`);
        await new Promise((res) => setTimeout(res, 100));
      }
    },
  };
}
