'use client';

import { useHydrated } from '@/lib/client/hydrated';
import { formatLocal, formatLocalDay, formatUtc, formatUtcDay, when } from '@/lib/client/time';

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

const whenUtc = (seconds: number) => formatUtc(new Date(seconds * 1000));
const utcDay = (seconds: number) => formatUtcDay(new Date(seconds * 1000));

/**
 * `when` (Unix seconds in the reader's zone, named) for a component whose first render may be the
 * server's or hydration's — a page read on the server, its figures given as initial data: UTC
 * until the page has hydrated, then the reader's zone (the component renders again then), as
 * `LocalTime` does where a string is needed. Formatting in the reader's zone in that render made
 * the browser's text differ from the server's for every reader outside UTC: React's error #418.
 */
export function useWhen(): (seconds: number) => string {
  return useHydrated() ? when : whenUtc;
}

/** The reader's calendar day of Unix seconds ("Nov 26, 2026"), as `useWhen` (UTC's day until hydrated). */
export function useDay(): (seconds: number) => string {
  return useHydrated() ? (seconds) => formatLocalDay(new Date(seconds * 1000)) : utcDay;
}
