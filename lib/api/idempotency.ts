import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { createSealer, deriveKey, keyedDigest, SEALED_PREFIX, type Sealer } from '@/lib/auth/at-rest';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { preparedQuery } from '@/lib/db/prepared';
import { slot } from '@/lib/db/prepared';
import type { AttachedWrite } from '@/lib/db/final-write';
import { ConflictError, IdempotencyKeyReusedError, ValidationError } from '@/lib/errors';

const { idempotencyKeys } = schema;

/** A record is kept this long (DESIGN §7: 24 h; purged by lib/services/retention/purge.ts). */
const RETENTION_MS = config.retention.idempotencySeconds * 1000;
/** An in-flight record older than this belongs to a request that died; it may be taken over. */
const ABANDONED_MS = 5 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

/**
 * Keys of the records, derived from AUTH_SECRET (lib/auth/at-rest.ts) on first use: one seals the
 * answers that hold a secret, one keys the request fingerprints (a sign-in's body holds a
 * password: a plain hash of it would be a brute-forceable copy of the password).
 */
let keys: { answers: Sealer; fingerprint: Buffer } | undefined;
function recordKeys() {
  keys ??= {
    answers: createSealer(deriveKey(config.authSecret, 'csp idempotency answer v1')),
    fingerprint: deriveKey(config.authSecret, 'csp idempotency fingerprint v1'),
  };
  return keys;
}

/**
 * The body as the record keeps it: sealed when the answer holds a secret (`answerHoldsSecret` in
 * lib/api/define-route.ts), bound to its key so it opens under that key only.
 */
function storedBody(keyHash: string, body: string, seal: boolean | undefined): string {
  return seal ? recordKeys().answers.seal(body, keyHash) : body;
}

/** A stored body as it is replayed: sealed ones are opened; undefined if that is no longer possible. */
function replayedBody(keyHash: string, stored: string): string | undefined {
  return stored.startsWith(SEALED_PREFIX) ? recordKeys().answers.open(stored, keyHash) : stored;
}

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
 * beside the change it makes: one statement for claim, change and answer (the fast path,
 * docs/architecture.md). The record is attached to the service's statement as an opaque part
 * (`AttachedWrite`, lib/db/final-write.ts), inserted already done with the body the service's
 * answer renders to, so another request with the key that comes later is replayed; one that comes
 * at the same time waits on the key's row and, when its own statement fails on it, takes the
 * ordinary path (lib/api/define-route.ts), which replays the answer.
 */
export interface AttachedRecord extends AttachedWrite {
  /** Set once the service's statement has stored the answer: the body to send. */
  readonly stored: string | undefined;
}

interface RecordInput {
  keyHash: string;
  fingerprint: string;
  /** The response body for the handler's result, as the ordinary path would store it. */
  render(data: unknown): string;
  /** The answer holds a secret: the record keeps it sealed. */
  seal?: boolean;
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

const recordValues = (input: RecordInput, body: string) => ({
  ik_hash: input.keyHash,
  ik_fingerprint: input.fingerprint,
  ik_body: storedBody(input.keyHash, body, input.seal),
});

/** The record of an idempotent request, to ride in the service's final statement. */
export function attachedRecord(input: RecordInput): AttachedRecord {
  let rendered: string | undefined;
  let stored: string | undefined;
  return {
    name: 'ik',
    part: idempotencyRecord,
    values(answer) {
      rendered = input.render(answer);
      return recordValues(input, rendered);
    },
    written() {
      stored = rendered;
    },
    get stored() {
      return stored;
    },
  };
}

/** The constraint a record fails on when its key is already taken. */
export const IDEMPOTENCY_KEY_CONSTRAINT = 'idempotency_keys_pkey';

/** Stores an answer the handler made without a write of its own; false when the key is taken. */
export async function storeAnswer(db: Db, input: RecordInput, body: string): Promise<boolean> {
  const rows = await insertDone(db).execute(recordValues(input, body));
  return rows.length === 1;
}

/** The hash and fingerprint of an idempotent request; 400 for a missing or overlong key. */
export function idempotencyKeyOf(input: { key: string | undefined; scope: string; body: unknown }): {
  keyHash: string;
  fingerprint: string;
} {
  const key = input.key?.trim();
  if (!key) throw new ValidationError('Missing required header idempotency-key', null);
  if (key.length > MAX_KEY_LENGTH)
    throw new ValidationError(`idempotency-key must be at most ${MAX_KEY_LENGTH} characters`, null);
  return {
    keyHash: createHash('sha256').update(`${input.scope}\n${key}`).digest('hex'),
    fingerprint: fingerprint(input.body),
  };
}

/**
 * Canonical JSON: keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` share a fingerprint.
 * Built with an explicit stack, not recursion: no depth of value can overflow the call stack.
 */
export function canonical(value: unknown): string {
  const out: string[] = [];
  // What is still to write, last first: a value, or text (brackets, commas, keys) as is.
  const todo: Array<{ value: unknown } | string> = [{ value }];
  while (todo.length > 0) {
    const next = todo.pop()!;
    if (typeof next === 'string') {
      out.push(next);
      continue;
    }
    const v = next.value;
    if (Array.isArray(v)) {
      todo.push(']');
      for (let i = v.length - 1; i >= 0; i--) todo.push({ value: v[i] }, i > 0 ? ',' : '');
      out.push('[');
    } else if (v && typeof v === 'object') {
      const keys = Object.keys(v).sort();
      todo.push('}');
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        todo.push({ value: (v as Record<string, unknown>)[k] }, `${i > 0 ? ',' : ''}${JSON.stringify(k)}:`);
      }
      out.push('{');
    } else {
      out.push(JSON.stringify(v ?? null));
    }
  }
  return out.join('');
}

/** HMAC-SHA256 of the canonical body under a key derived from AUTH_SECRET. */
function fingerprint(body: unknown): string {
  return keyedDigest(recordKeys().fingerprint, canonical(body));
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
    const body = replayedBody(keyHash, row.body!);
    if (body === undefined) {
      throw new ConflictError(
        'The answer to this idempotency-key can no longer be replayed (it was stored under a server secret that has since changed); send the request with a new idempotency-key',
      );
    }
    return { kind: 'replay', response: { status: row.statusCode!, body } };
  }
  throw new ConflictError('A request with this idempotency-key is still being processed');
}

/** Stores the request's answer under its claimed key; `seal` when the answer holds a secret. */
export async function completeIdempotencyKey(
  db: Db,
  keyHash: string,
  response: StoredResponse,
  seal?: boolean,
): Promise<void> {
  await updateDone(db).execute({
    keyHash,
    statusCode: response.status,
    body: storedBody(keyHash, response.body, seal),
  });
}

/** A server error is not a result: the key is released so the client may retry with it. */
export async function releaseIdempotencyKey(db: Db, keyHash: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.keyHash, keyHash), eq(idempotencyKeys.state, 'in_flight')));
}
