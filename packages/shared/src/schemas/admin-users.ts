import { z } from 'zod';
import { ROLES } from '../constants';
import { validationMessage as message } from '../messages';
import { listQuerySchema, optionalQueryText, sortableListQuery } from './admin-list';
import { dataEnvelope, pageEnvelope } from './envelope';

/** The role filter of the users list: `all` (or empty, as the spec's client sends) means no filter. */
export const ADMIN_USER_ROLE_FILTERS = ['all', ...ROLES] as const;
export type AdminUserRoleFilter = (typeof ADMIN_USER_ROLE_FILTERS)[number];

/** 100 characters: longer than any country or state name of the registration list. */
const MAX_PLACE_LENGTH = 100;

/** The filters of the users list and of its export (the admin spec: role, country, state, search). */
const userFilterFields = {
  role: z
    .union([z.enum(ADMIN_USER_ROLE_FILTERS), z.literal('')], { error: message('roleChoiceInvalid') })
    .optional()
    .transform((value) => (value && value !== 'all' ? value : undefined)),
  country: optionalQueryText(MAX_PLACE_LENGTH),
  state: optionalQueryText(MAX_PLACE_LENGTH),
};

/** The columns the users list sorts by (`sort`); the first is the default (newest first). */
export const ADMIN_USER_SORTS = ['createdAt', 'name', 'email', 'role', 'country', 'lastLogin'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** GET /admin/users: the list contract plus role, country and state; search over name and e-mail; newest first. */
export const adminUsersQuerySchema = sortableListQuery(ADMIN_USER_SORTS).extend(userFilterFields);
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** The users export's only format (the admin spec: format=excel). */
export const USER_EXPORT_FORMATS = ['excel'] as const;
/** The admin spec: the export's file name. */
export const USER_EXPORT_FILENAME = 'users-export.xlsx';

/** GET /admin/export/users: the list's filters (every matching user, not one page) and the format. */
export const userExportQuerySchema = z.object({
  format: z.enum(USER_EXPORT_FORMATS, { error: message('exportFormatInvalid') }),
  search: listQuerySchema.shape.search,
  ...userFilterFields,
});
export type UserExportQuery = z.infer<typeof userExportQuerySchema>;

/** The admin's view of a user (the admin spec's 'User'): the list, the actions and the export use it. */
export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  /** The country's English name, as registration stores it. */
  country: z.string().nullable(),
  /** ISO 3166-1 alpha-2 of `country` in the registration list (the flag and translated name), or null. */
  countryCode: z.string().nullable(),
  state: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  bio: z.string(),
  createdAt: z.string(),
  /** Whether the e-mail address was verified. */
  isVerified: z.boolean(),
  lastLogin: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  /** When the retention job erased the account (30 days after its deactivation): nothing is left to change. */
  erasedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageResponseSchema = pageEnvelope(adminUserSchema);
export const adminUserResponseSchema = dataEnvelope(adminUserSchema);

/** The admin spec's 'User stats' (its own names: `artiste` counts artists). */
export const userStatsSchema = z.object({
  total: z.number().int(),
  artiste: z.number().int(),
  active: z.number().int(),
  newThisMonth: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;
export const userStatsResponseSchema = dataEnvelope(userStatsSchema);

/** GET /admin/users/filters: with `country`, the states offered are that country's. */
export const userFilterOptionsQuerySchema = z.object({ country: optionalQueryText(MAX_PLACE_LENGTH) });

/** The admin spec's 'Filter options': the countries and states users registered with, sorted. */
export const userFilterOptionsSchema = z.object({
  countries: z.array(z.string()),
  states: z.array(z.string()),
  /** ISO 3166-1 alpha-2 of each country in the registration list (for its flag and translated name). */
  countryCodes: z.record(z.string(), z.string()),
});
export type UserFilterOptions = z.infer<typeof userFilterOptionsSchema>;
export const userFilterOptionsResponseSchema = dataEnvelope(userFilterOptionsSchema);

/** PATCH /admin/users/{id}/status */
export const userStatusBodySchema = z.object({
  isActive: z.boolean({ error: message('userStatusInvalid') }),
});
export type UserStatusBody = z.infer<typeof userStatusBodySchema>;

/** PATCH /admin/users/{id}/role */
export const userRoleBodySchema = z.object({
  role: z.enum(ROLES, { error: message('roleChoiceInvalid') }),
});
export type UserRoleBody = z.infer<typeof userRoleBodySchema>;

/** The most users one bulk action may name: one page of the list at its largest. */
export const MAX_BULK_USERS = 100;
/** What a bulk action on users does to each of them. */
export const USER_BULK_ACTIONS = ['deactivate', 'reactivate', 'endSessions'] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];

/** POST /admin/users/bulk: one action on up to MAX_BULK_USERS users. */
export const userBulkBodySchema = z.object({
  action: z.enum(USER_BULK_ACTIONS),
  userIds: z.array(z.string().uuid()).min(1).max(MAX_BULK_USERS),
});
export type UserBulkBody = z.infer<typeof userBulkBodySchema>;

/** Why a user of a bulk action was left alone: the codes (and words) the single-user actions refuse with. */
export const USER_BULK_SKIP_REASONS = [
  'USER_NOT_FOUND',
  'ACCOUNT_ERASED',
  'CANNOT_CHANGE_OWN_ACCOUNT',
  'LAST_ADMIN',
] as const;
export type UserBulkSkipReason = (typeof USER_BULK_SKIP_REASONS)[number];

/**
 * One user's result: `done` (changed, and audited), `unchanged` (already so: nothing audited), or `skipped`
 * with the reason's code. `user` is the user as they now are (null when there is no such user).
 */
export const userBulkResultSchema = z.object({
  _id: z.string(),
  outcome: z.enum(['done', 'unchanged', 'skipped']),
  reason: z.enum(USER_BULK_SKIP_REASONS).nullable(),
  user: adminUserSchema.nullable(),
});
export type UserBulkResult = z.infer<typeof userBulkResultSchema>;
export const userBulkResponseSchema = dataEnvelope(
  z.object({
    action: z.enum(USER_BULK_ACTIONS),
    results: z.array(userBulkResultSchema),
    done: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.number().int(),
  }),
);
export type UserBulkOutcome = z.infer<typeof userBulkResponseSchema>['data'];
