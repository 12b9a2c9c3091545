import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface RawOptions {
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** false: the body is sent and the request left open, as a client still sending would. */
  end?: boolean;
  timeoutMs?: number;
}

/**
 * A request as fetch cannot send one: any method (TRACE is a forbidden one), a Content-Length
 * that announces more than is sent, a body that never ends. Answers once the response has
 * arrived whole, then drops the connection.
 */
export function rawRequest(url: string, method: string, opts: RawOptions = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: opts.headers, agent: false });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${method} ${url}: no answer within ${opts.timeoutMs ?? 15_000} ms`));
    }, opts.timeoutMs ?? 15_000);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode!, headers: res.headers, text });
      });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    if (opts.body !== undefined) req.write(opts.body);
    if (opts.end !== false) req.end();
  });
}
