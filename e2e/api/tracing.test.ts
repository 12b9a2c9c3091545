import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { api, targetServer, uniq } from './helpers';
import { createBank, pushBody, type Bank } from './payments-helpers';
import { startServer, type DbKind, type Host } from './server';

/**
 * OpenTelemetry traces (lib/server/tracing.ts): a server of its own exports its spans over OTLP
 * (JSON) to a collector this test runs, on the suite's host and database.
 */
interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: OtlpValue }[];
}
interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[];
  }[];
}

const host = inject('host') as Host;
const db = inject('dbKind') as DbKind;
const spans: (OtlpSpan & { scope: string; service: string })[] = [];
const bodies: string[] = [];
let collector: Server;
let server: Awaited<ReturnType<typeof startServer>>;

const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? v?.intValue ?? v?.boolValue;
};

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      bodies.push(body);
      if (req.url === '/v1/traces') {
        const parsed = JSON.parse(body) as ExportRequest;
        for (const rs of parsed.resourceSpans ?? []) {
          const service = String(
            rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue,
          );
          for (const ss of rs.scopeSpans ?? []) {
            for (const span of ss.spans ?? []) spans.push({ ...span, scope: ss.scope?.name ?? '', service });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as { port: number };
  server = await startServer({
    host,
    db,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
  });
  targetServer(server);
});
afterAll(async () => {
  targetServer(undefined);
  await server?.stop();
  await new Promise((resolve) => collector?.close(resolve));
});

async function spanOf(requestId: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = spans.find((s) => attr(s, 'csp.request_id') === requestId);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no span for ${requestId}; names: ${spans.map((s) => s.name)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`traces over OTLP (${host}, ${db})`, () => {
  let bank: Bank;
  beforeAll(async () => {
    bank = await createBank();
  });

  it('exports one span per request named by its route template, with the request id', async () => {
    const body = pushBody(bank, `payee@${bank.domain}`, '1250');
    const requestId = `trace-${uniq()}`;
    const created = await api('POST', '/payments', {
      ...bank.key,
      body,
      headers: { 'x-request-id': requestId },
    });
    expect(created.status, created.text).toBe(200);
    const span = await spanOf(requestId);
    expect(span.name).toBe('POST /api/v1/csp/payments');
    expect(attr(span, 'http.route')).toBe('/api/v1/csp/payments');
    expect(span.service).toBe('csp-gateway');

    const readId = `trace-${uniq()}`;
    const read = await api('GET', `/payments/${body.payment_id}`, {
      ...bank.key,
      headers: { 'x-request-id': readId },
    });
    expect(read.status).toBe(200);
    const readSpan = await spanOf(readId);
    expect(readSpan.name).toBe('GET /api/v1/csp/payments/:payment_id');
    expect(readSpan.traceId).not.toBe(span.traceId);
  });

  it.runIf(db === 'postgres')('traces each database statement as a child of its request', async () => {
    const requestId = `trace-${uniq()}`;
    const res = await api('GET', '/payments?limit=5', {
      ...bank.key,
      headers: { 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    const span = await spanOf(requestId);
    const deadline = Date.now() + 10_000;
    let statements: typeof spans = [];
    while (statements.length === 0 && Date.now() < deadline) {
      statements = spans.filter(
        (s) => s.traceId === span.traceId && attr(s, 'db.system.name') === 'postgresql',
      );
      if (statements.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s) => s.scope === '@opentelemetry/instrumentation-pg')).toBe(true);
    // The statement's text is kept, its parameters are not.
    const texts = statements.map((s) => String(attr(s, 'db.query.text') ?? ''));
    expect(texts.some((t) => /select/i.test(t))).toBe(true);
  });

  it('records no secret, search text or body: the URL is the path alone', async () => {
    const fragment = `Quartermain${uniq()}`;
    const requestId = `trace-${uniq()}`;
    const res = await api('GET', `/payments?party=${fragment}`, {
      ...bank.key,
      headers: { 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    const span = await spanOf(requestId);
    const target = attr(span, 'http.target') ?? attr(span, 'url.path');
    if (target !== undefined) expect(target).toBe('/api/v1/csp/payments');
    // Let the last batch be exported, then look at everything the collector was sent.
    await new Promise((r) => setTimeout(r, 500));
    const all = bodies.join('\n');
    expect(all).not.toContain(fragment);
    expect(all).not.toContain(bank.key.apiKey);
    expect(all).not.toContain(`payer@${bank.domain}`);
  });
});
