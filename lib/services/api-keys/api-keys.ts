import { and, eq, isNull } from 'drizzle-orm';
import { personOf, type ServiceContext } from '@/lib/services/context';
import { credentialsChanged } from '@/lib/auth/credential-cache';
import { schema } from '@/lib/db';
import { newApiSecret, sha256Hex } from '@/lib/auth/secrets';
import { NotFoundError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds, unixSeconds } from '@/lib/schemas/common';
import { emitEvent } from '@/lib/events/emit';
import { recordAudit } from '../audit/record';
import { requireNamespace } from '../guards';
import { byTime, keysetPage, tableFetch } from '../paging';
import type {
  ApiKeyAccess,
  CreateApiKeyBody,
  ListApiKeysQuery,
  RotateApiKeyBody,
  UpdateApiKeyBody,
} from '@/lib/schemas/api-keys';

const { apiKeys } = schema;

/** A namespace's keys, newest first (index api_keys_partner_idx). */
const NEWEST_FIRST = byTime(apiKeys.createdAt, apiKeys.id, 'desc');
type KeyRow = typeof apiKeys.$inferSelect;

/** The replaced secret, while it still works (a rotation with an overlap). */
function workingPrevious(k: KeyRow, now = Date.now()) {
  const until = k.previousSecretExpiresAt;
  return k.previousSecretLast4 && until && until.getTime() > now
    ? { last4: k.previousSecretLast4, until }
    : null;
}

/** The spec's record. The full secret appears only in the answers of create and rotate. */
function serializeApiKey(k: KeyRow, secret?: string) {
  const previous = workingPrevious(k);
  return {
    token: k.id,
    partner_id: k.partnerId,
    name: k.name,
    description: k.description,
    enabled: k.enabled,
    secret_key: secret ?? `…${k.secretLast4}`,
    access: {
      customers_read: k.customersRead,
      customers_write: k.customersWrite,
      transactions_read: k.transactionsRead,
      transactions_write: k.transactionsWrite,
    },
    created_at: toSeconds(k.createdAt),
    updated_at: toSeconds(k.updatedAt),
    last_used_at: k.lastUsedAt ? unixSeconds(k.lastUsedAt) : null,
    expires_at: k.expiresAt ? unixSeconds(k.expiresAt) : null,
    previous_secret_key: previous ? `…${previous.last4}` : null,
    previous_secret_expires_at: previous ? unixSeconds(previous.until) : null,
  };
}

/** What the audit trail keeps of a key: never its secret, only the last four characters. */
const audited = (k: KeyRow) => ({
  name: k.name,
  description: k.description,
  enabled: k.enabled,
  customers_read: k.customersRead,
  customers_write: k.customersWrite,
  transactions_read: k.transactionsRead,
  transactions_write: k.transactionsWrite,
  secret_key_last4: k.secretLast4,
  expires_at: k.expiresAt ? unixSeconds(k.expiresAt) : null,
});
const target = (k: KeyRow) => ({ type: 'api_key', id: k.id });

const accessColumns = (a: Partial<ApiKeyAccess>) => ({
  ...(a.customers_read !== undefined ? { customersRead: a.customers_read } : {}),
  ...(a.customers_write !== undefined ? { customersWrite: a.customers_write } : {}),
  ...(a.transactions_read !== undefined ? { transactionsRead: a.transactions_read } : {}),
  ...(a.transactions_write !== undefined ? { transactionsWrite: a.transactions_write } : {}),
});

export async function createApiKey(ctx: ServiceContext, input: CreateApiKeyBody) {
  const ns = requireNamespace(ctx);
  const secret = newApiSecret(ns.environment);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        id: newId('api'),
        orgId: ns.orgId,
        partnerId: ns.id,
        name: input.name.trim(),
        description: input.description?.trim() ?? '',
        secretHash: sha256Hex(secret),
        secretLast4: secret.slice(-4),
        secretPrefix: ns.environment === 'production' ? 'sk_live_' : 'sk_sandbox_',
        ...accessColumns(input.access),
        expiresAt: input.expires_at ? new Date(input.expires_at * 1000) : null,
        createdBy: personOf(ctx.principal),
      })
      .returning();
    await recordAudit(tx, ctx, {
      action: 'api_key.created',
      target: target(created!),
      after: audited(created!),
    });
    return created!;
  });
  return serializeApiKey(row, secret);
}

export async function listApiKeys(ctx: ServiceContext, q: ListApiKeysQuery) {
  const ns = requireNamespace(ctx);
  const cond = and(eq(apiKeys.partnerId, ns.id), isNull(apiKeys.deletedAt));
  const { rows, page } = await keysetPage(NEWEST_FIRST, q, tableFetch(ctx.db, NEWEST_FIRST, cond, apiKeys));
  return { ...page, api_keys: rows.map((r) => serializeApiKey(r.row)) };
}

async function getKeyOrThrow(ctx: ServiceContext, id: string): Promise<KeyRow> {
  const ns = requireNamespace(ctx);
  const [row] = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.partnerId, ns.id), isNull(apiKeys.deletedAt)))
    .limit(1);
  if (!row) throw new NotFoundError(`API key ${id} not found`);
  return row;
}

export async function getApiKey(ctx: ServiceContext, id: string) {
  return serializeApiKey(await getKeyOrThrow(ctx, id));
}

export async function updateApiKey(ctx: ServiceContext, id: string, input: UpdateApiKeyBody) {
  const current = await getKeyOrThrow(ctx, id);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(apiKeys)
      .set({
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.description !== undefined ? { description: input.description.trim() } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...accessColumns(input.access ?? {}),
        ...(input.expires_at !== undefined
          ? { expiresAt: input.expires_at === null ? null : new Date(input.expires_at * 1000) }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(apiKeys.id, current.id))
      .returning();
    const action =
      input.enabled !== undefined && input.enabled !== current.enabled
        ? input.enabled
          ? 'api_key.enabled'
          : 'api_key.disabled'
        : 'api_key.updated';
    await recordAudit(tx, ctx, {
      action,
      target: target(updated!),
      before: audited(current),
      after: audited(updated!),
      edit: true,
    });
    const expiresAt = (k: KeyRow) => (k.expiresAt ? unixSeconds(k.expiresAt) : null);
    if (expiresAt(updated!) !== expiresAt(current))
      await emitEvent(tx, {
        type: 'api_key.expiry_changed',
        orgId: updated!.orgId,
        partnerId: updated!.partnerId,
        data: {
          api_key_id: updated!.id,
          name: updated!.name,
          expires_at: expiresAt(updated!),
          previous_expires_at: expiresAt(current),
        },
      });
    return updated!;
  });
  await credentialsChanged(ctx.db);
  return serializeApiKey(row);
}

/** Revocation is a soft delete: the key stops working at once and disappears from lists. */
export async function deleteApiKey(ctx: ServiceContext, id: string) {
  const current = await getKeyOrThrow(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(apiKeys)
      .set({ deletedAt: new Date(), enabled: false, updatedAt: new Date() })
      .where(eq(apiKeys.id, current.id));
    await recordAudit(tx, ctx, {
      action: 'api_key.deleted',
      target: target(current),
      before: audited(current),
    });
  });
  await credentialsChanged(ctx.db);
  return {};
}

/**
 * Rotates a key addressed by its current secret (the spec) or by its token (`api_…`, extension:
 * an admin who no longer has the secret can still rotate, as they could revoke and create). The
 * new secret replaces the current one in one update. The replaced secret is refused from the
 * moment this commits (the spec), or, with `previous_secret_expires_in` (extension), keeps working
 * that long so that an integration moves without an outage. A key has one replaced secret: one
 * that a rotation before replaced is refused from now on, whatever was left of its overlap
 * (docs/decisions.md, "Rolling a key").
 */
export async function rotateApiKey(ctx: ServiceContext, secretOrToken: string, input: RotateApiKeyBody = {}) {
  const ns = requireNamespace(ctx);
  const byToken = secretOrToken.startsWith('api_');
  const secret = newApiSecret(ns.environment);
  const which = and(
    byToken ? eq(apiKeys.id, secretOrToken) : eq(apiKeys.secretHash, sha256Hex(secretOrToken)),
    eq(apiKeys.partnerId, ns.id),
    isNull(apiKeys.deletedAt),
  );
  const now = new Date();
  const overlap = input.previous_secret_expires_in ?? 0;
  // A whole second, as the key shows it: refused from the second it names (at once without an overlap).
  const previousUntil = new Date(Math.floor(now.getTime() / 1000 + overlap) * 1000);
  const rotated = await ctx.db.transaction(async (tx) => {
    // The secret it had, kept as the replaced one (locked: the update below follows at once).
    const [before] = await tx
      .select({ hash: apiKeys.secretHash, last4: apiKeys.secretLast4 })
      .from(apiKeys)
      .where(which)
      .for('update');
    if (!before)
      throw new NotFoundError(
        byToken ? `API key ${secretOrToken} not found` : 'No API key of this namespace has that secret',
      );
    const [row] = await tx
      .update(apiKeys)
      .set({
        secretHash: sha256Hex(secret),
        secretLast4: secret.slice(-4),
        previousSecretHash: before.hash,
        previousSecretLast4: before.last4,
        previousSecretExpiresAt: previousUntil,
        rotatedBy: personOf(ctx.principal),
        updatedAt: now,
      })
      .where(which)
      .returning();
    const previous = {
      previous_secret_key_last4: before.last4,
      previous_secret_expires_at: unixSeconds(previousUntil),
    };
    await emitEvent(tx, {
      type: 'api_key.rotated',
      orgId: row!.orgId,
      partnerId: row!.partnerId,
      data: { api_key_id: row!.id, name: row!.name, secret_key_last4: row!.secretLast4, ...previous },
    });
    // The trail names no field after a secret but its last four: the overlap's end as a webhook
    // secret's rotation records it.
    await recordAudit(tx, ctx, {
      action: 'api_key.rotated',
      target: target(row!),
      before: { secret_key_last4: before.last4 },
      after: {
        secret_key_last4: row!.secretLast4,
        previous_secret_key_last4: before.last4,
        previous_valid_until: previous.previous_secret_expires_at,
      },
    });
    return serializeApiKey(row!, secret);
  });
  await credentialsChanged(ctx.db);
  return rotated;
}
