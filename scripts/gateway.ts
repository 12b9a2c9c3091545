/** Standalone gateway host: the same Hono app, served by @hono/node-server without Next.js. */
import { serve } from '@hono/node-server';
import { getGateway } from '@/lib/gateway/app';
import { startServices } from '@/lib/server/start';
import { config } from '@/lib/config';
import { getDatabase } from '@/lib/db';

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

async function shutdown() {
  // Let the requests in flight finish before the database closes under them (bounded).
  await new Promise((resolve) => {
    server.close(resolve);
    setTimeout(resolve, 3000).unref();
  });
  const db = await getDatabase();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
