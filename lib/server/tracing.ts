import { register } from 'node:module';
import type { tracing } from '@opentelemetry/sdk-node';
import { config } from '@/lib/config';
import { logger, redactPath } from '@/lib/log/logger';

/**
 * OpenTelemetry traces, on when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `…_TRACES_ENDPOINT`) is set:
 * the SDK (`@opentelemetry/sdk-node`) with the HTTP and `pg` instrumentations, exported over OTLP
 * (`OTEL_EXPORTER_OTLP_PROTOCOL`: `http/protobuf`, the default, or `http/json`); the SDK reads the
 * other OTEL_* settings (headers, `OTEL_SERVICE_NAME`, sampler, batch delays) itself. Each request
 * is one server span named by its route template and carrying its request id (set by the
 * gateway's first middleware, lib/api/app.ts); each database statement a child span with its
 * text, never its parameters.
 *
 * Started before the modules it instruments are loaded: first thing in both hosts (scripts/
 * gateway.ts, instrumentation.ts). The standalone host runs as ES modules, so the import hook
 * (import-in-the-middle) is registered too; Next.js loads `pg` and `http` with `require`.
 *
 * No tenant data leaves in a URL: every span's URL attributes (the HTTP instrumentation's and
 * Next.js's own) are cut to the path, secrets redacted, without the query string (a search's
 * query holds names and addresses). No request or response body is recorded.
 */
const g = globalThis as unknown as { __cspTracing?: { shutdown(): Promise<void> } };

export async function startTracing(): Promise<void> {
  if (!config.tracesEndpoint || g.__cspTracing) return;
  if (!process.env.NEXT_RUNTIME) register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const protocol =
    process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ||
    process.env.OTEL_EXPORTER_OTLP_PROTOCOL ||
    'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    logger.warn({ protocol }, 'OTLP protocol not supported for traces; sending http/protobuf');
  }
  const [{ NodeSDK, tracing }, { HttpInstrumentation }, { PgInstrumentation }, exporter] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    protocol === 'http/json'
      ? import('@opentelemetry/exporter-trace-otlp-http').then((m) => new m.OTLPTraceExporter())
      : import('@opentelemetry/exporter-trace-otlp-proto').then((m) => new m.OTLPTraceExporter()),
  ]);
  process.env.OTEL_SERVICE_NAME ||= 'csp-gateway';
  const sdk = new NodeSDK({
    spanProcessors: [new UrlScrubber(), new tracing.BatchSpanProcessor(exporter)],
    instrumentations: [
      // Outgoing calls (webhook deliveries, the export itself) are not traced.
      new HttpInstrumentation({ ignoreOutgoingRequestHook: () => true }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  g.__cspTracing = sdk;
  logger.info({ protocol }, 'traces exported over OTLP');
}

/** Sends the spans not yet exported; called on a graceful stop. */
export async function stopTracing(): Promise<void> {
  const sdk = g.__cspTracing;
  g.__cspTracing = undefined;
  await sdk?.shutdown().catch(() => {});
}

const URL_KEYS = ['http.target', 'http.url', 'url.full', 'url.path', 'url.query'] as const;

/** The URL attributes of an ended span, as their path alone (redacted): before any export. */
class UrlScrubber implements tracing.SpanProcessor {
  onStart(): void {}
  onEnd(span: tracing.ReadableSpan): void {
    const attributes = span.attributes as Record<string, unknown>;
    for (const key of URL_KEYS) {
      const value = attributes[key];
      if (typeof value !== 'string') continue;
      attributes[key] = key === 'url.query' ? '' : scrub(value);
    }
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

function scrub(url: string): string {
  const query = url.indexOf('?');
  return redactPath(query === -1 ? url : url.slice(0, query));
}
