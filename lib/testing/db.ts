/**
 * Databases for service and library tests: PGlite in memory, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set (TEST_DB=postgres forces it, TEST_DB=pglite forces PGlite).
 */
import { createScratchDatabase } from './scratch-pg';
import { openDatabase, type Database } from '@/lib/db/client';
import type { ServiceContext, Principal, NamespaceInfo } from '@/lib/api/context';

export async function createTestDatabase(): Promise<Database & { kind: 'pglite' | 'postgres' }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const wantPg = process.env.TEST_DB ? process.env.TEST_DB === 'postgres' : Boolean(adminUrl);
  if (!wantPg || !adminUrl) return openDatabase({});
  const scratch = await createScratchDatabase(adminUrl, 'csp_unit');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export function testContext(db: Database['db'], over: Partial<ServiceContext> & { principal?: Principal; namespace?: NamespaceInfo | null } = {}): ServiceContext {
  return {
    db,
    principal: over.principal ?? { kind: 'anonymous' },
    orgId: over.orgId ?? null,
    orgStatus: over.orgStatus ?? null,
    namespace: over.namespace ?? null,
    requestId: 'test',
  };
}
