'use client';

import { useHydrated } from '@/lib/client/hydrated';
import { formatLocal, formatUtc } from '@/lib/client/time';

/**
 * A moment in the reader's time zone, named, with UTC on hover. The server does not know that
 * zone, so server-rendered HTML (and hydration) shows UTC in the same format, and the browser
 * switches to its zone right after: only the zone changes, never the format.
 */
export function LocalTime({ seconds }: { seconds: number }) {
  const isBrowser = useHydrated();
  const d = new Date(seconds * 1000);
  return (
    <time dateTime={d.toISOString()} title={formatUtc(d)}>
      {isBrowser ? formatLocal(d) : formatUtc(d)}
    </time>
  );
}

/** An ISO timestamp of the wire (`initiated_at`) as Unix seconds. */
export const isoSeconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
