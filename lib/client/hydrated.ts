'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's render and in hydration, true once the page's JavaScript has taken over
 * (and from the first render of anything mounted after that). For what only the browser can say,
 * or do.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
