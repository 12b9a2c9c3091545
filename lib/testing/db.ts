/**
 * Databases for service and library tests: PGlite in memory, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set (TEST_DB=postgres forces it, TEST_DB=pglite forces PGlite).
 */
import { eq } from 'drizzle-orm';
import { createScratchDatabase } from './scratch-pg';
import { schema } from '@/lib/db';
import { bootstrap } from '@/lib/services/setup/bootstrap';
import { signUp } from '@/lib/services/organizations/organizations';
import { openDatabase, type Database } from '@/lib/db/client';
import type { ServiceContext, Principal, NamespaceInfo } from '@/lib/services/context';
import { NO_FOUR_EYES } from '@/lib/domain/four-eyes';
import { createPayment } from '@/lib/services/payments/payments';
import { submitPayment } from '@/lib/services/payments/submissions';

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

export function testContext(
  db: Database['db'],
  over: Partial<ServiceContext> & { principal?: Principal; namespace?: NamespaceInfo | null } = {},
): ServiceContext {
  return {
    db,
    principal: over.principal ?? { kind: 'anonymous' },
    orgId: over.orgId ?? null,
    orgStatus: over.orgStatus ?? null,
    namespace: over.namespace ?? null,
    requestId: 'test',
  };
}

/**
 * A signed-up sandbox organization's admin, in its first namespace, with the review threshold at 1
 * so every payment gets two tasks: the counterparty's and the creator's compliance review.
 */
export async function reviewedSandboxAdmin(
  db: Database['db'],
  name: string,
  email: string,
): Promise<ServiceContext> {
  await bootstrap(db);
  const org = await signUp(db, { name, admin_email: email, admin_password: 'long-enough-password' });
  const [ns] = await db.select().from(schema.namespaces).where(eq(schema.namespaces.orgId, org.token));
  await db.update(schema.namespaces).set({ reviewThreshold: 1n }).where(eq(schema.namespaces.id, ns!.id));
  const namespace: NamespaceInfo = { ...ns!, reviewThreshold: 1n };
  return testContext(db, {
    orgId: org.token,
    orgStatus: 'sandbox',
    namespace,
    principal: { kind: 'user', userId: 'usr_x', orgId: org.token, role: 'admin', email },
  });
}

/** A production namespace `id` (domain `<id>.test`) of organization `orgId`, as a context names it. */
export const testNamespace = (
  id: string,
  orgId: string,
  over: Partial<NamespaceInfo> = {},
): NamespaceInfo => ({
  id,
  orgId,
  name: id,
  domain: `${id}.test`,
  environment: 'production',
  enabled: true,
  isSystem: false,
  paymentTtlSeconds: 86400,
  reviewThreshold: 1_000_000n,
  ...NO_FOUR_EYES,
  ...over,
});

/**
 * A payment of 42.00 EUR from the context's namespace to the Sandbox Bank's alice, submitted, with
 * its tasks by name (two with `reviewedSandboxAdmin`: the counterparty's and the compliance review).
 */
export async function submittedPayment(ctx: ServiceContext, paymentId: string) {
  await createPayment(ctx, {
    payment_id: paymentId,
    amount: { currency: 'EUR', total: '4200' },
    debtor_party: { payment_address: `p@${ctx.namespace!.domain}` },
    beneficiary_party: { payment_address: 'alice@sandbox-bank.test' },
    payment_type: 'Type_Push',
  });
  const sub = await submitPayment(ctx, paymentId);
  const tasks = await ctx.db
    .select()
    .from(schema.admissionTasks)
    .where(eq(schema.admissionTasks.submissionId, sub.token))
    .orderBy(schema.admissionTasks.name);
  return { sub, tasks };
}
