import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { createTestDatabase, reviewedSandboxAdmin } from '@/lib/testing/db';
import type { ServiceContext } from '@/lib/services/context';
import { createApiKey, rotateApiKey, updateApiKey } from '@/lib/services/api-keys/api-keys';
import { recordAudit } from './record';
import { sealAuditTrail } from './seal';
import { verifyAuditChain } from './verify';

// The audit trail against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): entries
// written with the change, refused edits, the hash chain and what verification finds.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: ServiceContext;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = {
    ...(await reviewedSandboxAdmin(db(), 'Trail Bank', 'admin@trail.test')),
    client: { ip: '198.51.100.7', userAgent: 'vitest' },
  };
});
afterAll(async () => {
  await database?.close();
});

const entriesOf = (orgId: string) =>
  db()
    .select()
    .from(schema.auditEvents)
    .where(eq(schema.auditEvents.orgId, orgId))
    .orderBy(schema.auditEvents.seq);

/** As the tables' owner would, behind the application's back: with the triggers off. */
async function asOwner(statement: ReturnType<typeof sql>) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`);
  });
}

/** What the database said: Drizzle wraps its error in one naming the query. */
const refused = (e: unknown) => /append-only/.test(String((e as { cause?: Error }).cause?.message ?? e));

describe('audit trail', () => {
  it('records a change with its actor, before/after and origin, and never the secret', async () => {
    const key = await createApiKey(ctx, {
      name: 'Payouts',
      description: '',
      access: {
        customers_read: false,
        customers_write: false,
        transactions_read: false,
        transactions_write: true,
      },
    });
    await updateApiKey(ctx, key.token, { enabled: false });
    const rotated = await rotateApiKey(ctx, key.token);
    const entries = (await entriesOf(ctx.orgId!)).filter((e) => e.targetId === key.token);
    expect(entries.map((e) => e.action)).toEqual(['api_key.created', 'api_key.disabled', 'api_key.rotated']);
    expect(entries[1]).toMatchObject({
      actorKind: 'user',
      actorId: 'usr_x',
      actorLabel: 'admin@trail.test',
      partnerId: ctx.namespace!.id,
      targetType: 'api_key',
      changes: { before: { enabled: true }, after: { enabled: false } },
      ip: '198.51.100.7',
      userAgent: 'vitest',
      requestId: 'test',
    });
    // A rotation without an overlap: the old secret stopped at the rotation, and the trail says so.
    expect(entries[2]!.changes).toEqual({
      before: { secret_key_last4: key.secret_key.slice(-4) },
      after: {
        secret_key_last4: rotated.secret_key.slice(-4),
        previous_secret_key_last4: key.secret_key.slice(-4),
        previous_valid_until: expect.any(Number),
      },
    });
    // …at the rotation (the service's clock, a whole second rounded down; the trail's is the database's).
    const at = entries[2]!.occurredAt.getTime() / 1000;
    const until = (entries[2]!.changes as { after: { previous_valid_until: number } }).after
      .previous_valid_until;
    expect(Math.abs(at - until)).toBeLessThan(2);
    // The key itself shows no old secret: none works any more.
    expect(rotated.previous_secret_expires_at).toBeNull();
    const text = JSON.stringify(await db().select().from(schema.auditEvents));
    expect(text).not.toContain(key.secret_key);
    expect(text).not.toContain(rotated.secret_key);
  });

  it('writes nothing when the change fails', async () => {
    const before = (await entriesOf(ctx.orgId!)).length;
    await expect(rotateApiKey(ctx, 'api_unknown')).rejects.toMatchObject({ status: 404 });
    expect((await entriesOf(ctx.orgId!)).length).toBe(before);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of entries and links', async () => {
    await expect(db().execute(sql`UPDATE audit_events SET action = 'x'`)).rejects.toSatisfy(refused);
    await expect(db().execute(sql`DELETE FROM audit_events`)).rejects.toSatisfy(refused);
    await expect(db().execute(sql`TRUNCATE audit_events CASCADE`)).rejects.toSatisfy(refused);
    await sealAuditTrail(db());
    await expect(db().execute(sql`UPDATE audit_links SET hash = 'x'`)).rejects.toSatisfy(refused);
    await expect(db().execute(sql`DELETE FROM audit_links`)).rejects.toSatisfy(refused);
    expect(await db().select().from(schema.auditLinks)).not.toHaveLength(0);
  });

  it('chains each organization in order; verification passes, and finds an edited or removed entry', async () => {
    while ((await sealAuditTrail(db())) > 0);
    const clean = await verifyAuditChain(db(), ctx.orgId!);
    expect(clean).toMatchObject({ ok: true, unsealed: 0, failure: null });
    const entries = await entriesOf(ctx.orgId!);
    expect(clean.checked).toBe(entries.length);
    expect(clean.head?.pos).toBe(entries.length);

    // A new entry, not sealed yet, is counted as such; sealed, it extends the chain.
    await recordAudit(db(), ctx, { action: 'namespace.updated', target: { type: 'test', id: 't1' } });
    expect(await verifyAuditChain(db(), ctx.orgId!)).toMatchObject({ ok: true, unsealed: 1 });
    await sealAuditTrail(db());
    expect(await verifyAuditChain(db(), ctx.orgId!)).toMatchObject({
      ok: true,
      unsealed: 0,
      checked: entries.length + 1,
    });

    // Edited: found at its own position.
    const victim = entries[1]!;
    await asOwner(sql`UPDATE audit_events SET actor_label = 'someone@else.test' WHERE seq = ${victim.seq}`);
    const edited = await verifyAuditChain(db(), ctx.orgId!);
    expect(edited.ok).toBe(false);
    expect(edited.failure).toMatchObject({ pos: 2, seq: victim.seq });
    expect(edited.failure!.reason).toMatch(/changed/);
    await asOwner(sql`UPDATE audit_events SET actor_label = ${victim.actorLabel} WHERE seq = ${victim.seq}`);
    expect((await verifyAuditChain(db(), ctx.orgId!)).ok).toBe(true);

    // Removed: found at the link that named it.
    await asOwner(sql`DELETE FROM audit_events WHERE seq = ${entries[0]!.seq}`);
    const removed = await verifyAuditChain(db(), ctx.orgId!);
    expect(removed.failure).toMatchObject({ pos: 1, seq: entries[0]!.seq });
    expect(removed.failure!.reason).toMatch(/removed/);
  });
});
