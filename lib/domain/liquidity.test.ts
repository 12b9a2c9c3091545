import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LIQUIDITY_MINOR } from './currencies';
import {
  admissionLimit,
  creditFits,
  fits,
  headroom,
  liquidityLimit,
  offset,
  releaseChunks,
  utilisation,
  type QueuedPayment,
  type Standing,
} from './liquidity';

const standing = (position: bigint, limit: bigint | null): Standing => ({ position, limit });
const q = (id: string, debtor: string, beneficiary: string, amount: bigint): QueuedPayment => ({
  id,
  debtor,
  beneficiary,
  amount,
});

describe('the limit, headroom and utilisation', () => {
  const open = { unlimited: false };
  it('is the cap, no more than the balance unless the operator lends', () => {
    expect(liquidityLimit({ balance: 500n, cap: 1000n, allowUnsecured: false, ...open })).toBe(500n);
    expect(liquidityLimit({ balance: 500n, cap: 1000n, allowUnsecured: true, ...open })).toBe(1000n);
    expect(liquidityLimit({ balance: -50n, cap: 1000n, allowUnsecured: false, ...open })).toBe(0n);
    const f = { balance: 2000n, cap: 1000n, allowUnsecured: false, position: 750n, ...open };
    expect(headroom(f)).toBe(250n);
    expect(utilisation(f)).toBe(75);
    expect(fits(f, 250n)).toBe(true);
    expect(fits(f, 251n)).toBe(false);
    expect(headroom({ ...f, position: 1200n })).toBe(0n);
    expect(utilisation({ ...f, cap: 0n, position: 1n })).toBe(100);
  });

  it('no cap: no net debit (only against a net credit), unless the operator made it unlimited', () => {
    const closed = { balance: 500n, cap: null, allowUnsecured: false, unlimited: false, position: 0n };
    expect(liquidityLimit(closed)).toBe(0n);
    expect(headroom(closed)).toBe(0n);
    expect(fits(closed, 1n)).toBe(false);
    expect(fits({ ...closed, position: -300n }, 300n)).toBe(true);
    expect(fits({ ...closed, position: -300n }, 301n)).toBe(false);
    const unlimited = { ...closed, unlimited: true };
    expect(liquidityLimit(unlimited)).toBeNull();
    expect(headroom(unlimited)).toBeNull();
    expect(utilisation(unlimited)).toBeNull();
    expect(fits(unlimited, 10n ** 15n)).toBe(true);
  });

  it('is never more than the bound past the balance, unlimited and unsecured credit too', () => {
    const bound = MAX_LIQUIDITY_MINOR;
    const unlimited = {
      balance: 0n,
      cap: null,
      allowUnsecured: false,
      unlimited: true,
      position: bound - 5n,
    };
    expect(admissionLimit(unlimited)).toBe(bound);
    expect(fits(unlimited, 5n)).toBe(true);
    expect(fits(unlimited, 6n)).toBe(false);
    const lent = { balance: -bound + 100n, cap: bound, allowUnsecured: true, unlimited: false, position: 0n };
    expect(admissionLimit(lent)).toBe(100n);
    // A credit takes the position no further than the bound below the balance.
    expect(creditFits({ balance: 10n, position: -bound + 20n }, 10n)).toBe(true);
    expect(creditFits({ balance: 10n, position: -bound + 20n }, 11n)).toBe(false);
  });
});

describe('offsetting the liquidity queue', () => {
  it('admits a ring that fits only together (A→B, B→C, C→A of 100 under caps of 50)', () => {
    const standings = new Map([
      ['A', standing(0n, 50n)],
      ['B', standing(0n, 50n)],
      ['C', standing(0n, 50n)],
    ]);
    const ring = [q('1', 'A', 'B', 100n), q('2', 'B', 'C', 100n), q('3', 'C', 'A', 100n)];
    expect(offset(ring, standings).map((p) => p.id)).toEqual(['1', '2', '3']);
    // Without its third side the ring does not offset: nothing fits alone.
    expect(offset(ring.slice(0, 2), standings)).toEqual([]);
  });

  it('admits bilateral offsetting and keeps each debtor oldest first', () => {
    const standings = new Map([
      ['A', standing(40n, 50n)],
      ['B', standing(0n, 0n)],
    ]);
    // A owes 100 to B, B 90 to A: together A's net is +10 (fits), B's −10.
    expect(offset([q('1', 'A', 'B', 100n), q('2', 'B', 'A', 90n)], standings).map((p) => p.id)).toEqual([
      '1',
      '2',
    ]);
    // A's older 100 does not fit and its newer 5 would: oldest first means neither goes.
    const alone = new Map([
      ['A', standing(40n, 50n)],
      ['B', standing(0n, null)],
    ]);
    expect(offset([q('1', 'A', 'B', 100n), q('2', 'A', 'B', 5n)], alone)).toEqual([]);
    expect(offset([q('1', 'A', 'B', 5n), q('2', 'A', 'B', 100n)], alone).map((p) => p.id)).toEqual(['1']);
  });

  it('lets a participant already past a lowered cap take part if it ends no further past it', () => {
    const standings = new Map([
      ['A', standing(900n, 500n)],
      ['B', standing(0n, 100n)],
    ]);
    expect(offset([q('1', 'B', 'A', 80n)], standings).map((p) => p.id)).toEqual(['1']);
    expect(offset([q('1', 'A', 'B', 1n)], standings)).toEqual([]);
  });

  const participants = ['A', 'B', 'C', 'D', 'E'];
  const queueArb = fc.array(
    fc
      .tuple(
        fc.constantFrom(...participants),
        fc.constantFrom(...participants),
        fc.bigInt({ min: 1n, max: 500n }),
      )
      .filter(([d, b]) => d !== b),
    { maxLength: 40 },
  );
  const standingsArb = fc.tuple(
    ...participants.map(() =>
      fc.record({
        position: fc.bigInt({ min: -300n, max: 600n }),
        limit: fc.option(fc.bigInt({ min: 0n, max: 800n }), { nil: null }),
      }),
    ),
  );

  it('never takes a participant further past its limit, and admits each debtor oldest first (property)', () => {
    fc.assert(
      fc.property(queueArb, standingsArb, (raw, st) => {
        const queue = raw.map(([d, b, a], i) => q(String(i), d, b, a));
        const standings = new Map(participants.map((p, i) => [p, st[i]!]));
        const chosen = offset(queue, standings);
        const net = new Map<string, bigint>();
        for (const c of chosen) {
          net.set(c.debtor, (net.get(c.debtor) ?? 0n) + c.amount);
          net.set(c.beneficiary, (net.get(c.beneficiary) ?? 0n) - c.amount);
        }
        for (const [p, n] of net) {
          const s = standings.get(p)!;
          if (s.limit !== null && n > 0n) expect(s.position + n).toBeLessThanOrEqual(s.limit);
        }
        // Per debtor, what is admitted is a prefix of its queue.
        for (const p of participants) {
          const mine = queue.filter((x) => x.debtor === p).map((x) => x.id);
          const taken = chosen.filter((x) => x.debtor === p).map((x) => x.id);
          expect(mine.slice(0, taken.length)).toEqual(taken);
        }
        // With no limits, everything goes.
        const open = new Map(participants.map((p) => [p, standing(0n, null)]));
        expect(offset(queue, open)).toHaveLength(queue.length);
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });
});

describe('the release pass in chunks', () => {
  const arbitraryQueue = fc
    .record({
      participants: fc.integer({ min: 2, max: 6 }),
      payments: fc.array(
        fc.record({ d: fc.nat(5), b: fc.nat(5), amount: fc.integer({ min: 1, max: 500 }) }),
        { maxLength: 60 },
      ),
      // A limit (or none), and a position that may already be past it (a cap lowered).
      standings: fc.array(
        fc.record({
          limit: fc.option(fc.integer({ min: 0, max: 1500 }), { freq: 5 }),
          position: fc.integer({ min: -500, max: 1200 }),
        }),
        { minLength: 6, maxLength: 6 },
      ),
      size: fc.integer({ min: 1, max: 12 }),
    })
    .map(({ participants, payments, standings, size }) => ({
      queue: payments.map((p, i) =>
        q(String(i), `P${p.d % participants}`, `P${p.b % participants}`, BigInt(p.amount)),
      ),
      standings: new Map(
        standings.map((s, i) => [
          `P${i}`,
          standing(BigInt(s.position), s.limit === null ? null : BigInt(s.limit)),
        ]),
      ),
      size,
    }));

  it('admits, chunk after chunk, exactly what the whole pass chose, each chunk fitting on its own', () => {
    fc.assert(
      fc.property(arbitraryQueue, ({ queue, standings, size }) => {
        const chosen = offset(queue, standings);
        const chunks = releaseChunks(chosen, standings, size);
        const ids = (ps: QueuedPayment[]) => ps.map((p) => p.id);
        expect(ids(chunks.flat()).sort()).toEqual(ids(chosen).sort());
        // Each debtor's payments go in the order the whole pass chose them: oldest first.
        const debtors = new Set(chosen.map((p) => p.debtor));
        for (const d of debtors)
          expect(ids(chunks.flat().filter((p) => p.debtor === d))).toEqual(
            ids(chosen.filter((p) => p.debtor === d)),
          );
        const now = new Map([...standings].map(([p, s]) => [p, { ...s }]));
        for (const chunk of chunks) {
          // The offsetting run again over the chunk alone, from where the chunks before it left
          // the positions, keeps all of it: what a chunk's transaction checks under its locks.
          expect(offset(chunk, now).map((p) => p.id)).toEqual(chunk.map((p) => p.id));
          for (const p of chunk) {
            if (p.debtor === p.beneficiary) continue;
            const d = now.get(p.debtor) ?? standing(0n, null);
            const b = now.get(p.beneficiary) ?? standing(0n, null);
            now.set(p.debtor, { ...d, position: d.position + p.amount });
            now.set(p.beneficiary, { ...b, position: b.position - p.amount });
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('fills chunks to their size when payments fit on their own (10,000 queued among 200)', () => {
    // The bench's queue (bench/liquidity-offset.ts): payers capped at a third of their net.
    const queue = Array.from({ length: 10_000 }, (_, i) => {
      const amount = BigInt(100 + ((i * 37) % 900));
      if (i % 10 < 7) return q(String(i), `P${i % 100}`, `P${100 + ((i * 7) % 100)}`, amount);
      return q(String(i), `P${100 + (i % 100)}`, `P${(i * 3) % 100}`, amount);
    });
    const standings = new Map(Array.from({ length: 200 }, (_, p) => [`P${p}`, standing(0n, 7700n)]));
    const chosen = offset(queue, standings);
    const chunks = releaseChunks(chosen, standings, 32);
    expect(chunks.flat()).toHaveLength(chosen.length);
    expect(Math.max(...chunks.map((c) => c.length))).toBe(32);
    expect(chunks).toHaveLength(Math.ceil(chosen.length / 32));
  });

  it('never cuts a group that fits only together', () => {
    const standings = new Map([
      ['A', standing(0n, 50n)],
      ['B', standing(0n, 50n)],
      ['C', standing(0n, 50n)],
      ['D', standing(0n, 1000n)],
    ]);
    const queue = [
      q('1', 'D', 'A', 10n),
      q('2', 'A', 'B', 100n),
      q('3', 'B', 'C', 100n),
      q('4', 'C', 'A', 100n),
      q('5', 'D', 'B', 10n),
    ];
    const chosen = offset(queue, standings);
    expect(chosen.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5']);
    // D→A and D→B fit alone, one a chunk; the ring is the chunk that fits only together.
    expect(releaseChunks(chosen, standings, 1).map((c) => c.map((p) => p.id))).toEqual([
      ['1'],
      ['5'],
      ['2', '3', '4'],
    ]);
  });
});
