import { z } from '@hono/zod-openapi';
import { REASONS } from '@/lib/domain/reasons';
import { MAX_VELOCITY_WINDOW_MINUTES, RULE_ACTIONS, RULE_LIMITS, RULE_TASK_NAMES } from '@/lib/domain/rules';
import { MAX_PAYMENT_MINOR } from '@/lib/domain/currencies';
import { currencySchema, paymentTotalSchema } from './money';
import { plainText, unixSecondsInput } from './common';

/** The most rules a namespace keeps: each new task is read against them all. */
export const MAX_RULES = 100;

/** A bound in minor units: 0 (amount_min) up to the network's largest payment. */
const boundSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/, 'must be a string of digits in minor units (e.g. "500000" for 5,000.00)')
  .refine((s) => !/^[0-9]+$/.test(s) || (s.length <= 16 && BigInt(s) <= MAX_PAYMENT_MINOR), {
    message: `must be at most ${MAX_PAYMENT_MINOR} minor units`,
  });

const clock = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time of day as HH:MM (00:00 to 23:59)');

const timeZone = z
  .string()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be an IANA time zone, such as Europe/Zurich or UTC' },
  );

const domainSchema = z
  .string()
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be a lowercase domain');

const ruleConditionsSchema = z
  .strictObject(
    {
      amount_min: boundSchema.optional().openapi({ description: 'Minor units, inclusive' }),
      amount_max: boundSchema.optional().openapi({ description: 'Minor units, inclusive' }),
      amount_ends_with: z
        .string()
        .regex(
          new RegExp(`^[0-9]{1,${RULE_LIMITS.endsWith}}$`),
          `must be 1 to ${RULE_LIMITS.endsWith} digits`,
        )
        .optional()
        .openapi({
          description:
            "Extension: the amount's minor units end in these digits (the Sandbox Bank's test amounts, `01`)",
        }),
      currencies: z.array(currencySchema).min(1).max(RULE_LIMITS.currencies).optional(),
      counterparty_domains: z.array(domainSchema).min(1).max(RULE_LIMITS.domains).optional().openapi({
        description: "The payment's other namespace, by domain",
      }),
      counterparty_known: z.boolean().optional().openapi({
        description:
          'true: a payment between the two namespaces was admitted before the task was made; false: none was',
      }),
      reference_matches: plainText(z.string().min(1).max(RULE_LIMITS.reference)).optional().openapi({
        description: "A case-insensitive substring of the payment's reference",
      }),
      payer_velocity: z
        .strictObject(
          {
            count: z.number().int().min(1).max(RULE_LIMITS.velocityCount).optional(),
            amount: paymentTotalSchema.optional(),
            window_minutes: z.number().int().min(1).max(MAX_VELOCITY_WINDOW_MINUTES),
          },
          { error: 'payer_velocity takes count, amount and window_minutes' },
        )
        .refine((v) => v.count !== undefined || v.amount !== undefined, {
          message: 'payer_velocity needs count or amount',
        })
        .optional()
        .openapi({
          description:
            "The same debtor address's payments whose tasks this namespace received in the last window_minutes, this one included: at least `count` of them and at least `amount` (minor units) in sum",
        }),
      hours: z
        .strictObject(
          { from: clock, to: clock, time_zone: timeZone },
          { error: 'hours takes from, to and time_zone' },
        )
        .optional()
        .openapi({
          description:
            'The task was made in [from, to) local time in time_zone; to before from wraps midnight; from = to: all day',
        }),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `unknown condition ${issue.keys.join(', ')}: conditions are amount_min, amount_max, amount_ends_with, currencies, counterparty_domains, counterparty_known, reference_matches, payer_velocity, hours`
          : 'conditions must be an object',
    },
  )
  .refine(
    (c) =>
      c.amount_min === undefined ||
      c.amount_max === undefined ||
      BigInt(c.amount_min) <= BigInt(c.amount_max),
    { message: 'amount_min must not exceed amount_max', path: ['amount_max'] },
  )
  .openapi('RuleConditions');

const taskNamesSchema = z
  .array(z.enum(RULE_TASK_NAMES, { error: `task_names must be of ${RULE_TASK_NAMES.join(', ')}` }))
  .min(1)
  .max(RULE_TASK_NAMES.length)
  .nullable()
  .openapi({ description: 'The tasks it decides; absent or null: all four' });

const actionSchema = z.enum(RULE_ACTIONS, { error: `action must be one of ${RULE_ACTIONS.join(', ')}` });
const reasonSchema = z.enum(REASONS, { error: `reason must be one of ${REASONS.join(', ')}` });

const ruleFields = {
  name: plainText(z.string().trim().min(1, 'name is required').max(RULE_LIMITS.name)),
  task_names: taskNamesSchema.optional(),
  conditions: ruleConditionsSchema,
  action: actionSchema.openapi({
    description:
      'accept: completes the task (accepted); reject: fails it with `reason`; hold: on hold with the note; review: leaves it to people with the note shown',
  }),
  reason: reasonSchema.nullable().optional().openapi({
    description:
      'reject: the failure reason (required, not accepted); hold: the reason kept (default business_reasons)',
  }),
  note: plainText(z.string().max(RULE_LIMITS.note)).nullable().optional(),
  enabled: z.boolean(),
};

/** A reject names its reason, which is a failure; accept and review take none. */
function reasonFits(r: { action?: string; reason?: string | null }, ctx: z.RefinementCtx) {
  if (r.action === 'reject' && !r.reason)
    ctx.addIssue({ code: 'custom', message: 'a reject rule needs a reason', path: ['reason'] });
  if (r.action === 'reject' && r.reason === 'accepted')
    ctx.addIssue({
      code: 'custom',
      message: 'a reject rule needs a failure reason, not accepted',
      path: ['reason'],
    });
  if ((r.action === 'accept' || r.action === 'review') && r.reason)
    ctx.addIssue({ code: 'custom', message: `an ${r.action} rule takes no reason`, path: ['reason'] });
}

export const createRuleBody = z
  .object({
    ...ruleFields,
    position: z.number().int().min(1).max(MAX_RULES).optional().openapi({
      description: 'Where it goes in the evaluation order (1 first); absent: last',
    }),
  })
  .superRefine(reasonFits);

export type CreateRuleBody = z.output<typeof createRuleBody>;

export const updateRuleBody = z
  .object({
    name: ruleFields.name.optional(),
    task_names: ruleFields.task_names,
    conditions: ruleConditionsSchema.optional(),
    action: actionSchema.optional(),
    reason: ruleFields.reason,
    note: ruleFields.note,
    enabled: z.boolean().optional(),
  })
  .openapi({ description: 'The fields to change; a changed action is checked with the reason it then has' });

export type UpdateRuleBody = z.output<typeof updateRuleBody>;

export const ruleParams = z.object({
  rule_id: z.string().max(64).openapi({ description: "The rule's id (`rul_…`)" }),
});

export const reorderRulesBody = z.object({
  ids: z
    .array(z.string().max(64))
    .min(1)
    .max(MAX_RULES)
    .openapi({ description: 'Every rule of the namespace, each once, in the new evaluation order' }),
});

export type ReorderRulesBody = z.output<typeof reorderRulesBody>;

export const ruleSchema = z
  .object({
    id: z.string(),
    partner_id: z.string(),
    name: z.string(),
    task_names: z.array(z.string()).nullable(),
    conditions: z.record(z.string(), z.unknown()).openapi({ type: 'object', description: 'RuleConditions' }),
    action: z.enum(RULE_ACTIONS),
    reason: z.enum(REASONS).nullable(),
    note: z.string().nullable(),
    enabled: z.boolean(),
    position: z.number().int(),
    hits: z.object({
      last_24h: z.number().int().openapi({ description: 'Tasks it matched in the last 24 hours' }),
      last_30d: z.number().int().openapi({ description: 'Tasks it matched in the last 30 days' }),
    }),
    created_by: z.string().nullable(),
    updated_by: z.string().nullable(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .openapi('Rule');

export type Rule = z.infer<typeof ruleSchema>;

export const listRulesResponse = z.object({ count: z.number().int(), rules: z.array(ruleSchema) });

/** The backtest's rule: a rule as it would be created, its position and state aside. */
const backtestRuleSchema = z
  .object({
    name: ruleFields.name.optional(),
    task_names: ruleFields.task_names,
    conditions: ruleConditionsSchema,
    action: actionSchema,
    reason: ruleFields.reason,
    note: ruleFields.note,
  })
  .superRefine(reasonFits);

export const testRuleBody = z
  .object({
    rule: backtestRuleSchema,
    from: unixSecondsInput('from', 'The first moment of the range (tasks created at or after it)'),
    to: unixSecondsInput('to', 'The last moment of the range (tasks created at or before it)'),
  })
  .refine((b) => b.from <= b.to, { message: 'from must not be after to', path: ['to'] });

export type TestRuleBody = z.output<typeof testRuleBody>;

const outcomeCounts = z
  .object({
    pending: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    on_hold: z.number().int(),
  })
  .openapi({ description: 'How the matched tasks stand now (what people, or rules, decided)' });

export const testRuleResponse = z
  .object({
    tasks: z
      .number()
      .int()
      .openapi({ description: "The namespace's tasks created in the range (of the rule's task names)" }),
    matched: z.number().int(),
    actions: z
      .array(z.object({ action: z.enum(RULE_ACTIONS), count: z.number().int(), outcomes: outcomeCounts }))
      .openapi({
        description:
          'What the rule, placed first, would have done, per action (an accept that four eyes cover is a review: left to people), and how those tasks stand now',
      }),
    samples: z
      .array(
        z.object({
          payment_id: z.string(),
          task_id: z.string(),
          task_name: z.string(),
          amount: z.object({ currency: z.string(), total: z.string() }),
          created_at: z.number().int(),
          action: z.enum(RULE_ACTIONS),
          outcome: z.enum(['pending', 'completed', 'failed', 'on_hold']),
        }),
      )
      .openapi({ description: 'Up to 20 of the matched tasks, newest first' }),
  })
  .openapi('RuleBacktest');

export type TestRuleResponse = z.infer<typeof testRuleResponse>;
