import type { Db } from '@/lib/db';
import { seedDemoOrganizations } from './demo';

/** Demo data for `npm start`: idempotent, runs inside the server process (PGlite has one owner). */
export async function seedDemo(db: Db): Promise<void> {
  await seedDemoOrganizations(db);
}
