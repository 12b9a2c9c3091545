import type { IncomingMessage } from 'node:http';
import type { ServiceContext } from '@/lib/services/context';
import type { Db } from '@/lib/db';
import type { KeyRefusedError } from '@/lib/errors';
import type { ResolvedCredential } from './credentials';

export interface GatewayEnv {
  Bindings: {
    /** @hono/node-server's request (the standalone host): its socket's peer address. */
    incoming?: IncomingMessage;
    /**
     * The client's address, resolved by the host that calls the gateway without a socket of its
     * own: the Next.js route handler, or the dashboard calling in process for a browser.
     */
    clientAddress?: string;
  };
  Variables: {
    requestId: string;
    /** The gateway made the request id (the client sent none): it is the request log entry's id too. */
    requestIdGenerated: boolean;
    /** Who called, once the credential resolved, before any check of its rights (the request log). */
    caller: ResolvedCredential & { db: Db };
    /** A known API key refused (revoked, disabled, expired, a replaced secret): logged as its namespace's. */
    refusedKey: KeyRefusedError['key'] & { db: Db };
    /** The JSON answer's text, as sent (the request log). */
    responseText: string | undefined;
    service: ServiceContext;
    /** Set while an idempotent request is in flight, so a failure can release its key. */
    idempotencyKeyHash: string | undefined;
    /** The in-flight request's answer holds a secret: its record keeps it encrypted. */
    idempotencySealed: boolean | undefined;
  };
}
