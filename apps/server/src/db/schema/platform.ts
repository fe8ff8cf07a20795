import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Platform-wide settings by key ('platform', 'social-login'), each value validated by its zod schema on
 * read and write. Secrets inside are encrypted at rest.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Security and admin events: logins, lockouts, expiries, password changes, settings changes and every
 * admin write. `details` holds `before` and `after` for changes, and the row count and SHA-256 of exports.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_action_time_idx').on(table.action, table.createdAt),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
    // The admin audit screen lists newest first.
    index('audit_log_time_idx').on(table.createdAt),
  ],
);
