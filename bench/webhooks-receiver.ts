/**
 * The benchmark's receiver process (forked by bench/webhooks.ts): one HTTP server on 127.0.0.1;
 * endpoint i of scenario k is the path /k/i (deliveries left over from an earlier scenario are
 * answered but not counted). It verifies every signature and records, per delivery, the delay
 * from the event's created_at (the producing transaction's time) to its arrival. Endpoints named in
 * `slow` answer after 5 s.
 */
import { createServer } from 'node:http';
import { verifyWebhookSignature } from '@/lib/webhooks/sign';

type Msg =
  | { cmd: 'config'; scenario: string; secrets: Record<string, string>; slow: string[] }
  | { cmd: 'stats'; reset?: boolean };

let scenario = '';
let secrets: Record<string, string> = {};
let slow = new Set<string>();
let delays: { fast: number[]; slow: number[] } = { fast: [], slow: [] };
let seen = new Set<string>();
let duplicates = 0;
let badSignatures = 0;
let first = 0;
let last = 0;

const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (body += c));
  req.on('end', () => {
    const now = Date.now();
    const [, of, endpoint = ''] = (req.url ?? '').split('/');
    if (of !== scenario) return void res.writeHead(200).end('stale');
    const json = JSON.parse(body) as { id: string; created_at: string };
    if (
      !verifyWebhookSignature({
        secret: secrets[endpoint] ?? '',
        headers: req.headers as Record<string, string>,
        body,
      })
    )
      badSignatures++;
    const key = `${endpoint} ${json.id}`;
    if (seen.has(key)) duplicates++;
    seen.add(key);
    first ||= now;
    last = now;
    (slow.has(endpoint) ? delays.slow : delays.fast).push(now - Date.parse(json.created_at));
    const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    if (slow.has(endpoint)) setTimeout(answer, 5000);
    else answer();
  });
});
server.keepAliveTimeout = 60_000;

const pct = (xs: number[], p: number) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

process.on('message', (m: Msg) => {
  if (m.cmd === 'config') {
    scenario = m.scenario;
    secrets = m.secrets;
    slow = new Set(m.slow);
    process.send!({ ok: true });
  } else {
    process.send!({
      fast: delays.fast.length,
      slow: delays.slow.length,
      distinct: seen.size,
      duplicates,
      badSignatures,
      firstAt: first,
      lastAt: last,
      p50: pct(delays.fast, 50),
      p99: pct(delays.fast, 99),
      slowP50: pct(delays.slow, 50),
    });
    if (m.reset) {
      delays = { fast: [], slow: [] };
      seen = new Set();
      duplicates = badSignatures = first = last = 0;
    }
  }
});

server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
