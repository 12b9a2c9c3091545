import { fromBase64, hashLeaf, leafInput, rootFromProof, toBase64 } from '@/lib/settlement/merkle';
import type { BatchDetail, InclusionProof } from './queries/settlements';

export interface InclusionCheck {
  leafInput: string;
  computedLeafHash: string;
  statedLeafHash: string;
  leafIndex: number;
  treeSize: number;
  auditPath: string[];
  computedRoot: string | null;
  statedRoot: string;
  /** Why the check failed, in words; null when it matched. */
  problem: string | null;
}

/**
 * Checks the partner's leaf against the batch's published root with the browser's own SHA-256
 * (Web Crypto): the leaf is hashed from its fields, not taken from the server, and the root is
 * recomputed from the audit path (RFC 9162 §2.1.3.2) and compared with the root the batch states.
 */
export async function checkInclusion(batch: BatchDetail, proof: InclusionProof): Promise<InclusionCheck> {
  const leaf = batch.merkle_leaf;
  const root = batch.merkle_root;
  if (!leaf || !root) throw new Error('This batch has no merkle tree to check against');
  const fields = {
    batchId: batch.summary.token,
    partnerId: leaf.partner_id,
    currency: batch.summary.currency,
    kind: leaf.kind,
    amount: leaf.amount,
  };
  const input = leafInput(fields);
  const computedLeafHash = toBase64(await hashLeaf(input));
  const base = {
    leafInput: new TextDecoder().decode(input),
    computedLeafHash,
    statedLeafHash: leaf.leaf_hash,
    leafIndex: proof.leaf_index,
    treeSize: proof.tree_size,
    auditPath: proof.audit_path,
    statedRoot: root.root_hash,
  };
  let computed: Uint8Array | null;
  try {
    computed = await rootFromProof(
      fromBase64(computedLeafHash),
      proof.leaf_index,
      proof.tree_size,
      proof.audit_path.map(fromBase64),
    );
  } catch {
    return {
      ...base,
      computedRoot: null,
      problem: 'The proof is malformed: an audit path entry is not base64',
    };
  }
  const computedRoot = computed ? toBase64(computed) : null;
  let problem: string | null = null;
  if (computedLeafHash !== leaf.leaf_hash)
    problem = 'The leaf hash computed from your position differs from the stated leaf hash';
  else if (proof.tree_size !== root.leaves_count)
    problem = `The proof is for a tree of ${proof.tree_size} leaves; the batch has ${root.leaves_count}`;
  else if (proof.leaf_index !== leaf.leaf_index)
    problem = `The proof is for leaf ${proof.leaf_index}; your leaf is number ${leaf.leaf_index}`;
  else if (!computedRoot) problem = 'The audit path does not fit a tree of this size';
  else if (computedRoot !== root.root_hash)
    problem = 'The root computed from the proof differs from the batch root';
  return { ...base, computedRoot, problem };
}
