import type { Reason } from './reasons';

/**
 * Admission rules (DESIGN §13): a namespace's own tasks decided the moment they are made. The
 * conditions and their meaning, with no I/O: the gateway evaluates a new task with `ruleMatches`,
 * the backtest says the same in SQL (lib/services/rules/backtest.ts), and the dashboard words a
 * rule with `conditionsInWords` (./rule-words.ts). One rule's conditions must all hold; an absent
 * condition holds.
 */

/** The tasks a rule can decide. */
export const RULE_TASK_NAMES = [
  'beneficiary_admission',
  'debtor_authorization',
  'compliance_review',
  'return_request',
] as const;

export const RULE_ACTIONS = ['accept', 'reject', 'hold', 'review'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** Payer velocity's longest window: a day (docs/decisions.md, "Admission rules"). */
export const MAX_VELOCITY_WINDOW_MINUTES = 1440;

/** A rule's limits, the gateway's (lib/schemas/rules.ts) and the dashboard form's alike. */
export const RULE_LIMITS = {
  name: 120,
  note: 500,
  reference: 200,
  currencies: 20,
  domains: 50,
  velocityCount: 100_000,
  /** `amount_ends_with`: up to this many digits. */
  endsWith: 6,
} as const;

export interface RuleConditions {
  /** Minor units, inclusive. */
  amount_min?: string;
  amount_max?: string;
  /** The amount's minor units end in these digits (the Sandbox Bank's test amounts: "01"). */
  amount_ends_with?: string;
  currencies?: string[];
  counterparty_domains?: string[];
  /** true: a payment between the two namespaces was admitted before; false: never. */
  counterparty_known?: boolean;
  /** A case-insensitive substring of the payment's reference. */
  reference_matches?: string;
  /**
   * The same debtor address's payments whose tasks this namespace received in the last
   * `window_minutes`, this one included: at least `count` of them, and at least `amount` in sum
   * (each given threshold must be reached).
   */
  payer_velocity?: { count?: number; amount?: string; window_minutes: number };
  /** The task's creation time in `time_zone` is in [from, to) ("HH:MM"); to < from wraps midnight. */
  hours?: { from: string; to: string; time_zone: string };
}

/** What a rule's conditions read of a task (the gateway's facts, or a backtest's row). */
export interface TaskFacts {
  taskName: string;
  amount: bigint;
  currency: string;
  /** The payment's other namespace seen from the task's (its own for a payment inside it). */
  counterpartyDomain: string;
  counterpartyKnown: boolean;
  reference: string;
  /** Per window (minutes): the payer's payments and their sum, this one included. */
  payer: ReadonlyMap<number, { count: number; amount: bigint }>;
  /**
   * Minutes since midnight of the task's creation in a time zone (the server's clock,
   * lib/services/rules/clock.ts: this module builds no `Intl` object for the dashboard's bundle).
   */
  localMinutes: (timeZone: string) => number;
}

export interface RuleDefinition {
  id: string;
  name: string;
  task_names: readonly string[] | null;
  conditions: RuleConditions;
  action: RuleAction;
  reason: Reason | null;
  note: string | null;
  enabled: boolean;
}

/** Minutes since midnight of "HH:MM". */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** Whether `minutes` is in [from, to), wrapping midnight when to < from; from = to: all day. */
function withinHours(minutes: number, from: number, to: number): boolean {
  if (from === to) return true;
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}

/** Whether every condition holds for the task. */
function conditionsHold(c: RuleConditions, f: TaskFacts): boolean {
  if (c.amount_min !== undefined && f.amount < BigInt(c.amount_min)) return false;
  if (c.amount_max !== undefined && f.amount > BigInt(c.amount_max)) return false;
  if (
    c.amount_ends_with !== undefined &&
    !f.amount.toString().padStart(c.amount_ends_with.length, '0').endsWith(c.amount_ends_with)
  )
    return false;
  if (c.currencies && !c.currencies.includes(f.currency)) return false;
  if (c.counterparty_domains && !c.counterparty_domains.includes(f.counterpartyDomain)) return false;
  if (c.counterparty_known !== undefined && c.counterparty_known !== f.counterpartyKnown) return false;
  if (
    c.reference_matches !== undefined &&
    !f.reference.toLowerCase().includes(c.reference_matches.toLowerCase())
  )
    return false;
  if (c.payer_velocity) {
    const seen = f.payer.get(c.payer_velocity.window_minutes) ?? { count: 1, amount: f.amount };
    if (c.payer_velocity.count !== undefined && seen.count < c.payer_velocity.count) return false;
    if (c.payer_velocity.amount !== undefined && seen.amount < BigInt(c.payer_velocity.amount)) return false;
  }
  if (c.hours) {
    const local = f.localMinutes(c.hours.time_zone);
    if (!withinHours(local, minutesOf(c.hours.from), minutesOf(c.hours.to))) return false;
  }
  return true;
}

/** Whether the rule applies to a task of this name. */
function coversTask(rule: Pick<RuleDefinition, 'task_names'>, taskName: string): boolean {
  return !rule.task_names || rule.task_names.length === 0 || rule.task_names.includes(taskName);
}

/** The first enabled rule, in order, whose conditions hold: it decides; none: people decide. */
export function firstMatch<R extends RuleDefinition>(rules: readonly R[], facts: TaskFacts): R | null {
  for (const rule of rules)
    if (rule.enabled && coversTask(rule, facts.taskName) && conditionsHold(rule.conditions, facts))
      return rule;
  return null;
}

/** The windows of the payer velocity the rules read (minutes), so their figures are read once each. */
export function velocityWindows(rules: readonly RuleDefinition[]): number[] {
  const windows = new Set<number>();
  for (const r of rules)
    if (r.enabled && r.conditions.payer_velocity) windows.add(r.conditions.payer_velocity.window_minutes);
  return [...windows];
}

/**
 * What the rule does to a task, where four eyes may apply: a rule never accepts a task that needs
 * an approval by a checker; it leaves it to people, its match shown (DESIGN §13, "Safety").
 */
export function effectiveAction(action: RuleAction, needsFourEyes: boolean): RuleAction {
  return action === 'accept' && needsFourEyes ? 'review' : action;
}

/** The note a matched task carries: the rule's own, or what it did and why. */
export function ruleNote(
  rule: Pick<RuleDefinition, 'name' | 'note' | 'action'>,
  needsFourEyes: boolean,
): string {
  if (rule.action === 'accept' && needsFourEyes)
    return `Rule "${rule.name}" would accept this payment, but four eyes apply: a person must approve it`;
  return rule.note ? `Rule "${rule.name}": ${rule.note}` : `Decided by rule "${rule.name}"`;
}

/**
 * The rule's own note in a matched task's note (`ruleNote`'s words taken back): "Check the payee"
 * of `Rule "New payees": Check the payee`; null when the task's note is not the rule's, or the
 * rule had none.
 */
export function ruleOwnNote(taskNote: string | null, ruleName: string): string | null {
  const prefix = `Rule "${ruleName}": `;
  return taskNote?.startsWith(prefix) ? taskNote.slice(prefix.length) : null;
}

/**
 * A task's note where its rule is named beside it: the rule's own note, nothing for the rule's
 * note that only named it (`Decided by rule "…"`), any other note as it is.
 */
export function noteBesideRule(taskNote: string | null, ruleName: string): string | null {
  if (taskNote === `Decided by rule "${ruleName}"`) return null;
  return ruleOwnNote(taskNote, ruleName) ?? taskNote;
}

/** The id of the rule that made a task's change (`updated_by`, `decided_by`: `rule:<id>`), else null. */
export const ruleIdOf = (by: string | null | undefined): string | null =>
  by?.startsWith('rule:') ? by.slice('rule:'.length) : null;
