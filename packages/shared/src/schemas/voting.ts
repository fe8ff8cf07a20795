import { z } from 'zod';
import { VOTING_REASON_CODES } from '../constants';
import { validationMessage } from '../messages';
import { dataEnvelope } from './envelope';

export { VOTING_REASON_CODES, VOTING_REASONS, type VotingReasonCode } from '../constants';

/** Why voting is open or closed: the code to decide and translate on, and its English sentence for older clients. */
const votingReason = {
  reasonCode: z.enum(VOTING_REASON_CODES),
  /** The English sentence of `reasonCode`, for clients that show it as it is; never compare it. */
  reason: z.string(),
};

export const votingStatusSchema = z.object({
  isAllowed: z.boolean(),
  ...votingReason,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  period: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
  serverTime: z.string(),
});
export type VotingStatus = z.infer<typeof votingStatusSchema>;
export const votingStatusResponseSchema = dataEnvelope(votingStatusSchema);

/** The timezones the voting-control screen offers (the admin spec). */
export const VOTING_TIMEZONES = [
  'UTC',
  'Africa/Lagos',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'America/New_York',
  'Europe/London',
] as const;
export const VOTING_NOTES_MAX_LENGTH = 500;

/** GET /voting-settings (admins): the window, its notes and the status it gives now. */
export const votingSettingsSchema = z.object({
  isEnabled: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  timezone: z.enum(VOTING_TIMEZONES),
  notes: z.string(),
  updatedAt: z.string().nullable(),
  currentStatus: z.object({
    isAllowed: z.boolean(),
    ...votingReason,
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
  }),
});
export type VotingSettings = z.infer<typeof votingSettingsSchema>;
export const votingSettingsResponseSchema = dataEnvelope(votingSettingsSchema);

/** The years a window may fall in: what JavaScript and PostgreSQL both store without surprise. */
const EARLIEST_WINDOW_DATE = Date.parse('1970-01-01T00:00:00Z');
const LATEST_WINDOW_DATE = Date.parse('9999-12-31T23:59:59Z');

/** A side of the window: an ISO date-time with its offset, or null/empty/absent for an open side. */
const windowDate = z
  .union([
    z.literal('').transform(() => null),
    z.iso.datetime({ offset: true, message: validationMessage('dateInvalid') }).refine(
      (value) => {
        const instant = Date.parse(value);
        return instant >= EARLIEST_WINDOW_DATE && instant <= LATEST_WINDOW_DATE;
      },
      { message: validationMessage('dateInvalid') },
    ),
  ])
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/** PUT /voting-settings: dates as ISO strings (null, empty or absent for an open side), start before end. */
export const updateVotingSettingsBodySchema = z
  .object({
    isEnabled: z.boolean(),
    startDate: windowDate,
    endDate: windowDate,
    timezone: z.enum(VOTING_TIMEZONES, { message: validationMessage('timezoneInvalid') }).default('UTC'),
    notes: z.string().max(VOTING_NOTES_MAX_LENGTH, validationMessage('notesTooLong')).default(''),
  })
  .refine(
    (window) => !window.startDate || !window.endDate || new Date(window.startDate) < new Date(window.endDate),
    { path: ['endDate'], message: validationMessage('startBeforeEnd') },
  );
export type UpdateVotingSettingsBody = z.infer<typeof updateVotingSettingsBodySchema>;

/**
 * What "reset to defaults" restores: voting off, no window, UTC, no notes. Off is the safe default: a
 * reset never opens voting by itself.
 */
export const DEFAULT_VOTING_SETTINGS = {
  isEnabled: false,
  startDate: null,
  endDate: null,
  timezone: 'UTC',
  notes: '',
} as const satisfies UpdateVotingSettingsBody;
