import { z } from 'zod';
import { validationMessage } from '../messages';
import { listQuerySchema, optionalQueryText } from './admin-list';
import { dataEnvelope, pageEnvelope } from './envelope';

/** What an audit entry is about: a song, a user, a category, a setting (label when the entry names it). */
export const auditTargetSchema = z.object({
  type: z.string(),
  id: z.string().nullable(),
  label: z.string().nullable(),
});
export type AuditTarget = z.infer<typeof auditTargetSchema>;

/** The admin dashboard's figures (the admin spec's "Admin dashboard stats"). */
export const adminDashboardStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalSongs: z.number().int(),
  totalVotes: z.number().int(),
  totalCategories: z.number().int(),
  /** Users who signed in within the last 30 days. */
  activeUsers: z.number().int(),
  /** Approved songs. */
  verifiedSongs: z.number().int(),
  /** Valid votes since midnight, and since Monday midnight, in the platform's timezone. */
  todayVotes: z.number().int(),
  weekVotes: z.number().int(),
});
export type AdminDashboardStats = z.infer<typeof adminDashboardStatsSchema>;

/**
 * One line of the dashboard's Recent Activity: an admin change. `description` is an English sentence for
 * clients that show it as it is; this app builds its own, translated, from `action`, `actor` and `target`.
 */
export const recentActivitySchema = z.object({
  _id: z.string(),
  action: z.string(),
  description: z.string(),
  actor: z.object({ name: z.string() }).nullable(),
  target: auditTargetSchema.nullable(),
  timestamp: z.string(),
  /** How many entries the line stands for: a bulk upload (`song.bulk-uploaded`) is one line for all its songs. */
  count: z.number().int().optional(),
  /** The changed record before and after, as the audit log keeps them: the line says what changed. */
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;

/** How many admin changes the dashboard's Recent Activity shows. */
export const RECENT_ACTIVITY_COUNT = 10;

/** GET /admin/dashboard. */
export const adminDashboardSchema = z.object({
  stats: adminDashboardStatsSchema,
  recentActivity: z.array(recentActivitySchema),
  /** The platform's timezone (the voting settings'): what "today" and "this week" are counted in. */
  timezone: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
export const adminDashboardResponseSchema = dataEnvelope(adminDashboardSchema);

/** 'YYYY-MM-DD' naming a real calendar day, in the years PostgreSQL and JavaScript both handle. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1970-01-01' || value > '9999-12-30') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An audit date filter: an ISO calendar date ('2025-11-03'), read in the platform's timezone. */
const auditDate = z
  .string()
  .trim()
  .max(10, validationMessage('dateInvalid'))
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || isCalendarDate(value), {
    message: validationMessage('dateInvalid'),
  });

/**
 * GET /admin/audit: the list contract (20 a page, newest first) with the audit's filters. `actor` is a
 * user id or part of an actor's name or e-mail; `action` one of the codes GET /admin/audit/actions lists
 * (none: every admin action); `from` and `to` are dates, `to` including that whole day.
 */
export const auditListQuerySchema = listQuerySchema
  .omit({ search: true })
  .extend({
    actor: optionalQueryText(200),
    action: optionalQueryText(60),
    from: auditDate,
    to: auditDate,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: validationMessage('dateRangeInvalid'),
  });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** One audit log entry as the audit screen shows it. `actor` is null once that account is deleted. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  action: z.string(),
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  target: auditTargetSchema.nullable(),
  ip: z.string().nullable(),
  /** The changed record before and after (for settings, each changed setting's old and new value). */
  before: z.unknown(),
  after: z.unknown(),
  /** Anything else recorded: a reason, an export's row count and SHA-256, ... */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListResponseSchema = pageEnvelope(auditEntrySchema);

/** GET /admin/audit/actions: the action filter's choices, and the timezone dates are read in. */
export const auditActionsSchema = z.object({
  /** Admin changes and exports: what the log shows when no action is chosen. */
  admin: z.array(z.string()),
  /** Sign-ins, failures, lockouts, ...: shown only when one of them is chosen. */
  security: z.array(z.string()),
  timezone: z.string(),
});
export type AuditActions = z.infer<typeof auditActionsSchema>;
export const auditActionsResponseSchema = dataEnvelope(auditActionsSchema);
