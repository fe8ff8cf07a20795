import {
  DEFAULT_PLATFORM_SETTINGS,
  type PlatformSettings,
  platformSettingsSchema,
  type UpdatePlatformSettingsBody,
} from '@ovation/shared';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { type Memo, settingsChanged, settingsMemo } from '../../lib/memo';
import { audit } from '../audit/service';
import { getVotingStatus } from '../voting/service';
import * as repository from './repository';

const PLATFORM_KEY = 'platform';
/** Every vote and registration reads the settings: keep them 1 s per process (see lib/memo.ts). */
const SETTINGS_TTL_MS = 1000;
const platformMemos = new WeakMap<Database, Memo<PlatformSettings>>();

/**
 * The platform settings in force: the stored ones merged over the defaults, so a setting added later
 * has its default until an admin changes it.
 */
export function getPlatformSettings(db: Database): Promise<PlatformSettings> {
  let memo = platformMemos.get(db);
  if (!memo) {
    memo = settingsMemo(db, SETTINGS_TTL_MS, () => readPlatformSettings(db));
    platformMemos.set(db, memo);
  }
  return memo.get();
}

async function readPlatformSettings(db: Database): Promise<PlatformSettings> {
  return settingsFromStored(await repository.findSetting(db, PLATFORM_KEY));
}

/**
 * Each setting from the stored value when it is valid there, else its default: a setting added later,
 * or one stored under an older, looser rule, never throws away the others.
 */
export function settingsFromStored(stored: unknown): PlatformSettings {
  const settings = structuredClone(DEFAULT_PLATFORM_SETTINGS);
  const storedSections = (stored ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const section of Object.keys(settings) as Array<keyof PlatformSettings>) {
    const target = settings[section] as Record<string, unknown>;
    const fields = platformSettingsSchema.shape[section].shape as Record<string, z.ZodType>;
    for (const name of Object.keys(target)) {
      const parsed = fields[name]!.safeParse(storedSections[section]?.[name]);
      if (parsed.success) target[name] = parsed.data;
    }
  }
  return settings;
}

/** Replaces the platform settings (validated by the caller's schema), without an audit entry: seeds, tests. */
export async function savePlatformSettings(db: Database, value: PlatformSettings, updatedBy: string | null) {
  await repository.saveSetting(db, PLATFORM_KEY, platformSettingsSchema.parse(value), updatedBy);
  settingsChanged(db);
}

export interface SettingChange {
  /** The setting's path, as `votingSettings.dailyVotesPerCategory`. */
  setting: string;
  from: unknown;
  to: unknown;
}

/** The settings that differ between two settings objects, one entry each. */
export function diffSettings(before: PlatformSettings, after: PlatformSettings): SettingChange[] {
  const changes: SettingChange[] = [];
  for (const section of Object.keys(after) as Array<keyof PlatformSettings>) {
    const from = before[section] as Record<string, unknown>;
    const to = after[section] as Record<string, unknown>;
    for (const name of Object.keys(to)) {
      if (from[name] !== to[name])
        changes.push({ setting: `${section}.${name}`, from: from[name], to: to[name] });
    }
  }
  return changes;
}

/**
 * An admin replaces the platform settings (PUT /admin/settings). The settings and their audit entry
 * (each change with its old and new value, and whether voting was open) are written together. Votes
 * already cast stay as they are; from the next vote, on every instance, the quota is counted under the
 * new settings.
 */
export async function updatePlatformSettings(
  db: Database,
  clock: Clock,
  next: UpdatePlatformSettingsBody,
  actor: { id: string; ip: string | null },
): Promise<PlatformSettings> {
  const votingOpen = (await getVotingStatus(db, clock)).isAllowed;
  let value!: PlatformSettings;
  const changed = await db.transaction(async (tx) => {
    // Two admins saving at once take turns, so each audit entry's "from" is what it really replaced.
    await repository.lockSettingForChange(tx, PLATFORM_KEY);
    const current = await readPlatformSettings(tx);
    // A body without the retention group (written before it existed) keeps what is stored.
    value = platformSettingsSchema.parse({
      ...next,
      retentionSettings: next.retentionSettings ?? current.retentionSettings,
      securitySettings: {
        ...next.securitySettings,
        requireAdminSecondFactor:
          next.securitySettings.requireAdminSecondFactor ?? current.securitySettings.requireAdminSecondFactor,
      },
    });
    const changes = diffSettings(current, value);
    if (changes.length === 0) return false;
    await repository.saveSetting(tx, PLATFORM_KEY, value, actor.id);
    await audit(tx, actor, {
      action: 'settings.platform.changed',
      targetType: 'setting',
      targetId: PLATFORM_KEY,
      details: { changes, votingOpen },
    });
    return true;
  });
  if (changed) settingsChanged(db);
  return value;
}

/** The raw stored value of another feature's setting (e.g. 'social-login'); the caller validates it. */
export async function findStoredSetting(db: Database, key: string): Promise<unknown> {
  return repository.findSetting(db, key);
}

/**
 * Inside a transaction: takes a setting's change lock, so two admins saving it at once take turns and
 * each audit entry's "before" is what the change really replaced.
 */
export async function lockSetting(tx: Database, key: string) {
  await repository.lockSettingForChange(tx, key);
}

/** Stores another feature's setting, validated and (for secrets) encrypted by that feature. */
export async function storeSetting(db: Database, key: string, value: unknown, updatedBy: string | null) {
  await repository.saveSetting(db, key, value, updatedBy);
}
