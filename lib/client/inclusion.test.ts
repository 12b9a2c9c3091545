import { describe, expect, it } from 'vitest';
import { hashLeaf, inclusionProof, leafInput, rootFromLeafHashes, toBase64 } from '@/lib/settlement/merkle';
import { checkInclusion } from './inclusion';
import type { BatchDetail, InclusionProof } from './queries/settlements';

const BATCH = 'batch_test';
const leaves = [
  { partnerId: 'part_a', kind: 'creditor' as const, amount: '700' },
  { partnerId: 'part_b', kind: 'debtor' as const, amount: '500' },
  { partnerId: 'part_c', kind: 'debtor' as const, amount: '200' },
];

async function fixture(index: number): Promise<{ batch: BatchDetail; proof: InclusionProof }> {
  const hashes = await Promise.all(
    leaves.map((l) => hashLeaf(leafInput({ batchId: BATCH, currency: 'USD', ...l }))),
  );
  const root = toBase64(await rootFromLeafHashes(hashes));
  const me = leaves[index]!;
  const leafHash = toBase64(hashes[index]!);
  return {
    batch: {
      summary: {
        token: BATCH,
        cutoff_time: 1,
        started_on: 1,
        completed_on: 2,
        status: 'COMPLETED',
        txn_count: 1,
        currency: 'USD',
      },
      merkle_root: { root_hash: root, version: 'v1', leaves_count: leaves.length, created_at: '' },
      merkle_leaf: {
        partner_id: me.partnerId,
        kind: me.kind,
        amount: me.amount,
        leaf_hash: leafHash,
        leaf_index: index,
      },
      positions: [],
    },
    proof: {
      leaf_index: index,
      tree_size: leaves.length,
      leaf_hash: leafHash,
      root_hash: root,
      audit_path: (await inclusionProof(hashes, index)).map(toBase64),
    },
  };
}

describe('checkInclusion', () => {
  it('recomputes the leaf from its fields and the root from the audit path, for every leaf', async () => {
    for (let i = 0; i < leaves.length; i++) {
      const { batch, proof } = await fixture(i);
      const check = await checkInclusion(batch, proof);
      expect(check.problem).toBeNull();
      expect(check.leafInput).toBe(
        `${BATCH}|${leaves[i]!.partnerId}|USD|${leaves[i]!.kind}|${leaves[i]!.amount}`,
      );
      expect(check.computedRoot).toBe(batch.merkle_root!.root_hash);
    }
  });

  it('reports a tampered audit path, a wrong index, a changed amount and bad base64', async () => {
    const { batch, proof } = await fixture(1);
    const tampered = { ...proof, audit_path: [toBase64(new Uint8Array(32)), ...proof.audit_path.slice(1)] };
    const a = await checkInclusion(batch, tampered);
    expect(a.problem).toBe('The root computed from the proof differs from the batch root');
    expect(a.computedRoot).not.toBe(batch.merkle_root!.root_hash);

    expect((await checkInclusion(batch, { ...proof, leaf_index: 0 })).problem).toBe(
      'The proof is for leaf 0; your leaf is number 1',
    );
    const richer = { ...batch, merkle_leaf: { ...batch.merkle_leaf!, amount: '5000' } };
    expect((await checkInclusion(richer, proof)).problem).toBe(
      'The leaf hash computed from your position differs from the stated leaf hash',
    );
    expect((await checkInclusion(batch, { ...proof, audit_path: ['%%%'] })).problem).toBe(
      'The proof is malformed: an audit path entry is not base64',
    );
  });
});
