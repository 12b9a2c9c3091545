import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { config } from '@/lib/config';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { newId } from '@/lib/ids';
import { SANDBOX_BANK_DOMAIN, SANDBOX_BANK_ORG_NAME } from '../links/sandbox';

const SANDBOX_BANK_CUSTOMERS = [
  ['alice', 'Alice', 'Anders'],
  ['bob', 'Bob', 'Baker'],
  ['carol', 'Carol', 'Chen'],
  ['dave', 'Dave', 'Diaz'],
] as const;

/**
 * Start-up bootstrap, safe to run by every instance at every start: the operator account from
 * OPERATOR_EMAIL/OPERATOR_PASSWORD and the built-in Sandbox Bank namespace with its customers.
 */
export async function bootstrap(db: Db): Promise<void> {
  await ensureOperator(db);
  await ensureSandboxBank(db);
}

async function ensureOperator(db: Db) {
  const { users } = schema;
  // Operators belong to no organization; an organization's user may have the same address.
  const [existing] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, config.operatorEmail), isNull(users.orgId)))
    .limit(1);
  if (existing) {
    if (!(await verifyPassword(existing.passwordHash, config.operatorPassword))) {
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(config.operatorPassword), updatedAt: new Date() })
        .where(eq(users.id, existing.id));
    }
    return;
  }
  await db
    .insert(users)
    .values({
      id: newId('usr'),
      orgId: null,
      email: config.operatorEmail,
      name: 'Network operator',
      role: 'operator',
      passwordHash: await hashPassword(config.operatorPassword),
    })
    .onConflictDoNothing();
}

async function ensureSandboxBank(db: Db) {
  const { namespaces, organizations, customers } = schema;
  const [ns] = await db.select().from(namespaces).where(eq(namespaces.domain, SANDBOX_BANK_DOMAIN)).limit(1);
  if (ns) return;
  await db.transaction(async (tx) => {
    const orgId = newId('org');
    await tx.insert(organizations).values({ id: orgId, name: SANDBOX_BANK_ORG_NAME, status: 'verified' });
    const partnerId = newId('part');
    const inserted = await tx
      .insert(namespaces)
      .values({
        id: partnerId,
        orgId,
        name: SANDBOX_BANK_ORG_NAME,
        domain: SANDBOX_BANK_DOMAIN,
        environment: 'sandbox',
        isSystem: true,
      })
      .onConflictDoNothing()
      .returning({ id: namespaces.id });
    if (inserted.length === 0) return;
    await tx.insert(customers).values(
      SANDBOX_BANK_CUSTOMERS.map(([local, first, last]) => ({
        id: newId('cus'),
        orgId,
        partnerId,
        paymentAddress: `${local}@${SANDBOX_BANK_DOMAIN}`,
        firstName: first,
        lastName: last,
        nickName: first,
      })),
    );
  });
}
