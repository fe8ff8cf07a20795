import {
  AD_LOCATIONS,
  type AdAnalytics,
  type AdDisplaySettingsInput,
  type AdDisplaySettingsPatch,
  type AdFields,
  type AdminAd,
  type AdminAdsQuery,
  type AdUpdateFields,
} from '@ovation/shared';
import { fieldError, Invalid, NotFound } from '../../lib/errors';
import { offsetOf } from '../../lib/pagination';
import { calendarDateIn, startOfDayIn } from '../../lib/zoned-calendar';
import { type Actor, audit } from '../audit/service';
import {
  choosePicture,
  deleteUnusedPicture,
  type FileRemovalLog,
  removeImageFiles,
  storePicture,
  type Upload,
  withPicture,
} from '../images/picture-service';
import type { ImagesDependencies } from '../images/service';
import { platformTimezone } from '../voting/settings-service';
import { type AdCounts, ctrOf, locationsOf, toAdminAd } from './presenter';
import type { AdValues, StoredAd } from './repository';
import * as repository from './repository';
import type { AdsRuntime } from './runtime';
import { EMPTY_SUMS, type StatSums, sumsByAd, sumsByLocation } from './stats-repository';

/** The image library's (an ad's picture is an image, its own upload or a library one) and the ads runtime. */
export type AdsDependencies = ImagesDependencies & { ads: AdsRuntime };

// ---------------------------------------------------------------------------------------------------
// The platform's calendar day

interface PlatformDay {
  /** 'YYYY-MM-DD' on the platform's wall clock: how start and end dates are stored. */
  today: string;
  /** When that day began: today's impressions are counted from here. */
  startOfToday: Date;
}

async function platformDay(deps: Pick<AdsDependencies, 'db' | 'clock'>): Promise<PlatformDay> {
  const now = deps.clock.now();
  const timeZone = await platformTimezone(deps.db);
  return { today: calendarDateIn(now, timeZone), startOfToday: startOfDayIn(now, timeZone) };
}

/** Each ad's counted sums, all time and today (two reads of the buckets for the whole page). */
async function countsOf(
  deps: Pick<AdsDependencies, 'db'>,
  ids: string[],
  day: PlatformDay,
): Promise<(id: string) => AdCounts> {
  const [total, today] = await Promise.all([
    sumsByAd(deps.db, {}, ids),
    sumsByAd(deps.db, { from: day.startOfToday }, ids),
  ]);
  return (id) => ({ total: total.get(id) ?? EMPTY_SUMS, today: today.get(id) ?? EMPTY_SUMS });
}

// ---------------------------------------------------------------------------------------------------
// Reading

/**
 * GET /ads: one page of ads, sorted by the chosen column (newest first by default), searched by title or description, filtered by their on/off switch;
 * with how many match.
 */
export async function listAdminAds(deps: AdsDependencies, query: AdminAdsQuery) {
  const { rows, total } = await repository.listAdminAds(deps.db, {
    search: query.search,
    isActive: query.status === undefined ? undefined : query.status === 'active',
    limit: query.limit,
    offset: offsetOf(query),
    sort: query.sort,
    order: query.order,
  });
  const day = await platformDay(deps);
  const counts = await countsOf(
    deps,
    rows.map((row) => row.id),
    day,
  );
  return { ads: rows.map((row) => toAdminAd(deps.storage, row, counts(row.id), day.today)), total };
}

async function adminView(deps: AdsDependencies, id: string): Promise<AdminAd> {
  const row = await repository.findAdminAd(deps.db, id);
  if (!row) throw NotFound('AD_NOT_FOUND');
  const day = await platformDay(deps);
  const counts = await countsOf(deps, [id], day);
  return toAdminAd(deps.storage, row, counts(id), day.today);
}

function addSums(sums: StatSums[]): StatSums {
  return sums.reduce(
    (total, next) => ({
      impressions: total.impressions + next.impressions,
      clicks: total.clicks + next.clicks,
      filteredImpressions: total.filteredImpressions + next.filteredImpressions,
      filteredClicks: total.filteredClicks + next.filteredClicks,
    }),
    EMPTY_SUMS,
  );
}

/**
 * GET /ads/{id}/analytics: all-time counted impressions and clicks with the CTR, the filtered ones (bots,
 * repeats, clicks without a view) beside them, today's impressions, and each location's share: the
 * locations the ad is set to show at, and any other it was counted at before an edit moved it.
 */
export async function adAnalytics(deps: AdsDependencies, id: string): Promise<AdAnalytics> {
  const row = await repository.findAdminAd(deps.db, id);
  if (!row) throw NotFound('AD_NOT_FOUND');
  const day = await platformDay(deps);
  const [byLocation, today] = await Promise.all([
    sumsByLocation(deps.db, {}, id),
    sumsByAd(deps.db, { from: day.startOfToday }, [id]),
  ]);
  const totals = addSums([...byLocation.values()]);
  const configured = locationsOf(row.locations);
  const shown = AD_LOCATIONS.filter((location) => configured.includes(location) || byLocation.has(location));
  return {
    ad: { _id: row.id, title: row.title },
    performance: {
      totalImpressions: totals.impressions,
      totalClicks: totals.clicks,
      ctr: ctrOf(totals.clicks, totals.impressions),
      filteredImpressions: totals.filteredImpressions,
      filteredClicks: totals.filteredClicks,
      todayImpressions: today.get(id)?.impressions ?? 0,
      locations: shown.map((location) => {
        const sums = byLocation.get(location) ?? EMPTY_SUMS;
        return {
          location,
          impressions: sums.impressions,
          clicks: sums.clicks,
          ctr: ctrOf(sums.clicks, sums.impressions),
        };
      }),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Writing

/** What the audit log keeps of an ad. */
function auditView(ad: StoredAd) {
  const { updatedAt: _updatedAt, ...values } = ad;
  return values;
}

/**
 * The display settings as stored: a missing start date is `fallbackStart` (today on a create, the stored
 * one on an edit), and the end may not come before it (checked here as well as in the schema, since the
 * start it is compared with may be filled in only now).
 */
function displayValues(settings: AdDisplaySettingsInput, fallbackStart: string): AdValues {
  const startDate = settings.startDate ?? fallbackStart;
  if (settings.endDate && settings.endDate < startDate) {
    throw Invalid('VALIDATION_ERROR', {
      errors: [fieldError('displaySettings.endDate', 'adEndBeforeStart')],
    });
  }
  return {
    locations: settings.locations,
    weight: settings.weight,
    startDate,
    endDate: settings.endDate,
    maxDailyImpressions: settings.maxDailyImpressions,
    maxTotalImpressions: settings.maxTotalImpressions,
  };
}

/**
 * POST /ads: an ad with its own uploaded picture (`image`) or a library image (`libraryImage`). Every
 * field is checked before the picture is processed; the image row, the ad and the audit entry commit
 * together, and the new files are removed again when that fails. Every instance then drops what it
 * cached about ads.
 */
export async function createAd(
  deps: AdsDependencies,
  fields: AdFields,
  upload: Upload | undefined,
  actor: Actor,
): Promise<AdminAd> {
  if (!upload && !fields.libraryImage) {
    throw Invalid('AD_IMAGE_REQUIRED', { errors: [fieldError('image', 'adImageRequired')] });
  }
  const day = await platformDay(deps);
  const settings = displayValues(fields.displaySettings, day.today);
  const picture = await choosePicture(deps, 'ad', upload, fields.libraryImage, actor.id);
  const id = await withPicture(picture, () =>
    deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const created = await repository.insertAd(tx, {
        title: fields.title,
        description: fields.description,
        targetUrl: fields.targetUrl,
        imageId: (await storePicture(tx, picture)) ?? null,
        ...settings,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      await audit(tx, actor, {
        action: 'ad.created',
        targetType: 'ad',
        targetId: created.id,
        after: auditView(created),
      });
      return created.id;
    }),
  );
  await deps.ads.changed();
  return adminView(deps, id);
}

/**
 * The display settings after an edit: each setting sent over the stored one (a blank end removes the end,
 * a blank start keeps the stored start); the merged end is then checked against the merged start.
 */
function mergedDisplayValues(stored: StoredAd, patch: AdDisplaySettingsPatch): AdValues {
  return displayValues(
    {
      locations: patch.locations ?? locationsOf(stored.locations),
      weight: patch.weight ?? stored.weight,
      startDate: patch.startDate ?? stored.startDate,
      endDate: patch.endDate === undefined ? stored.endDate : patch.endDate,
      maxDailyImpressions: patch.maxDailyImpressions ?? stored.maxDailyImpressions,
      maxTotalImpressions: patch.maxTotalImpressions ?? stored.maxTotalImpressions,
    },
    stored.startDate,
  );
}

/** The values of `next` that differ from `stored` (arrays compared item by item). */
function changedValues(stored: StoredAd, next: AdValues): AdValues {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => !same(stored[key as keyof StoredAd], value)),
  ) as AdValues;
}

/**
 * PUT /ads/{id}: what is sent replaces what is stored (within `displaySettings` too, only the settings sent).
 * An edit that changes nothing writes nothing: no audit entry, the same updatedAt. A new `image` or `libraryImage` replaces the picture, and the ad's
 * old uploaded picture is deleted when nothing else shows it (its files after the commit).
 */
export async function updateAd(
  deps: AdsDependencies,
  id: string,
  fields: AdUpdateFields,
  upload: Upload | undefined,
  actor: Actor,
  log: FileRemovalLog,
): Promise<AdminAd> {
  const current = await repository.findAdminAd(deps.db, id);
  if (!current) throw NotFound('AD_NOT_FOUND');
  // Checked against the stored start before any file is written; again under the lock below.
  if (fields.displaySettings) mergedDisplayValues(current, fields.displaySettings);
  const picture = await choosePicture(deps, 'ad', upload, fields.libraryImage, actor.id);
  const removed = await withPicture(picture, () =>
    deps.db.transaction(async (tx) => {
      const before = await repository.lockAd(tx, id);
      if (!before) throw NotFound('AD_NOT_FOUND');
      const imageId = await storePicture(tx, picture);
      const changes = changedValues(before, {
        ...(fields.title !== undefined ? { title: fields.title } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.targetUrl !== undefined ? { targetUrl: fields.targetUrl } : {}),
        ...(fields.displaySettings ? mergedDisplayValues(before, fields.displaySettings) : {}),
        ...(imageId !== undefined ? { imageId } : {}),
      });
      if (Object.keys(changes).length === 0) return undefined;
      const after = await repository.updateAd(tx, id, { ...changes, updatedAt: deps.clock.now() });
      await audit(tx, actor, {
        action: 'ad.updated',
        targetType: 'ad',
        targetId: id,
        before: auditView(before),
        after: auditView(after),
      });
      const replaced = before.imageId && before.imageId !== after.imageId ? before.imageId : null;
      return replaced ? await deleteUnusedPicture(tx, replaced, 'ad') : undefined;
    }),
  );
  await removeImageFiles(deps.storage, [removed], log);
  await deps.ads.changed();
  return adminView(deps, id);
}

/**
 * DELETE /ads/{id}: the ad goes with its counted buckets (their foreign keys cascade) and its own uploaded
 * picture when nothing else shows it; a library picture stays in the library. Files after the commit.
 */
export async function deleteAd(deps: AdsDependencies, id: string, actor: Actor, log: FileRemovalLog) {
  const removed = await deps.db.transaction(async (tx) => {
    const before = await repository.lockAd(tx, id);
    if (!before) throw NotFound('AD_NOT_FOUND');
    await repository.deleteAd(tx, id);
    await audit(tx, actor, {
      action: 'ad.deleted',
      targetType: 'ad',
      targetId: id,
      before: auditView(before),
    });
    return before.imageId ? await deleteUnusedPicture(tx, before.imageId, 'ad') : undefined;
  });
  await removeImageFiles(deps.storage, [removed], log);
  await deps.ads.changed();
}

/** PATCH /ads/{id}/toggle: switches the ad on or off; answers the ad as it now is. */
export async function toggleAd(deps: AdsDependencies, id: string, actor: Actor): Promise<AdminAd> {
  await deps.db.transaction(async (tx) => {
    const before = await repository.lockAd(tx, id);
    if (!before) throw NotFound('AD_NOT_FOUND');
    const after = await repository.updateAd(tx, id, {
      isActive: !before.isActive,
      updatedAt: deps.clock.now(),
    });
    await audit(tx, actor, {
      action: 'ad.toggled',
      targetType: 'ad',
      targetId: id,
      before: auditView(before),
      after: auditView(after),
    });
  });
  await deps.ads.changed();
  return adminView(deps, id);
}
