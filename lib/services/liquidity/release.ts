import { aliasedTable, and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@/lib/db';
import { holds, holdsRowsSql, rowsOf } from '@/lib/db/rows';
import { LOCKS } from '@/lib/db/locks';
import { logger } from '@/lib/log/logger';
import { countBackgroundFailure } from '@/lib/metrics/metrics';
import { SUBMISSION } from '@/lib/domain/statuses';
import { partiesOfNamespaces } from '@/lib/domain/links';
import { offset, releaseChunks, type QueuedPayment, type Standing } from '@/lib/domain/liquidity';
import { emitEvents } from '@/lib/events/emit';
import { awaitingAdded, paymentMoved, submissionStatusName, writeDeltas } from '../overview/deltas';
import { admissionOf } from '../lifecycle/admitted';

const { liquidityQueue, submissions, payments, namespaces } = schema;
const debtorNs = aliasedTable(namespaces, 'debtor_ns');
const beneficiaryNs = aliasedTable(namespaces, 'beneficiary_ns');

/** Payments a release chunk admits at most, unless a group that fits only together is larger. */
export const RELEASE_CHUNK = 32;

export interface ReleaseOptions {
  now?: Date;
  /** Payments per chunk (RELEASE_CHUNK); a test or the bench sets it. */
  chunkSize?: number;
  /** Told of each chunk after its commit: what it admitted and how long its transaction held its locks. */
  onChunk?: (chunk: { currency: string; admitted: number; ms: number }) => void;
}

/**
 * The network admits what waits in the liquidity queue as headroom returns (DESIGN §11): after a
 * cut-off, funds in, a higher cap, and on a short schedule for the headroom an incoming payment
 * frees. Per currency, the offsetting (lib/domain/liquidity.ts) chooses over the whole queue as
 * read without locks, and what it chose is admitted in chunks (`releaseChunks`: about
 * RELEASE_CHUNK payments, never cutting a group that fits only together), each its own short
 * transaction that locks its submissions and its participants' position rows (in id order, as
 * every writer of positions takes them), checks the chunk again against what it locked, and
 * admits what still fits. An admission waits for a chunk at most, not the pass
 * (docs/decisions.md, "The release pass in chunks"). One chunk at a time across instances (an
 * advisory lock in each chunk's transaction); two passes may interleave their chunks, and since
 * each chunk admits only what is still queued and still fits under its locks, nothing goes twice
 * and no position passes its limit.
 */
export async function releaseLiquidityQueue(db: Db, options: ReleaseOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const currencies = rowsOf(
    await db.execute(sql`SELECT DISTINCT currency FROM liquidity_queue ORDER BY currency`),
  ).map((r) => String(r.currency));
  let released = 0;
  // Each currency on its own: one that cannot be released (a sum past its bound) is logged and
  // waits, and the others go (docs/decisions.md, "Failure isolated").
  for (const currency of currencies) {
    try {
      released += await releaseCurrency(db, currency, now, options);
    } catch (err) {
      logger.error({ err, currency }, 'liquidity queue release failed for one currency; the others went on');
      countBackgroundFailure('liquidity_release');
    }
  }
  return released;
}

/** Whether a payment waits in a queue (the workers' question, lib/workers). */
export const paymentsQueued = () => holdsRowsSql(liquidityQueue);

/** The schedule's pass: nothing to do (one indexed probe) unless something waits. */
export async function releaseIfQueued(db: Db): Promise<number> {
  return (await holds(db, paymentsQueued())) ? releaseLiquidityQueue(db) : 0;
}

const WAITING = [SUBMISSION.pending, SUBMISSION.on_hold];

async function releaseCurrency(
  db: Db,
  currency: string,
  now: Date,
  options: ReleaseOptions,
): Promise<number> {
  // The plan, without locks: the queue in order of arrival and its participants' standings.
  const queue: QueuedPayment[] = rowsOf(
    await db.execute(sql`
      SELECT q.submission_id, q.debtor_partner_id, q.beneficiary_partner_id, q.amount
      FROM liquidity_queue q JOIN submissions s ON s.id = q.submission_id
      WHERE q.currency = ${currency} AND q.expires_at > ${now.toISOString()}::timestamptz
        AND s.status = ANY(${sql.param(WAITING)}::smallint[])
      ORDER BY q.queued_at, q.submission_id`),
  ).map((r) => ({
    id: String(r.submission_id),
    debtor: String(r.debtor_partner_id),
    beneficiary: String(r.beneficiary_partner_id),
    amount: BigInt(String(r.amount)),
  }));
  if (queue.length === 0) return 0;
  const planned = await standingsOf(db, currency, participantsOf(queue), false);
  const chunks = releaseChunks(offset(queue, planned), planned, options.chunkSize ?? RELEASE_CHUNK);
  // A debtor whose payment a chunk held back (the standings moved since the plan) has none of its
  // later payments admitted in this pass: its queue is not jumped.
  const heldBack = new Set<string>();
  let released = 0;
  for (const chunk of chunks) {
    const items = chunk.filter((q) => !heldBack.has(q.debtor));
    if (items.length === 0) continue;
    const started = performance.now();
    const admitted = await db.transaction((tx) => releaseChunk(tx, currency, items, now));
    options.onChunk?.({ currency, admitted: admitted.size, ms: performance.now() - started });
    for (const q of items) if (!admitted.has(q.id)) heldBack.add(q.debtor);
    released += admitted.size;
  }
  return released;
}

const participantsOf = (queue: QueuedPayment[]) => [
  ...new Set(queue.flatMap((q) => [q.debtor, q.beneficiary])),
];

/** The participants' positions and limits; with `lock`, their rows locked in id order. */
async function standingsOf(
  db: Db | Tx,
  currency: string,
  participants: string[],
  lock: boolean,
): Promise<Map<string, Standing>> {
  const positions = rowsOf(
    await db.execute(sql`
      SELECT partner_id, position, csp_liquidity_limit(cap, balance, allow_unsecured, unlimited) AS lim
      FROM liquidity_positions
      WHERE currency = ${currency} AND partner_id = ANY(${sql.param(participants)}::text[])
      ORDER BY partner_id COLLATE "C" ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  return new Map<string, Standing>(
    positions.map((p) => [
      String(p.partner_id),
      { position: BigInt(String(p.position)), limit: p.lim === null ? null : BigInt(String(p.lim)) },
    ]),
  );
}

/**
 * One chunk, in its transaction: its submissions locked (an expiry or a decision waits, or is
 * waited for) and those still queued and waiting kept, its participants' positions locked, the
 * offsetting run again over it against them — what the plan chose fits unless something moved
 * since — and what fits admitted together. Answers the ids admitted.
 */
async function releaseChunk(
  tx: Tx,
  currency: string,
  chunk: QueuedPayment[],
  now: Date,
): Promise<Set<string>> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.liquidityRelease})`);
  const queued = await tx
    .select({
      queued: liquidityQueue,
      sub: submissions,
      payment: payments,
      debtorOrgId: debtorNs.orgId,
      beneficiaryOrgId: beneficiaryNs.orgId,
    })
    .from(liquidityQueue)
    .innerJoin(submissions, eq(submissions.id, liquidityQueue.submissionId))
    .innerJoin(payments, eq(payments.id, liquidityQueue.paymentPk))
    .innerJoin(debtorNs, eq(debtorNs.id, liquidityQueue.debtorPartnerId))
    .innerJoin(beneficiaryNs, eq(beneficiaryNs.id, liquidityQueue.beneficiaryPartnerId))
    .where(
      and(
        inArray(
          liquidityQueue.submissionId,
          chunk.map((q) => q.id),
        ),
        gt(liquidityQueue.expiresAt, now),
      ),
    )
    .orderBy(asc(liquidityQueue.queuedAt), asc(liquidityQueue.submissionId))
    .for('update', { of: submissions });
  // A submission decided otherwise since it was queued (expired by now) is the expiry's to clear.
  const waiting = queued.filter(
    (q) => q.sub.status === SUBMISSION.pending || q.sub.status === SUBMISSION.on_hold,
  );
  if (waiting.length === 0) return new Set();
  const items: QueuedPayment[] = waiting.map((q) => ({
    id: q.queued.submissionId,
    debtor: q.queued.debtorPartnerId,
    beneficiary: q.queued.beneficiaryPartnerId,
    amount: q.queued.amount,
  }));
  const standings = await standingsOf(tx, currency, participantsOf(items), true);
  const chosen = new Set(offset(items, standings).map((c) => c.id));
  const admitting = waiting.filter((q) => chosen.has(q.queued.submissionId));
  if (admitting.length > 0) await admitReleased(tx, admitting, currency, now);
  return chosen;
}

type Waiting = {
  queued: typeof liquidityQueue.$inferSelect;
  sub: typeof submissions.$inferSelect;
  payment: typeof payments.$inferSelect;
  debtorOrgId: string;
  beneficiaryOrgId: string;
};

/** Admits the released payments together: what admitting each writes, and the positions all of them move. */
async function admitReleased(tx: Tx, admitting: Waiting[], currency: string, now: Date): Promise<void> {
  const admitted = admitting.map((q) =>
    admissionOf(
      q.payment,
      q.sub,
      now,
      partiesOfNamespaces([
        { id: q.payment.debtorPartnerId, orgId: q.debtorOrgId },
        { id: q.payment.beneficiaryPartnerId, orgId: q.beneficiaryOrgId },
      ]),
    ),
  );
  await tx.execute(sql`
    UPDATE submissions s SET status = ${SUBMISSION.admitted}, transaction_id = v.txn,
      version = s.version + 1, updated_at = ${now.toISOString()}::timestamptz
    FROM unnest(${sql.param(admitted.map((a) => a.sub.id))}::text[], ${sql.param(admitted.map((a) => a.txn.id))}::text[]) AS v(id, txn)
    WHERE s.id = v.id`);
  // As arrays unnested into rows: a release after a long wait may admit thousands, which a
  // multi-row VALUES list builds slowly (and past a few thousand, not at all).
  const txns = admitted.map((a) => a.txn);
  const col = <T>(rows: T[], f: (r: T) => unknown) => sql.param(rows.map(f));
  await tx.execute(sql`
    INSERT INTO transactions (id, payment_pk, payment_id, submission_id, approval_code, status, currency, amount_minor,
      debtor_partner_id, beneficiary_partner_id, initiated_at, cleared_at, created_at, updated_at)
    SELECT id, payment_pk, payment_id, submission_id, approval_code, 2, currency, amount_minor, debtor, beneficiary,
      initiated_at, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    FROM unnest(${col(txns, (t) => t.id)}::text[], ${col(txns, (t) => t.paymentPk)}::text[],
      ${col(txns, (t) => t.paymentId)}::text[], ${col(txns, (t) => t.submissionId)}::text[],
      ${col(txns, (t) => t.approvalCode)}::text[], ${col(txns, (t) => t.currency)}::text[],
      ${col(txns, (t) => t.amountMinor.toString())}::bigint[], ${col(txns, (t) => t.debtorPartnerId)}::text[],
      ${col(txns, (t) => t.beneficiaryPartnerId)}::text[], ${col(txns, (t) => t.initiatedAt.toISOString())}::timestamptz[])
      AS v(id, payment_pk, payment_id, submission_id, approval_code, currency, amount_minor, debtor, beneficiary, initiated_at)`);
  const lines = admitted.flatMap((a) => a.lines);
  await tx.execute(sql`
    INSERT INTO transaction_lines (id, transaction_id, partner_id, currency, amount_minor, direction, transaction_type)
    SELECT * FROM unnest(${col(lines, (l) => l.id)}::text[], ${col(lines, (l) => l.transactionId)}::text[],
      ${col(lines, (l) => l.partnerId)}::text[], ${col(lines, (l) => l.currency)}::text[],
      ${col(lines, (l) => l.amountMinor.toString())}::bigint[], ${col(lines, (l) => l.direction)}::text[],
      ${col(lines, (l) => l.transactionType)}::text[])`);
  await tx.delete(liquidityQueue).where(
    inArray(
      liquidityQueue.submissionId,
      admitting.map((q) => q.queued.submissionId),
    ),
  );
  // Each participant's position moves by its debits less its credits; a debtor's queue shrinks.
  const moves = new Map<string, { delta: bigint; count: number; amount: bigint }>();
  const move = (p: string) => moves.get(p) ?? moves.set(p, { delta: 0n, count: 0, amount: 0n }).get(p)!;
  for (const { queued } of admitting) {
    const d = move(queued.debtorPartnerId);
    d.delta += queued.amount;
    d.count += 1;
    d.amount += queued.amount;
    move(queued.beneficiaryPartnerId).delta -= queued.amount;
  }
  const partners = [...moves.keys()].sort();
  const column = <T>(f: (m: { delta: bigint; count: number; amount: bigint }) => T) =>
    sql.param(partners.map((p) => String(f(moves.get(p)!))));
  await tx.execute(sql`
    INSERT INTO liquidity_positions AS p (partner_id, currency, position, queued_count, queued_amount)
    SELECT partner_id, ${currency}, delta, -n, -amount
    FROM unnest(${sql.param(partners)}::text[], ${column((m) => m.delta)}::bigint[], ${column((m) => m.count)}::int[],
      ${column((m) => m.amount)}::bigint[]) AS v(partner_id, delta, n, amount)
    ORDER BY partner_id COLLATE "C"
    ON CONFLICT (partner_id, currency) DO UPDATE SET position = p.position + excluded.position,
      queued_count = p.queued_count + excluded.queued_count, queued_amount = p.queued_amount + excluded.queued_amount,
      updated_at = now()`);
  await emitEvents(
    tx,
    admitted.flatMap((a) => a.events),
  );
  const deltas = admitting.flatMap((q, i) => [
    ...paymentMoved(q.payment, submissionStatusName(q.sub.status), 'admitted'),
    ...awaitingAdded(admitted[i]!.txn),
  ]);
  await writeDeltas(tx, deltas);
}

/**
 * Submissions that expire while queued leave the queue, and their debtors' queued figures drop
 * (lib/services/payments/expiry.ts, in the transaction that expires them). Rows locked in id order.
 */
export async function dequeueExpired(
  tx: Tx,
  expired: Array<{ submissionId: string; debtor: string; currency: string; amount: bigint }>,
): Promise<void> {
  if (expired.length === 0) return;
  const gone = await tx
    .delete(liquidityQueue)
    .where(
      inArray(
        liquidityQueue.submissionId,
        expired.map((e) => e.submissionId),
      ),
    )
    .returning({ submissionId: liquidityQueue.submissionId });
  const left = new Set(gone.map((g) => g.submissionId));
  const byDebtor = new Map<string, { debtor: string; currency: string; n: number; amount: bigint }>();
  for (const e of expired) {
    if (!left.has(e.submissionId)) continue;
    const key = `${e.debtor}\n${e.currency}`;
    const d = byDebtor.get(key) ?? { debtor: e.debtor, currency: e.currency, n: 0, amount: 0n };
    d.n += 1;
    d.amount += e.amount;
    byDebtor.set(key, d);
  }
  for (const d of [...byDebtor.values()].sort((a, b) =>
    a.debtor < b.debtor ? -1 : a.debtor > b.debtor ? 1 : 0,
  ))
    await tx.execute(sql`
      UPDATE liquidity_positions SET queued_count = queued_count - ${d.n}, queued_amount = queued_amount - ${d.amount.toString()}::bigint,
        updated_at = now()
      WHERE partner_id = ${d.debtor} AND currency = ${d.currency}`);
}
