'use client';

import { useSyncExternalStore } from 'react';

/** An API key created or rotated in this page session: its secret, shown once. */
export interface FreshKey {
  partnerId: string;
  /** The key's token (`api_…`): forgotten when that key is revoked. */
  token: string;
  name: string;
  secret: string;
}

/**
 * The last key created per namespace, kept in this tab's memory only (never in storage, gone on
 * reload), so that the calls the dashboard prints after it — the checklist's, a payment's "as an
 * API call" — carry the key while the page still holds it, and a `KEY=` line to fill otherwise.
 */
let fresh: Record<string, FreshKey> = {};
const listeners = new Set<() => void>();

export function rememberFreshKey(key: FreshKey): void {
  fresh = { ...fresh, [key.partnerId]: key };
  listeners.forEach((l) => l());
}

/** Forgets the key with this token (revoked, disabled), in whichever namespace it was kept. */
export function forgetFreshKey(token: string): void {
  const partnerId = Object.keys(fresh).find((p) => fresh[p]!.token === token);
  if (!partnerId) return;
  const { [partnerId]: _gone, ...rest } = fresh;
  fresh = rest;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useFreshKey(partnerId: string | null): FreshKey | null {
  const all = useSyncExternalStore(
    subscribe,
    () => fresh,
    () => null,
  );
  return partnerId && all ? (all[partnerId] ?? null) : null;
}
