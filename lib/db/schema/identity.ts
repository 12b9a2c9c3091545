import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** sandbox → verified | rejected, decided by the network operator. */
  status: text('status', { enum: ['sandbox', 'verified', 'rejected'] }).notNull().default('sandbox'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Null only for the network operator, who belongs to no organization. */
    orgId: text('org_id').references(() => organizations.id),
    email: text('email').notNull().unique(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'support', 'viewer', 'operator'] }).notNull(),
    /** The namespace the dashboard selects for this user (namespace switcher). */
    preferredPartnerId: text('preferred_partner_id'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('users_org_idx').on(t.orgId)],
);
