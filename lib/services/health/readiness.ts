import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { MIGRATIONS_FOLDER } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';

export interface Readiness {
  ready: boolean;
  /** `ok`, or `unreachable` when the database did not answer within 2 s. */
  database: 'ok' | 'unreachable';
  /** `ok` when the database holds every migration this build ships; `behind` otherwise. */
  migrations: 'ok' | 'behind' | 'unknown';
  /** `running`; `off` when the instance runs without workers (WORKERS=off); `stopped`. */
  workers: 'running' | 'off' | 'stopped';
}

/** The creation time of the newest migration this build ships (drizzle's journal). */
let shippedHead: number | undefined;
function shippedMigrationsHead(): number {
  shippedHead ??= Math.max(
    ...(
      JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
        entries: Array<{ when: number }>;
      }
    ).entries.map((e) => e.when),
  );
  return shippedHead;
}

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

/**
 * Whether this instance should receive traffic: its database answers, holds this build's schema,
 * and its workers run (unless configured off). No tenant data is read.
 */
export async function readiness(db: Db, instance: { workersRunning: boolean }): Promise<Readiness> {
  let database: Readiness['database'] = 'ok';
  let migrations: Readiness['migrations'] = 'unknown';
  try {
    const [row] = rowsOf(
      await within(
        2000,
        db.execute(sql`select max(created_at)::text as head from drizzle.__drizzle_migrations`),
      ),
    );
    migrations = Number(row?.head ?? 0) >= shippedMigrationsHead() ? 'ok' : 'behind';
  } catch {
    database = 'unreachable';
  }
  const workers = !config.workersEnabled ? 'off' : instance.workersRunning ? 'running' : 'stopped';
  return {
    ready: database === 'ok' && migrations === 'ok' && workers !== 'stopped',
    database,
    migrations,
    workers,
  };
}
