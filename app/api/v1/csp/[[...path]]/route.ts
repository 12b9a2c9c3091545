import { getGateway } from '@/lib/gateway/app';
import { startServices } from '@/lib/server/start';

export const dynamic = 'force-dynamic';

async function handle(req: Request): Promise<Response> {
  await startServices();
  return getGateway().fetch(req);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const HEAD = handle;
export const OPTIONS = handle;
