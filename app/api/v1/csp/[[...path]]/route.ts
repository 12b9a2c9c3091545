import { clientAddressFromHeaders } from '@/lib/api/client-address';
import { getGateway } from '@/lib/gateway/app';
import { startServices } from '@/lib/server/start';

export const dynamic = 'force-dynamic';

async function handle(req: Request): Promise<Response> {
  await startServices();
  // A route handler has no socket: the client's address is resolved from the request's headers.
  return getGateway().fetch(req, {
    clientAddress: clientAddressFromHeaders((name) => req.headers.get(name)),
  });
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const HEAD = handle;
export const OPTIONS = handle;
