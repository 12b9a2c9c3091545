/**
 * RFC 6962 / RFC 9162 Merkle Tree Hash with SHA-256, and inclusion proofs. Pure and async over
 * Web Crypto, so the same code verifies a proof in the browser and on the server.
 *
 *   leaf hash  = SHA-256(0x00 ‖ leaf input)
 *   node hash  = SHA-256(0x01 ‖ left ‖ right)
 *   MTH(D[n])  = node(MTH(D[0:k]), MTH(D[k:n])), k = the largest power of two < n
 */
export const TREE_VERSION = 'v1';

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
}

function concat(prefix: number, ...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(1 + parts.reduce((n, p) => n + p.length, 0));
  out[0] = prefix;
  let o = 1;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export const hashLeaf = (input: Uint8Array) => sha256(concat(0x00, input));
const hashNode = (left: Uint8Array, right: Uint8Array) => sha256(concat(0x01, left, right));

/** The leaf input of DESIGN §6: UTF-8 of `batch_id|partner_id|currency|kind|amount`. */
export function leafInput(l: {
  batchId: string;
  partnerId: string;
  currency: string;
  kind: 'creditor' | 'debtor';
  amount: string;
}): Uint8Array {
  return new TextEncoder().encode(`${l.batchId}|${l.partnerId}|${l.currency}|${l.kind}|${l.amount}`);
}

function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH over already-hashed leaves. An empty tree hashes the empty string. */
export async function rootFromLeafHashes(leaves: Uint8Array[]): Promise<Uint8Array> {
  if (leaves.length === 0) return sha256(new Uint8Array());
  // Bottom-up: pair adjacent nodes level by level; an odd last node is carried up unchanged,
  // which yields exactly the RFC's split at the largest power of two.
  let level = leaves;
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(await hashNode(level[i]!, level[i + 1]!));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
  }
  return level[0]!;
}

/** The audit path of leaf `index` (RFC 6962 §2.1.1), leaf-side first. */
export async function inclusionProof(leaves: Uint8Array[], index: number): Promise<Uint8Array[]> {
  if (index < 0 || index >= leaves.length) throw new RangeError('leaf index out of range');
  const path: Uint8Array[] = [];
  const walk = async (lo: number, hi: number, m: number): Promise<void> => {
    const n = hi - lo;
    if (n === 1) return;
    const k = split(n);
    if (m < k) {
      await walk(lo, lo + k, m);
      path.push(await rootFromLeafHashes(leaves.slice(lo + k, hi)));
    } else {
      await walk(lo + k, hi, m - k);
      path.push(await rootFromLeafHashes(leaves.slice(lo, lo + k)));
    }
  };
  await walk(0, leaves.length, index);
  return path;
}

/** Recomputes the root from a leaf hash and its audit path (RFC 9162 §2.1.3.2). */
export async function rootFromProof(
  leafHash: Uint8Array,
  index: number,
  treeSize: number,
  path: Uint8Array[],
): Promise<Uint8Array | null> {
  if (index < 0 || index >= treeSize) return null;
  let fn = index;
  let sn = treeSize - 1;
  let r = leafHash;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await hashNode(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn >>= 1;
          sn >>= 1;
        }
      }
    } else {
      r = await hashNode(r, p);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 ? r : null;
}

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function fromBase64(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Browser-side check: does the leaf with this proof hash up to the published root? */
export async function verifyInclusion(input: {
  leafHash: string;
  leafIndex: number;
  treeSize: number;
  auditPath: string[];
  rootHash: string;
}): Promise<boolean> {
  const root = await rootFromProof(
    fromBase64(input.leafHash),
    input.leafIndex,
    input.treeSize,
    input.auditPath.map(fromBase64),
  );
  return root !== null && toBase64(root) === input.rootHash;
}
