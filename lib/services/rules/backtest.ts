import { inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { RULE_ACTIONS, RULE_TASK_NAMES, minutesOf, type RuleAction } from '@/lib/domain/rules';
import { taskStatusName } from '@/lib/domain/statuses';
import type { TestRuleBody, TestRuleResponse } from '@/lib/schemas/rules';
import type { ServiceContext } from '@/lib/services/context';
import { requireNamespace } from '../guards';

const OUTCOMES = ['pending', 'completed', 'failed', 'on_hold'] as const;
type Outcome = (typeof OUTCOMES)[number];

/**
 * The rule's conditions as one SQL predicate over the backtest's rows (`b`: the task with its
 * payment, `v`: the payer's figures, `k`: the counterparty's first admission) — the same meaning
 * as lib/domain/rules.ts `conditionsHold`, which the property test holds them to.
 */
function predicate(rule: TestRuleBody['rule'], counterpartyIds: string[] | null): SQL {
  const c = rule.conditions;
  const parts: SQL[] = [sql`true`];
  if (c.amount_min !== undefined) parts.push(sql`b.amount_minor >= ${c.amount_min}::bigint`);
  if (c.amount_max !== undefined) parts.push(sql`b.amount_minor <= ${c.amount_max}::bigint`);
  if (c.amount_ends_with !== undefined) {
    const n = c.amount_ends_with.length;
    // lpad cuts a longer text to its length: padded only up to the digits asked for.
    parts.push(
      sql`right(lpad(b.amount_minor::text, greatest(length(b.amount_minor::text), ${n}::int), '0'), ${n}::int) = ${c.amount_ends_with}`,
    );
  }
  if (c.currencies)
    parts.push(
      sql`b.currency in (${sql.join(
        c.currencies.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
  if (counterpartyIds)
    parts.push(
      counterpartyIds.length
        ? sql`b.cp in (${sql.join(
            counterpartyIds.map((x) => sql`${x}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (c.counterparty_known === true) parts.push(sql`k.first_at is not null and k.first_at < b.created_at`);
  if (c.counterparty_known === false) parts.push(sql`(k.first_at is null or k.first_at >= b.created_at)`);
  if (c.reference_matches !== undefined)
    parts.push(sql`strpos(lower(b.reference), lower(${c.reference_matches})) > 0`);
  const v = c.payer_velocity;
  if (v?.count !== undefined) parts.push(sql`v.n >= ${v.count}::int`);
  if (v?.amount !== undefined) parts.push(sql`v.total >= ${v.amount}::numeric`);
  if (c.hours) {
    const from = minutesOf(c.hours.from);
    const to = minutesOf(c.hours.to);
    const local = sql`(extract(hour from b.created_at at time zone ${c.hours.time_zone}) * 60 + extract(minute from b.created_at at time zone ${c.hours.time_zone}))`;
    if (from < to) parts.push(sql`${local} >= ${from}::int and ${local} < ${to}::int`);
    else if (from > to) parts.push(sql`(${local} >= ${from}::int or ${local} < ${to}::int)`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * What the rule, placed first, would have done to the namespace's tasks created in [from, to]
 * (DESIGN §13): counts per action and per how each task stands now, and up to 20 samples,
 * newest first. One set-based statement — the payer's velocity a window function over the
 * namespace's payments, the counterparty's first admission one aggregate — and nothing written.
 */
export async function testRule(ctx: ServiceContext, input: TestRuleBody): Promise<TestRuleResponse> {
  const ns = requireNamespace(ctx);
  const statement = await backtestStatement(ctx.db, ns.id, input);
  const [row] = rowsOf(await asBacktest(ctx.db, (tx) => tx.execute(statement)));
  return answerOf(row);
}

/**
 * The backtest's statement runs in a read-only transaction without nested-loop joins: its CTEs
 * carry no statistics, and a join to one the planner guesses at a few rows (the payers over the
 * velocity, of 10^6 tasks) became a nested loop re-reading every task for each of them — minutes.
 * Hash joins read each side once; the index reads of the counterparty's first admission are
 * subplans, which this leaves alone.
 */
export async function asBacktest<T>(db: DbOrTx, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION READ ONLY`);
    await tx.execute(sql`SET LOCAL enable_nestloop = off`);
    return run(tx);
  });
}

/** The backtest's one statement (bench/rules.ts reads its plan). */
export async function backtestStatement(db: DbOrTx, partnerId: string, input: TestRuleBody): Promise<SQL> {
  const ns = { id: partnerId };
  const { rule } = input;
  const from = new Date(input.from * 1000);
  const to = new Date(input.to * 1000 + 999);
  const names = rule.task_names?.length ? rule.task_names : RULE_TASK_NAMES;
  const c = rule.conditions;
  let counterpartyIds: string[] | null = null;
  if (c.counterparty_domains)
    counterpartyIds = (
      await db
        .select({ id: schema.namespaces.id })
        .from(schema.namespaces)
        .where(inArray(schema.namespaces.domain, c.counterparty_domains))
    ).map((r) => r.id);
  const window = c.payer_velocity?.window_minutes;
  // The payer's payments start a window earlier than the range, so its first tasks count them.
  const since = window ? new Date(from.getTime() - window * 60_000) : from;
  const action = rule.action;
  // The payer's payments in [since, to], each at its first task of the namespace. Where the rule
  // reads every task name, the range's part is `base` already: only the window before it is read
  // again. Then each payment's figures over the window before it, and only the payments whose
  // figures reach the rule's (a handful), which the tasks are joined to.
  const allNames = names.length === RULE_TASK_NAMES.length;
  const earlier = (upTo: SQL) => sql`select t.payment_pk, t.created_at, p.amount_minor,
          p.debtor_party->>'payment_address' as payer
        from admission_tasks t join payments p on p.id = t.payment_pk
        where t.partner_id = ${ns.id} and t.created_at >= ${since.toISOString()}::timestamptz and ${upTo}`;
  const velocityHolds = sql.join(
    [
      sql`true`,
      ...(c.payer_velocity?.count !== undefined ? [sql`n >= ${c.payer_velocity.count}::int`] : []),
      ...(c.payer_velocity?.amount !== undefined ? [sql`total >= ${c.payer_velocity.amount}::numeric`] : []),
    ],
    sql` and `,
  );
  const velocity = window
    ? sql`, pay as materialized (
        select distinct on (payment_pk) payment_pk, created_at as at, amount_minor, payer
        from (${
          allNames
            ? sql`select payment_pk, created_at, amount_minor, payer from base
                union all ${earlier(sql`t.created_at < ${from.toISOString()}::timestamptz`)}`
            : earlier(sql`t.created_at <= ${to.toISOString()}::timestamptz`)
        }) u
        order by payment_pk, created_at),
      vel as materialized (
        select payment_pk, n, total from (
          select payment_pk, count(*) over w as n, sum(amount_minor) over w as total from pay
          window w as (partition by payer order by at range between ${`${window} minutes`}::interval preceding and current row)) f
        where ${velocityHolds})`
    : sql``;
  // The first admission with each counterparty of the range's tasks (a handful): the earliest
  // transaction of the pair either way, each read from the front of a partner's clearing-time index.
  const known =
    c.counterparty_known !== undefined
      ? sql`, first_admitted as materialized (
          select c.cp, least(
            (select min(x.cleared_at) from transactions x
              where x.debtor_partner_id = ${ns.id} and x.beneficiary_partner_id = c.cp),
            (select min(x.cleared_at) from transactions x
              where x.debtor_partner_id = c.cp and x.beneficiary_partner_id = ${ns.id})) as first_at
          from (select distinct cp from base) c)`
      : sql``;
  const joins = sql.join(
    [
      // A left join, as the counterparty's: an inner join to a CTE the planner thinks tiny became a
      // nested loop over a million task rows (minutes at 10^6).
      window ? sql`left join vel v on v.payment_pk = b.payment_pk` : sql``,
      c.counterparty_known !== undefined ? sql`left join first_admitted k on k.cp = b.cp` : sql``,
    ],
    sql` `,
  );
  const act = sql`case when ${action} = 'accept' and b.four_eyes_approvals > 0 then 'review' else ${action} end`;
  return sql`
      with base as materialized (
        select t.id, t.name, t.status, t.created_at, t.payment_id, t.payment_pk, t.four_eyes_approvals,
          p.amount_minor, p.currency, p.reference,
          case when p.debtor_partner_id = ${ns.id} then p.beneficiary_partner_id else p.debtor_partner_id end as cp
          ${window ? sql`, p.debtor_party->>'payment_address' as payer` : sql``}
        from admission_tasks t join payments p on p.id = t.payment_pk
          -- A task's payment has its namespace as a party: only the namespace's payments are read
          -- (its two party indexes), not the network's.
          and (p.debtor_partner_id = ${ns.id} or p.beneficiary_partner_id = ${ns.id})
          and p.created_at <= ${to.toISOString()}::timestamptz
        where t.partner_id = ${ns.id}
          and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at <= ${to.toISOString()}::timestamptz
          and t.name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )}))
      ${velocity}
      ${known},
      matched as materialized (
        select b.id, b.name, b.status, b.created_at, b.payment_id, b.amount_minor, b.currency, ${act} as act
        from base b ${joins}
        where ${predicate(rule, counterpartyIds)})
      select
        (select count(*)::int from base) as tasks,
        (select coalesce(json_agg(g), '[]'::json) from (
          select act, status, count(*)::int as n from matched group by act, status) g) as groups,
        (select coalesce(json_agg(s), '[]'::json) from (
          select id, name, status, payment_id, amount_minor::text as amount, currency,
            floor(extract(epoch from created_at))::bigint as at, act
          from matched order by created_at desc, id desc limit 20) s) as samples`;
}

function answerOf(row: Record<string, unknown> | undefined): TestRuleResponse {
  const groups = parseJson<Array<{ act: RuleAction; status: number; n: number }>>(row?.groups);
  const samples = parseJson<
    Array<{
      id: string;
      name: string;
      status: number;
      payment_id: string;
      amount: string;
      currency: string;
      at: number;
      act: RuleAction;
    }>
  >(row?.samples);
  const actions = RULE_ACTIONS.flatMap((a) => {
    const of = groups.filter((g) => g.act === a);
    if (of.length === 0) return [];
    const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
    for (const g of of) outcomes[taskStatusName(g.status) as Outcome] += g.n;
    return [{ action: a, count: of.reduce((s, g) => s + g.n, 0), outcomes }];
  });
  return {
    tasks: Number(row?.tasks ?? 0),
    matched: actions.reduce((s, a) => s + a.count, 0),
    actions,
    samples: samples.map((s) => ({
      payment_id: s.payment_id,
      task_id: s.id,
      task_name: s.name,
      amount: { currency: s.currency, total: s.amount },
      created_at: Number(s.at),
      action: s.act,
      outcome: taskStatusName(s.status) as Outcome,
    })),
  };
}

function parseJson<T>(value: unknown): T {
  if (typeof value === 'string') return JSON.parse(value) as T;
  return (value ?? []) as T;
}
