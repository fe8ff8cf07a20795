import {
  DEFAULT_VOTING_SETTINGS,
  type UpdateVotingSettingsBody,
  VOTING_TIMEZONES,
  type VotingSettings,
} from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { settingsChanged } from '../../lib/memo';
import { audit } from '../audit/service';
import { lockSetting } from '../settings/service';
import { readVotingSettings, storeVotingWindow, type VotingSettingsRow } from './repository';
import { votingStatusOf } from './service';

type Actor = { id: string; ip: string | null };

/** The stored timezone, if it is one the screen offers (the column is free text), else UTC. */
function timezoneOf(stored: string | undefined): VotingSettings['timezone'] {
  return VOTING_TIMEZONES.find((zone) => zone === stored) ?? 'UTC';
}

/** The admin view of the window (GET /voting-settings), with the status it gives now. */
function viewOf(row: VotingSettingsRow | undefined, now: Date): VotingSettings {
  const status = votingStatusOf(row, now);
  return {
    isEnabled: row?.isEnabled ?? false,
    startDate: row?.startDate?.toISOString() ?? null,
    endDate: row?.endDate?.toISOString() ?? null,
    timezone: timezoneOf(row?.timezone),
    notes: row?.notes ?? '',
    updatedAt: row?.updatedAt.toISOString() ?? null,
    currentStatus: {
      isAllowed: status.isAllowed,
      reasonCode: status.reasonCode,
      reason: status.reason,
      startDate: status.startDate,
      endDate: status.endDate,
    },
  };
}

/**
 * The platform's timezone: the voting settings' (UTC by default). Every calendar day the platform counts
 * is a day in it: the dashboard's today and this week, the audit log's dates, the exports' file names.
 */
export async function platformTimezone(db: Database): Promise<VotingSettings['timezone']> {
  return timezoneOf((await readVotingSettings(db))?.timezone);
}

export async function getVotingSettings(db: Database, clock: Clock): Promise<VotingSettings> {
  return viewOf(await readVotingSettings(db), clock.now());
}

/**
 * Stores a new window (PUT /voting-settings, or the defaults on reset) with its audit entry in one
 * transaction: what changed, from what to what, and whether voting was open before and after. Every
 * instance applies it from its next vote.
 */
export async function updateVotingSettings(
  db: Database,
  clock: Clock,
  input: UpdateVotingSettingsBody,
  actor: Actor,
  reset = false,
): Promise<VotingSettings> {
  const now = clock.now();
  const stored: VotingSettingsRow = {
    id: 1,
    isEnabled: input.isEnabled,
    startDate: input.startDate ? new Date(input.startDate) : null,
    endDate: input.endDate ? new Date(input.endDate) : null,
    timezone: input.timezone,
    notes: input.notes,
    updatedAt: now,
    updatedBy: actor.id,
  };
  const { currentStatus: statusAfter, updatedAt: __, ...after } = viewOf(stored, now);
  await db.transaction(async (tx) => {
    // Two admins saving at once take turns, so each audit entry's "before" is what it really replaced.
    await lockSetting(tx, 'voting');
    const {
      currentStatus: statusBefore,
      updatedAt: _,
      ...before
    } = viewOf(await readVotingSettings(tx), now);
    await storeVotingWindow(tx, stored, now);
    await audit(tx, actor, {
      action: 'settings.voting.changed',
      targetType: 'setting',
      targetId: 'voting',
      details: {
        reset,
        before,
        after,
        votingOpenBefore: statusBefore.isAllowed,
        votingOpenAfter: statusAfter.isAllowed,
      },
    });
  });
  settingsChanged(db);
  return viewOf(stored, now);
}

/** POST /voting-settings/reset: back to DEFAULT_VOTING_SETTINGS (voting off), audited as a reset. */
export function resetVotingSettings(db: Database, clock: Clock, actor: Actor) {
  return updateVotingSettings(db, clock, { ...DEFAULT_VOTING_SETTINGS }, actor, true);
}
