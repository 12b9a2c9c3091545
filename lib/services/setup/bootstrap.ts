import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { config } from '@/lib/config';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { newId } from '@/lib/ids';
import { SANDBOX_BANK_DOMAIN, SANDBOX_BANK_ORG_NAME } from '../links/sandbox';
import { SANDBOX_BANK_RULES } from '@/lib/domain/sandbox-bank';

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
  if (ns) return ensureSandboxBankRules(db, ns.id, ns.orgId);
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
  const [made] = await db
    .select()
    .from(namespaces)
    .where(eq(namespaces.domain, SANDBOX_BANK_DOMAIN))
    .limit(1);
  if (made) await ensureSandboxBankRules(db, made.id, made.orgId);
}

/**
 * The Sandbox Bank's test amounts as its admission rules (lib/domain/sandbox-bank.ts), written
 * once: the instance that moves its rules_version from 0 writes them, in the same transaction.
 */
async function ensureSandboxBankRules(db: Db, partnerId: string, orgId: string) {
  const { namespaces, admissionRules } = schema;
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(namespaces)
      .set({ rulesVersion: 1 })
      .where(and(eq(namespaces.id, partnerId), eq(namespaces.rulesVersion, 0)))
      .returning({ id: namespaces.id });
    if (claimed.length === 0) return;
    await tx.insert(admissionRules).values(
      SANDBOX_BANK_RULES.map((r, i) => ({
        id: newId('rul'),
        orgId,
        partnerId,
        name: r.name,
        taskNames: null,
        conditions: r.conditions,
        action: r.action,
        reason: r.reason,
        note: r.note,
        enabled: true,
        position: i + 1,
        createdBy: 'system',
        updatedBy: 'system',
      })),
    );
  });
}
