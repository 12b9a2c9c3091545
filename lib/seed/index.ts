import type { Db } from '@/lib/db';
import { seedDemoOrganizations } from './demo';
import { seedDemoPayments } from './payments';
import { seedDemoRules } from './rules';

/**
 * Demo data for `npm start`: idempotent, runs inside the server process (PGlite has one owner).
 * Answers whether it seeded (false: the demo data was there already).
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const ids = await seedDemoOrganizations(db);
  if (ids) {
    await seedDemoPayments(db, ids);
    await seedDemoRules(db, ids);
  }
  return ids !== null;
}
