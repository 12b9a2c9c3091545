/**
 * A completed USD settlement batch written in SQL, in which Demo Bank holds a bilateral position
 * against each of `n` namespaces, with their merkle leaves and a root that verifies: the batch
 * pages' benchmarks (bench/dashboard-batch.ts, bench/lighthouse.ts) open it.
 */
import pg from 'pg';
import { hashLeaf, leafInput, rootFromLeafHashes, toBase64 } from '../lib/settlement/merkle';

const CURRENCY = 'USD';

/** Demo Bank against `n` counterparties: positions, one leaf per namespace, and the root. */
export async function writeBatch(databaseUrl: string, batchId: string, n: number): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT id FROM namespaces WHERE domain = 'demo-bank.test'");
    const me: string | undefined = rows[0]?.id;
    if (!me) throw new Error('demo namespace not found (seed not finished)');
    // Signed bilateral nets of Demo Bank against each counterparty, never zero, both signs.
    const nets = Array.from({ length: n }, (_, i) => {
      const v = BigInt(((i * 7919) % 200_000) - 100_000);
      return v === 0n ? 1n : v;
    });
    const counterparties = nets.map(
      (_, i) => `part_bench_${batchId.slice(-4)}_${String(i).padStart(5, '0')}`,
    );
    const own = nets.reduce((a, b) => a + b, 0n);
    // Leaves: Demo Bank's multilateral net, and each counterparty's (the mirror of its bilateral).
    const leaves = [
      { partnerId: me, net: own },
      ...counterparties.map((id, i) => ({ partnerId: id, net: -nets[i]! })),
    ]
      .sort((a, b) => (a.partnerId < b.partnerId ? -1 : 1))
      .map((l) => ({
        ...l,
        kind: l.net >= 0n ? ('creditor' as const) : ('debtor' as const),
        amount: (l.net < 0n ? -l.net : l.net).toString(),
      }));
    const hashes = await Promise.all(
      leaves.map((l) => hashLeaf(leafInput({ batchId, currency: CURRENCY, ...l }))),
    );
    const root = toBase64(await rootFromLeafHashes(hashes));

    await client.query('BEGIN');
    await client.query(
      `INSERT INTO settlement_batches (id, currency, cutoff_time, started_on, completed_on, status, txn_count, root_hash, tree_version, leaves_count, root_created_at)
       VALUES ($1, $2, now(), now(), now(), 'COMPLETED', 0, $3, 'v1', $4, now())`,
      [batchId, CURRENCY, root, leaves.length],
    );
    await client.query(
      `INSERT INTO settlement_partner_positions (batch_id, partner_id, currency, counterparty_ids, net_amounts)
       VALUES ($1, $2, $3, $4::text[], $5::bigint[])`,
      [batchId, me, CURRENCY, counterparties, nets.map(String)],
    );
    await client.query(
      `INSERT INTO settlement_leaves (batch_id, partner_id, leaf_index, kind, amount, leaf_hash, txn_count)
       SELECT $1, p, i - 1, k, a, h, 0 FROM unnest($2::text[], $3::text[], $4::bigint[], $5::text[]) WITH ORDINALITY AS t(p, k, a, h, i)`,
      [
        batchId,
        leaves.map((l) => l.partnerId),
        leaves.map((l) => l.kind),
        leaves.map((l) => l.amount),
        hashes.map(toBase64),
      ],
    );
    await client.query('COMMIT');
    return me;
  } finally {
    await client.end();
  }
}
