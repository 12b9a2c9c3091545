/**
 * The data of `npm run bench:history` (bench/history.ts): the history of one namespace ("home"),
 * written in SQL with generate_series, a chunk of payments per statement.
 *
 * A size N is N payments of the home namespace over the last BENCH_DAYS days (default 365),
 * newest at the moment the step is loaded. The sizes are reached in steps: each step adds its
 * payments spread evenly over the whole span, in time order (the heap follows time within a
 * step, as an append-only table does), so every size has the same mix of ages. Payment number
 * `g` (0, 1, 2, … across steps) decides everything about its payment through hashes of `g`, so
 * each table's statement recomputes what it needs from `g` alone, with no join to another table.
 *
 * Every payment concerns the home namespace (the worst case for its lists: nothing is filtered
 * out by namespace). Creator, direction and outcome follow MIX; what each outcome leaves behind
 * is what the services leave (lib/services/payments/*): tasks (the counterparty's admission or
 * authorization, and a compliance review for the creator at or above its review threshold),
 * a transaction with its two lines for an admitted payment (settled later by the real cut-off),
 * an exception for a rejected or expired one. Expired submissions keep their tasks pending, as
 * the expiry sweep leaves them.
 *
 * The SQL of each table is one entry of TABLES, in one place: when the schema changes, change
 * that entry (or add one).
 */
import type pg from 'pg';
import { blameFor, REASONS, type Reason } from '@/lib/domain/reasons';

export const DAY_MS = 24 * 3600 * 1000;

export interface Party {
  id: string;
  orgId: string;
  domain: string;
}

/** The namespaces and records the data hangs on (created over the API; see bench/history.ts). */
export interface Cast {
  home: Party;
  counterparties: Party[];
  webhookId: string;
  /** Payment time to live (namespace setting), ms. */
  ttlMs: number;
  /** Review threshold (minor units) of the creating namespace: compliance review at or above it. */
  threshold: bigint;
  /**
   * Whether payments keep their parties' customer names (columns debtor_customer_name and
   * beneficiary_customer_name): the loader writes them when the schema has them.
   */
  customerNames: boolean;
}

/** One growth step: payments from..from+n-1. */
export interface Step {
  from: number;
  n: number;
  /** "Now" of the step: its newest payment is just before it. */
  anchorMs: number;
  spanMs: number;
  /** Offset (0 < phase < span/n) so that steps do not put payments at the same instants. */
  phaseMs: number;
  /** How many of the step's payments have a webhook delivery (spread evenly over the step). */
  deliveries: number;
  /** Whether an outbox event is written per payment. */
  events: boolean;
}

/**
 * The mix, in percent. Payments younger than the time to live may still be open; older ones are
 * decided (pending and on-hold submissions expire at the time to live).
 */
export const MIX = {
  unsubmitted: 25,
  createdByHome: 60,
  push: 85,
  usd: 90,
  recent: { pending: 40, on_hold: 5, admitted: 40, rejected: 15 },
  old: { admitted: 75, rejected: 15, expired: 10 },
  deliveryFailed: 2,
  deliveryRetried: 5,
};

/** Failure reasons of rejected admissions, in equal shares. */
const REJECT_REASONS: Reason[] = [
  'account_closed',
  'insufficient_funds',
  'invalid_beneficiary_details',
  'fraud_detected',
  'business_reasons',
  'blocked_account',
];

/** A client's payment_id: `hist-` and nine digits of g (a 8-digit prefix matches 10 payments). */
export const paymentIdOf = (g: number) => `hist-${String(g).padStart(9, '0')}`;
export const PAYMENT_ID_PREFIX = 'hist-';

// ---------------------------------------------------------------------------------------------
// SQL helpers

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: string[]) => `(ARRAY[${xs.map(q).join(', ')}])`;
const ts = (ms: string) => `to_timestamp((${ms})::double precision / 1000)`;
const iso = (ms: string) => `to_char(${ts(ms)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A die of `g`: 0..m-1, independent for each seed. */
const die = (seed: number, m: number) => `((hashint8extended(z.g, ${seed}) & 1073741823) % ${m})`;

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
/** lib/ids.ts's time part: the milliseconds in 9 base-36 digits. */
function b36(ms: string): string {
  const digits: string[] = [];
  for (let k = 8; k >= 0; k--)
    digits.push(`substr('${ALPHABET}', ((((${ms}) / ${36n ** BigInt(k)}) % 36)::int) + 1, 1)`);
  return digits.join(' || ');
}
/** An identifier shaped like lib/ids.ts's: prefix, time (ms) in base 36, 16 characters of a hash of g. */
const id = (prefix: string, ms: string, salt: string) =>
  `('${prefix}_' || ${b36(ms)} || substr(md5(b.g::text || '${salt}'), 1, 16))`;

/** Submission status codes (lib/services/payments/model.ts); 0: not submitted. */
const ST = { unsubmitted: 0, pending: 1, on_hold: 2, admitted: 3, rejected: 4, expired: 5 };

function outcomeCase(pct: Record<string, number>, d: string): string {
  let acc = 0;
  const whens = Object.entries(pct).map(([name, p]) => {
    acc += p;
    return `WHEN ${d} < ${acc} THEN ${ST[name as keyof typeof ST]}`;
  });
  return `CASE ${whens.join(' ')} END`;
}

/**
 * The payments j0..j1-1 of the step, one row each, with everything the tables derive from them
 * (all times in ms since the epoch). Used as `FROM (base) b`.
 */
function base(step: Step, cast: Cast, j0: number, j1: number): string {
  const cps = cast.counterparties;
  const cp = (field: keyof Party) => `${arr(cps.map((c) => c[field]))}[a.cp + 1]`;
  const h = cast.home;
  const reasonCodes = `(ARRAY[${REJECT_REASONS.map((r) => REASONS.indexOf(r) + 1).join(', ')}])`;
  return `
  SELECT c.*,
    CASE WHEN c.st IN (${ST.admitted}, ${ST.rejected}) THEN c.sub_ms + least(30000 + c.d_delay * 1700, c.age_ms / 2)
         WHEN c.st = ${ST.expired} THEN c.exp_ms END AS dec_ms,
    CASE WHEN c.home_debtor THEN ${q(h.id)} ELSE c.cp_id END AS debtor,
    CASE WHEN c.home_debtor THEN c.cp_id ELSE ${q(h.id)} END AS beneficiary,
    CASE WHEN c.home_debtor THEN ${q(h.domain)} ELSE c.cp_domain END AS debtor_domain,
    CASE WHEN c.home_debtor THEN c.cp_domain ELSE ${q(h.domain)} END AS beneficiary_domain,
    CASE WHEN c.by_home THEN ${q(h.id)} ELSE c.cp_id END AS creator,
    CASE WHEN c.by_home THEN ${q(h.orgId)} ELSE c.cp_org END AS creator_org,
    CASE WHEN c.by_home THEN c.cp_id ELSE ${q(h.id)} END AS other,
    CASE WHEN c.by_home THEN c.cp_org ELSE ${q(h.orgId)} END AS other_org,
    CASE WHEN c.by_home THEN c.cp_domain ELSE ${q(h.domain)} END AS other_domain,
    CASE WHEN c.by_home THEN ${q(h.domain)} ELSE c.cp_domain END AS creator_domain
  FROM (
    SELECT a.*,
      a.created_ms + ${cast.ttlMs} AS exp_ms,
      a.created_ms + least(2000 + a.d_delay * 280, a.age_ms / 4) AS sub_ms,
      a.created_ms + least(20000 + a.d_delay * 900, a.age_ms / 3) AS mid_ms,
      CASE WHEN a.d_sub < ${MIX.unsubmitted} THEN ${ST.unsubmitted}
           WHEN a.age_ms < ${cast.ttlMs} THEN ${outcomeCase(MIX.recent, 'a.d_out')}
           ELSE ${outcomeCase(MIX.old, 'a.d_out')} END AS st,
      a.by_home = a.push AS home_debtor,
      ${reasonCodes}[1 + a.d_reason] AS reason,
      a.amount >= ${cast.threshold} AS review,
      ${cp('id')} AS cp_id, ${cp('orgId')} AS cp_org, ${cp('domain')} AS cp_domain
    FROM (
      SELECT z.g, z.j, ${step.anchorMs}::bigint - z.age_ms AS created_ms, z.age_ms,
        ${die(1, 100)} AS d_sub, ${die(2, 100)} AS d_out, ${die(3, 100)} < ${MIX.createdByHome} AS by_home,
        ${die(4, 100)} < ${MIX.push} AS push, ${die(5, cps.length)}::int AS cp,
        CASE WHEN ${die(6, 100)} < ${MIX.usd} THEN 'USD' ELSE 'EUR' END AS currency,
        (100 * power(10, 4.5 * ${die(7, 1000000)} / 1000000.0))::bigint AS amount,
        ${die(8, 1000)} AS d_delay, ${die(9, REJECT_REASONS.length)}::int AS d_reason, ${die(10, 100)} AS d_x
      FROM (
        SELECT ${step.from}::bigint + j AS g, j,
          ((${step.n}::bigint - j) * ${step.spanMs}::bigint - ${step.phaseMs}) / ${step.n} AS age_ms
        FROM generate_series(${j0}::bigint, ${j1 - 1}::bigint) j
      ) z
    ) a
  ) c`;
}

// ---------------------------------------------------------------------------------------------
// What each row derives from its payment, shared by several tables

const payId = id('pay', 'b.created_ms', 'p');
const subId = id('sub', 'b.sub_ms', 's');
const admId = id('adm', 'b.sub_ms', 'a');
const txnId = id('txn', 'b.dec_ms', 'x');
const evtId = id('evt', 'b.created_ms', 'v');
const dlvId = id('dlv', 'b.created_ms + 40', 'd');
const paymentId = `('${PAYMENT_ID_PREFIX}' || lpad(b.g::text, 9, '0'))`;
const FIRST = ['Ana', 'Ben', 'Chen', 'Dara', 'Emil', 'Fatima', 'Goran', 'Hana'];
const LAST = ['Silva', 'Okafor', 'Novak', 'Ito', 'Garcia', 'Larsen', 'Haddad', 'Kim'];
/** The k of a side's address c<k>@<domain>: 200,000 addresses per domain, about N / 200,000 payments each. */
export const ADDRESSES = 200_000;
const addressK = (side: 'debtor' | 'beneficiary') => `(b.g * ${side === 'debtor' ? 7 : 13} % ${ADDRESSES})`;
const party = (side: 'debtor' | 'beneficiary') =>
  `jsonb_build_object('payment_address', 'c' || ${addressK(side)} || '@' || b.${side}_domain,
    'first_name', ${arr(FIRST)}[1 + b.g % 8], 'last_name', ${arr(LAST)}[1 + (b.g / 8) % 8])`;
const paymentType = `CASE WHEN b.push THEN 'Type_Push' ELSE 'Type_Pull' END`;
/** "Invoice <g> order <m>": two words every reference shares, as a bank's references often do. */
const reference = `('Invoice ' || b.g || ' order ' || (b.g * 31 % 9973))`;
/** The payment as the API shows it (lib/services/payments/serialize.ts), for events and stored answers. */
const paymentWire = `jsonb_build_object('payment_id', ${paymentId}, 'amount', jsonb_build_object('currency', b.currency, 'total', b.amount::text),
  'beneficiary_party', ${party('beneficiary')}, 'debtor_party', ${party('debtor')}, 'reference', ${reference}, 'payment_type', ${paymentType},
  'device', '{}'::jsonb, 'location', '{}'::jsonb, 'organization_id', b.creator_org, 'partner_id', b.creator,
  'expires_at', ${iso('b.exp_ms')}, 'initiated_at', ${iso('b.created_ms')})`;

/**
 * The home namespace's customers: one per address c<k>@<home domain>, named from pools other
 * than the names typed on payments (so a search for them finds payments only through the customer
 * records): 256 first/last pairs in equal shares, and one customer, c861 (the debtor of payment
 * 123), named Jane Doe — the only "jane" and the only "doe" anywhere in the data.
 */
const CUSTOMER_FIRST = [
  'Marta',
  'Kofi',
  'Ingrid',
  'Tomas',
  'Leila',
  'Rafael',
  'Yuki',
  'Sven',
  'Amara',
  'Diego',
  'Nadia',
  'Pavel',
  'Zara',
  'Hugo',
  'Elif',
  'Oscar',
];
const CUSTOMER_LAST = [
  'Quispe',
  'Mensah',
  'Berg',
  'Rossi',
  'Tanaka',
  'Moreau',
  'Kowalski',
  'Nguyen',
  'Alvarez',
  'Petrov',
  'Schmidt',
  'Dubois',
  'Costa',
  'Lindqvist',
  'Fischer',
  'Romano',
];
export const RARE_CUSTOMER = { k: 861, first: 'Jane', last: 'Doe' };
const customerFirst = (k: string) =>
  `CASE WHEN ${k} = ${RARE_CUSTOMER.k} THEN ${q(RARE_CUSTOMER.first)} ELSE ${arr(CUSTOMER_FIRST)}[1 + ${k} % 16] END`;
const customerLast = (k: string) =>
  `CASE WHEN ${k} = ${RARE_CUSTOMER.k} THEN ${q(RARE_CUSTOMER.last)} ELSE ${arr(CUSTOMER_LAST)}[1 + (${k} / 16) % 16] END`;
/** The customer name a payment keeps for a side: the home side's customer, nobody on the other side. */
const customerName = (side: 'debtor' | 'beneficiary') =>
  `CASE WHEN ${side === 'debtor' ? '' : 'NOT '}b.home_debtor THEN ${customerFirst(addressK(side))} || ' ' || ${customerLast(addressK(side))} ELSE '' END`;

/** Writes the home namespace's customers, once (before the first step). */
export async function loadCustomers(client: pg.Client, cast: Cast): Promise<number> {
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM customers WHERE partner_id = $1`, [
    cast.home.id,
  ]);
  if (rows[0].n > 0) return 0;
  const k = 'k';
  const result = await client.query(`
    INSERT INTO customers (id, org_id, partner_id, payment_address, first_name, last_name, nick_name, status, created_at, updated_at)
    SELECT 'cus_' || substr(md5(k::text || 'cus'), 1, 24), ${q(cast.home.orgId)}, ${q(cast.home.id)},
      'c' || k || '@' || ${q(cast.home.domain)}, ${customerFirst(k)}, ${customerLast(k)}, '', 1, now(), now()
    FROM generate_series(0, ${ADDRESSES - 1}) k`);
  return result.rowCount ?? 0;
}

/** Delivery of the payment's event: status and number of attempts. */
const dlvStatus = `CASE WHEN b.age_ms < 60000 THEN 'pending' WHEN b.d_x < ${MIX.deliveryFailed} THEN 'failed' ELSE 'succeeded' END`;
const dlvAttempts = `CASE WHEN b.age_ms < 60000 THEN 0 WHEN b.d_x < ${MIX.deliveryFailed} THEN 4 WHEN b.d_x < ${MIX.deliveryFailed + MIX.deliveryRetried} THEN 2 ELSE 1 END`;
/** The step's payments that have a delivery: `deliveries` of them, evenly spread. */
const delivered = (step: Step) =>
  `(b.j * ${step.deliveries}::bigint) / ${step.n} <> ((b.j + 1) * ${step.deliveries}::bigint) / ${step.n}`;

/** A task of the submission: the counterparty's (admission or authorization) or the creator's compliance review. */
function tasksSql(kind: 'counterparty' | 'review', step: Step, cast: Cast, j0: number, j1: number): string {
  const cpTask = kind === 'counterparty';
  // Task status: 1 pending, 2 completed, 3 failed, 4 on_hold.
  const status = cpTask
    ? `CASE b.st WHEN ${ST.pending} THEN 1 WHEN ${ST.on_hold} THEN 4 WHEN ${ST.admitted} THEN 2 WHEN ${ST.rejected} THEN 3 ELSE 1 END`
    : `CASE WHEN b.st IN (${ST.admitted}, ${ST.rejected}) OR b.d_x < 50 THEN 2 ELSE 1 END`;
  const business = REASONS.indexOf('business_reasons') + 1;
  const reason = `CASE s.status WHEN 2 THEN 1 WHEN 3 THEN b.reason WHEN 4 THEN ${business} ELSE 0 END`;
  const note = `CASE WHEN s.status = 4 THEN 'Awaiting documents' END`;
  const domain = cpTask ? 'b.other_domain' : 'b.creator_domain';
  const by = `CASE WHEN s.status <> 1 THEN 'ops@' || ${domain} END`;
  const changed = cpTask
    ? `CASE WHEN b.st IN (${ST.admitted}, ${ST.rejected}) THEN b.dec_ms ELSE b.mid_ms END`
    : 'b.mid_ms';
  const at = `CASE WHEN s.status = 1 THEN b.sub_ms ELSE ${changed} END`;
  const history = `CASE WHEN s.status = 1 THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object('status', s.status, 'status_reason', ${reason},
    'note', ${note}, 'updated_by', ${by}, 'at', (${at}) / 1000)) END`;
  const name = cpTask
    ? `CASE WHEN b.push THEN 'beneficiary_admission' ELSE 'debtor_authorization' END`
    : `'compliance_review'`;
  const assignee = cpTask ? 'CASE WHEN b.push THEN 1 ELSE 2 END' : 'CASE WHEN b.push THEN 2 ELSE 1 END';
  return `INSERT INTO admission_tasks (id, admission_id, submission_id, payment_pk, payment_id, org_id, partner_id, name, workflow, assignee,
      status, status_reason, note, updated_by, history, expires_at, created_at, updated_at)
    SELECT ${id('task', 'b.sub_ms', cpTask ? 't0' : 't1')}, ${admId}, ${subId}, ${payId}, ${paymentId},
      ${cpTask ? 'b.other_org' : 'b.creator_org'}, ${cpTask ? 'b.other' : 'b.creator'}, ${name},
      CASE WHEN b.push THEN 'push.v1' ELSE 'pull.v1' END, ${assignee},
      s.status, ${reason}, ${note}, ${by}, ${history}, ${ts('b.exp_ms')}, ${ts('b.sub_ms')}, ${ts(at)}
    FROM (${base(step, cast, j0, j1)}) b, LATERAL (SELECT ${status} AS status) s
    WHERE b.st <> ${ST.unsubmitted}${cpTask ? '' : ' AND b.review'}`;
}

export interface TableLoad {
  /** The table written (for the load-time report). */
  table: string;
  /** The statement for the step's payments j0..j1-1; null: nothing to write for this step. */
  sql: (step: Step, cast: Cast, j0: number, j1: number) => string | null;
}

/** One entry per table, in the order of their foreign keys. */
export const TABLES: TableLoad[] = [
  {
    table: 'payments',
    sql: (step, cast, j0, j1) => `
      INSERT INTO payments (id, payment_id, org_id, partner_id, debtor_partner_id, beneficiary_partner_id, payment_type, currency, amount_minor,
        reference, debtor_party, beneficiary_party, device, location, initiated_at, expires_at, created_at${cast.customerNames ? ', debtor_customer_name, beneficiary_customer_name' : ''})
      SELECT ${payId}, ${paymentId}, b.creator_org, b.creator, b.debtor, b.beneficiary, ${paymentType}, b.currency, b.amount,
        ${reference}, ${party('debtor')}, ${party('beneficiary')}, '{}', '{}', ${ts('b.created_ms')}, ${ts('b.exp_ms')}, ${ts('b.created_ms')}${cast.customerNames ? `, ${customerName('debtor')}, ${customerName('beneficiary')}` : ''}
      FROM (${base(step, cast, j0, j1)}) b`,
  },
  {
    table: 'submissions',
    sql: (step, cast, j0, j1) => `
      INSERT INTO submissions (id, payment_pk, payment_id, org_id, partner_id, admission_id, workflow, status, transaction_id, version,
        expires_at, submitted_at, updated_at, debtor_partner_id, beneficiary_partner_id, payment_created_at)
      SELECT ${subId}, ${payId}, ${paymentId}, b.creator_org, b.creator, ${admId}, CASE WHEN b.push THEN 'push.v1' ELSE 'pull.v1' END,
        b.st, CASE WHEN b.st = ${ST.admitted} THEN ${txnId} END, CASE WHEN b.st IN (${ST.admitted}, ${ST.rejected}) THEN 1 + b.review::int ELSE 0 END,
        ${ts('b.exp_ms')}, ${ts('b.sub_ms')}, ${ts(`coalesce(b.dec_ms, b.sub_ms)`)}, b.debtor, b.beneficiary, ${ts('b.created_ms')}
      FROM (${base(step, cast, j0, j1)}) b
      WHERE b.st <> ${ST.unsubmitted}`,
  },
  { table: 'admission_tasks', sql: (step, cast, j0, j1) => tasksSql('counterparty', step, cast, j0, j1) },
  { table: 'admission_tasks', sql: (step, cast, j0, j1) => tasksSql('review', step, cast, j0, j1) },
  {
    // Inserted cleared (status 2): the insert trigger queues them for settlement, and the real
    // cut-off (settleStep) settles those cleared before the step's last cut-off.
    table: 'transactions',
    sql: (step, cast, j0, j1) => `
      INSERT INTO transactions (id, payment_pk, payment_id, submission_id, approval_code, status, currency, amount_minor,
        debtor_partner_id, beneficiary_partner_id, initiated_at, cleared_at, created_at, updated_at)
      SELECT ${txnId}, ${payId}, ${paymentId}, ${subId}, upper(substr(md5(b.g::text || 'c'), 1, 6)), 2, b.currency, b.amount,
        b.debtor, b.beneficiary, ${ts('b.created_ms')}, ${ts('b.dec_ms')}, ${ts('b.dec_ms')}, ${ts('b.dec_ms')}
      FROM (${base(step, cast, j0, j1)}) b
      WHERE b.st = ${ST.admitted}`,
  },
  {
    table: 'transaction_lines',
    sql: (step, cast, j0, j1) => `
      INSERT INTO transaction_lines (id, transaction_id, partner_id, currency, amount_minor, direction, transaction_type)
      SELECT CASE WHEN k.debit THEN ${id('line', 'b.dec_ms', 'l0')} ELSE ${id('line', 'b.dec_ms', 'l1')} END, ${txnId},
        CASE WHEN k.debit THEN b.debtor ELSE b.beneficiary END, b.currency, b.amount,
        CASE WHEN k.debit THEN 'TD_Debit' ELSE 'TD_Credit' END, 'TT_PAYMENT'
      FROM (${base(step, cast, j0, j1)}) b, (VALUES (true), (false)) k(debit)
      WHERE b.st = ${ST.admitted}`,
  },
  {
    table: 'payment_exceptions',
    sql: (step, cast, j0, j1) => {
      const codes = `(ARRAY[${REJECT_REASONS.map((r) => q(r.toUpperCase())).join(', ')}])[1 + b.d_reason]`;
      const messages = `(ARRAY[${REJECT_REASONS.map((r) => q(`Admission failed: ${r.replace(/_/g, ' ')}`)).join(', ')}])[1 + b.d_reason]`;
      const blames = `(ARRAY[${REJECT_REASONS.map((r) => q(blameFor(r))).join(', ')}])[1 + b.d_reason]`;
      return `
      INSERT INTO payment_exceptions (id, payment_pk, payment_id, submission_id, org_id, partner_id, record_type, exception_code, exception_message, blame, created_at)
      SELECT ${id('exc', 'b.dec_ms', 'e')}, ${payId}, ${paymentId}, ${subId}, b.creator_org, b.creator, 'PaymentSubmission',
        CASE WHEN b.st = ${ST.rejected} THEN ${codes} ELSE 'PAYMENT_EXPIRED' END,
        CASE WHEN b.st = ${ST.rejected} THEN ${messages} ELSE 'The payment expired at ' || ${iso('b.exp_ms')} || ' before admission' END,
        CASE WHEN b.st = ${ST.rejected} THEN ${blames} ELSE 'system' END, ${ts('b.dec_ms')}
      FROM (${base(step, cast, j0, j1)}) b
      WHERE b.st IN (${ST.rejected}, ${ST.expired})`;
    },
  },
  {
    // One outbox event per payment (payment.created for the home namespace). A real lifecycle
    // writes about ten (both namespaces, each step); no read measured here reads the outbox.
    table: 'events',
    sql: (step, cast, j0, j1) =>
      step.events
        ? `
      INSERT INTO events (id, type, org_id, partner_id, data, created_at)
      SELECT ${evtId}, 'payment.created', ${q(cast.home.orgId)}, ${q(cast.home.id)}, jsonb_build_object('payment', ${paymentWire}), ${ts('b.created_ms')}
      FROM (${base(step, cast, j0, j1)}) b`
        : null,
  },
  {
    table: 'webhook_deliveries',
    sql: (step, cast, j0, j1) =>
      step.deliveries > 0 && step.events
        ? `
      INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_seq, partner_id, event_type, status, attempts, next_attempt_at,
        last_status_code, created_at, updated_at)
      SELECT ${dlvId}, ${q(cast.webhookId)}, e.id, e.seq, ${q(cast.home.id)}, 'payment.created', ${dlvStatus}, ${dlvAttempts},
        ${ts('b.created_ms + 40 + greatest(0, ' + dlvAttempts + ' - 1) * 60000')},
        CASE ${dlvStatus} WHEN 'succeeded' THEN 200 WHEN 'failed' THEN 503 END,
        ${ts('b.created_ms + 40')}, ${ts('b.created_ms + 40 + greatest(0, ' + dlvAttempts + ' - 1) * 60000')}
      FROM (${base(step, cast, j0, j1)}) b JOIN events e ON e.id = ${evtId}
      WHERE ${delivered(step)}`
        : null,
  },
  {
    table: 'webhook_attempts',
    sql: (step, cast, j0, j1) =>
      step.deliveries > 0 && step.events
        ? `
      INSERT INTO webhook_attempts (id, delivery_id, attempted_at, status_code, latency_ms, response_excerpt, error)
      SELECT ${id('att', 'b.created_ms + 40 + (k - 1) * 60000', "a' || k || '")}, ${dlvId}, ${ts('b.created_ms + 40 + (k - 1) * 60000')},
        CASE WHEN k = ${dlvAttempts} AND ${dlvStatus} = 'succeeded' THEN 200 ELSE 503 END, 20 + (b.d_delay % 300),
        CASE WHEN k = ${dlvAttempts} AND ${dlvStatus} = 'succeeded' THEN '{"received":true}' ELSE 'Service Unavailable' END, NULL
      FROM (${base(step, cast, j0, j1)}) b, generate_series(1, ${dlvAttempts}) k
      WHERE ${delivered(step)}`
        : null,
  },
  {
    // The idempotency records the purge leaves: the last 24 hours' writes (create, submit, the
    // deciding task update), each with its stored answer.
    table: 'idempotency_keys',
    sql: (step, cast, j0, j1) => `
      INSERT INTO idempotency_keys (key_hash, fingerprint, state, status_code, body, created_at, completed_at)
      SELECT md5(b.g::text || 'ik' || k) || md5(b.g::text || 'ik2' || k), md5(b.g::text || 'fp' || k) || md5(b.g::text || 'fp2' || k), 'done', 200,
        jsonb_build_object('ok', true, 'data', ${paymentWire})::text,
        ${ts('CASE k WHEN 1 THEN b.created_ms WHEN 2 THEN b.sub_ms ELSE b.dec_ms END')},
        ${ts('CASE k WHEN 1 THEN b.created_ms WHEN 2 THEN b.sub_ms ELSE b.dec_ms END + 30')}
      FROM (${base(step, cast, j0, j1)}) b, generate_series(1, CASE WHEN b.st IN (${ST.admitted}, ${ST.rejected}) THEN 3 ELSE 2 END) k
      WHERE b.age_ms < ${DAY_MS} AND b.st <> ${ST.unsubmitted}`,
  },
];

/**
 * Writes the step's payments and everything hanging off them, CHUNK payments per statement (one
 * statement per table and chunk, each its own transaction). Returns the seconds spent per table.
 */
export async function loadStep(
  client: pg.Client,
  cast: Cast,
  step: Step,
  chunk: number,
  progress: (msg: string) => void,
): Promise<Map<string, number>> {
  const seconds = new Map<string, number>();
  const started = Date.now();
  for (let j0 = 0; j0 < step.n; j0 += chunk) {
    const j1 = Math.min(step.n, j0 + chunk);
    for (const t of TABLES) {
      const text = t.sql(step, cast, j0, j1);
      if (!text) continue;
      const t0 = performance.now();
      await client.query(text);
      seconds.set(t.table, (seconds.get(t.table) ?? 0) + (performance.now() - t0) / 1000);
    }
    const elapsed = (Date.now() - started) / 1000;
    progress(
      `  ${(step.from + j1).toLocaleString('en')} payments (${((j1 / step.n) * 100).toFixed(0)} % of the step, ${elapsed.toFixed(0)} s)`,
    );
  }
  return seconds;
}

/** The step's cut-off time: transactions cleared before it are settled, later ones await settlement. */
export const lastCutoff = (step: Step) => new Date(step.anchorMs - DAY_MS);

/**
 * The cut-off times that settle the queued transactions cleared before the step's last cut-off
 * in batches of at most `batchSize` USD transactions each (the home namespace is party to every
 * one, so its share of a batch is the whole batch): the earlier times at every `batchSize`-th
 * queued transaction, then the last cut-off.
 */
export async function cutoffTimes(client: pg.Client, step: Step, batchSize: number): Promise<Date[]> {
  const last = lastCutoff(step);
  const { rows } = await client.query(
    `SELECT count(*)::bigint AS n FROM settlement_queue WHERE currency = 'USD' AND cleared_at <= $1`,
    [last],
  );
  const queued = Number(rows[0].n);
  const times: Date[] = [];
  for (let k = batchSize; k < queued; k += batchSize) {
    const r = await client.query(
      `SELECT cleared_at FROM settlement_queue WHERE currency = 'USD' AND cleared_at <= $1 ORDER BY cleared_at OFFSET $2 LIMIT 1`,
      [last, k - 1],
    );
    times.push(r.rows[0].cleared_at as Date);
  }
  times.push(last);
  return times;
}
