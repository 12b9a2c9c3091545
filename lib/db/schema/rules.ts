import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RuleConditions } from '@/lib/domain/rules';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A namespace's admission rules (DESIGN §13), in evaluation order (`position`, 1 first). A change
 * moves its namespace's `rules_version` in the same transaction, which is how every instance knows
 * its cached copy is stale (lib/services/rules/cache.ts).
 */
export const admissionRules = pgTable(
  'admission_rules',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull(),
    partnerId: text('partner_id').notNull(),
    name: text('name').notNull(),
    /** The tasks it decides; null: every task a rule can decide. */
    taskNames: text('task_names').array(),
    conditions: jsonb('conditions').$type<RuleConditions>().notNull(),
    action: text('action', { enum: ['accept', 'reject', 'hold', 'review'] }).notNull(),
    reason: text('reason'),
    note: text('note'),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull(),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('admission_rules_order_idx').on(t.partnerId, t.position)],
);
