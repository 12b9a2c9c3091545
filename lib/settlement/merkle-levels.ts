/**
 * Server-side companion of merkle.ts: the whole tree kept as levels (synchronous SHA-256 from
 * node:crypto), so an audit path is read off in O(log n). Same tree as merkle.ts: pairing adjacent
 * nodes and carrying an odd last node up yields RFC 6962's split at the largest power of two.
 */
import { createHash } from 'node:crypto';

function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(Uint8Array.of(0x01)).update(left).update(right).digest());
}

/** levels[0] = leaf hashes, last level = [root]. */
export function buildLevels(leaves: Uint8Array[]): Uint8Array[][] {
  if (leaves.length === 0) throw new RangeError('empty tree');
  const levels = [leaves];
  let level = leaves;
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(nodeHash(level[i]!, level[i + 1]!));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The audit path of leaf `index` (RFC 6962 §2.1.1), leaf-side first. */
export function proofFromLevels(levels: Uint8Array[][], index: number): Uint8Array[] {
  if (index < 0 || index >= levels[0]!.length) throw new RangeError('leaf index out of range');
  const path: Uint8Array[] = [];
  let i = index;
  for (let d = 0; d < levels.length - 1; d++) {
    const level = levels[d]!;
    const sibling = i ^ 1;
    if (sibling < level.length) path.push(level[sibling]!);
    i >>= 1;
  }
  return path;
}
