import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hashLeaf,
  inclusionProof,
  leafInput,
  rootFromLeafHashes,
  rootFromProof,
  toBase64,
  verifyInclusion,
} from './merkle';

// Independent reference: node:crypto and the trees written out by hand.
const h = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const L = (s: string) => h(Buffer.from([0]), Buffer.from(s));
const N = (a: Buffer, b: Buffer) => h(Buffer.from([1]), a, b);
const inputs = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
const leaves = inputs.map(L);
const [a, b, c, d, e, f, g] = leaves as [Buffer, Buffer, Buffer, Buffer, Buffer, Buffer, Buffer];

const EXPECTED: Record<number, Buffer> = {
  1: a,
  2: N(a, b),
  3: N(N(a, b), c),
  4: N(N(a, b), N(c, d)),
  5: N(N(N(a, b), N(c, d)), e),
  7: N(N(N(a, b), N(c, d)), N(N(e, f), g)),
};

const ours = (n: number) => Promise.all(inputs.slice(0, n).map((s) => hashLeaf(new TextEncoder().encode(s))));

describe('RFC 6962 merkle tree hash', () => {
  it('hashes leaves with the 0x00 prefix', async () => {
    expect(Buffer.from(await hashLeaf(new TextEncoder().encode('a')))).toEqual(a);
  });

  it.each([1, 2, 3, 4, 5, 7])('computes the root of %i leaves as written out by hand', async (n) => {
    expect(Buffer.from(await rootFromLeafHashes(await ours(n)))).toEqual(EXPECTED[n]);
  });

  it('hashes the empty tree as SHA-256 of nothing', async () => {
    expect(Buffer.from(await rootFromLeafHashes([]))).toEqual(h(Buffer.alloc(0)));
  });

  it('gives the hand-computed audit path for leaf 4 of 7 and leaf 2 of 5', async () => {
    expect((await inclusionProof(await ours(7), 4)).map((x) => Buffer.from(x))).toEqual([
      f,
      g,
      N(N(a, b), N(c, d)),
    ]);
    expect((await inclusionProof(await ours(5), 2)).map((x) => Buffer.from(x))).toEqual([d, N(a, b), e]);
  });

  it.each([1, 2, 3, 4, 5, 7, 16, 33])(
    'verifies every leaf of a %i-leaf tree, and rejects a tampered one',
    async (n) => {
      const hs = await Promise.all(
        Array.from({ length: n }, (_, i) => hashLeaf(new TextEncoder().encode(`leaf-${i}`))),
      );
      const root = toBase64(await rootFromLeafHashes(hs));
      for (let i = 0; i < n; i++) {
        const path = (await inclusionProof(hs, i)).map(toBase64);
        expect(
          await verifyInclusion({
            leafHash: toBase64(hs[i]!),
            leafIndex: i,
            treeSize: n,
            auditPath: path,
            rootHash: root,
          }),
        ).toBe(true);
        const other = toBase64(await hashLeaf(new TextEncoder().encode(`changed-${i}`)));
        expect(
          await verifyInclusion({
            leafHash: other,
            leafIndex: i,
            treeSize: n,
            auditPath: path,
            rootHash: root,
          }),
        ).toBe(false);
        if (n > 1)
          expect(
            await verifyInclusion({
              leafHash: toBase64(hs[i]!),
              leafIndex: (i + 1) % n,
              treeSize: n,
              auditPath: path,
              rootHash: root,
            }),
          ).toBe(false);
      }
      expect(await rootFromProof(hs[0]!, 0, n, [])).toEqual(n === 1 ? hs[0] : null);
    },
  );

  it('encodes the leaf input of DESIGN §6', () => {
    expect(
      new TextDecoder().decode(
        leafInput({
          batchId: 'batch_1',
          partnerId: 'part_a',
          currency: 'USD',
          kind: 'creditor',
          amount: '1050',
        }),
      ),
    ).toBe('batch_1|part_a|USD|creditor|1050');
  });
});

describe('tree levels (server-side proofs)', () => {
  it('gives the same root and audit paths as the recursive definition for 1..40 leaves', async () => {
    const { buildLevels, proofFromLevels } = await import('./merkle-levels');
    const m = await import('./merkle');
    for (let n = 1; n <= 40; n++) {
      const leaves = await Promise.all(
        Array.from({ length: n }, (_, i) => m.hashLeaf(new TextEncoder().encode(`leaf-${i}`))),
      );
      const levels = buildLevels(leaves);
      expect(m.toBase64(levels[levels.length - 1]![0]!)).toBe(m.toBase64(await m.rootFromLeafHashes(leaves)));
      for (let i = 0; i < n; i++) {
        expect(proofFromLevels(levels, i).map(m.toBase64), `n=${n} i=${i}`).toEqual(
          (await m.inclusionProof(leaves, i)).map(m.toBase64),
        );
      }
    }
  });
});
