'use client';

import { createContext, useContext, useSyncExternalStore } from 'react';
import { useNamespace } from './namespace';

interface Deployment {
  /** The upstream gateway in proxy mode (`GATEWAY_URL`), else null: the gateway is this deployment. */
  gatewayUrl: string | null;
  /** The signed-in user's organization (null for the operator). */
  orgId: string | null;
  partners: Array<{ token: string; domain: string; environment: string }>;
}

const DeploymentContext = createContext<Deployment>({ gatewayUrl: null, orgId: null, partners: [] });

/** Given by the dashboard's layout from the server: what a snippet needs beside the page's own data. */
export function DeploymentProvider({ value, children }: { value: Deployment; children: React.ReactNode }) {
  return <DeploymentContext.Provider value={value}>{children}</DeploymentContext.Provider>;
}

const noSubscription = () => () => {};

/**
 * The gateway's absolute address as a back end would call it (`https://host/api/v1/csp`): the
 * upstream gateway in proxy mode, else this page's own origin. Null during the server render and
 * hydration (the server does not know the address the reader typed): a snippet waits for it rather
 * than print a URL without scheme or host.
 */
export function useApiBase(): string | null {
  const { gatewayUrl } = useContext(DeploymentContext);
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => null,
  );
  if (gatewayUrl) return gatewayUrl;
  return origin ? `${origin}/api/v1/csp` : null;
}

/**
 * The organization and the selected namespace (`useNamespace()`), as a call made with one of its
 * keys names them.
 */
export function useTenant(): {
  orgId: string;
  partnerId: string;
  domain: string;
  sandbox: boolean;
} | null {
  const { orgId, partners } = useContext(DeploymentContext);
  const selected = useNamespace();
  const ns = partners.find((p) => p.token === selected);
  if (!orgId || !ns) return null;
  return { orgId, partnerId: ns.token, domain: ns.domain, sandbox: ns.environment === 'sandbox' };
}
