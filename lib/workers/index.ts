import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
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
  /**
   * Whether a pass may find work, as a boolean SQL expression (a read of its queue's first row).
   * The workers that have one are asked together, one statement for all of them at each tick
   * (`askWorkers`), and a pass runs only where the answer is true: an idle server reads once a tick
   * instead of once a worker. It may say true when a pass would find nothing, never false when it
   * would find work.
   */
  pending?: () => SQL;
  /** Called once when the workers start (e.g. to listen for notifications that wake the pass). */
  start?(db: Db): void;
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

/** Which of `workers` (each with `pending`) have work, in one statement. */
export async function askWorkers(db: Db, workers: Worker[]): Promise<boolean[]> {
  const asked = workers.map((w, i) => sql`${w.pending!()} AS ${sql.identifier(`w${i}`)}`);
  const [row] = rowsOf(await db.execute(sql`SELECT ${sql.join(asked, sql`, `)}`));
  return workers.map((_, i) => row?.[`w${i}`] === true);
}

/**
 * Starts the registered workers. A worker without `pending` runs on a timer of its own every
 * `intervalMs`. Those with `pending` share one timer, ticking at the shortest of their intervals:
 * at each tick the ones whose interval has run out are asked in one statement whether they have
 * work, and only those that do run their pass (should the question fail, they all run, as
 * without it). A pass never overlaps the same worker's previous one.
 */
export function startWorkers(db: Db): Running {
  if (g.__cspWorkers) return g.__cspWorkers;
  const timers: NodeJS.Timeout[] = [];
  const passes = new Set<Promise<void>>();
  const running = new Set<Worker>();
  let stopped = false;
  const pass = (w: Worker) => {
    if (running.has(w) || stopped) return;
    running.add(w);
    const p = (async () => {
      try {
        await w.run(db);
      } catch (err) {
        logger.error({ err, worker: w.name }, 'worker pass failed');
      } finally {
        running.delete(w);
      }
    })();
    passes.add(p);
    void p.finally(() => passes.delete(p));
  };
  const every = (ms: number, fn: () => void) => {
    const t = setInterval(fn, ms);
    t.unref();
    timers.push(t);
  };

  for (const w of WORKERS) w.start?.(db);
  for (const w of WORKERS.filter((x) => !x.pending)) every(w.intervalMs, () => pass(w));

  const asked = WORKERS.filter((x) => x.pending);
  if (asked.length) {
    const due = new Map(asked.map((w) => [w, Date.now() + w.intervalMs]));
    let asking = false;
    every(Math.min(...asked.map((w) => w.intervalMs)), () => {
      if (asking || stopped) return;
      const now = Date.now();
      const dueNow = asked.filter((w) => due.get(w)! <= now);
      // Asked next an interval after the last time it was due, not after this tick (ticks of
      // another worker's interval would stretch it); an interval from now if that has passed.
      for (const w of dueNow) {
        const next = due.get(w)! + w.intervalMs;
        due.set(w, next > now ? next : now + w.intervalMs);
      }
      const idle = dueNow.filter((w) => !running.has(w));
      if (!idle.length) return;
      asking = true;
      const question = askWorkers(db, idle).catch((err: unknown) => {
        logger.error(
          { err, workers: idle.map((w) => w.name) },
          'workers could not be asked for work; each runs its pass',
        );
        return idle.map(() => true);
      });
      const p = question.then((answers) => {
        asking = false;
        idle.forEach((w, i) => answers[i] && pass(w));
      });
      passes.add(p);
      void p.finally(() => passes.delete(p));
    });
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
