import http from 'node:http';
import https from 'node:https';
import { publicOnlyLookup, sendTargetError } from './ssrf';

export interface SendResult {
  statusCode: number | null;
  /** The first 1 KiB of the answer. */
  excerpt: string | null;
  error: string | null;
  latencyMs: number;
}

// Keep-alive: an endpoint's deliveries reuse one connection instead of a TCP (and TLS) handshake
// each, which is most of the cost of a small local delivery. An idle connection is closed after
// IDLE_MS, or a second before the endpoint's own `Keep-Alive: timeout=N` says it will close it:
// Node.js 20 applies that hint only when the agent has a timeout of its own, and without one kept
// every idle connection until the endpoint closed it (a Node.js 20 server announces 5 s and closes
// at about 6), so the next delivery could be written to a connection as it closed.
const IDLE_MS = 30_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxFreeSockets: 1024, timeout: IDLE_MS }),
  'https:': new https.Agent({ keepAlive: true, maxFreeSockets: 1024, timeout: IDLE_MS }),
};
const EXCERPT_CHARS = 1024;
const MAX_READ_BYTES = 64 * 1024;

/**
 * POSTs one delivery. Redirects are not followed; the whole exchange must finish within
 * `timeoutMs`. Never throws: failures come back as `error`.
 */
export function postDelivery(
  target: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, 'latencyMs'>): SendResult => ({
    ...r,
    latencyMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve(done({ statusCode: null, excerpt: null, error: 'url is not a valid URL' }));
  }
  const refused = sendTargetError(url, opts.allowPrivate);
  if (refused) return Promise.resolve(done({ statusCode: null, excerpt: null, error: refused }));
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    let req: http.ClientRequest;
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    /**
     * Sends the request. An endpoint may close an idle kept-alive connection just as a delivery is
     * written to it: the delivery then fails with ECONNRESET before any answer. That one is sent
     * once more at once, on another connection, rather than on the retry schedule minutes later —
     * as an HTTP client retries a request that failed on a reused connection when sending it twice
     * is harmless (RFC 9112 §9.3.1), which a delivery is: deliveries are at least once, and receivers
     * deduplicate by `webhook-id` (docs/webhooks.md).
     */
    const send = (again: boolean) => {
      let answered = false;
      req = transport.request(
        url,
        {
          method: 'POST',
          agent: agents[url.protocol as 'http:' | 'https:'],
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup }),
        },
        (res) => {
          answered = true;
          let excerpt = '';
          let read = 0;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (excerpt.length < EXCERPT_CHARS) excerpt += chunk.slice(0, EXCERPT_CHARS - excerpt.length);
            read += chunk.length;
            // A huge answer is not worth reading; the connection is dropped instead of reused.
            if (read > MAX_READ_BYTES) {
              res.destroy();
              finish({ statusCode: res.statusCode ?? null, excerpt, error: null });
            }
          });
          res.on('end', () => finish({ statusCode: res.statusCode ?? null, excerpt, error: null }));
          res.on('error', (err) =>
            finish({ statusCode: res.statusCode ?? null, excerpt, error: err.message.slice(0, 500) }),
          );
        },
      );
      const sent = req;
      sent.on('error', (err: NodeJS.ErrnoException) => {
        if (!again && !settled && !answered && sent.reusedSocket && err.code === 'ECONNRESET')
          return send(true);
        finish({ statusCode: null, excerpt: null, error: err.message.slice(0, 500) || String(err) });
      });
      sent.end(body);
    };
    const timer = setTimeout(() => {
      finish({ statusCode: null, excerpt: null, error: `timed out after ${opts.timeoutMs} ms` });
      req.destroy();
    }, opts.timeoutMs);
    send(false);
  });
}
