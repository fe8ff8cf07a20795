import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings, platformSettingsSchema } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { memoizeFor } from '../../lib/memo';
import * as repository from './repository';

const PLATFORM_KEY = 'platform';
/** Every vote and registration reads the settings: keep them 1 s per process (see lib/memo.ts). */
const SETTINGS_TTL_MS = 1000;
const platformMemos = new WeakMap<Database, ReturnType<typeof memoizeFor<PlatformSettings>>>();

/**
 * The platform settings in force: the stored ones merged over the defaults, so a setting added later
 * has its default until an admin changes it.
 */
export function getPlatformSettings(db: Database): Promise<PlatformSettings> {
  let memo = platformMemos.get(db);
  if (!memo) {
    memo = memoizeFor(SETTINGS_TTL_MS, () => readPlatformSettings(db));
    platformMemos.set(db, memo);
  }
  return memo.get();
}

async function readPlatformSettings(db: Database): Promise<PlatformSettings> {
  const stored = (await repository.findSetting(db, PLATFORM_KEY)) as Partial<PlatformSettings> | undefined;
  const merged = {
    deviceRestrictions: { ...DEFAULT_PLATFORM_SETTINGS.deviceRestrictions, ...stored?.deviceRestrictions },
    votingSettings: { ...DEFAULT_PLATFORM_SETTINGS.votingSettings, ...stored?.votingSettings },
    securitySettings: { ...DEFAULT_PLATFORM_SETTINGS.securitySettings, ...stored?.securitySettings },
    generalSettings: { ...DEFAULT_PLATFORM_SETTINGS.generalSettings, ...stored?.generalSettings },
  };
  const parsed = platformSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_PLATFORM_SETTINGS;
}

/** Replaces the platform settings (validated by the caller's schema). */
export async function savePlatformSettings(db: Database, value: PlatformSettings, updatedBy: string | null) {
  await repository.saveSetting(db, PLATFORM_KEY, platformSettingsSchema.parse(value), updatedBy);
  platformMemos.get(db)?.invalidate();
}

/** The raw stored value of another feature's setting (e.g. 'social-login'); the caller validates it. */
export async function findStoredSetting(db: Database, key: string): Promise<unknown> {
  return repository.findSetting(db, key);
}

/** Stores another feature's setting, validated and (for secrets) encrypted by that feature. */
export async function storeSetting(db: Database, key: string, value: unknown, updatedBy: string | null) {
  await repository.saveSetting(db, key, value, updatedBy);
}
