/** Standalone gateway host: the same Hono app, served by @hono/node-server without Next.js. */
import { config } from '@/lib/config';
import { startTracing } from '@/lib/server/tracing';

// Traces (when configured) start before `http` and `pg` are loaded, so both are instrumented.
await startTracing();
const { serve } = await import('@hono/node-server');
const { getGateway } = await import('@/lib/gateway/app');
const { startServices, stopProcess } = await import('@/lib/server/start');
const { answerClientError } = await import('@/lib/api/client-error');

await startServices();
const app = getGateway();
const server = serve(
  { fetch: app.fetch, port: config.port, hostname: process.env.HOST || '0.0.0.0' },
  (info) => {
    console.log(
      JSON.stringify({ msg: 'gateway listening', url: `http://localhost:${info.port}/api/v1/csp` }),
    );
  },
);

// What Node's parser refuses (a 10 KB path: 431) is answered in the envelope, not with a bare status line.
server.on('clientError', answerClientError);

let stopping = false;

/**
 * SIGTERM (or SIGINT): stop taking connections and let the requests in flight finish (at most
 * 10 s), then stop the workers and the webhook deliverer gracefully (lib/server/start.ts), close
 * the database and exit 0.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const started = performance.now();
  console.log(JSON.stringify({ msg: 'gateway stopping', signal }));
  await new Promise((resolve) => {
    server.close(resolve);
    setTimeout(resolve, 10_000).unref();
  });
  await stopProcess();
  console.log(JSON.stringify({ msg: 'gateway stopped', ms: Math.round(performance.now() - started) }));
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
