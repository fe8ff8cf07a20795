import { z } from 'zod';
import { ROLES } from '../constants';
import { validationMessage as message } from '../messages';
import { listQuerySchema } from './admin-list';
import { dataEnvelope, objectIdSchema, pageEnvelope } from './envelope';

/** A session is online while it is not ended and was active within the last 5 minutes. */
export const ONLINE_PRESENCE_MINUTES = 5;
/** The admin spec: the online users screen refreshes every 30 s when auto-refresh is on. */
export const ONLINE_USERS_REFRESH_SECONDS = 30;
/** The admin spec: recent activity and unique users count the last 24 hours. */
export const RECENT_ACTIVITY_HOURS = 24;

/** The device kinds a session's user agent is sorted into (the admin spec: icon for mobile, tablet, desktop). */
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop', 'unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** The stats' location group of the online sessions without a known country (the screen shows 'Unknown'). */
export const UNKNOWN_LOCATION = 'unknown';

/** The role filter of the online users list: `all` (or empty) means every role. */
export const ONLINE_USER_ROLE_FILTERS = ['all', ...ROLES] as const;
export type OnlineUserRoleFilter = (typeof ONLINE_USER_ROLE_FILTERS)[number];

/**
 * GET /online-users: the list contract (page, limit 20, search over name and e-mail, order: `desc` is
 * the most recent activity first) plus `role`.
 */
export const onlineUsersQuerySchema = listQuerySchema.extend({
  role: z
    .union([z.enum(ONLINE_USER_ROLE_FILTERS), z.literal('')], { error: message('roleChoiceInvalid') })
    .optional()
    .transform((value) => (value && value !== 'all' ? value : undefined)),
});
export type OnlineUsersQuery = z.infer<typeof onlineUsersQuerySchema>;

/**
 * The admin spec's 'Online session', one row a person: a user online now with their most recent online
 * session (its device, location and times) and how many sessions they have online (one a tab or device).
 */
export const onlineSessionSchema = z.object({
  /** The person's most recent online session's id (what DELETE /online-users/{sessionId} takes). */
  _id: z.string(),
  user: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
  }),
  deviceInfo: z.object({ type: z.enum(DEVICE_TYPES) }),
  /**
   * ISO 3166-1 alpha-2 country code: from the trusted proxy's header at sign-in (only when TRUST_PROXY
   * is set), else the user's profile country, else null (the screen shows 'Unknown').
   */
  location: z.string().nullable(),
  /** When the session started (ISO). */
  loginTime: z.string(),
  /** The session's last recorded activity (ISO); recorded at most once a minute. */
  lastActivity: z.string(),
  /** How many sessions this person has online (tabs, devices): 1 or more. */
  sessions: z.number().int(),
  /** True when one of them is the admin asking: the screen marks it 'You' and offers no Remove. */
  current: z.boolean(),
});
export type OnlineSession = z.infer<typeof onlineSessionSchema>;
export const onlineSessionPageResponseSchema = pageEnvelope(onlineSessionSchema);

/**
 * One group of a stats breakdown: `_id` is the country code ('unknown' when none), role or device type;
 * `count` the people online in it (a person online from a phone and a laptop counts once under each device).
 */
const countOf = <T extends z.ZodType>(id: T) => z.object({ _id: id, count: z.number().int() });

/** The admin spec's 'Online stats', from a summary computed at most once a minute (`computedAt`). */
export const onlineStatsSchema = z.object({
  /** People online now (with a session active within ONLINE_PRESENCE_MINUTES), each counted once. */
  currentOnline: z.number().int(),
  /** Their sessions online now (one a tab or device): at least currentOnline. */
  onlineSessions: z.number().int(),
  /** Sessions active within RECENT_ACTIVITY_HOURS. */
  recentActivity: z.number().int(),
  /** Distinct users active within RECENT_ACTIVITY_HOURS. */
  uniqueUsers: z.number().int(),
  /** People online by country code ('unknown' when none), most first. */
  locations: z.array(countOf(z.string())),
  /** People online by role, most first. */
  roles: z.array(countOf(z.enum(ROLES))),
  /** People online by device type, most first. */
  devices: z.array(countOf(z.enum(DEVICE_TYPES))),
  /** When the summary was computed (ISO): at most a minute old, fresher after a cleanup or a removal. */
  computedAt: z.string(),
});
export type OnlineStats = z.infer<typeof onlineStatsSchema>;
export const onlineStatsResponseSchema = dataEnvelope(onlineStatsSchema);

/** POST /online-users/cleanup: how many idle sessions were ended, and of how many people. */
export const onlineCleanupResultSchema = z.object({ ended: z.number().int(), users: z.number().int() });
export type OnlineCleanupResult = z.infer<typeof onlineCleanupResultSchema>;
export const onlineCleanupResponseSchema = dataEnvelope(onlineCleanupResultSchema);

/** DELETE /online-users/{sessionId} */
export const onlineSessionParamsSchema = z.object({ sessionId: objectIdSchema });
export type OnlineSessionParams = z.infer<typeof onlineSessionParamsSchema>;
