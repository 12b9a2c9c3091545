import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';

/**
 * The hash chain of the audit trail (docs/audit.md): each organization's entries, in the order the
 * sealer chained them, `hash = sha256(prev_hash ‖ "\n" ‖ canonical entry)`, starting from GENESIS.
 * The canonical form is read from the database the same way by the sealer and by verification, so
 * neither depends on how a driver prints a timestamp or a JSON object.
 */
export const GENESIS = '0'.repeat(64);

/** The chain an entry belongs to: its organization's, or the network's (the operator's own acts). */
export const NETWORK_CHAIN = 'network';
export const chainOf = (orgId: string | null) => orgId ?? NETWORK_CHAIN;

/** The columns of an entry as hashed: every field, in text the database prints the same way always. */
export const canonicalColumns = sql`e.seq::text AS seq, e.id, (extract(epoch from e.occurred_at) * 1000000)::bigint::text AS at_us,
  e.org_id, e.partner_id, e.actor_kind, e.actor_id, e.actor_label, e.action, e.target_type, e.target_id,
  e.changes::text AS changes, e.request_id, e.ip, e.user_agent`;

/** The fields of an entry as hashed, in order (an archive file keeps them so). */
export const CANONICAL_FIELDS = [
  'seq',
  'id',
  'at_us',
  'org_id',
  'partner_id',
  'actor_kind',
  'actor_id',
  'actor_label',
  'action',
  'target_type',
  'target_id',
  'changes',
  'request_id',
  'ip',
  'user_agent',
] as const;

/** An entry as the chain hashes it: each canonical field as text, or null. */
export function canonicalEntry(
  row: Record<string, unknown>,
): Record<(typeof CANONICAL_FIELDS)[number], string | null> {
  return Object.fromEntries(
    CANONICAL_FIELDS.map((f) => [f, row[f] === null || row[f] === undefined ? null : String(row[f])]),
  ) as Record<(typeof CANONICAL_FIELDS)[number], string | null>;
}

export function entryHash(prevHash: string, row: Record<string, unknown>): string {
  const entry = canonicalEntry(row);
  const canonical = JSON.stringify(CANONICAL_FIELDS.map((f) => entry[f]));
  return createHash('sha256').update(`${prevHash}\n${canonical}`).digest('hex');
}

/** Every chain there is: each organization's with an entry, and the network's. */
export async function auditChains(db: DbOrTx): Promise<string[]> {
  return rowsOf(await db.execute(sql`SELECT chain FROM audit_heads ORDER BY chain`)).map((r) =>
    String(r.chain),
  );
}
