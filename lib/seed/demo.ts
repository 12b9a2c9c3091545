import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { hashPassword } from '@/lib/auth/password';
import { newWebhookSecret, sha256Hex } from '@/lib/auth/secrets';
import { sealWebhookSecret } from '@/lib/webhooks/secret-at-rest';
import { newId } from '@/lib/ids';
import { ensureSandboxLink } from '@/lib/services/links/sandbox';
import { openPosition, provisionSandboxLiquidity } from '@/lib/services/liquidity/positions';
import { orderedPair } from '@/lib/domain/links';
import { logger } from '@/lib/log/logger';
import { DEMO } from './demo-credentials';
import { DEMO_BANK_DOMAIN } from './demo-detect';

export interface DemoIds {
  demoOrgId: string;
  demoPartnerId: string;
  unionOrgId: string;
  unionPartnerId: string;
  fintechOrgId: string;
  fintechPartnerId: string;
}

/**
 * Seeds, once, a verified demo bank and a verified credit union linked to each other, and a
 * sandbox fintech linked to the Sandbox Bank — with users, accounts, customers and API keys.
 * Returns null when the demo data already exists.
 */
export async function seedDemoOrganizations(db: Db): Promise<DemoIds | null> {
  const { users, namespaces } = schema;
  // Seeded once: detected by the demo bank's domain, which is unique on the network (an e-mail is
  // unique per organization only, so anyone could sign up with the demo admin's address).
  const [existing] = await db
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(eq(namespaces.domain, DEMO_BANK_DOMAIN))
    .limit(1);
  if (existing) return null;
  const passwordHash = await hashPassword(DEMO.admin.password);

  return db.transaction(async (tx) => {
    const org = async (name: string, status: 'verified' | 'sandbox') => {
      const id = newId('org');
      await tx.insert(schema.organizations).values({ id, name, status });
      return id;
    };
    const ns = async (orgId: string, name: string, domain: string, environment: 'sandbox' | 'production') => {
      const [row] = await tx
        .insert(schema.namespaces)
        .values({ id: newId('part'), orgId, name, domain, environment })
        .returning();
      await ensureSandboxLink(tx, row!);
      return row!.id;
    };
    const user = (orgId: string, email: string, role: 'admin' | 'support' | 'viewer', name: string) =>
      tx.insert(users).values({ id: newId('usr'), orgId, email, role, name, passwordHash });

    const demoOrgId = await org('Demo Bank', 'verified');
    const demoPartnerId = await ns(demoOrgId, 'Demo Bank retail', DEMO_BANK_DOMAIN, 'production');
    // A production namespace as one should run: four eyes on its tasks from 10,000.00 (and on every
    // compliance review), so whoever made a payment does not also approve it.
    await tx
      .update(schema.namespaces)
      .set({ fourEyesThreshold: 1_000_000n, fourEyesApprovals: 1 })
      .where(eq(schema.namespaces.id, demoPartnerId));
    const labPartnerId = await ns(demoOrgId, 'Demo Bank test lab', 'lab.demo-bank.test', 'sandbox');
    await user(demoOrgId, DEMO.admin.email, 'admin', 'Dana Admin');
    await user(demoOrgId, DEMO.support.email, 'support', 'Sam Support');
    await user(demoOrgId, DEMO.viewer.email, 'viewer', 'Vic Viewer');

    const unionOrgId = await org('Union Credit Union', 'verified');
    const unionPartnerId = await ns(unionOrgId, 'Union CU members', 'union-cu.test', 'production');
    await user(unionOrgId, DEMO.partnerAdmin.email, 'admin', 'Uma Admin');

    const fintechOrgId = await org('Fintech Starter', 'sandbox');
    const fintechPartnerId = await ns(
      fintechOrgId,
      'Fintech Starter sandbox',
      'fintech.sandbox.test',
      'sandbox',
    );
    await user(fintechOrgId, DEMO.sandbox.email, 'admin', 'Fran Founder');

    // The two production namespaces are linked: they can pay each other.
    await tx.insert(schema.links).values({
      id: newId('link'),
      requesterPartnerId: demoPartnerId,
      counterpartyPartnerId: unionPartnerId,
      ...orderedPair(demoPartnerId, unionPartnerId),
      status: 'established',
    });

    const customers: Array<[string, string, string, string, string]> = [
      [demoOrgId, demoPartnerId, 'jane@demo-bank.test', 'Jane', 'Doe'],
      [demoOrgId, demoPartnerId, 'omar@demo-bank.test', 'Omar', 'Haddad'],
      [demoOrgId, demoPartnerId, 'li@demo-bank.test', 'Li', 'Wei'],
      [unionOrgId, unionPartnerId, 'maria@union-cu.test', 'Maria', 'Garcia'],
      [unionOrgId, unionPartnerId, 'kofi@union-cu.test', 'Kofi', 'Mensah'],
      [fintechOrgId, fintechPartnerId, 'tester@fintech.sandbox.test', 'Tess', 'Tester'],
    ];
    await tx.insert(schema.customers).values(
      customers.map(([orgId, partnerId, paymentAddress, firstName, lastName]) => ({
        id: newId('cus'),
        orgId,
        partnerId,
        paymentAddress,
        firstName,
        lastName,
        nickName: firstName,
      })),
    );

    const institution = {
      name: 'First Clearing Bank',
      phone_number: '+1 212 555 0100',
      routing_number: '021000021',
      address: { address: '1 Wall St', city: 'New York', postal_code: '10005', state: 'NY' },
    };
    await tx.insert(schema.accounts).values([
      {
        id: newId('acct'),
        orgId: demoOrgId,
        partnerId: demoPartnerId,
        accountTitle: 'Settlement — operating',
        accountNumberLast4: '6789',
        routingNumber: '021000021',
        type: 'checking',
        status: 'verified',
        institution,
      },
      {
        id: newId('acct'),
        orgId: demoOrgId,
        partnerId: demoPartnerId,
        accountTitle: 'Settlement — reserve',
        accountNumberLast4: '4321',
        routingNumber: '011000015',
        type: 'savings',
        status: 'unverified',
        institution,
      },
      {
        id: newId('acct'),
        orgId: unionOrgId,
        partnerId: unionPartnerId,
        accountTitle: 'Union settlement',
        accountNumberLast4: '1111',
        routingNumber: '021000021',
        type: 'checking',
        status: 'verified',
        institution,
      },
    ]);

    // Settlement balances and caps (DESIGN §11): the demo payments below leave Demo Bank retail at
    // about 77 % of its cap (its dashboard shows the 75 % banner), Union far from its own.
    const funded = (partnerId: string, balance: bigint, cap: bigint) =>
      openPosition(tx, {
        partnerId,
        currency: 'USD',
        balance,
        cap,
        reference: 'demo opening balance',
        note: 'Placed with the settlement agent for the demo',
      });
    await funded(demoPartnerId, 1_000_000n, 350_000n);
    await funded(unionPartnerId, 5_000_000n, 2_000_000n);
    for (const sandbox of [fintechPartnerId, labPartnerId]) await provisionSandboxLiquidity(tx, sandbox);

    const key = (orgId: string, partnerId: string, name: string, secret: string) => ({
      id: newId('api'),
      orgId,
      partnerId,
      name,
      description: 'Seeded for the demo',
      secretHash: sha256Hex(secret),
      secretLast4: secret.slice(-4),
      secretPrefix: secret.startsWith('sk_live_') ? 'sk_live_' : 'sk_sandbox_',
      customersRead: true,
      customersWrite: true,
      transactionsRead: true,
      transactionsWrite: true,
    });
    await tx
      .insert(schema.apiKeys)
      .values([
        key(demoOrgId, demoPartnerId, 'Core banking', DEMO.apiKey),
        key(fintechOrgId, fintechPartnerId, 'Sandbox integration', DEMO.sandboxApiKey),
      ]);
    // An endpoint the gateway gave up on after 5 days of failures: the dashboard's disabled banner.
    const webhookId = newId('wh');
    await tx.insert(schema.webhooks).values({
      id: webhookId,
      orgId: demoOrgId,
      partnerId: demoPartnerId,
      url: 'https://hooks.demo-bank.test/csp-events',
      description: 'Old core banking listener',
      eventTypes: ['payment.admitted', 'payment.rejected'],
      enabled: false,
      secret: sealWebhookSecret(webhookId, newWebhookSecret()),
      failingSince: new Date(Date.now() - 6 * 24 * 3600 * 1000),
      disabledReason: 'Disabled after 5 days of failed deliveries',
    });
    logger.info('demo organizations seeded');
    return { demoOrgId, demoPartnerId, unionOrgId, unionPartnerId, fintechOrgId, fintechPartnerId };
  });
}
