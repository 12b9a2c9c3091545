import type { Db } from '@/lib/db';
import { logger } from '@/lib/log/logger';

export interface Worker {
  name: string;
  /** Milliseconds between runs. */
  intervalMs: number;
  /**
   * One pass; must be safe with several instances running it at once: an advisory lock, SKIP LOCKED
   * claims, or writes guarded so that only one instance's change lands.
   */
  run(db: Db): Promise<unknown>;
}

/** Background workers of the server process, registered by `registerAllWorkers` (lib/workers/register.ts). */
export const WORKERS: Worker[] = [];

const g = globalThis as unknown as { __cspWorkers?: { stop: () => void } };

/** Whether this process's workers run (started, not stopped). */
export function workersRunning(): boolean {
  return g.__cspWorkers !== undefined;
}

export function startWorkers(db: Db): { stop: () => void } {
  if (g.__cspWorkers) return g.__cspWorkers;
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  for (const w of WORKERS) {
    let running = false;
    const tick = async () => {
      if (running || stopped) return;
      running = true;
      try {
        await w.run(db);
      } catch (err) {
        logger.error({ err, worker: w.name }, 'worker pass failed');
      } finally {
        running = false;
      }
    };
    const t = setInterval(tick, w.intervalMs);
    t.unref();
    timers.push(t);
  }
  g.__cspWorkers = {
    stop: () => {
      stopped = true;
      timers.forEach(clearInterval);
      g.__cspWorkers = undefined;
    },
  };
  return g.__cspWorkers;
}
