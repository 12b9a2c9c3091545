import { MAX_LIQUIDITY_MINOR } from './currencies';

/**
 * Liquidity rules shared by the gateway and the dashboard (DESIGN §11, docs/liquidity.md): the
 * limit a participant's position may reach, its headroom and utilisation, and the offsetting that
 * admits queued payments together. Amounts are minor units as bigint.
 */

export interface LiquidityFigures {
  balance: bigint;
  /** null: no cap — no net debit, unless `unlimited`. */
  cap: bigint | null;
  /** The operator opened the currency without a cap. */
  unlimited: boolean;
  allowUnsecured: boolean;
  position: bigint;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The most net debit the participant may run up as the admission checks it: its cap, and no more
 * than its balance unless the operator allows unsecured credit (a cap above what was placed is
 * credit the network extends); 0 without a cap (the currency is not open for it: no credit
 * without a limit); and never more than MAX_LIQUIDITY_MINOR past its balance, `unlimited` too, so
 * that every sum stays within a bigint. Mirrored in SQL by `csp_liquidity_limit` (migration 0048).
 */
export function admissionLimit(
  f: Pick<LiquidityFigures, 'balance' | 'cap' | 'allowUnsecured' | 'unlimited'>,
): bigint {
  const bound = f.balance + MAX_LIQUIDITY_MINOR;
  if (f.unlimited) return bound;
  if (f.cap === null) return 0n;
  if (f.allowUnsecured) return min(f.cap, bound);
  return min(f.cap, f.balance > 0n ? f.balance : 0n);
}

/** The limit as the participant reads it: `admissionLimit`, null when the operator made it unlimited. */
export function liquidityLimit(
  f: Pick<LiquidityFigures, 'balance' | 'cap' | 'allowUnsecured' | 'unlimited'>,
): bigint | null {
  return f.unlimited ? null : admissionLimit(f);
}

/** What more the participant may pay out before the next cut-off; null when unlimited. */
export function headroom(f: LiquidityFigures): bigint | null {
  const limit = liquidityLimit(f);
  if (limit === null) return null;
  const room = limit - f.position;
  return room > 0n ? room : 0n;
}

/** The position as a percentage of the limit (one decimal); null when unlimited. */
export function utilisation(f: LiquidityFigures): number | null {
  const limit = liquidityLimit(f);
  if (limit === null) return null;
  if (limit <= 0n) return f.position > 0n ? 100 : 0;
  return Math.round(Number((f.position * 1000n) / limit)) / 10;
}

/** Whether a debit of `amount` fits: the admission's check (the SQL guard says the same). */
export function fits(f: LiquidityFigures, amount: bigint): boolean {
  return f.position + amount <= admissionLimit(f);
}

/**
 * Whether a credit of `amount` lands: a position never falls more than MAX_LIQUIDITY_MINOR below
 * the balance, so the balance a cut-off makes of it stays within a bigint.
 */
export function creditFits(f: Pick<LiquidityFigures, 'balance' | 'position'>, amount: bigint): boolean {
  return f.position - amount >= f.balance - MAX_LIQUIDITY_MINOR;
}

/** The default alert thresholds, percent of the limit. */
export const DEFAULT_THRESHOLDS = [75, 90] as const;

/** A queued payment as the offsetting sees it. */
export interface QueuedPayment {
  id: string;
  debtor: string;
  beneficiary: string;
  amount: bigint;
}

/** A participant's standing for the offsetting: its position and limit (null: none). */
export interface Standing {
  position: bigint;
  limit: bigint | null;
}

/**
 * Which queued payments of one currency the network admits now (TARGET2's queue with
 * offsetting): as many as can go together without taking any participant past its limit, oldest
 * first per debtor. It starts from the whole queue and, while some participant would end past its
 * limit with a net outflow, drops that participant's newest payment still in — so a debtor's
 * admitted payments are always its oldest, and payments that fit only together (a ring A→B→C→A
 * under caps none of them fits alone) go together. A participant already past its limit (its cap
 * lowered) may still take part as long as it ends no further past it. Each round drops one payment:
 * at most as many rounds as payments, each touching two participants.
 *
 * `queue` is in the order of arrival; the answer keeps that order.
 */
export function offset(queue: QueuedPayment[], standings: Map<string, Standing>): QueuedPayment[] {
  const net = new Map<string, bigint>();
  const add = (p: string, d: bigint) => net.set(p, (net.get(p) ?? 0n) + d);
  // Each debtor's payments still in, oldest first: the newest is dropped first.
  const byDebtor = new Map<string, number[]>();
  const included = queue.map(() => true);
  queue.forEach((q, i) => {
    if (q.debtor === q.beneficiary) return;
    add(q.debtor, q.amount);
    add(q.beneficiary, -q.amount);
    const list = byDebtor.get(q.debtor) ?? [];
    list.push(i);
    byDebtor.set(q.debtor, list);
  });
  const over = (p: string) => {
    const limit = standings.get(p)?.limit;
    const n = net.get(p) ?? 0n;
    if (limit === null || limit === undefined || n <= 0n) return false;
    return (standings.get(p)?.position ?? 0n) + n > limit;
  };
  const violators = new Set([...net.keys()].filter(over));
  while (violators.size > 0) {
    // Of the participants past their limit, drop the newest payment still in: older payments
    // keep their place whoever's they are.
    let newest = -1;
    for (const p of violators) {
      const last = byDebtor.get(p)?.at(-1);
      if (last !== undefined && last > newest) newest = last;
    }
    if (newest < 0) break; // unreachable: a participant with a net outflow has a payment in
    const q = queue[newest]!;
    included[newest] = false;
    byDebtor.get(q.debtor)!.pop();
    add(q.debtor, -q.amount);
    add(q.beneficiary, q.amount);
    for (const p of [q.debtor, q.beneficiary]) {
      if (over(p)) violators.add(p);
      else violators.delete(p);
    }
  }
  return queue.filter((_, i) => included[i]);
}

/**
 * Cuts what `offset` chose into chunks a release pass admits one after another, each in its own
 * short transaction, so that the position rows a chunk locks are held for a chunk, not the pass.
 * Each chunk, applied from the standings the chunks before it leave, takes no participant with a
 * net outflow past its limit (`offset` over the chunk alone keeps all of it), and leaves the rest
 * as admissible from there on, so the last chunk is too. A chunk is filled, up to `size`, with the
 * oldest payments that keep it so — a payment that does not fit yet waits for a later chunk, and
 * with it its debtor's later payments (a debtor's payments go oldest first). When none fits alone,
 * the chunk is the oldest run of payments that fits together, however long: a group that fits only
 * together (a ring whose every side needs the others) is never cut. Applied in order, the chunks
 * leave every position where the whole of `chosen` would.
 */
export function releaseChunks(
  chosen: QueuedPayment[],
  standings: Map<string, Standing>,
  size: number,
): QueuedPayment[][] {
  if (chosen.length <= size) return chosen.length > 0 ? [chosen] : [];
  const position = new Map<string, bigint>();
  const positionOf = (p: string) => position.get(p) ?? standings.get(p)?.position ?? 0n;
  const add = (m: Map<string, bigint>, p: string, d: bigint) => m.set(p, (m.get(p) ?? 0n) + d);
  // The net of what is still to go, and of the chunk being filled, per participant.
  const rest = new Map<string, bigint>();
  for (const q of chosen) {
    add(rest, q.debtor, q.amount);
    add(rest, q.beneficiary, -q.amount);
  }
  let net = new Map<string, bigint>();
  // Past its limit with a net outflow of `n`, from `from` (offset's test).
  const past = (p: string, from: bigint, n: bigint) => {
    const limit = standings.get(p)?.limit;
    return limit !== null && limit !== undefined && n > 0n && from + n > limit;
  };
  // The participants the chunk would take past their limit, and those the rest after it would.
  const overChunk = new Set<string>();
  const overRest = new Set<string>();
  const check = (p: string) => {
    const from = positionOf(p);
    const n = net.get(p) ?? 0n;
    if (past(p, from, n)) overChunk.add(p);
    else overChunk.delete(p);
    if (past(p, from + n, (rest.get(p) ?? 0n) - n)) overRest.add(p);
    else overRest.delete(p);
  };
  const move = (q: QueuedPayment, sign: bigint) => {
    if (q.debtor === q.beneficiary) return;
    add(net, q.debtor, sign * q.amount);
    add(net, q.beneficiary, -sign * q.amount);
    check(q.debtor);
    check(q.beneficiary);
  };
  const fits = () => overChunk.size === 0 && overRest.size === 0;

  const chunks: QueuedPayment[][] = [];
  const taken = chosen.map(() => false);
  let first = 0; // the oldest payment not yet in a chunk
  while (first < chosen.length) {
    const chunk: number[] = [];
    const waits = new Set<string>();
    for (let i = first; i < chosen.length && chunk.length < size; i++) {
      const q = chosen[i]!;
      if (taken[i] || waits.has(q.debtor)) continue;
      move(q, 1n);
      if (fits()) chunk.push(i);
      else {
        move(q, -1n);
        waits.add(q.debtor);
      }
    }
    if (chunk.length === 0) {
      // Nothing fits alone: the oldest run that fits together.
      for (let i = first; i < chosen.length; i++) {
        if (taken[i]) continue;
        chunk.push(i);
        move(chosen[i]!, 1n);
        if (chunk.length >= size && fits()) break;
      }
    }
    for (const [p, n] of net) {
      position.set(p, positionOf(p) + n);
      add(rest, p, -n);
    }
    net = new Map();
    overChunk.clear();
    overRest.clear();
    for (const i of chunk) taken[i] = true;
    while (first < chosen.length && taken[first]) first++;
    chunks.push(chunk.map((i) => chosen[i]!));
  }
  return chunks;
}
