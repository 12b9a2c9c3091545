import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { LOCKS } from '@/lib/db/locks';
import { holds, holdsRowsSql, rowsOf } from '@/lib/db/rows';
import { canonicalColumns, chainOf, entryHash, GENESIS } from './chain';

/** Whether a pass would find entries to chain (the workers' question, lib/workers). */
export const entriesToSeal = () => holdsRowsSql(schema.auditQueue, schema.auditQueue.seq);

/**
 * Chains the entries written since the last pass, one instance at a time (an advisory lock): takes
 * them off `audit_queue` in `seq` order, links each to its organization's chain head, and moves the
 * heads — all in one transaction, so a link exists exactly when its entry left the queue. An entry
 * whose transaction commits late is chained in a later pass, after entries with higher `seq`: the
 * chain's order is the order of sealing. Returns the number of entries chained.
 */
export async function sealAuditTrail(db: Db, batch = 2000): Promise<number> {
  // Nothing written since the last pass: one read, no transaction.
  if (!(await holds(db, entriesToSeal()))) return 0;
  return db.transaction(async (tx) => {
    const [lock] = rowsOf(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${LOCKS.auditSeal}) AS ok`));
    if (!lock?.ok) return 0;
    const entries = rowsOf(
      await tx.execute(sql`
        WITH taken AS (
          DELETE FROM audit_queue WHERE seq IN (SELECT seq FROM audit_queue ORDER BY seq LIMIT ${batch})
          RETURNING seq
        )
        SELECT ${canonicalColumns} FROM audit_events e JOIN taken t ON t.seq = e.seq ORDER BY e.seq`),
    );
    if (!entries.length) return 0;
    const chains = [...new Set(entries.map((e) => chainOf((e.org_id as string | null) ?? null)))];
    const heads = new Map<string, { pos: number; hash: string }>();
    for (const h of rowsOf(
      await tx.execute(
        sql`SELECT chain, pos, hash FROM audit_heads WHERE chain IN (SELECT jsonb_array_elements_text(${JSON.stringify(chains)}::jsonb))`,
      ),
    ))
      heads.set(String(h.chain), { pos: Number(h.pos), hash: String(h.hash) });
    const links: Array<{ chain: string; pos: number; seq: number; prev: string; hash: string }> = [];
    for (const e of entries) {
      const chain = chainOf((e.org_id as string | null) ?? null);
      const head = heads.get(chain) ?? { pos: 0, hash: GENESIS };
      const hash = entryHash(head.hash, e);
      links.push({ chain, pos: head.pos + 1, seq: Number(e.seq), prev: head.hash, hash });
      heads.set(chain, { pos: head.pos + 1, hash });
    }
    await tx.execute(sql`
      INSERT INTO audit_links (chain, pos, seq, prev_hash, hash)
      SELECT x.chain, x.pos, x.seq, x.prev, x.hash
      FROM jsonb_to_recordset(${JSON.stringify(links)}::jsonb) AS x(chain text, pos bigint, seq bigint, prev text, hash text)`);
    const moved = chains.map((chain) => ({ chain, ...heads.get(chain)! }));
    await tx.execute(sql`
      INSERT INTO audit_heads AS h (chain, pos, hash)
      SELECT x.chain, x.pos, x.hash FROM jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) AS x(chain text, pos bigint, hash text)
      ON CONFLICT (chain) DO UPDATE SET pos = excluded.pos, hash = excluded.hash, updated_at = now()`);
    return entries.length;
  });
}
