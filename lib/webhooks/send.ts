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
// each, which is most of the cost of a small local delivery.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxFreeSockets: 1024 }),
  'https:': new https.Agent({ keepAlive: true, maxFreeSockets: 1024 }),
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
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const req = transport.request(
      url,
      {
        method: 'POST',
        agent: agents[url.protocol as 'http:' | 'https:'],
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
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
    const timer = setTimeout(() => {
      finish({ statusCode: null, excerpt: null, error: `timed out after ${opts.timeoutMs} ms` });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err) =>
      finish({ statusCode: null, excerpt: null, error: err.message.slice(0, 500) || String(err) }),
    );
    req.end(body);
  });
}
