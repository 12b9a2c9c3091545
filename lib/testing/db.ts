/**
 * Databases for service and library tests: PGlite in memory, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set (TEST_DB=postgres forces it, TEST_DB=pglite forces PGlite).
 */
import pg from 'pg';
import { openDatabase, type Database } from '@/lib/db/client';
import type { ServiceContext, Principal, NamespaceInfo } from '@/lib/api/context';

export async function createTestDatabase(): Promise<Database & { kind: 'pglite' | 'postgres' }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const wantPg = process.env.TEST_DB ? process.env.TEST_DB === 'postgres' : Boolean(adminUrl);
  if (!wantPg || !adminUrl) return openDatabase({});
  const name = `csp_unit_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
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
