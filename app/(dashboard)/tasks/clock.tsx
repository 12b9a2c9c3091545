'use client';

import { useSyncExternalStore } from 'react';
import { spanText } from '@/components/liquidity/wait';
import { useHydrated } from '@/lib/client/hydrated';
import { claimUntil } from './use-queue';

/**
 * The queue's clock: one timer for every countdown on the page, and only the texts that show the
 * time render on its tick — not the queue of 50 rows and its panel around them. Null in the
 * server's render and in hydration (the server's time is not the browser's), so the first page
 * read with the HTML hydrates without a difference and the times appear right after.
 */
let second = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      second = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Milliseconds, moving every second; null before the page's JavaScript has taken over. */
function useClock(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => (second ||= Date.now()),
    () => null,
  );
}

/** What is left before `expiresAt` (Unix seconds): "2 h 5 min", "4 min 10 s", or "expired". */
function countdownText(expiresAt: number, now: number): string {
  const s = expiresAt - Math.floor(now / 1000);
  if (s <= 0) return 'expired';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min ${s % 60} s`;
}

export function Countdown({ expiresAt }: { expiresAt: number }) {
  const now = useClock();
  return now === null ? null : countdownText(expiresAt, now);
}

/** How long since `at` (Unix seconds), in words ("3 min"). */
export function Since({ at }: { at: number }) {
  const now = useClock();
  return now === null ? null : spanText(now / 1000 - at);
}

/** Whole seconds left until `until` (milliseconds). */
export function SecondsLeft({ until }: { until: number }) {
  const now = useClock();
  return now === null ? null : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * "until 10:45 AM" in the reader's time zone: once the page's JavaScript runs, as the server's
 * zone is not the reader's.
 */
export function ClaimUntil({ until }: { until: number }) {
  return useHydrated() ? claimUntil(until) : null;
}
