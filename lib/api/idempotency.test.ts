import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { schema } from '@/lib/db';
import { ConflictError, violatesConstraint } from '@/lib/errors';
import { slot } from '@/lib/db/prepared';
import { createTestDatabase } from '@/lib/testing/db';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  attachedRecord,
  IDEMPOTENCY_KEY_CONSTRAINT,
  idempotencyKeyOf,
  idempotencyScope,
  storeAnswer,
} from './idempotency';
import { finalWrite } from '@/lib/db/final-write';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe('records of answers that hold a secret', () => {
  const SECRET_ANSWER = JSON.stringify({
    ok: true,
    data: { secret_key: 'sk_sandbox_0123456789abcdefghijklmnopqrstuvwxyzABCD' },
  });
  const recordOf = async (keyHash: string) =>
    (
      await database.db
        .select()
        .from(schema.idempotencyKeys)
        .where(eq(schema.idempotencyKeys.keyHash, keyHash))
    )[0]!;
  const request = (key: string, body: unknown = { name: 'k' }) => ({
    key,
    scope: idempotencyScope('usr:usr_x', 'post', '/apikey'),
    body,
  });

  it('are stored sealed after a claim and replayed byte for byte', async () => {
    const claim = await claimIdempotencyKey(database.db, request('sealed-1'));
    expect(claim.kind).toBe('new');
    const keyHash = (claim as { keyHash: string }).keyHash;
    await completeIdempotencyKey(database.db, keyHash, { status: 200, body: SECRET_ANSWER }, true);
    const row = await recordOf(keyHash);
    expect(row.body!.startsWith('enc:v1:')).toBe(true);
    expect(row.body).not.toContain('sk_sandbox_');
    expect(await claimIdempotencyKey(database.db, request('sealed-1'))).toEqual({
      kind: 'replay',
      response: { status: 200, body: SECRET_ANSWER },
    });
  });

  it('are stored sealed by storeAnswer and finalWrite as well', async () => {
    const write = {
      ...idempotencyKeyOf(request('sealed-2')),
      render: (d: unknown) => JSON.stringify({ ok: true, data: d }),
      seal: true,
    };
    expect(await storeAnswer(database.db, write, SECRET_ANSWER)).toBe(true);
    expect((await recordOf(write.keyHash)).body).toMatch(/^enc:v1:/);
    expect(await claimIdempotencyKey(database.db, request('sealed-2'))).toMatchObject({
      response: { body: SECRET_ANSWER },
    });

    const final = attachedRecord({
      ...idempotencyKeyOf(request('sealed-3')),
      render: (d) => JSON.stringify({ ok: true, data: d }),
      seal: true,
    });
    await finalWrite(
      database.db,
      final,
      'test_sealed_final',
      () => [],
      {},
      { secret_key: 'sk_sandbox_final' },
    );
    expect(final.stored).toBe('{"ok":true,"data":{"secret_key":"sk_sandbox_final"}}');
    expect((await recordOf(idempotencyKeyOf(request('sealed-3')).keyHash)).body).not.toContain(
      'sk_sandbox_final',
    );
    expect(await claimIdempotencyKey(database.db, request('sealed-3'))).toMatchObject({
      response: { body: final.stored },
    });
  });

  it('a record attached to a statement fails on the key constraint when the key is taken, writing nothing', async () => {
    const input = { ...idempotencyKeyOf(request('taken-1')), render: (d: unknown) => JSON.stringify(d) };
    expect(await storeAnswer(database.db, input, '{"first":true}')).toBe(true);
    const again = attachedRecord(input);
    const orgId = 'org_attached_taken';
    const error = await finalWrite(
      database.db,
      again,
      'test_taken_final',
      () => [
        database.db.insert(schema.organizations).values({ id: slot('o_id'), name: 'x', status: 'sandbox' }),
      ],
      { o_id: orgId },
      { second: true },
    ).catch((e: unknown) => e);
    expect(violatesConstraint(error, IDEMPOTENCY_KEY_CONSTRAINT)).toBe(true);
    expect(again.stored).toBeUndefined();
    // The statement's own part was not written either.
    expect(
      await database.db.select().from(schema.organizations).where(eq(schema.organizations.id, orgId)),
    ).toEqual([]);
  });

  it('answer 409 when the record can no longer be opened, and keep other answers in plain JSON', async () => {
    const claim = (await claimIdempotencyKey(database.db, request('sealed-4'))) as { keyHash: string };
    await completeIdempotencyKey(database.db, claim.keyHash, { status: 200, body: SECRET_ANSWER }, true);
    const sealed = (await recordOf(claim.keyHash)).body!;
    // What a record sealed under another AUTH_SECRET looks like from here: it does not open.
    const altered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA');
    await database.db
      .update(schema.idempotencyKeys)
      .set({ body: altered })
      .where(eq(schema.idempotencyKeys.keyHash, claim.keyHash));
    const refused = claimIdempotencyKey(database.db, request('sealed-4'));
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toThrow(/can no longer be replayed.*new idempotency-key/);

    const plain = (await claimIdempotencyKey(database.db, request('plain-1'))) as { keyHash: string };
    await completeIdempotencyKey(database.db, plain.keyHash, {
      status: 404,
      body: '{"code":"error.not_found","message":"x"}',
    });
    expect((await recordOf(plain.keyHash)).body).toBe('{"code":"error.not_found","message":"x"}');
  });

  it('fingerprint the body with a keyed HMAC, not a plain SHA-256 of it', async () => {
    const body = { admin_email: 'a@b.test', admin_password: 'correct-horse-battery' };
    const { fingerprint } = idempotencyKeyOf(request('fp-1', body));
    const plain = createHash('sha256')
      .update('{"admin_email":"a@b.test","admin_password":"correct-horse-battery"}')
      .digest('hex');
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprint).not.toBe(plain);
    // Key order does not matter; any other difference does.
    expect(
      idempotencyKeyOf(request('fp-1', { admin_password: 'correct-horse-battery', admin_email: 'a@b.test' }))
        .fingerprint,
    ).toBe(fingerprint);
    expect(idempotencyKeyOf(request('fp-1', { ...body, admin_password: 'x' })).fingerprint).not.toBe(
      fingerprint,
    );
  });
});
