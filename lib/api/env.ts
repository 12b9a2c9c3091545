import type { ServiceContext } from './context';

export interface GatewayEnv {
  Variables: {
    requestId: string;
    service: ServiceContext;
    /** Set while an idempotent request is in flight, so a failure can release its key. */
    idempotencyKeyHash: string | undefined;
  };
}
