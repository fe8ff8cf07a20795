import { z } from 'zod';
import { validationMessage } from '../messages';
import { dataEnvelope } from './envelope';

export { VOTING_REASONS } from '../constants';

export const votingStatusSchema = z.object({
  isAllowed: z.boolean(),
  reason: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  period: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
  serverTime: z.string(),
});
export type VotingStatus = z.infer<typeof votingStatusSchema>;
export const votingStatusResponseSchema = dataEnvelope(votingStatusSchema);

/** The timezones the voting-control screen offers (spec 2 section 5). */
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
    reason: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
  }),
});
export type VotingSettings = z.infer<typeof votingSettingsSchema>;
export const votingSettingsResponseSchema = dataEnvelope(votingSettingsSchema);

const windowDate = z.iso
  .datetime({ offset: true, message: validationMessage('dateInvalid') })
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/** PUT /voting-settings: dates as ISO strings (empty for an open side), start before end. */
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
