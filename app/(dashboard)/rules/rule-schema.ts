/** The rule form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { atMost, plain, text } from '@/lib/client/form-fields';
import { isCurrency, MAX_PAYMENT_MINOR } from '@/lib/domain/currencies';
import { REASONS } from '@/lib/domain/reasons';
import { MAX_VELOCITY_WINDOW_MINUTES, RULE_ACTIONS, RULE_LIMITS } from '@/lib/domain/rules';
import {
  amountMinor,
  currencyList,
  domainList,
  mixesDecimals,
  typingCurrency,
  type RuleValues,
} from './rule-values';

// The gateway's rules for a rule (lib/schemas/rules.ts, its limits from lib/domain/rules.ts),
// checked here first in a reader's words; the gateway checks every request again.
const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;
const CLOCK = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const WHOLE = /^[0-9]{1,9}$/;

/** An amount typed in the rule's currency: empty, or positive with at most its decimals. */
const amountFits = (typed: string, v: RuleValues) => {
  if (!typed.trim()) return true;
  const minor = amountMinor(typed, v);
  return minor !== null && BigInt(minor) <= MAX_PAYMENT_MINOR;
};
const amountMessage = (v: RuleValues) => {
  const cur = typingCurrency(v);
  return `An amount above 0 in ${currencyList(v.currencies).length ? cur : 'units with 2 decimals'}, e.g. ${cur === 'JPY' ? '500,000' : '5,000.00'}`;
};

type Check = {
  path: keyof RuleValues;
  fails: (v: RuleValues) => boolean;
  message: (v: RuleValues) => string;
};

const CHECKS: Check[] = [
  { path: 'tasks', fails: (v) => v.tasks.length === 0, message: () => 'Choose at least one task' },
  { path: 'amountMin', fails: (v) => !amountFits(v.amountMin, v), message: amountMessage },
  { path: 'amountMax', fails: (v) => !amountFits(v.amountMax, v), message: amountMessage },
  {
    path: 'amountMax',
    fails: (v) => {
      const [min, max] = [amountMinor(v.amountMin, v), amountMinor(v.amountMax, v)];
      return min !== null && max !== null && BigInt(min) > BigInt(max);
    },
    message: () => 'At least the amount from',
  },
  {
    path: 'endsWith',
    fails: (v) =>
      v.endsWith.trim() !== '' && !new RegExp(`^[0-9]{1,${RULE_LIMITS.endsWith}}$`).test(v.endsWith.trim()),
    message: () => `1 to ${RULE_LIMITS.endsWith} digits of the amount's minor units, e.g. 01`,
  },
  {
    path: 'currencies',
    fails: (v) => currencyList(v.currencies).some((c) => !/^[A-Z]{3}$/.test(c) || !isCurrency(c)),
    message: (v) =>
      `Not an ISO 4217 currency code: ${currencyList(v.currencies).find((c) => !/^[A-Z]{3}$/.test(c) || !isCurrency(c))}`,
  },
  {
    path: 'currencies',
    fails: (v) => currencyList(v.currencies).length > RULE_LIMITS.currencies,
    message: () => `At most ${RULE_LIMITS.currencies} currencies`,
  },
  {
    path: 'currencies',
    fails: (v) =>
      mixesDecimals(v) && [v.amountMin, v.amountMax, v.velocityAmount].some((a) => a.trim() !== ''),
    message: () =>
      'These currencies have different decimals, so one amount would be two: write a rule per currency',
  },
  {
    path: 'domains',
    fails: (v) => domainList(v.domains).some((d) => d.length > 253 || !DOMAIN.test(d)),
    message: (v) => `Not a domain: ${domainList(v.domains).find((d) => d.length > 253 || !DOMAIN.test(d))}`,
  },
  {
    path: 'domains',
    fails: (v) => domainList(v.domains).length > RULE_LIMITS.domains,
    message: () => `At most ${RULE_LIMITS.domains} domains`,
  },
  {
    path: 'velocityCount',
    fails: (v) =>
      v.velocityCount.trim() !== '' &&
      (!WHOLE.test(v.velocityCount.trim()) ||
        Number(v.velocityCount) < 1 ||
        Number(v.velocityCount) > RULE_LIMITS.velocityCount),
    message: () => `A whole number from 1 to ${RULE_LIMITS.velocityCount}`,
  },
  { path: 'velocityAmount', fails: (v) => !amountFits(v.velocityAmount, v), message: amountMessage },
  {
    path: 'velocityWindow',
    fails: (v) => {
      const used = v.velocityCount.trim() !== '' || v.velocityAmount.trim() !== '';
      const w = v.velocityWindow.trim();
      if (!used) return w !== '' && !WHOLE.test(w);
      return !WHOLE.test(w) || Number(w) < 1 || Number(w) > MAX_VELOCITY_WINDOW_MINUTES;
    },
    message: () => `The window, 1 to ${MAX_VELOCITY_WINDOW_MINUTES} minutes`,
  },
  {
    path: 'velocityCount',
    fails: (v) => v.velocityWindow.trim() !== '' && !v.velocityCount.trim() && !v.velocityAmount.trim(),
    message: () => 'A number of payments or a sum for the window',
  },
  {
    path: 'hoursFrom',
    fails: (v) => (v.hoursFrom !== '' || v.hoursTo !== '') && !CLOCK.test(v.hoursFrom),
    message: () => 'A time of day, such as 22:00',
  },
  {
    path: 'hoursTo',
    fails: (v) => (v.hoursFrom !== '' || v.hoursTo !== '') && !CLOCK.test(v.hoursTo),
    message: () => 'A time of day, such as 06:00',
  },
  {
    path: 'timeZone',
    fails: (v) =>
      (v.hoursFrom !== '' || v.hoursTo !== '') && !/^[A-Za-z_+\-/0-9]{1,64}$/.test(v.timeZone.trim()),
    message: () => 'An IANA time zone, such as Europe/Zurich or UTC',
  },
  {
    path: 'reason',
    fails: (v) => v.action === 'reject' && (v.reason === '' || v.reason === 'accepted'),
    message: () => 'A reject rule needs a reason for the failure',
  },
];

const ruleSchema = z
  .object({
    name: plain(text('Name the rule', RULE_LIMITS.name)),
    // The form's checkboxes give only the four names; an empty choice is refused below.
    tasks: z.array(z.string()),
    amountMin: z.string(),
    amountMax: z.string(),
    endsWith: z.string(),
    currencies: z.string(),
    domains: z.string(),
    known: z.enum(['any', 'yes', 'no']),
    reference: plain(atMost(RULE_LIMITS.reference)),
    velocityCount: z.string(),
    velocityAmount: z.string(),
    velocityWindow: z.string(),
    hoursFrom: z.string(),
    hoursTo: z.string(),
    timeZone: z.string(),
    action: z.enum(RULE_ACTIONS),
    reason: z.union([z.enum(REASONS), z.literal('')]),
    note: atMost(RULE_LIMITS.note),
    enabled: z.boolean(),
  })
  .check(
    ...CHECKS.map((c) =>
      z.refine<RuleValues>((v) => !c.fails(v), {
        path: [c.path],
        // Checked with the fields' own refusals, not after them: every field's answer at once.
        when: () => true,
        error: (issue) => c.message(issue.input as RuleValues),
      }),
    ),
  );

export const ruleResolver = zodResolver(ruleSchema);
