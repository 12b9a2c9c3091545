import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@/lib/db';
import { bootstrap } from '@/lib/services/setup/bootstrap';
import { createTestDatabase } from '@/lib/testing/db';
import { seedDemoOrganizations } from './demo';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  await bootstrap(database.db);
});
afterAll(async () => database?.close());

describe('the demo organizations', () => {
  it('run their production namespace with four eyes on, their sandboxes without', async () => {
    expect(await seedDemoOrganizations(database.db)).not.toBeNull();
    const rows = await database.db
      .select({
        domain: schema.namespaces.domain,
        environment: schema.namespaces.environment,
        threshold: schema.namespaces.fourEyesThreshold,
        approvals: schema.namespaces.fourEyesApprovals,
      })
      .from(schema.namespaces);
    const of = (domain: string) => rows.find((r) => r.domain === domain);
    expect(of('demo-bank.test')).toEqual({
      domain: 'demo-bank.test',
      environment: 'production',
      threshold: 1_000_000n,
      approvals: 1,
    });
    expect(of('lab.demo-bank.test')?.threshold).toBeNull();
    expect(of('fintech.sandbox.test')?.threshold).toBeNull();
  });
});
