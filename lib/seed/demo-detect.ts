import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { sha256Hex } from '@/lib/auth/secrets';
import { DEMO } from './demo-credentials';

/** The demo bank's namespace domain, unique on the network: what marks a database as seeded. */
export const DEMO_BANK_DOMAIN = 'demo-bank.test';

/**
 * The organization and namespace of the demo bank's API key (`DEMO.apiKey`), or null when the
 * database does not hold it: what `npm start` prints its curl with (x-org-id, x-partner-id), so
 * that nobody signs in to find them.
 */
export async function demoKeyTenant(db: Db): Promise<{ orgId: string; partnerId: string } | null> {
  const [key] = await db
    .select({ orgId: schema.apiKeys.orgId, partnerId: schema.apiKeys.partnerId })
    .from(schema.apiKeys)
    .where(eq(schema.apiKeys.secretHash, sha256Hex(DEMO.apiKey)))
    .limit(1);
  return key ?? null;
}

/**
 * Why this database may not serve production, or null: it holds the demo organizations (their
 * sign-ins are published) or a key whose secret is one of the published demo keys. Two lookups
 * on unique indexes, once at start.
 */
export async function demoDataHeld(db: Db): Promise<string | null> {
  const [ns] = await db
    .select({ id: schema.namespaces.id })
    .from(schema.namespaces)
    .where(eq(schema.namespaces.domain, DEMO_BANK_DOMAIN))
    .limit(1);
  const [key] = await db
    .select({ id: schema.apiKeys.id })
    .from(schema.apiKeys)
    .where(inArray(schema.apiKeys.secretHash, [sha256Hex(DEMO.apiKey), sha256Hex(DEMO.sandboxApiKey)]))
    .limit(1);
  if (!ns && !key) return null;
  return `This database holds the demo data (${ns ? `namespace ${DEMO_BANK_DOMAIN}` : `API key ${key!.id}`}), whose passwords and API keys are published: production refuses to serve it; start from a database without it`;
}
