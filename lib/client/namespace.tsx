'use client';

import { createContext, useContext } from 'react';

const NamespaceContext = createContext<string | null>(null);

/**
 * The namespace the shell's switcher selected, given to everything under the shell (the page, the
 * search, the liquidity banner). Null on the operator's screens, which have none.
 */
export function NamespaceProvider({ value, children }: { value: string | null; children: React.ReactNode }) {
  return <NamespaceContext.Provider value={value}>{children}</NamespaceContext.Provider>;
}

/**
 * The selected namespace: a query puts it in its key (lib/client/queries) and passes it to
 * `apiFetch`; a mutation passes it as `partner`.
 */
export const useNamespace = (): string | null => useContext(NamespaceContext);
