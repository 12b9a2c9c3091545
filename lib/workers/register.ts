import { WORKERS, type Worker } from './index';
import { purgeExpiredIdempotencyKeys } from '@/lib/api/idempotency';

const ALL: Worker[] = [
  { name: 'idempotency-purge', intervalMs: 10 * 60 * 1000, run: (db) => purgeExpiredIdempotencyKeys(db) },
];

export function registerAllWorkers(): void {
  for (const w of ALL) if (!WORKERS.some((x) => x.name === w.name)) WORKERS.push(w);
}
