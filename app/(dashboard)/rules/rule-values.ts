import { isCurrency } from '@/lib/domain/currencies';
import { moneyInput, toMinorUnits } from '@/lib/domain/money';
import type { Reason } from '@/lib/domain/reasons';
import { amountCurrency, mixedDecimals } from '@/lib/domain/rule-words';
import { RULE_TASK_NAMES, type RuleAction, type RuleConditions } from '@/lib/domain/rules';
import type { Rule, RuleInput } from '@/lib/client/queries/rules';

/**
 * The rule form's fields as people type them — amounts in the currency's units ("5,000.00"),
 * currencies and domains as lists with commas — and the rule the gateway takes from them, in
 * minor units. Shared by the form, its checks (rule-schema.ts) and its backtest.
 */
export interface RuleValues {
  name: string;
  /** The tasks it decides; all four are sent as null (every task, those added later too). */
  tasks: string[];
  amountMin: string;
  amountMax: string;
  /** `amount_ends_with`: the minor units' last digits (the Sandbox Bank's test amounts). */
  endsWith: string;
  /** "USD, EUR". */
  currencies: string;
  /** "union-cu.test, other.test". */
  domains: string;
  known: 'any' | 'yes' | 'no';
  reference: string;
  velocityCount: string;
  velocityAmount: string;
  velocityWindow: string;
  hoursFrom: string;
  hoursTo: string;
  timeZone: string;
  action: RuleAction;
  /** '' for none (accept, review; a hold without one keeps business_reasons). */
  reason: Reason | '';
  note: string;
  enabled: boolean;
}

/** "usd, eur " → ["USD", "EUR"]; empty: none. */
export const currencyList = (typed: string) =>
  typed
    .split(/[\s,]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);

/** "Union-CU.test, x.test" → ["union-cu.test", "x.test"]. */
export const domainList = (typed: string) =>
  typed
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

/** The currency the form's amounts are typed in: the rule's, where its currencies agree on decimals. */
export const typingCurrency = (values: Pick<RuleValues, 'currencies'>) =>
  amountCurrency(currencyList(values.currencies).filter(isCurrency));

/** An amount typed in units → minor units; null when it is not a positive amount of that currency. */
export const amountMinor = (typed: string, values: Pick<RuleValues, 'currencies'>) =>
  toMinorUnits(typed, typingCurrency(values));

/** Whether the typed currencies mix decimals (USD and JPY): one bound would be two amounts. */
export const mixesDecimals = (values: Pick<RuleValues, 'currencies'>) =>
  mixedDecimals(currencyList(values.currencies).filter(isCurrency));

/** A new rule's fields: every task, no condition, accepted, on. */
const NEW_RULE: RuleValues = {
  name: '',
  tasks: [...RULE_TASK_NAMES],
  amountMin: '',
  amountMax: '',
  endsWith: '',
  currencies: '',
  domains: '',
  known: 'any',
  reference: '',
  velocityCount: '',
  velocityAmount: '',
  velocityWindow: '',
  hoursFrom: '',
  hoursTo: '',
  timeZone: 'UTC',
  action: 'accept',
  reason: '',
  note: '',
  enabled: true,
};

/** A rule's fields as the form shows them, its minor units in its currency's units. */
export function ruleValues(rule: Rule | null): RuleValues {
  if (!rule) return NEW_RULE;
  const c = rule.conditions as RuleConditions;
  const cur = amountCurrency(c.currencies);
  const v = c.payer_velocity;
  return {
    name: rule.name,
    tasks: rule.task_names?.length ? [...rule.task_names] : [...RULE_TASK_NAMES],
    amountMin: moneyInput(c.amount_min === '0' ? undefined : c.amount_min, cur),
    amountMax: moneyInput(c.amount_max, cur),
    endsWith: c.amount_ends_with ?? '',
    currencies: (c.currencies ?? []).join(', '),
    domains: (c.counterparty_domains ?? []).join(', '),
    known: c.counterparty_known === undefined ? 'any' : c.counterparty_known ? 'yes' : 'no',
    reference: c.reference_matches ?? '',
    velocityCount: v?.count !== undefined ? String(v.count) : '',
    velocityAmount: moneyInput(v?.amount, cur),
    velocityWindow: v ? String(v.window_minutes) : '',
    hoursFrom: c.hours?.from ?? '',
    hoursTo: c.hours?.to ?? '',
    timeZone: c.hours?.time_zone ?? 'UTC',
    action: rule.action,
    reason: rule.reason ?? '',
    note: rule.note ?? '',
    enabled: rule.enabled,
  };
}

/** The conditions the fields say: only those filled in (an absent condition holds). */
export function ruleConditions(values: RuleValues): RuleConditions {
  const c: RuleConditions = {};
  const min = values.amountMin.trim() ? amountMinor(values.amountMin, values) : null;
  const max = values.amountMax.trim() ? amountMinor(values.amountMax, values) : null;
  if (min) c.amount_min = min;
  if (max) c.amount_max = max;
  if (values.endsWith.trim()) c.amount_ends_with = values.endsWith.trim();
  const currencies = currencyList(values.currencies);
  if (currencies.length) c.currencies = currencies;
  const domains = domainList(values.domains);
  if (domains.length) c.counterparty_domains = domains;
  if (values.known !== 'any') c.counterparty_known = values.known === 'yes';
  if (values.reference.trim()) c.reference_matches = values.reference.trim();
  const count = values.velocityCount.trim();
  const amount = values.velocityAmount.trim() ? amountMinor(values.velocityAmount, values) : null;
  if (count || amount)
    c.payer_velocity = {
      ...(count ? { count: Number(count) } : {}),
      ...(amount ? { amount } : {}),
      window_minutes: Number(values.velocityWindow.trim()),
    };
  if (values.hoursFrom || values.hoursTo)
    c.hours = { from: values.hoursFrom, to: values.hoursTo, time_zone: values.timeZone.trim() };
  return c;
}

/** The rule the gateway takes from the fields (create, change, backtest alike). */
export function ruleInput(values: RuleValues): RuleInput {
  const all = RULE_TASK_NAMES.every((t) => values.tasks.includes(t));
  const takesReason = values.action === 'reject' || values.action === 'hold';
  return {
    name: values.name.trim(),
    task_names: all ? null : RULE_TASK_NAMES.filter((t) => values.tasks.includes(t)),
    conditions: ruleConditions(values),
    action: values.action,
    reason: takesReason && values.reason ? values.reason : null,
    note: values.note.trim() || null,
    enabled: values.enabled,
  };
}

/** The gateway's names of a rule's fields → the form's. */
const RULE_FIELDS: Record<string, keyof RuleValues> = {
  name: 'name',
  task_names: 'tasks',
  'conditions.amount_min': 'amountMin',
  'conditions.amount_max': 'amountMax',
  'conditions.amount_ends_with': 'endsWith',
  'conditions.currencies': 'currencies',
  'conditions.counterparty_domains': 'domains',
  'conditions.counterparty_known': 'known',
  'conditions.reference_matches': 'reference',
  'conditions.payer_velocity': 'velocityWindow',
  'conditions.payer_velocity.count': 'velocityCount',
  'conditions.payer_velocity.amount': 'velocityAmount',
  'conditions.payer_velocity.window_minutes': 'velocityWindow',
  'conditions.hours': 'hoursFrom',
  'conditions.hours.from': 'hoursFrom',
  'conditions.hours.to': 'hoursTo',
  'conditions.hours.time_zone': 'timeZone',
  action: 'action',
  reason: 'reason',
  note: 'note',
};

/**
 * The form's field of the gateway's `field`, so a refusal lands under it (showServerError): the
 * backtest names the rule's fields under `rule.`, and a list's item by its index
 * (`conditions.currencies.1` → currencies).
 */
export function ruleFieldOf(wire: string | null): keyof RuleValues | undefined {
  if (!wire) return undefined;
  const path = wire
    .replace(/^rule\./, '')
    .split('.')
    .filter((s) => !/^\d+$/.test(s))
    .join('.');
  return RULE_FIELDS[path];
}
