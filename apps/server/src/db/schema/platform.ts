import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * One row per run of a scheduled job (features/jobs). A scheduled run is claimed by inserting its row: the
 * unique (job, scheduled_for) lets exactly one instance take each occurrence, whichever instances fire it.
 * Runs started by hand (`npm run jobs -- run NAME`, or an admin) are scheduled for the moment they start.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: text('job').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    /** 'schedule', 'cli' or 'admin'. */
    trigger: text('trigger').notNull(),
    /** The instance that ran it (INSTANCE_NAME), or 'cli'. */
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Rows deleted, updated or refreshed, by what the job names them (e.g. { vote_batches: 120 }). */
    rows: jsonb('rows').$type<Record<string, number>>(),
    error: text('error'),
    triggeredBy: uuid('triggered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('job_runs_job_slot_idx').on(table.job, table.scheduledFor),
    index('job_runs_started_idx').on(table.startedAt),
  ],
);

/**
 * The breach register: every suspected personal-data breach an admin recorded (when it was found, what
 * happened, who is affected), and when and how the authority was notified: the legal pages promise an
 * assessment and a notice within 72 hours of finding it.
 */
export const breaches = pgTable(
  'breaches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
    summary: text('summary').notNull(),
    affected: text('affected').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    notification: text('notification'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('breaches_found_idx').on(table.foundAt)],
);
