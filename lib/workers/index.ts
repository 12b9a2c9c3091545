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

interface Running {
  /** Stops starting passes and resolves once the passes under way have finished. */
  stop: () => Promise<void>;
}

const g = globalThis as unknown as { __cspWorkers?: Running };

/** Whether this process's workers run (started, not stopped). */
export function workersRunning(): boolean {
  return g.__cspWorkers !== undefined;
}

export function startWorkers(db: Db): Running {
  if (g.__cspWorkers) return g.__cspWorkers;
  const timers: NodeJS.Timeout[] = [];
  const passes = new Set<Promise<void>>();
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
    const t = setInterval(() => {
      const pass = tick();
      passes.add(pass);
      void pass.finally(() => passes.delete(pass));
    }, w.intervalMs);
    t.unref();
    timers.push(t);
  }
  g.__cspWorkers = {
    stop: async () => {
      stopped = true;
      timers.forEach(clearInterval);
      g.__cspWorkers = undefined;
      await Promise.allSettled([...passes]);
    },
  };
  return g.__cspWorkers;
}

/** Stops this process's workers, if running, once their passes under way have finished. */
export async function stopWorkers(): Promise<void> {
  await g.__cspWorkers?.stop();
}
