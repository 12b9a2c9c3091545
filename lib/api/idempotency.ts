import { and, eq, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { preparedQuery } from '@/lib/db/prepared';
import { preparedStatements, prepareOneStatement, slot } from '@/lib/db/prepared-writes';
import { ConflictError, IdempotencyKeyReusedError, ValidationError } from '@/lib/errors';

const { idempotencyKeys } = schema;

const RETENTION_MS = 24 * 3600 * 1000;
/** An in-flight record older than this belongs to a request that died; it may be taken over. */
const ABANDONED_MS = 5 * 60 * 1000;
export const MAX_KEY_LENGTH = 255;

// Every idempotent request claims and completes a key: both statements are prepared once.
const insertClaim = preparedQuery('csp_idempotency_claim', (db) =>
  db
    .insert(idempotencyKeys)
    .values({
      keyHash: sql.placeholder('keyHash'),
      fingerprint: sql.placeholder('fingerprint'),
      state: 'in_flight',
    })
    .onConflictDoNothing()
    .returning({ keyHash: idempotencyKeys.keyHash }),
);

const updateDone = preparedQuery('csp_idempotency_complete', (db) =>
  db
    .update(idempotencyKeys)
    .set({
      state: 'done',
      statusCode: sql`${sql.placeholder('statusCode')}`,
      body: sql`${sql.placeholder('body')}`,
      completedAt: sql`now()`,
    })
    .where(eq(idempotencyKeys.keyHash, sql.placeholder('keyHash'))),
);

export interface StoredResponse {
  status: number;
  body: string;
}

export type IdempotencyClaim =
  { kind: 'new'; keyHash: string } | { kind: 'replay'; response: StoredResponse };

/**
 * An idempotent request whose successful answer the service writes in its own final statement,
 * beside the change it makes (`finalWrite`): one statement for claim, change and answer.
 * The record is inserted already done, so another request with the key that comes later is
 * replayed; one that comes at the same time waits on the key's row and, when its own statement
 * fails on it, takes the ordinary path (lib/api/define-route.ts), which replays the answer.
 */
export interface IdempotentWrite {
  keyHash: string;
  fingerprint: string;
  /** The response body for the handler's result, as the ordinary path would store it. */
  render(data: unknown): string;
  /** Set once the service's statement has stored the answer: the body to send. */
  stored?: string;
}

/** The idempotency record, done with a 200 answer: placeholders `ik_hash`, `ik_fingerprint`, `ik_body`. */
function idempotencyRecord(db: Db) {
  return db.insert(idempotencyKeys).values({
    keyHash: slot('ik_hash'),
    fingerprint: slot('ik_fingerprint'),
    state: 'done',
    statusCode: 200,
    body: slot('ik_body'),
    completedAt: sql`now()`,
  });
}

/** The record alone, when no record holds the key yet (no in-flight stage); nothing if one does. */
const insertDone = preparedQuery('csp_idempotency_store', (db) =>
  idempotencyRecord(db).onConflictDoNothing().returning({ keyHash: idempotencyKeys.keyHash }),
);

const recordValues = (write: IdempotentWrite, body: string) => ({
  ik_hash: write.keyHash,
  ik_fingerprint: write.fingerprint,
  ik_body: body,
});

const finalWrites = preparedStatements();

/**
 * A service's final write: its parts as one prepared statement (`prepareOneStatement`), to which,
 * for an idempotent request that stores its answer there (`write`), the key's record is added,
 * done with the body of `answer` — what the handler will return. If a record already holds the
 * key, the statement fails on its primary key and writes nothing. `name` must fix the parts' SQL
 * (`_ik` is appended for the form with the record).
 */
export async function finalWrite(
  db: Db,
  write: IdempotentWrite | undefined,
  name: string,
  parts: () => Array<SQLWrapper | [string, SQLWrapper]>,
  values: Record<string, unknown>,
  answer: unknown,
): Promise<void> {
  const full = write ? `${name}_ik` : name;
  const statement = finalWrites(db, full, () =>
    prepareOneStatement(db, full, write ? [['idempotency', idempotencyRecord(db)], ...parts()] : parts()),
  );
  if (!write) {
    await statement.execute(values);
    return;
  }
  const body = write.render(answer);
  await statement.execute({ ...values, ...recordValues(write, body) });
  write.stored = body;
}

/** Stores an answer the handler made without a write of its own; false when the key is taken. */
export async function storeAnswer(db: Db, write: IdempotentWrite, body: string): Promise<boolean> {
  const rows = await insertDone(db).execute(recordValues(write, body));
  return rows.length === 1;
}

/** The hash and fingerprint of an idempotent request; 400 for a missing or overlong key. */
export function idempotencyKeyOf(input: { key: string | undefined; scope: string; body: unknown }): {
  keyHash: string;
  fingerprint: string;
} {
  const key = input.key?.trim();
  if (!key) throw new ValidationError('Missing required header idempotency-key');
  if (key.length > MAX_KEY_LENGTH)
    throw new ValidationError(`idempotency-key must be at most ${MAX_KEY_LENGTH} characters`);
  return {
    keyHash: createHash('sha256').update(`${input.scope}\n${key}`).digest('hex'),
    fingerprint: fingerprint(input.body),
  };
}

/** Canonical JSON: keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` share a fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function fingerprint(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

/** What identifies one idempotent operation of one credential: DESIGN §7 (credential, method, path). */
export function idempotencyScope(credential: string, method: string, path: string): string {
  return `${credential}\n${method.toUpperCase()}\n${path}`;
}

/**
 * Claims an idempotency key (IETF draft "The Idempotency-Key HTTP Header Field"): the first
 * request inserts an in-flight record; later ones replay, or get 409 (in flight) / 422 (reuse).
 * The primary key makes the claim atomic on both PGlite and PostgreSQL.
 */
export async function claimIdempotencyKey(
  db: Db,
  input: { key: string | undefined; scope: string; body: unknown },
): Promise<IdempotencyClaim> {
  const { keyHash, fingerprint: fp } = idempotencyKeyOf(input);

  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await insertClaim(db).execute({ keyHash, fingerprint: fp });
    if (inserted.length === 1) return { kind: 'new', keyHash };

    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.keyHash, keyHash))
      .limit(1);
    if (!row) continue; // removed meanwhile (expired or released): try the insert again
    const age = Date.now() - row.createdAt.getTime();
    const stale = age > RETENTION_MS || (row.state === 'in_flight' && age > ABANDONED_MS);
    if (stale) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.keyHash, keyHash), eq(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.fingerprint !== fp) throw new IdempotencyKeyReusedError();
    if (row.state === 'in_flight') {
      throw new ConflictError('A request with this idempotency-key is still being processed');
    }
    return { kind: 'replay', response: { status: row.statusCode!, body: row.body! } };
  }
  throw new ConflictError('A request with this idempotency-key is still being processed');
}

export async function completeIdempotencyKey(
  db: Db,
  keyHash: string,
  response: StoredResponse,
): Promise<void> {
  await updateDone(db).execute({ keyHash, statusCode: response.status, body: response.body });
}

/** A server error is not a result: the key is released so the client may retry with it. */
export async function releaseIdempotencyKey(db: Db, keyHash: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.keyHash, keyHash), eq(idempotencyKeys.state, 'in_flight')));
}

export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const cutoff = new Date(Date.now() - RETENTION_MS);
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ k: idempotencyKeys.keyHash });
  return rows.length;
}
