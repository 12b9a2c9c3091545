'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * A moment in the reader's time zone. The server does not know that zone, so server-rendered HTML
 * (and hydration) shows UTC, and the browser switches to local time right after: rendering
 * toLocaleString on both sides would mismatch whenever the zones differ.
 */
export function LocalTime({ seconds }: { seconds: number }) {
  const isBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const d = new Date(seconds * 1000);
  return (
    <time dateTime={d.toISOString()}>
      {isBrowser ? d.toLocaleString() : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`}
    </time>
  );
}

/** An ISO timestamp of the wire (`initiated_at`) as Unix seconds. */
export const isoSeconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
